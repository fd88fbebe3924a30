"""paper-machine.pdf: a machine that needs no boxes, for pupils in pairs, with its rules and tally.

Hexapawn as a sheet per situation (a box of the kit), each move an arrow with a circle on it for a sweet or
a token, as FAU Erlangen's "Schlag das Krokodil" plays it (19 situations, 2 / 10 / 7 by the machine's
move). Nim as the whole machine on one sheet: a field per count of tokens left, with a circle for each take
it allows, and the number tokens to cut out below. One token or sweet a move; only the machine's last move
of a lost game loses its token, as in Gardner's Hexapawn.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from generator.documents.common import MARGIN, KitSpec, text_page, write_pdf
from generator.drawing import (
    INK,
    centred_text,
    draw_coordinates,
    draw_picture,
    hex_colour,
    in_mm,
    paragraph,
)
from generator.fonts import BOLD, REGULAR
from generator.layout import LETTER_RADIUS, Rect, board_area, cell_size, plan_arrows
from kit.i18n import _
from kit.matchbox import Box
from kit.nim import Nim
from kit.numerals import number
from kit.picture import Grid

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

TITLE = "Paper machine"
GAMES = ("hexapawn", "nim")  # the games with a paper machine: few situations, few moves each
PER_PAGE = 2  # Hexapawn situations on an A4 page, one above the other (cut apart: A5 sheets)
BOARD = 96.0  # mm: a situation's picture, coordinates included
TALLY_GAMES = 30
NIM_FIELD_H = 44.0  # mm: a field of the Nim sheet
TOKEN = 5.5  # mm: the radius of a Nim token and of its circle


class NoPaperMachineError(ValueError):
    """A game with too many situations to play from paper."""


@dataclass(frozen=True)
class Spot:
    """A circle for one sweet or token: the move it stands for, its centre (mm) and radius."""

    move: Any
    centre: tuple[float, float]
    radius: float


def has_paper_machine(spec: KitSpec) -> bool:
    return spec.game.name in GAMES and (spec.game.name != "nim" or isinstance(spec.game, Nim))


def hexapawn_spots(spec: KitSpec, box: Box, area: Rect) -> list[Spot]:
    """The circles of one situation whose picture fills ``area``: one on each move's arrow, where the
    label puts its letter (clear of every pawn and of the other arrows' heads)."""
    grid = spec.game.picture(box.position)
    if not isinstance(grid, Grid):
        raise NoPaperMachineError(f"{spec.game.name} draws no board to put its situations on")
    board = board_area(area, grid)
    arrows = plan_arrows(board, grid, [(m.start, m.end) for m in box.moves])
    radius = LETTER_RADIUS * cell_size(board, grid)
    return [Spot(move, arrow.letter, radius) for move, arrow in zip(box.moves, arrows, strict=True)]


def nim_fields(spec: KitSpec) -> list[tuple[Box, Rect, list[Spot]]]:
    """The Nim sheet's fields, one per box (tokens left, most first), three in a row, with a circle for
    each take the box allows."""
    width = spec.page_mm[0] - 2 * MARGIN
    field_w = width / 3
    top = spec.page_mm[1] - MARGIN - 32  # below the heading and three lines of German
    fields = []
    for index, box in enumerate(sorted(spec.catalogue.boxes, key=lambda b: -b.position)):
        row, column = divmod(index, 3)
        rect = Rect(MARGIN + column * field_w, top - (row + 1) * NIM_FIELD_H, field_w, NIM_FIELD_H)
        spots = [
            Spot(move, (rect.x + (i + 0.5) * rect.w / 3, rect.y + 12), TOKEN)
            for i, move in enumerate(box.moves)
        ]
        fields.append((box, rect, spots))
    return fields


def write(path: Path, spec: KitSpec) -> int:
    """The paper machine of a Hexapawn or single-pile Nim kit; raises NoPaperMachineError for others."""
    if not has_paper_machine(spec):
        raise NoPaperMachineError(
            _("{game} has no paper machine: it is for Hexapawn and Nim with one pile").format(
                game=spec.game.title
            )
        )
    if spec.game.name == "nim":
        return write_pdf(path, spec, TITLE, lambda canvas: _nim(canvas, spec))
    return write_pdf(path, spec, TITLE, lambda canvas: _hexapawn(canvas, spec))


# --- Hexapawn ------------------------------------------------------------------------------------------
def _hexapawn(canvas: Canvas, spec: KitSpec) -> int:
    boxes = list(spec.catalogue.boxes)
    sheets = [boxes[i : i + PER_PAGE] for i in range(0, len(boxes), PER_PAGE)]
    pages = 1 + len(sheets)
    with text_page(canvas, spec, TITLE, page=1, pages=pages) as top:
        moves = sum(len(box.moves) for box in boxes)
        counts = [
            sum(1 for b in boxes if b.move_number == level)
            for level in sorted({b.move_number or 0 for b in boxes})
        ]
        rules = [
            _(
                "Paper Hexapawn: the machine is {count} sheets, one for each situation it can meet ({split} "
                "by its move). Print the sheets and cut each page in two."
            ).format(count=number(len(boxes)), split=" / ".join(map(str, counts)))
            + " "
            + (
                _("It plays Black and moves second; a pupil plays White.")
                if spec.catalogue.menace_plays == "second"
                else _("It plays White and moves first; a pupil plays Black.")
            ),
            _(
                "1. Put one sweet (or a counter) on every circle: {moves} in all. Lay the sheets out by the "
                "machine's move."
            ).format(moves=number(moves)),
            _(
                "2. The machine's turn: find the sheet that shows the board, or its mirror image (left and "
                "right swapped: then play the arrow mirrored too). Without looking, pick one sweet from the "
                "sheet: the machine plays its arrow. Put the sweet beside the sheet."
            ),
            _("3. A sheet with no sweet left: the machine gives up and loses."),
            _(
                "4. After a game the machine lost: the sweet of its last move is out (eat it); if it gave "
                "up, the sweet of the move before. Every other sweet goes back on its circle. After a game "
                "it won, all go back."
            ),
            _("5. Write each game in the tally. Does the machine lose less often? Which sweets are gone?"),
        ]
        y = top - 4
        for text in rules:
            y = paragraph(canvas, text, MARGIN, y, spec.page_mm[0] - 2 * MARGIN, size=4.0) - 3
        _tally(canvas, spec, y - 4)
    for index, sheet in enumerate(sheets, start=2):
        with in_mm(canvas):
            for place, box in enumerate(sheet):
                _situation(canvas, spec, box, place)
            _cut_line(canvas, spec)
            canvas.setFont(REGULAR, 3.0)
            canvas.setFillColor(hex_colour(INK))
            canvas.drawString(MARGIN, MARGIN - 6, spec.footer)
            canvas.drawRightString(
                spec.page_mm[0] - MARGIN,
                MARGIN - 6,
                _("page {page} of {pages}").format(page=index, pages=pages),
            )
        canvas.showPage()
    return pages


def situation_area(spec: KitSpec, place: int) -> Rect:
    """Where the picture of the ``place``-th situation of a page goes (0: the upper half)."""
    width, height = spec.page_mm
    half = height / 2
    return Rect((width - BOARD) / 2, height - (place + 1) * half + (half - BOARD) / 2 - 4, BOARD, BOARD)


def _situation(canvas: Canvas, spec: KitSpec, box: Box, place: int) -> None:
    area = situation_area(spec, place)
    grid = spec.game.picture(box.position)
    if not isinstance(grid, Grid):
        raise NoPaperMachineError(f"{spec.game.name} draws no board to put its situations on")
    canvas.setFillColor(hex_colour(INK))
    canvas.setFont(BOLD, 6.0)
    heading = _("Situation {number}").format(number=box.id)
    canvas.drawString(MARGIN, area.top + 8, heading)
    canvas.setFont(REGULAR, 4.0)
    canvas.drawRightString(
        spec.page_mm[0] - MARGIN, area.top + 8, _("the machine's move {level}").format(level=box.move_number)
    )
    board = draw_coordinates(canvas, area, grid)
    draw_picture(canvas, board, grid, {}, dot_share=0.2, letters=False, arrows=spec.arrows(box))
    for spot, (_o, _t, colour) in zip(hexapawn_spots(spec, box, area), spec.arrows(box), strict=True):
        canvas.setFillColor(hex_colour("#ffffff"))
        canvas.setStrokeColor(hex_colour(colour.rgb))
        canvas.setLineWidth(0.8)  # inside the circle's radius, which keeps clear of the pawns
        canvas.circle(*spot.centre, spot.radius - 0.4, stroke=1, fill=1)


def _cut_line(canvas: Canvas, spec: KitSpec) -> None:
    width, height = spec.page_mm
    canvas.setStrokeColor(hex_colour("#9e9e9e"))
    canvas.setLineWidth(0.2)
    canvas.setDash(1.2, 0.8)
    canvas.line(MARGIN / 2, height / 2, width - MARGIN / 2, height / 2)
    canvas.setDash()


def _tally(canvas: Canvas, spec: KitSpec, top: float) -> None:
    """A table of games: a tick for the machine's win or its loss, in two columns of games."""
    canvas.setFillColor(hex_colour(INK))
    canvas.setFont(BOLD, 4.5)
    canvas.drawString(MARGIN, top, _("Tally"))
    heads = (_("game"), _("machine won"), _("machine lost"))
    half = TALLY_GAMES // 2
    row_h = min(6.0, (top - 8 - MARGIN) / (half + 1))
    column_w = (spec.page_mm[0] - 2 * MARGIN) / 2
    canvas.setStrokeColor(hex_colour("#777777"))
    canvas.setLineWidth(0.2)
    starts = (0.0, 0.2, 0.6)  # of a block's width: the game's number, then a wide column for each result
    for block in range(2):
        x0 = MARGIN + block * column_w
        inner = column_w - 4
        y = top - 4 - row_h
        canvas.setFont(BOLD, 3.2)
        for start, head in zip(starts, heads, strict=True):
            canvas.drawString(x0 + start * inner + 1, y + 1.5, head)
        for game in range(block * half + 1, (block + 1) * half + 1):
            y -= row_h
            canvas.rect(x0, y, inner, row_h, stroke=1, fill=0)
            canvas.setFont(REGULAR, 3.2)
            canvas.drawString(x0 + 1, y + 1.5, str(game))
            for start in starts[1:]:
                canvas.line(x0 + start * inner, y, x0 + start * inner, y + row_h)


# --- Nim -----------------------------------------------------------------------------------------------
def _nim(canvas: Canvas, spec: KitSpec) -> int:
    fields = nim_fields(spec)
    with text_page(canvas, spec, TITLE, page=1, pages=2) as top:
        paragraph(
            canvas,
            _(
                "Paper Nim: the whole machine on one sheet. Cut out the number discs at the "
                "bottom and lay each on a circle with its number: every field gets a disc for "
                "each take it allows."
            ),
            MARGIN,
            top - 4,
            spec.page_mm[0] - 2 * MARGIN,
            size=3.8,
        )
        for box, rect, spots in fields:
            canvas.setStrokeColor(hex_colour("#555555"))
            canvas.setLineWidth(0.3)
            canvas.rect(rect.x + 1, rect.y + 1, rect.w - 2, rect.h - 2, stroke=1, fill=0)
            centred_text(
                canvas,
                _("{count} left").format(count=box.position),
                rect.x + rect.w / 2,
                rect.top - 9,
                BOLD,
                7.0,
            )
            for spot in spots:
                _nim_circle(canvas, spot, str(spot.move), token=False)
        _nim_tokens(canvas, spec, fields, fields[-1][1].y - 6)
    with text_page(canvas, spec, TITLE, page=2, pages=2) as top:
        rules = [
            _("Rules of the game: {rules}").format(rules=spec.game.rules_summary() or ""),
            _(
                "1. Put {tokens} tokens (coins, clips, pencils) in a pile. A pupil and the machine take "
                "turns; the pupil goes first in one game, the machine in the next."
            ).format(tokens=number(max(box.position for box in spec.catalogue.boxes))),
            _(
                "2. The machine's turn: go to the field of the tokens left. Without looking, pick one of "
                "the number discs on it: the machine takes that many tokens. Put the disc beside the field."
            ),
            _("3. A field with no disc left: the machine gives up and loses."),
            _(
                "4. After a game the machine lost: the disc of its last move is out for good; if it gave "
                "up, the disc of the move before. Every other disc goes back on its circle. After a game "
                "it won, all go back."
            ),
            _("5. Write each game in the tally. Does the machine lose less often? Which discs are gone?"),
        ]
        y = top - 4
        for text in rules:
            y = paragraph(canvas, text, MARGIN, y, spec.page_mm[0] - 2 * MARGIN, size=4.0) - 3
        _tally(canvas, spec, y - 4)
    return 2


def nim_token_spots(spec: KitSpec, fields: list[tuple[Box, Rect, list[Spot]]], top: float) -> list[Spot]:
    """The tokens to cut out, one for each circle of the sheet, in rows under the fields."""
    moves = [spot.move for _box, _rect, spots in fields for spot in spots]
    per_row = int((spec.page_mm[0] - 2 * MARGIN) // (2 * TOKEN + 3))
    step = 2 * TOKEN + 3
    left, first = MARGIN + TOKEN + 1, top - TOKEN - 2
    return [
        Spot(move, (left + (i % per_row) * step, first - (i // per_row) * step), TOKEN)
        for i, move in enumerate(sorted(moves))
    ]


Fields = list[tuple[Box, Rect, list[Spot]]]


def _nim_tokens(canvas: Canvas, spec: KitSpec, fields: Fields, top: float) -> None:
    canvas.setFillColor(hex_colour(INK))
    canvas.setFont(BOLD, 3.5)
    canvas.drawString(MARGIN, top, _("Discs to cut out"))
    for spot in nim_token_spots(spec, fields, top - 2):
        _nim_circle(canvas, spot, str(spot.move), token=True)


def _nim_circle(canvas: Canvas, spot: Spot, text: str, *, token: bool) -> None:
    """A circle for a token (its number faint), or a token to cut out (its number bold, a dashed rim)."""
    canvas.setStrokeColor(hex_colour("#333333"))
    canvas.setFillColor(hex_colour("#ffffff" if not token else "#f3e5b5"))
    canvas.setLineWidth(0.3)
    if token:
        canvas.setDash(0.8, 0.6)
    canvas.circle(*spot.centre, spot.radius, stroke=1, fill=1)
    canvas.setDash()
    centred_text(canvas, text, *spot.centre, BOLD, 5.0, INK if token else "#999999")
