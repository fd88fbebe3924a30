"""Geometry as plain numbers: where each label sits on the sheet, where each part of a label goes, and
where a picture's cells or counters go in its area.

Millimetres throughout, with the origin at the bottom left (as in PDF), so tests can check the
geometry without reportlab and the drawing code only converts to points.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass

from generator.stocks import PAPERS, Stock
from generator.type_scale import SIZE as TYPE
from generator.type_scale import Role
from kit.game import GameError
from kit.picture import Grid, Heaps

# Below this label height the kit code no longer fits beside a readable picture; it is printed
# on every other document, so it is the first thing to go.
MIN_HEIGHT_FOR_CODE = 24.0
WIDE = 2.2  # labels wider than this many heights get the band beside the picture, not above it
TALL_COLUMN = 0.3  # of a label's width at least, for the band and number beside a picture of full height


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def top(self) -> float:
        return self.y + self.h

    @property
    def centre(self) -> tuple[float, float]:
        return self.x + self.w / 2, self.y + self.h / 2

    def inset(self, by: float) -> Rect:
        return Rect(self.x + by, self.y + by, self.w - 2 * by, self.h - 2 * by)

    def contains(self, other: Rect, tolerance: float = 1e-6) -> bool:
        return (
            other.x >= self.x - tolerance
            and other.y >= self.y - tolerance
            and other.right <= self.right + tolerance
            and other.top <= self.top + tolerance
        )

    def overlaps(self, other: Rect, tolerance: float = 1e-6) -> bool:
        return (
            self.x < other.right - tolerance
            and other.x < self.right - tolerance
            and self.y < other.top - tolerance
            and other.y < self.top - tolerance
        )


@dataclass(frozen=True)
class SheetPlan:
    """One page of labels: the paper, the label rectangles in reading order, and where each one's printed
    content goes."""

    paper: str
    width: float
    height: float
    slots: tuple[Rect, ...]
    cut_lines: bool
    content: tuple[Rect, ...] = ()  # one per slot: the rectangle its label's content is drawn in
    trims: tuple[tuple[float, float, float, float], ...] = ()  # trim marks: lines x0, y0, x1, y1

    @property
    def page(self) -> Rect:
        return Rect(0, 0, self.width, self.height)

    @property
    def ink(self) -> tuple[Rect, ...]:
        """Every rectangle the labels print in: each content inside its padding, and the cut lines on
        plain paper."""
        inked = tuple(r.inset(label_pad(r.h)) for r in self.content)
        marks = tuple(
            Rect(min(x0, x1), min(y0, y1), abs(x1 - x0), abs(y1 - y0)) for x0, y0, x1, y1 in self.trims
        )
        return inked + (self.slots if self.cut_lines else ()) + marks

    def clearance(self) -> dict[str, float]:
        """How far the labels' ink keeps from each edge of the sheet (mm; negative: off the sheet)."""
        ink = self.ink
        return {
            "left": min(r.x for r in ink),
            "right": self.width - max(r.right for r in ink),
            "top": self.height - max(r.top for r in ink),
            "bottom": min(r.y for r in ink),
        }


# Printers cannot reach the outer 3-5 mm of a sheet: no ink is planned nearer its edge than this.
SAFE_EDGE = 4.0
# Every document's footer (the kit code, the page) sits in a zone of its own at the foot of the page: at least
# FOOTER_ZONE mm tall, its ink FOOTER_EDGE mm from every edge (many laser printers leave 4.2 mm unprinted), at
# one size on every document. Nothing else is drawn in the zone; a footer too long for a line takes two.
FOOTER_EDGE = 5.0
FOOTER_ZONE = 6.0
FOOTER_SIZE = TYPE[Role.FOOTER]  # the em of the footer's text (mm)
FOOTER_LEADING = 1.2  # of the size, between a two-line footer's lines


class PrintAreaError(GameError):
    """The labels would print where a printer cannot reach: too near the edge of the sheet, or off it."""


def check_print_area(stock: Stock, paper: str, *, offset_x: float = 0.0, offset_y: float = 0.0) -> None:
    """Raises PrintAreaError, saying what to change, unless all ink keeps SAFE_EDGE from every edge."""
    home = plan_sheet(stock, paper).clearance()
    edge, gap = min(home.items(), key=lambda item: item[1])
    if gap < SAFE_EDGE - 1e-9:
        raise PrintAreaError(
            f"stock {stock.name!r} prints {gap:.1f} mm from the {edge} edge of the sheet, but printers "
            f"cannot reach its outer {SAFE_EDGE:g} mm: give the stock a larger content_inset"
        )
    moved = plan_sheet(stock, paper, offset_x=offset_x, offset_y=offset_y).clearance()
    edge, gap = min(moved.items(), key=lambda item: item[1])
    if gap >= SAFE_EDGE - 1e-9:
        return
    option, value, low, high = (
        ("--offset-x", offset_x, SAFE_EDGE - home["left"], home["right"] - SAFE_EDGE)
        if edge in ("left", "right")
        else ("--offset-y", offset_y, SAFE_EDGE - home["bottom"], home["top"] - SAFE_EDGE)
    )
    where = f"{-gap:.1f} mm off" if gap < 0 else f"{gap:.1f} mm from"
    raise PrintAreaError(
        f"{option} {value:g} would print {where} the {edge} edge of the sheet (printers cannot reach its "
        f"outer {SAFE_EDGE:g} mm): with stock {stock.name!r} choose {option} from "
        f"{math.ceil(low * 10) / 10:g} to {math.floor(high * 10) / 10:g} mm"
    )


def plan_sheet(stock: Stock, paper: str, *, offset_x: float = 0.0, offset_y: float = 0.0) -> SheetPlan:
    """The label rectangles of one sheet; a positive offset moves the print right and down."""
    width, height = PAPERS[paper]
    lw, lh = stock.label_width, stock.label_height
    if stock.grid is not None:
        columns, rows, left, top, pitch_x, pitch_y = stock.grid
    else:
        # Plain paper: labels share their cut lines, centred on the page.
        columns = int((width - 2 * stock.min_margin) // lw)
        rows = int((height - 2 * stock.min_margin) // lh)
        left, top = (width - columns * lw) / 2, (height - rows * lh) / 2
        pitch_x, pitch_y = lw, lh
    slots = tuple(
        Rect(left + c * pitch_x + offset_x, height - top - r * pitch_y - lh - offset_y, lw, lh)
        for r in range(rows)
        for c in range(columns)
    )
    content = tuple(_content(slot, stock, width, height) for slot in slots)
    trims: tuple[tuple[float, float, float, float], ...] = ()
    if stock.trimmed:
        pairs = zip(slots, content, strict=True)
        trims = tuple(mark for slot, inner in pairs for mark in _trim_marks(slot, inner))
    return SheetPlan(paper, width, height, slots, stock.cut_lines, content, trims)


TRIM_MARK = 2.0  # mm: a trim mark's length, from the label's edge inward


def _trim_marks(slot: Rect, content: Rect) -> list[tuple[float, float, float, float]]:
    """Short lines on the label's spare edges, in line with the content's sides: cut there and the label
    fits a box top. Only where the content is narrower (or shorter) than the label."""
    marks = []
    if content.w < slot.w - 1e-6:
        for x in (content.x, content.right):
            marks += [(x, slot.top, x, slot.top - TRIM_MARK), (x, slot.y, x, slot.y + TRIM_MARK)]
    if content.h < slot.h - 1e-6:
        for y in (content.y, content.top):
            marks += [(slot.x, y, slot.x + TRIM_MARK, y), (slot.right, y, slot.right - TRIM_MARK, y)]
    return marks


def _content(slot: Rect, stock: Stock, width: float, height: float) -> Rect:
    """A label's content: centred on it, but pushed inward to keep SAFE_EDGE from the sheet's edges where
    the label's spare room allows (edge-to-edge stocks), never past the label's own edges."""
    w, h = stock.content_width, stock.content_height
    x = min(max(slot.x + (slot.w - w) / 2, SAFE_EDGE), width - SAFE_EDGE - w)
    y = min(max(slot.y + (slot.h - h) / 2, SAFE_EDGE), height - SAFE_EDGE - h)
    return Rect(min(max(x, slot.x), slot.right - w), min(max(y, slot.y), slot.top - h), w, h)


@dataclass(frozen=True)
class LabelPlan:
    """Where the parts of one label go, relative to the label's bottom-left corner."""

    width: float
    height: float
    band: Rect  # the move-number band along the top edge, with the "top" mark
    picture: Rect  # the square picture of the position
    number: Rect  # the box number
    counts: Rect  # the starting beads ("4 of each")
    code: Rect | None  # the kit code; None when the label is too small for it
    key: Rect | None  # the box's finder key; None when the kit has no keys
    move_rows: tuple[Rect, ...]  # one row per move the picture has no cell for: a dot left of its words
    row_radius: float  # the dots in those rows
    row_cap: float = 0.0  # mm: the capital height of every row's words
    table_takes: int = 0  # when not 0, the rows are a table: a heading line, then a line per heap size,
    # with a column of dots for each take from 1 to table_takes at their right

    @property
    def parts(self) -> dict[str, Rect]:
        """Every part that must lie inside the label and clear of the others."""
        named = {"band": self.band, "picture": self.picture, "number": self.number, "counts": self.counts}
        if self.code is not None:
            named["code"] = self.code
        if self.key is not None:
            named["key"] = self.key
        named.update({f"move row {i + 1}": r for i, r in enumerate(self.move_rows)})
        return named

    def row_dot_centre(self, index: int) -> tuple[float, float]:
        row = self.move_rows[index]
        return row.x + self.row_radius + row.h * 0.1, row.y + row.h / 2

    def row_text_x(self, index: int) -> float:
        """Where a row's words start: right of its dot (a table's line: at its left)."""
        if self.table_takes:
            return self.move_rows[index].x + self.move_rows[index].h * 0.1
        return self.row_dot_centre(index)[0] + self.row_radius * 1.5

    def table_cell(self, index: int, take: int) -> tuple[float, float]:
        """The centre of the dot for ``take`` on a table's line ``index`` (the heading line: its count)."""
        row = self.move_rows[index]
        return row.right - (self.table_takes - take + 0.5) * ROW_SLOT * self.row_radius, row.y + row.h / 2


DOT_SHARE = 0.34  # a bead dot's radius on a label, as a share of its cell: big, yet clear of the grid lines
ROW_CAP = 0.65  # a move row's capital height as a share of the row: the rest keeps the rows apart
ROW_DOT = 0.42  # a move row's dot radius as a share of the row
ROW_SLOT = 2.5  # a row's dot and the space after it, in dot radii
ROW_TARGET = 2.1  # mm: the row words' capital height worth a smaller picture (8 pt, read at arm's length)
DEFAULT_ROW_EM = 5.0  # a row's words, in widths of their capital height ("take 2" is 4.7)
NUMBER_SHARE = 0.22  # of the height beside the picture: the box number's room on labels with rows
MIN_NUMBER = 3.5  # mm: no smaller a box number's room
MIN_PICTURE = 0.5  # the picture shrinks for the rows to this share of the height beside it, no further ...
MIN_PICTURE_MM = 10.0  # ... nor below this, where the label has room


def label_pad(height: float) -> float:
    """The blank border inside a label of ``height``: keeps print off its edge on a slightly misfed sheet."""
    return min(max(0.05 * height, 1.0), 2.0)


def plan_label(
    width: float,
    height: float,
    *,
    move_rows: int = 0,
    row_em: float = DEFAULT_ROW_EM,
    table_takes: int = 0,
    key: bool = False,
    tall_picture: bool = False,
) -> LabelPlan:
    """The parts of a ``width`` x ``height`` label; ``move_rows`` rows for moves drawn beside the picture,
    whose widest words are ``row_em`` times their capital height (as lines of a table with a dot for each
    of ``table_takes`` takes, if given), and a row for the finder key if ``key``. ``tall_picture`` gives
    the picture the label's full height, as on a wide label (a board of arrows and their letters)."""
    if move_rows and (width <= WIDE * height or table_takes):
        return _plan_with_rows(width, height, move_rows, row_em, table_takes, key=key)
    pad = label_pad(height)
    band_h = 0.16 * height
    gap = 0.8 * pad
    if width > WIDE * height or tall_picture:
        # Wide, short labels (address labels): the picture takes the full height and the band runs
        # along the top of the words only, so the board is a third larger than under a full band.
        side = height - 2 * pad
        if tall_picture:  # on a label not wide enough, leave the number's column TALL_COLUMN of the width
            side = min(side, width - 2 * pad - gap - TALL_COLUMN * width)
        picture = Rect(pad, (height - side) / 2, side, side)
        band = Rect(picture.right + gap, height - pad - band_h, width - pad - (picture.right + gap), band_h)
        column = Rect(band.x, pad, band.w, side - band_h - gap)
    else:
        band = Rect(pad, height - pad - band_h, width - 2 * pad, band_h)
        side = height - 2 * pad - band_h - gap
        picture = Rect(pad, pad, side, side)
        column = Rect(picture.right + gap, pad, width - pad - (picture.right + gap), side)
    has_code = height >= MIN_HEIGHT_FOR_CODE
    shares = {"number": 0.46, "rows": 0.0, "counts": 0.22, "code": 0.20 if has_code else 0.0}
    if move_rows:
        shares = {"number": 0.30, "rows": 0.48, "counts": 0.13, "code": 0.09 if has_code else 0.0}
    if key:  # the number gives up room: the key is what a person looks for before the number
        shares = {**shares, "number": shares["number"] - 0.12, "key": 0.18}
        shares = {name: shares[name] for name in ("number", "rows", "key", "counts", "code")}
    rects = _stack(column, shares)
    rows, row_radius, row_cap = _rows(rects["rows"], move_rows, 1, gap, row_em) if move_rows else ((), 0, 0)
    return LabelPlan(
        width=width,
        height=height,
        band=band,
        picture=picture,
        number=rects["number"],
        counts=rects["counts"],
        code=rects.get("code"),
        key=rects.get("key"),
        move_rows=rows,
        row_radius=row_radius,
        row_cap=row_cap,
    )


def _stack(column: Rect, shares: dict[str, float]) -> dict[str, Rect]:
    """The parts named in ``shares`` (those with a share) from the top of ``column`` down, each as tall as
    its share, a little apart."""
    spacing = 0.04 * column.h
    used = [name for name, share in shares.items() if share]
    scale = (column.h - spacing * (len(used) - 1)) / sum(shares.values())
    rects: dict[str, Rect] = {}
    top = column.top
    for name in used:
        h = shares[name] * scale
        rects[name] = Rect(column.x, top - h, column.w, h)
        top -= h + spacing
    return rects


Rows = tuple[tuple[Rect, ...], float, float]  # move rows, their dots' radius, their words' capital height


def _rows(block: Rect, count: int, columns: int, gap: float, em: float, dots: int = 1) -> Rows:
    """``count`` move rows in ``columns`` columns filling ``block`` (down the first column, then the next),
    their dots' radius and the capital height of their words, with room for ``dots`` dots a row."""
    per_column = math.ceil(count / columns)
    w, h = (block.w - gap * (columns - 1)) / columns, block.h / per_column
    rows = tuple(
        Rect(block.x + (i // per_column) * (w + gap), block.top - (i % per_column + 1) * h, w, h)
        for i in range(count)
    )
    radius = min(h * ROW_DOT, w * 0.15)
    lead = h * 0.1 + radius * ROW_SLOT * dots  # the dots and the space after each
    return rows, radius, max(min(h * ROW_CAP, (w - lead) / em), 0.0)


def _plan_with_rows(
    width: float, height: float, count: int, em: float, takes: int, *, key: bool
) -> LabelPlan:
    """A label with move rows: the bead counts and kit code along the bottom, where a long caption has
    room; above them the picture on the left and the rows beside it in one column or more, with the
    number (and key) above the rows or, when the rows need the whole height, under the picture. Of
    those choices the one whose words are largest up to ROW_TARGET wins, then the one with the largest
    picture: the picture shrinks (no further than MIN_PICTURE) only as far as the rows need. A table
    (``takes`` not 0) keeps its lines in one column."""
    pad = label_pad(height)
    band_h = 0.16 * height
    gap = 0.8 * pad
    band = Rect(pad, height - pad - band_h, width - 2 * pad, band_h)
    inner = width - 2 * pad
    below = band.y - gap - pad
    strip = 0.14 * below
    has_code = height >= MIN_HEIGHT_FOR_CODE
    code_w = 0.3 * inner if has_code else 0.0
    counts = Rect(pad, pad, inner - code_w - gap * has_code, strip)
    code = Rect(width - pad - code_w, pad, code_w, strip) if has_code else None
    middle = Rect(pad, pad + strip + gap, inner, below - strip - gap)
    label_h = max(NUMBER_SHARE * middle.h, MIN_NUMBER)  # the number's room (and the key's)
    smallest = max(MIN_PICTURE * middle.h, min(MIN_PICTURE_MM, middle.h - label_h - gap))

    def arrange(side: float, columns: int, under: bool) -> tuple[Rect, Rows]:
        """Where the number (and key) go, and the rows."""
        x = middle.x + side + gap
        if under:
            return (
                Rect(pad, middle.y, side, middle.h - side - gap),
                _rows(Rect(x, middle.y, middle.right - x, middle.h), count, columns, gap, em, dots),
            )
        return (
            Rect(x, middle.top - label_h, middle.right - x, label_h),
            _rows(
                Rect(x, middle.y, middle.right - x, middle.h - label_h - gap), count, columns, gap, em, dots
            ),
        )

    dots = max(takes, 1)
    choices = [
        (side, columns, under)
        for under in (False, True)
        for side in _steps(smallest, middle.h - (label_h + gap) * under)
        for columns in ((1,) if takes else (1, 2, 3))
    ]
    caps = {choice: arrange(*choice)[1][2] for choice in choices}
    best = max(choices, key=lambda choice: (min(caps[choice], ROW_TARGET), choice[0], caps[choice]))
    labelled, (rows, radius, cap) = arrange(*best)
    side = best[0]
    picture = Rect(pad, middle.top - side, side, side)
    parts = _stack(labelled, {"number": 0.6, "key": 0.4} if key else {"number": 1.0})
    return LabelPlan(
        width,
        height,
        band,
        picture,
        parts["number"],
        counts,
        code,
        parts.get("key"),
        rows,
        radius,
        cap,
        takes,
    )


def _steps(low: float, high: float, step: float = 0.25) -> list[float]:
    """From ``high`` down to ``low`` (at least ``high`` itself) in ``step``s."""
    return [high - i * step for i in range(max(int((high - low) / step), 0) + 1)]


# --- pictures: where a Grid's cells and a Heaps' counters go in a picture's area --------------------
def cell_size(area: Rect, grid: Grid) -> float:
    """The side of a square cell when ``grid`` fills ``area`` as far as it can."""
    return min(area.w / grid.columns, area.h / grid.rows)


def cell_rect(area: Rect, grid: Grid, index: int) -> Rect:
    """Cell ``index`` (reading order from the top left) of ``grid`` drawn in ``area``."""
    cell = cell_size(area, grid)
    row, column = divmod(index, grid.columns)
    return Rect(area.x + column * cell, area.top - (row + 1) * cell, cell, cell)


def cell_centre(area: Rect, grid: Grid, index: int) -> tuple[float, float]:
    """The centre of cell ``index``, where its bead dot goes."""
    cell = cell_size(area, grid)
    return area.x + (index % grid.columns + 0.5) * cell, area.top - (index // grid.columns + 0.5) * cell


def heap_grid(heaps: Heaps) -> tuple[int, int]:
    """Columns and rows of counters for ``heaps``: a near-square block, each heap starting a new row; with
    several heaps, each heap a row of its own (a heap of 5 wrapped onto a second row reads as two heaps)."""
    columns = math.isqrt(max(sum(heaps.start), 1) - 1) + 1
    if len(heaps.start) > 1:
        columns = max(columns, *heaps.start)
    return columns, max(sum(math.ceil(start / columns) for start in heaps.start), 1)


def pages_needed(labels: int, sheet: SheetPlan) -> int:
    return max(1, math.ceil(labels / len(sheet.slots)))


# --- arrows: moves of pieces that go from one cell to another (Hexapawn's pawns) --------------------
ARROW_TAIL = 0.24  # cells from the moving piece's centre to the arrow's tail: clear of the piece
ARROW_STOP = (0.1, 0.3)  # cells short of the target's centre: an empty square, an enemy piece
HEAD_LENGTH, HEAD_HALF = 0.25, 0.16  # an arrow's head, in cells: tip to base, and half its base
# Two captures that cross (a3xb2 and b3xa2) are each moved this far sideways, away from the other's target,
# so that their heads stand apart instead of meeting where the arrows cross.
CROSS_APART = 0.14
LETTER_RADIUS = 0.2  # the colour letter's dot on an arrow, in cells
LETTER_GAP = 0.04  # cells between two letter dots at the least
LETTER_CLEAR = 0.04  # cells between a letter dot and a piece or another arrow's head at the least
# A piece drawn in a cell (generator.drawing's pawn) lies inside this box, in cells from the cell's centre:
# left, bottom, right, top. Letter dots keep clear of it.
PIECE_BOX = (-0.18, -0.2, 0.18, 0.185)
# Where on its arrow (as a share of the way from the piece's centre to the target's) a letter may sit, best
# first: a little before the middle leaves the head clear; further choices only where those touch a piece,
# another letter or another arrow's head.
LETTER_AT = (0.45, 0.38, 0.55, 0.32, 0.62, 0.27, 0.7, 0.73)
LETTER_MORE = tuple(round(0.2 + 0.025 * i, 3) for i in range(27))  # 0.2 .. 0.85
# Cells across its arrow a letter may sit where none on it is clear (crossing captures: beside its head).
LETTER_ASIDE = (0.0, 0.25, -0.25, 0.35, -0.35, 0.45, -0.45)
LETTER_OWN_HEAD = 0.05  # cells a letter dot may reach over its own arrow's head
# A board with named rows and columns (Hexapawn's 1-3 and a-c) writes them along its left and bottom edges
# in a strip this share of the picture's side, where its cells are at least COORDINATES_FROM mm.
COORDINATE_SHARE = 0.11
COORDINATES_FROM = 5.0

Point = tuple[float, float]


@dataclass(frozen=True)
class Arrow:
    """Where one move's arrow goes, in mm: tail, the tip of the head, the centre of its letter dot, and the
    head's three corners (tip first)."""

    tail: Point
    tip: Point
    letter: Point
    head: tuple[Point, Point, Point] = ((0.0, 0.0), (0.0, 0.0), (0.0, 0.0))


def plan_arrows(area: Rect, grid: Grid, moves: Sequence[tuple[int, int]]) -> tuple[Arrow, ...]:
    """The arrows of ``moves`` (origin cell, target cell) on ``grid`` drawn in ``area``.

    Two arrows that cross are moved apart sideways. Each letter dot sits a little before the middle of
    its arrow, unless it would touch a piece, another letter or another arrow: then the letters slide
    along their arrows or beside them, as little as will keep them clear.
    """
    cell = cell_size(area, grid)
    ends = [(cell_centre(area, grid, a), cell_centre(area, grid, b), bool(grid.marks[b])) for a, b in moves]
    shifts = _apart([(a, b) for a, b, _ in ends], CROSS_APART * cell)
    lines, heads = [], []
    for ((ax, ay), (bx, by), taken), (sx, sy) in zip(ends, shifts, strict=True):
        ax, ay, bx, by = ax + sx, ay + sy, bx + sx, by + sy
        length = math.hypot(bx - ax, by - ay)
        ux, uy = (bx - ax) / length, (by - ay) / length
        tip = (bx - ux * ARROW_STOP[taken] * cell, by - uy * ARROW_STOP[taken] * cell)
        base = (tip[0] - ux * HEAD_LENGTH * cell, tip[1] - uy * HEAD_LENGTH * cell)
        half = HEAD_HALF * cell
        left, right = (base[0] - uy * half, base[1] + ux * half), (base[0] + uy * half, base[1] - ux * half)
        heads.append((tip, left, right))
        lines.append(((ax, ay), (bx, by)))
    pieces = [_piece_box(area, grid, index) for index, mark in enumerate(grid.marks) if mark]
    letters = _letters(lines, heads, pieces, cell)
    return tuple(
        Arrow(_along(line, ARROW_TAIL * cell), head[0], letter, head)
        for line, head, letter in zip(lines, heads, letters, strict=True)
    )


def _apart(segments: Sequence[tuple[Point, Point]], distance: float) -> list[Point]:
    """How far to move each segment sideways so that two that cross part at their ends: each of a crossing
    pair goes ``distance`` across its own direction, away from the other's end."""
    shifts = [(0.0, 0.0)] * len(segments)
    for i, j in itertools.combinations(range(len(segments)), 2):
        if not _cross(segments[i], segments[j]):
            continue
        for mine, other in ((i, j), (j, i)):
            (ax, ay), (bx, by) = segments[mine]
            length = math.hypot(bx - ax, by - ay)
            nx, ny = -(by - ay) / length, (bx - ax) / length
            ox, oy = segments[other][1]
            sign = 1.0 if nx * (bx - ox) + ny * (by - oy) >= 0 else -1.0
            shifts[mine] = (shifts[mine][0] + sign * nx * distance, shifts[mine][1] + sign * ny * distance)
    return shifts


def _cross(first: tuple[Point, Point], second: tuple[Point, Point]) -> bool:
    """Whether two segments cross at a point inside both (not merely share an end)."""

    def side(p: Point, q: Point, r: Point) -> float:
        return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])

    (a, b), (c, d) = first, second
    return side(a, b, c) * side(a, b, d) < -1e-9 and side(c, d, a) * side(c, d, b) < -1e-9


def _piece_box(area: Rect, grid: Grid, index: int) -> tuple[float, float, float, float]:
    cx, cy = cell_centre(area, grid, index)
    cell = cell_size(area, grid)
    left, bottom, right, top = PIECE_BOX
    return cx + left * cell, cy + bottom * cell, cx + right * cell, cy + top * cell


def distance_to_box(point: Point, box: tuple[float, float, float, float]) -> float:
    """How far ``point`` is from a box (left, bottom, right, top); 0 inside it."""
    dx = max(box[0] - point[0], 0.0, point[0] - box[2])
    dy = max(box[1] - point[1], 0.0, point[1] - box[3])
    return math.hypot(dx, dy)


def distance_to_polygon(point: Point, corners: Sequence[Point]) -> float:
    """How far ``point`` is from a convex polygon's area (corners in order, either way round); 0 inside."""
    edges = list(zip(corners, [*corners[1:], corners[0]], strict=True))
    sides = [(bx - ax) * (point[1] - ay) - (by - ay) * (point[0] - ax) for (ax, ay), (bx, by) in edges]
    if all(side >= 0 for side in sides) or all(side <= 0 for side in sides):
        return 0.0
    nearest = math.inf
    for (ax, ay), (bx, by) in edges:
        ex, ey = bx - ax, by - ay
        t = max(0.0, min(1.0, ((point[0] - ax) * ex + (point[1] - ay) * ey) / (ex * ex + ey * ey)))
        nearest = min(nearest, math.hypot(point[0] - ax - t * ex, point[1] - ay - t * ey))
    return nearest


def _letters(
    lines: Sequence[tuple[Point, Point]],
    heads: Sequence[tuple[Point, Point, Point]],
    pieces: Sequence[tuple[float, float, float, float]],
    cell: float,
) -> tuple[Point, ...]:
    """Where each arrow's letter dot goes (each line runs from the piece's centre to the target's): on its
    line at the first of LETTER_AT, else the nearest place on or beside its line (LETTER_MORE along it,
    LETTER_ASIDE across it) whose dot is clear of every piece, of the other arrows' heads and shafts and of
    its own head, with every two dots apart; all at the first when none is (a test checks every kit)."""
    radius = LETTER_RADIUS * cell
    shafts = [(_along(line, ARROW_TAIL * cell), head[0]) for line, head in zip(lines, heads, strict=True)]

    def clear(index: int, point: Point) -> bool:
        room = radius + LETTER_CLEAR * cell
        return (
            all(distance_to_box(point, box) >= room for box in pieces)
            and distance_to_polygon(point, heads[index]) >= radius - LETTER_OWN_HEAD * cell
            and all(
                distance_to_polygon(point, head) >= room and distance_to_segment(point, shaft) >= room
                for other, (head, shaft) in enumerate(zip(heads, shafts, strict=True))
                if other != index
            )
        )

    shares = list(dict.fromkeys([*LETTER_AT, *sorted(LETTER_MORE, key=lambda s: abs(s - LETTER_AT[0]))]))
    places = sorted(
        ((share, aside) for share in shares for aside in LETTER_ASIDE), key=lambda place: _letter_cost(*place)
    )
    allowed = [
        [
            (_letter_cost(share, aside), point)
            for share, aside in places
            if clear(index, point := _beside(line, share, aside * cell))
        ]
        for index, line in enumerate(lines)
    ]
    apart = (2 * LETTER_RADIUS + LETTER_GAP) * cell
    best: tuple[float, list[Point]] = (math.inf, [])

    def place(index: int, cost: float, placed: list[Point]) -> None:
        # The least total cost over all arrows, so that two crossing captures take mirror places.
        nonlocal best
        if index == len(lines):
            best = (cost, placed)
            return
        for extra, point in allowed[index]:
            if cost + extra >= best[0] - 1e-9:
                break  # the rest cost more still
            if all(math.dist(point, other) >= apart - 1e-9 for other in placed):
                place(index + 1, cost + extra, [*placed, point])

    place(0, 0.0, [])
    return tuple(best[1]) if best[1] else tuple(_beside(line, LETTER_AT[0], 0.0) for line in lines)


def _letter_cost(share: float, aside: float) -> float:
    """How far a letter's place is from its best: along its arrow, and more for one beside it."""
    first = LETTER_AT.index(share) * 0.01 if share in LETTER_AT else 0.1 + abs(share - LETTER_AT[0])
    return first + 2 * abs(aside)


def _along(line: tuple[Point, Point], distance: float) -> Point:
    (ax, ay), (bx, by) = line
    length = math.hypot(bx - ax, by - ay)
    return ax + (bx - ax) * distance / length, ay + (by - ay) * distance / length


def _beside(line: tuple[Point, Point], share: float, aside: float) -> Point:
    """The point ``share`` of the way along ``line``, moved ``aside`` mm across it (to its left)."""
    (ax, ay), (bx, by) = line
    length = math.hypot(bx - ax, by - ay)
    across = aside / length
    return ax + (bx - ax) * share - (by - ay) * across, ay + (by - ay) * share + (bx - ax) * across


def distance_to_segment(point: Point, segment: tuple[Point, Point]) -> float:
    (ax, ay), (bx, by) = segment
    ex, ey = bx - ax, by - ay
    t = max(0.0, min(1.0, ((point[0] - ax) * ex + (point[1] - ay) * ey) / max(ex * ex + ey * ey, 1e-12)))
    return math.hypot(point[0] - ax - t * ex, point[1] - ay - t * ey)


def board_area(area: Rect, grid: Grid) -> Rect:
    """Where a grid's cells go in a picture's ``area``: all of it, or, for a board with named rows and
    columns and room for them, all but a strip on the left and at the bottom for the names."""
    if not grid.row_names or cell_size(area, grid) < COORDINATES_FROM:
        return area
    strip = COORDINATE_SHARE * min(area.w, area.h)
    return Rect(area.x + strip, area.y + strip, area.w - strip, area.h - strip)
