"""Drawing a position's picture (a Grid or Heaps, ``kit.picture``) and bead dots onto a reportlab canvas.

Shared by the labels, the box finder and the legend, so a box looks the same on all of them. Every
function here works in millimetres: call it inside ``in_mm`` (or another scaled state), where one
canvas unit is one millimetre and a font size is the em height in mm.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, Protocol

from generator.fonts import BOLD, REGULAR
from generator.layout import (
    HEAD_LENGTH,
    LETTER_RADIUS,
    Arrow,
    Rect,
    board_area,
    cell_centre,
    cell_size,
    heap_grid,
    plan_arrows,
)
from kit.i18n import _
from kit.palettes import Colour
from kit.picture import ByKind, Grid, Heaps, Picture

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

MM = 72 / 25.4  # points per millimetre
INK = "#222222"
# Move-number bands: colours unlike any bead colour, so boxes sort by level at a glance, and of lightnesses
# far apart (CIE L* 19, 70, 36, 86, 54: dark and light in turn), so that a black-and-white print tells the
# levels apart too; the band's words are black or white, whichever reads (ink_on), and say the level.
LEVEL_COLOURS = {1: "#00352c", 2: "#9fa8da", 3: "#6d4c41", 4: "#cfd8dc", 5: "#ea3f78"}
NO_LEVEL_COLOUR = "#455a64"
CAP_HEIGHT = 0.73  # Vera's capital height as a share of the font size
# Marks drawn as pawns (Hexapawn), light and dark as on a chess board: as letters they would be read as
# the white and blue beads' letters.
PAWN_FILLS = {"W": "#ffffff", "B": "#222222"}
# A pawn's outline in cells from its cell's centre: a base, a body narrowing upwards, a head on top.
# Small, so that the arrows between pawns have room for their letters; inside layout.PIECE_BOX, which the
# letters keep clear of.
PAWN_BODY = (
    (-0.18, -0.2),
    (0.18, -0.2),
    (0.18, -0.15),
    (0.07, -0.02),
    (0.07, 0.02),
    (-0.07, 0.02),
    (-0.07, -0.02),
    (-0.18, -0.15),
)
PAWN_HEAD = (0.0, 0.1, 0.085)  # centre x, y and radius, in cells
MoveArrow = tuple[int, int, Colour]  # a move's origin cell, target cell and bead colour


@contextmanager
def in_mm(canvas: Canvas, x: float = 0.0, y: float = 0.0) -> Iterator[None]:
    """Canvas units become millimetres with the origin at (x, y) mm from the page's bottom left."""
    canvas.saveState()
    canvas.scale(MM, MM)
    canvas.translate(x, y)
    try:
        yield
    finally:
        canvas.restoreState()


@contextmanager
def figure(canvas: Canvas) -> Iterator[None]:
    """Text drawn within is a figure's (a label, a picture, a board's letters): sized to its figure, where
    the text around it takes its role's size (generator.type_scale). The canvas carries the mark so that
    what reads a document's ink can tell the two apart."""
    depth = getattr(canvas, "figure_depth", 0)
    canvas.figure_depth = depth + 1
    try:
        yield
    finally:
        canvas.figure_depth = depth


def hex_colour(rgb: str) -> Any:
    from reportlab.lib.colors import HexColor

    return HexColor(rgb)


def luminance(rgb: str) -> float:
    """Relative luminance (0 black .. 1 white) of a #rrggbb colour, as WCAG defines it."""

    def channel(value: float) -> float:
        return value / 12.92 if value <= 0.03928 else ((value + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(int(rgb[i : i + 2], 16) / 255) for i in (1, 3, 5))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def ink_on(rgb: str) -> str:
    """Black or white, whichever contrasts more with ``rgb`` (the letter inside a dot, words on a band)."""
    light = luminance(rgb)
    return "#000000" if (light + 0.05) / 0.05 >= 1.05 / (light + 0.05) else "#ffffff"


def level_colour(move_number: int | None) -> str:
    return NO_LEVEL_COLOUR if move_number is None else LEVEL_COLOURS.get(move_number, NO_LEVEL_COLOUR)


def text_width(text: str, font: str, size: float) -> float:
    """How wide ``text`` prints (mm at a size in mm); measured before any document is begun, too."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from generator.fonts import register_fonts

    register_fonts()
    width: float = stringWidth(text, font, size)
    return width


def fit_size(text: str, font: str, width: float, height: float) -> float:
    """The largest font size (mm) at which ``text``'s capitals fit a width x height box."""
    return min(height / CAP_HEIGHT, width / max(text_width(text, font, 1.0), 1e-6))


def centred_text(
    canvas: Canvas, text: str, cx: float, cy: float, font: str, size: float, colour: str = INK
) -> None:
    """``text`` with its capitals centred on (cx, cy)."""
    canvas.setFillColor(hex_colour(colour))
    canvas.setFont(font, size)
    canvas.drawCentredString(cx, cy - size * CAP_HEIGHT / 2, text)


def draw_dot(
    canvas: Canvas, cx: float, cy: float, radius: float, colour: Colour, *, letter: bool = True
) -> None:
    """A bead dot in its colour, outlined (white beads need it), with the colour's letter inside."""
    canvas.setFillColor(hex_colour(colour.rgb))
    canvas.setStrokeColor(hex_colour("#333333"))
    canvas.setLineWidth(max(radius * 0.08, 0.12))
    canvas.circle(cx, cy, radius, stroke=1, fill=1)
    if letter:
        centred_text(canvas, colour.code, cx, cy, BOLD, radius * 1.35, ink_on(colour.rgb))


def draw_picture(
    canvas: Canvas,
    area: Rect,
    picture: Picture,
    dots: Mapping[int, Colour],
    *,
    dot_share: float,
    letters: bool = True,
    counts: Mapping[int, int] | None = None,
    arrows: Sequence[MoveArrow] = (),
) -> None:
    """A position's picture filling ``area``, with a bead dot on every cell in ``dots`` (cell -> colour)
    and a bead-coloured arrow for each of ``arrows``.

    ``dot_share`` is a dot's radius as a share of a cell; ``counts`` (cell -> beads) prints a number by
    each dot. A Heaps picture has no cells, so its moves' dots are drawn by the caller beside it.
    """
    with figure(canvas):
        DRAWERS.of(picture)(
            canvas, area, picture, dots, dot_share=dot_share, letters=letters, counts=counts, arrows=arrows
        )


class DrawPicture(Protocol):
    """How one kind of picture is drawn into an area, with its moves' dots and arrows where it has cells."""

    def __call__(
        self,
        canvas: Canvas,
        area: Rect,
        picture: Any,
        dots: Mapping[int, Colour],
        /,
        *,
        dot_share: float,
        letters: bool,
        counts: Mapping[int, int] | None,
        arrows: Sequence[MoveArrow],
    ) -> None: ...


def draw_grid(
    canvas: Canvas,
    area: Rect,
    grid: Grid,
    dots: Mapping[int, Colour],
    *,
    dot_share: float,
    letters: bool = True,
    counts: Mapping[int, int] | None = None,
    arrows: Sequence[MoveArrow] = (),
) -> None:
    """A board of square cells with its pieces (X a cross, O a ring, W and B pawns, any other mark its
    letters), bead dots and move arrows."""
    cell = cell_size(area, grid)
    canvas.setStrokeColor(hex_colour("#555555"))
    canvas.setLineWidth(max(cell * 0.035, 0.15))
    canvas.rect(area.x, area.y, area.w, area.h, stroke=1, fill=0)
    for i in range(1, max(grid.rows, grid.columns)):
        if i < grid.columns:
            canvas.line(area.x + i * cell, area.y, area.x + i * cell, area.top)
        if i < grid.rows:
            canvas.line(area.x, area.y + i * cell, area.right, area.y + i * cell)
    canvas.setStrokeColor(hex_colour(INK))
    canvas.setLineWidth(cell * 0.1)
    canvas.setLineCap(1)
    for index, mark in enumerate(grid.marks):
        x0, y0 = area.x + (index % grid.columns) * cell, area.top - (index // grid.columns + 1) * cell
        inset = cell * 0.24
        if mark == "X":
            canvas.line(x0 + inset, y0 + inset, x0 + cell - inset, y0 + cell - inset)
            canvas.line(x0 + inset, y0 + cell - inset, x0 + cell - inset, y0 + inset)
        elif mark == "O":
            canvas.circle(x0 + cell / 2, y0 + cell / 2, cell / 2 - inset, stroke=1, fill=0)
        elif mark in PAWN_FILLS:
            draw_pawn(canvas, x0 + cell / 2, y0 + cell / 2, cell, PAWN_FILLS[mark])
            canvas.setStrokeColor(hex_colour(INK))
            canvas.setLineWidth(cell * 0.1)
        elif mark:
            size = fit_size(mark, BOLD, cell * 0.6, cell * 0.5)
            centred_text(canvas, mark, x0 + cell / 2, y0 + cell / 2, BOLD, size)
    for index, colour in dots.items():
        cx, cy = cell_centre(area, grid, index)
        draw_dot(canvas, cx, cy, cell * dot_share, colour, letter=letters)
        if counts is not None:
            size = cell * 0.26
            centred_text(canvas, str(counts[index]), cx + cell * 0.36, cy - cell * 0.34, BOLD, size)
    if arrows:
        planned = plan_arrows(area, grid, [(origin, target) for origin, target, _ in arrows])
        draw_arrows(canvas, planned, [colour for _, _, colour in arrows], cell, letters=letters)


def draw_coordinates(canvas: Canvas, area: Rect, grid: Grid) -> Rect:
    """A board's row names down its left edge and column names along its bottom (Hexapawn's 3-1 and a-c),
    when it has them and room for them (layout.board_area); returns where its cells go."""
    board = board_area(area, grid)
    if board == area:
        return area
    strip, cell = board.x - area.x, cell_size(board, grid)
    size = strip * 0.62 / CAP_HEIGHT
    for row, name in enumerate(grid.row_names):
        centred_text(canvas, name, area.x + strip / 2, board.top - (row + 0.5) * cell, BOLD, size, "#555555")
    for column, name in enumerate(grid.column_names):
        centred_text(canvas, name, board.x + (column + 0.5) * cell, area.y + strip / 2, BOLD, size, "#555555")
    return board


def draw_pawn(canvas: Canvas, cx: float, cy: float, cell: float, fill: str) -> None:
    """A pawn standing in the cell centred on (cx, cy), filled ``fill`` and outlined in ink."""
    canvas.setFillColor(hex_colour(fill))
    canvas.setStrokeColor(hex_colour(INK))
    canvas.setLineWidth(max(cell * 0.045, 0.12))
    canvas.setLineJoin(1)
    path = canvas.beginPath()
    (x, y), *rest = PAWN_BODY
    path.moveTo(cx + x * cell, cy + y * cell)
    for x, y in rest:
        path.lineTo(cx + x * cell, cy + y * cell)
    path.close()
    canvas.drawPath(path, stroke=1, fill=1)
    hx, hy, radius = PAWN_HEAD
    canvas.circle(cx + hx * cell, cy + hy * cell, radius * cell, stroke=1, fill=1)


def draw_arrows(
    canvas: Canvas, arrows: Sequence[Arrow], colours: Sequence[Colour], cell: float, *, letters: bool = True
) -> None:
    """Each move as an arrow in its bead's colour, outlined so that white and pale beads show, with the
    colour's letter in a dot on it (unless ``letters`` is False) so that a black-and-white print still
    tells the arrows apart."""
    shaft, head_length = 0.12 * cell, HEAD_LENGTH * cell
    outline = max(cell * 0.03, 0.1)
    canvas.setLineCap(0)
    for arrow, colour in zip(arrows, colours, strict=True):
        (tx, ty), (px, py) = arrow.tail, arrow.tip
        length = math.hypot(px - tx, py - ty)
        ux, uy = (px - tx) / length, (py - ty) / length
        bx, by = px - ux * head_length, py - uy * head_length  # where the head meets the shaft
        canvas.setStrokeColor(hex_colour("#333333"))
        canvas.setLineWidth(shaft + 2 * outline)
        canvas.line(tx - ux * outline, ty - uy * outline, bx, by)
        canvas.setStrokeColor(hex_colour(colour.rgb))
        canvas.setLineWidth(shaft)
        canvas.line(tx, ty, bx + ux * outline, by + uy * outline)
        path = canvas.beginPath()
        (hx, hy), *corners = arrow.head
        path.moveTo(hx, hy)
        for cx, cy in corners:
            path.lineTo(cx, cy)
        path.close()
        canvas.setFillColor(hex_colour(colour.rgb))
        canvas.setStrokeColor(hex_colour("#333333"))
        canvas.setLineWidth(outline)
        canvas.setLineJoin(1)
        canvas.drawPath(path, stroke=1, fill=1)
    if letters:  # without letters (a small picture, a diagram) the dots would only clutter
        for arrow, colour in zip(arrows, colours, strict=True):
            draw_dot(canvas, *arrow.letter, LETTER_RADIUS * cell, colour)


def draw_heaps(canvas: Canvas, area: Rect, heaps: Heaps) -> None:
    """Heaps of counters, each heap starting a new row: tokens left filled, those taken as faint rings."""
    columns, rows = heap_grid(heaps)
    cell = min(area.w / columns, area.h / rows)
    row = 0
    for left, start in zip(heaps.tokens, heaps.start, strict=True):
        for spot in range(start):
            r, c = divmod(spot, columns)
            cx, cy = area.x + (c + 0.5) * cell, area.top - (row + r + 0.5) * cell
            present = spot < left
            canvas.setStrokeColor(hex_colour(INK if present else "#bbbbbb"))
            canvas.setFillColor(hex_colour("#8a6a3b"))
            canvas.setLineWidth(max(cell * 0.04, 0.12))
            canvas.circle(cx, cy, cell * 0.36, stroke=1, fill=1 if present else 0)
        row += math.ceil(start / columns)


def _draw_heaps_alone(
    canvas: Canvas,
    area: Rect,
    heaps: Heaps,
    dots: Mapping[int, Colour],
    *,
    dot_share: float,
    letters: bool,
    counts: Mapping[int, int] | None,
    arrows: Sequence[MoveArrow],
) -> None:
    """Heaps have no cells for dots or arrows: the caller draws the takes' dots in rows beside them."""
    draw_heaps(canvas, area, heaps)


# The printed kit's drawing of each kind of picture (kit.picture says how to add a kind).
DRAWERS: ByKind[DrawPicture] = ByKind("printed drawing")
DRAWERS.register(Grid, draw_grid)
DRAWERS.register(Heaps, _draw_heaps_alone)


def draw_band(canvas: Canvas, band: Rect, words: str, colour: str) -> None:
    """The move-number band along a label's top edge, with an arrow and "TOP" to say which edge is up."""
    canvas.setFillColor(hex_colour(colour))
    canvas.rect(band.x, band.y, band.w, band.h, stroke=0, fill=1)
    ink = ink_on(colour)
    size = band.h * 0.72
    cy = band.y + band.h / 2
    # An upward triangle: unambiguous even where "TOP" is too small to read.
    tri = band.h * 0.32
    left = band.x + band.h * 0.3
    path = canvas.beginPath()
    path.moveTo(left, cy - tri * 0.8)
    path.lineTo(left + tri * 2, cy - tri * 0.8)
    path.lineTo(left + tri, cy + tri)
    path.close()
    canvas.setFillColor(hex_colour(ink))
    canvas.drawPath(path, stroke=0, fill=1)
    top_x = left + tri * 2 + band.h * 0.2
    top = _("TOP")
    room = band.right - band.h * 0.3 - (top_x + text_width(top, BOLD, size * 0.8) + band.h * 0.4)
    words_size = min(size, room / max(text_width(words, BOLD, 1.0), 1e-6))
    right = band.right - band.h * 0.3
    if words_size >= 0.75 * size:
        canvas.setFont(BOLD, size * 0.8)
        canvas.drawString(top_x, cy - size * 0.8 * CAP_HEIGHT / 2, top)
    else:  # a narrow band (beside a tall picture): the triangle alone says which edge is up
        right = band.right - band.h * 0.15
        room = right - top_x
        words_size = min(size, room / max(text_width(words, BOLD, 1.0), 1e-6))
        lines = words.split(" \u00b7 ")
        two = min(size * 0.6, room / max(max(text_width(line, BOLD, 1.0) for line in lines), 1e-6))
        if len(lines) == 2 and two > 1.2 * words_size:  # "GROUP 1" over "MOVE 2" reads larger than one line
            canvas.setFont(BOLD, two)
            gap = two * CAP_HEIGHT * 0.35
            canvas.drawRightString(right, cy + gap, lines[0])
            canvas.drawRightString(right, cy - gap - two * CAP_HEIGHT, lines[1])
            return
    canvas.setFont(BOLD, words_size)
    canvas.drawRightString(right, cy - words_size * CAP_HEIGHT / 2, words)


def paragraph(
    canvas: Canvas,
    text: str,
    x: float,
    y: float,
    width: float,
    *,
    font: str = REGULAR,
    size: float = 3.5,
    leading: float = 1.3,
    colour: str = INK,
) -> float:
    """``text`` wrapped to ``width`` with its first baseline at ``y``; returns the y below the last line."""
    canvas.setFillColor(hex_colour(colour))
    canvas.setFont(font, size)
    for line in wrapped(text, width, font=font, size=size):
        canvas.drawString(x, y, line)
        y -= size * leading
    return y


def wrapped(text: str, width: float, *, font: str = REGULAR, size: float = 3.5) -> list[str]:
    """The lines ``paragraph`` prints ``text`` in, to measure a block before drawing it."""
    from reportlab.lib.utils import simpleSplit

    # Preset and palette files wrap their descriptions by hand; the page rewraps them.
    return list(simpleSplit(" ".join(text.split()), font, size, width))
