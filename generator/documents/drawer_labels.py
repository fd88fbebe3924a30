"""drawer-labels.pdf: a strip for each matchbox's drawer front (box number and level colour, 36 x 11 mm)
and a rack map, for boxes stacked in a shelf with only their fronts showing."""

from __future__ import annotations

import math
from pathlib import Path
from typing import TYPE_CHECKING

from generator.documents.common import MARGIN, KitSpec, text_page, write_pdf
from generator.documents.common import footer as page_footer
from generator.drawing import (
    INK,
    centred_text,
    fit_size,
    hex_colour,
    ink_on,
    level_colour,
    paragraph,
    wrapped,
)
from generator.fonts import BOLD, REGULAR, register_fonts
from generator.layout import Rect
from kit.i18n import _
from kit.matchbox import Box
from kit.numerals import number

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

TITLE = "Drawer fronts and rack map"
STRIP_W, STRIP_H = 36.0, 11.0  # a standard matchbox's drawer front is about 36.5 x 11.6 mm
SHEET_MARGIN = 12.0  # mm of paper clear round the strips: the footer goes below them
RACK_COLUMNS = 10  # boxes to a shelf on the rack map
RACK_CELL_H = 7.0
RACK_MIN_H = 5.0  # mm a shelf on the rack map at the least: its numbers 2.5 mm high
RACK_TEXT = 3.4  # the rack map's intro's size


def strip_grid(spec: KitSpec) -> tuple[int, int, float, float]:
    """Columns and rows of strips on a page, and the bottom-left of the block (mm), centred."""
    width, height = spec.page_mm
    columns = int((width - 2 * SHEET_MARGIN) // STRIP_W)
    rows = int((height - 2 * SHEET_MARGIN) // STRIP_H)
    return columns, rows, (width - columns * STRIP_W) / 2, (height - rows * STRIP_H) / 2


def strips(spec: KitSpec) -> list[list[tuple[Box, Rect]]]:
    """Each page's strips: the box and where its strip goes, in number order across and down."""
    columns, rows, left, bottom = strip_grid(spec)
    per_page = columns * rows
    boxes = spec.catalogue.boxes
    pages = []
    for start in range(0, len(boxes), per_page):
        placed = []
        for index, box in enumerate(boxes[start : start + per_page]):
            row, column = divmod(index, columns)
            y = bottom + (rows - 1 - row) * STRIP_H
            placed.append((box, Rect(left + column * STRIP_W, y, STRIP_W, STRIP_H)))
        pages.append(placed)
    return pages


def write(path: Path, spec: KitSpec) -> int:
    pages = strips(spec)
    racks = rack_pages(spec)
    total = len(pages) + len(racks)

    def draw(canvas: Canvas) -> int:
        for index, placed in enumerate(pages, start=1):
            _strip_page(canvas, spec, placed, index, total)
        for index, (shelves, cell_h) in enumerate(racks, start=len(pages) + 1):
            with text_page(canvas, spec, "Rack map", page=index, pages=total) as top:  # text_page translates
                _rack_map(canvas, spec, top, shelves, cell_h, first=index == len(pages) + 1)
        return total

    return write_pdf(path, spec, TITLE, draw)


def _strip_page(canvas: Canvas, spec: KitSpec, placed: list[tuple[Box, Rect]], page: int, pages: int) -> None:
    from generator.drawing import in_mm

    with in_mm(canvas):
        for box, strip in placed:
            _strip(canvas, spec, box, strip)
        canvas.setFillColor(hex_colour(INK))
        footer = _(
            "{kit} \u00b7 kit {code} \u00b7 drawer fronts, {width} x {height} mm: cut along the grey "
            "lines, print at 100% \u00b7 page {page} of {pages}"
        ).format(
            kit=spec.kit_title,
            code=spec.code,
            width=number(STRIP_W, "g"),
            height=number(STRIP_H, "g"),
            page=page,
            pages=pages,
        )
        page_footer(canvas, spec.page_mm, footer, centred=True)
    canvas.showPage()


def _strip(canvas: Canvas, spec: KitSpec, box: Box, strip: Rect) -> None:
    """One drawer front: the level's colour with its move number at the left, the box number at the right."""
    colour = level_colour(box.move_number)
    block = Rect(strip.x + 0.8, strip.y + 0.8, strip.h * 1.3, strip.h - 1.6)
    canvas.setFillColor(hex_colour(colour))
    canvas.rect(block.x, block.y, block.w, block.h, stroke=0, fill=1)
    level = "" if box.move_number is None else _("M{number}").format(number=box.move_number)
    if level:
        centred_text(
            canvas,
            level,
            *block.centre,
            BOLD,
            fit_size(level, BOLD, block.w * 0.8, block.h * 0.55),
            ink_on(colour),
        )
    number = str(box.id)
    room = Rect(block.right + 1, strip.y + 1, strip.right - block.right - 2, strip.h - 2)
    centred_text(canvas, number, *room.centre, BOLD, fit_size(number, BOLD, room.w * 0.9, room.h * 0.8))
    canvas.setStrokeColor(hex_colour("#9e9e9e"))
    canvas.setLineWidth(0.15)
    canvas.setDash(1.2, 0.8)
    canvas.rect(strip.x, strip.y, strip.w, strip.h, stroke=1, fill=0)
    canvas.setDash()


def rack_pages(spec: KitSpec) -> list[tuple[range, float]]:
    """The rack map's pages: the shelves each shows and their height (mm). One page while every shelf
    fits at RACK_MIN_H or more; else pages of shelves RACK_MIN_H high or more (a raw board's 221 shelves
    were 1 mm each on one page, their numbers unreadable)."""
    register_fonts()  # to measure the intro's lines, also before a PDF is opened
    width, height = spec.page_mm
    top = height - MARGIN - 10  # text_page's content top
    lines = len(wrapped(_rack_text(spec), width - 2 * MARGIN, size=RACK_TEXT))
    first = top - 1 - lines * RACK_TEXT * 1.3 - 4 - MARGIN - 4  # room for shelves under the intro
    shelves = math.ceil(len(spec.catalogue.boxes) / RACK_COLUMNS)
    if first / shelves >= RACK_MIN_H:
        return [(range(shelves), min(RACK_CELL_H, first / shelves))]
    pages, start, room = [], 0, first
    while start < shelves:
        count = min(int(room // RACK_MIN_H), shelves - start)
        pages.append((range(start, start + count), min(RACK_CELL_H, room / count)))
        start, room = start + count, top - 2 - MARGIN - 4
    return pages


def _rack_text(spec: KitSpec) -> str:
    boxes = spec.catalogue.boxes
    if boxes[0].move_number is not None:
        text = _(
            "Stack the {count} boxes in a rack of {columns} to a shelf, in number order from the top "
            "left, drawer fronts out: each front shows its box number and its level's colour (M1 = "
            "MENACE's move 1). When a game is over, every box goes back to its place on this map."
        )
    else:
        text = _(
            "Stack the {count} boxes in a rack of {columns} to a shelf, in number order from the top "
            "left, drawer fronts out: each front shows its box number and its level's colour. When a "
            "game is over, every box goes back to its place on this map."
        )
    return text.format(count=number(len(boxes)), columns=RACK_COLUMNS)


def _rack_map(
    canvas: Canvas, spec: KitSpec, top: float, shelves: range, cell_h: float, *, first: bool
) -> None:
    """The rack, shelf by shelf: where each box goes, its cell in its level's colour; its intro on the
    first page."""
    width = spec.page_mm[0] - 2 * MARGIN
    boxes = spec.catalogue.boxes
    y = paragraph(canvas, _rack_text(spec), MARGIN, top - 1, width, size=RACK_TEXT) - 4 if first else top - 2
    cell_w = width / RACK_COLUMNS
    shown = boxes[shelves.start * RACK_COLUMNS : shelves.stop * RACK_COLUMNS]
    for index, box in enumerate(shown):
        shelf, column = divmod(index, RACK_COLUMNS)
        cell = Rect(MARGIN + column * cell_w, y - (shelf + 1) * cell_h, cell_w, cell_h)
        colour = level_colour(box.move_number)
        canvas.setFillColor(hex_colour(colour))
        canvas.setStrokeColor(hex_colour("#ffffff"))
        canvas.setLineWidth(0.4)
        canvas.rect(cell.x, cell.y, cell.w, cell.h, stroke=1, fill=1)
        centred_text(canvas, str(box.id), *cell.centre, BOLD, cell_h * 0.5, ink_on(colour))
    canvas.setFillColor(hex_colour(INK))
    canvas.setFont(REGULAR, 3.0)
    # A shelf number a line of text apart: a rack of hundreds of shelves (a raw-board kit) numbers every
    # few shelves, where numbers on every shelf would print over each other.
    for shelf in range(0, len(shelves), math.ceil(3.3 / cell_h)):
        canvas.drawRightString(MARGIN - 1.5, y - (shelf + 0.5) * cell_h - 1, f"{shelves.start + shelf + 1}")
