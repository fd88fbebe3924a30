"""Label geometry as plain numbers: where each label sits on the sheet and where each part of a label goes.

Millimetres throughout, with the origin at the bottom left (as in PDF), so tests can check the
geometry without reportlab and the drawing code only converts to points.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from generator.stocks import PAPERS, Stock

# Below this label height the kit code no longer fits beside a readable picture; it is printed
# on every other document, so it is the first thing to go.
MIN_HEIGHT_FOR_CODE = 24.0
WIDE = 2.2  # labels wider than this many heights get the band beside the picture, not above it


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

    def moved(self, dx: float, dy: float) -> Rect:
        return Rect(self.x + dx, self.y + dy, self.w, self.h)


@dataclass(frozen=True)
class SheetPlan:
    """One page of labels: the paper and the label rectangles in reading order."""

    paper: str
    width: float
    height: float
    slots: tuple[Rect, ...]
    cut_lines: bool

    @property
    def page(self) -> Rect:
        return Rect(0, 0, self.width, self.height)


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
    return SheetPlan(paper, width, height, slots, stock.cut_lines)


@dataclass(frozen=True)
class LabelPlan:
    """Where the parts of one label go, relative to the label's bottom-left corner."""

    width: float
    height: float
    band: Rect  # the move-number band along the top edge, with the "top" mark
    picture: Rect  # the square picture: the board, or Nim's tokens
    cells: tuple[Rect, ...]  # the picture's nine squares in reading order
    dot_radius: float  # bead dots on the board (tic-tac-toe)
    number: Rect  # the box number
    counts: Rect  # the starting beads ("4 of each")
    code: Rect | None  # the kit code; None when the label is too small for it
    takes: tuple[Rect, ...]  # Nim: one row per take, a dot left of its words
    take_radius: float

    @property
    def parts(self) -> dict[str, Rect]:
        """Every part that must lie inside the label and clear of the others."""
        named = {"band": self.band, "picture": self.picture, "number": self.number, "counts": self.counts}
        if self.code is not None:
            named["code"] = self.code
        named.update({f"take {i + 1}": r for i, r in enumerate(self.takes)})
        return named

    def dot_centre(self, square: int) -> tuple[float, float]:
        return self.cells[square].centre

    def take_dot_centre(self, index: int) -> tuple[float, float]:
        row = self.takes[index]
        return row.x + self.take_radius + row.h * 0.1, row.y + row.h / 2


def plan_label(width: float, height: float, *, takes: int = 0) -> LabelPlan:
    """The parts of a ``width`` x ``height`` label; ``takes`` > 0 makes a Nim label with that many take dots."""
    pad = min(max(0.05 * height, 1.0), 2.0)  # keeps print off the edge of a slightly misfed sheet
    band_h = 0.16 * height
    gap = 0.8 * pad
    if width > WIDE * height:
        # Wide, short labels (address labels): the picture takes the full height and the band runs
        # along the top of the words only, so the board is a third larger than under a full band.
        side = height - 2 * pad
        picture = Rect(pad, pad, side, side)
        band = Rect(picture.right + gap, height - pad - band_h, width - pad - (picture.right + gap), band_h)
        column = Rect(band.x, pad, band.w, side - band_h - gap)
    else:
        band = Rect(pad, height - pad - band_h, width - 2 * pad, band_h)
        side = height - 2 * pad - band_h - gap
        picture = Rect(pad, pad, side, side)
        column = Rect(picture.right + gap, pad, width - pad - (picture.right + gap), side)
    cell = side / 3
    cells = tuple(Rect(pad + c * cell, pad + (2 - r) * cell, cell, cell) for r in range(3) for c in range(3))
    has_code = height >= MIN_HEIGHT_FOR_CODE
    shares = {"number": 0.46, "takes": 0.0, "counts": 0.22, "code": 0.20 if has_code else 0.0}
    if takes:
        shares = {"number": 0.30, "takes": 0.48, "counts": 0.13, "code": 0.09 if has_code else 0.0}
    spacing = 0.04 * column.h
    used = [name for name, share in shares.items() if share]
    scale = (column.h - spacing * (len(used) - 1)) / sum(shares.values())
    rects: dict[str, Rect] = {}
    top = column.top
    for name in used:
        h = shares[name] * scale
        rects[name] = Rect(column.x, top - h, column.w, h)
        top -= h + spacing
    take_slots: tuple[Rect, ...] = ()
    take_radius = 0.0
    if takes:
        block = rects["takes"]
        row_h = block.h / takes
        take_slots = tuple(Rect(block.x, block.top - (i + 1) * row_h, block.w, row_h) for i in range(takes))
        take_radius = min(row_h * 0.42, block.w * 0.15)
    return LabelPlan(
        width=width,
        height=height,
        band=band,
        picture=picture,
        cells=cells,
        dot_radius=cell * 0.34,
        number=rects["number"],
        counts=rects["counts"],
        code=rects.get("code"),
        takes=take_slots,
        take_radius=take_radius,
    )


def pages_needed(labels: int, sheet: SheetPlan) -> int:
    return max(1, math.ceil(labels / len(sheet.slots)))
