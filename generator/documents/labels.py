"""labels.pdf: one label per matchbox, laid out on the chosen stock."""
from __future__ import annotations

from pathlib import Path

from kit.matchbox import Box
from generator.documents.common import KitSpec, uniform_count, write_pdf
from generator.drawing import (
    CAP_HEIGHT,
    INK,
    centred_text,
    draw_band,
    draw_board,
    draw_dot,
    draw_tokens,
    fit_size,
    hex_colour,
    in_mm,
    level_colour,
)
from generator.fonts import BOLD, REGULAR
from generator.layout import LabelPlan, SheetPlan, pages_needed, plan_label, plan_sheet

TITLE = "Box labels"
FOOTER_ROOM = 6.0  # mm of bottom margin needed for the page footer


def label_plan(spec: KitSpec) -> LabelPlan:
    takes = max(len(box.moves) for box in spec.catalogue.boxes) if spec.is_nim else 0
    return plan_label(spec.stock.label_width, spec.stock.label_height, takes=takes)


def sheet_plan(spec: KitSpec) -> SheetPlan:
    return plan_sheet(spec.stock, spec.paper, offset_x=spec.offset_x, offset_y=spec.offset_y)


def write(path: Path, spec: KitSpec) -> int:
    sheet, plan = sheet_plan(spec), label_plan(spec)
    boxes = spec.catalogue.boxes
    per_page = len(sheet.slots)
    pages = pages_needed(len(boxes), sheet)

    def draw(canvas) -> int:
        for page in range(pages):
            chunk = boxes[page * per_page : (page + 1) * per_page]
            slots = sheet.slots[: len(chunk)]
            with in_mm(canvas):
                if sheet.cut_lines:
                    _cut_lines(canvas, slots)
                _footer(canvas, spec, sheet, page + 1, pages)
            for slot, box in zip(slots, chunk):
                with in_mm(canvas, slot.x, slot.y):
                    draw_label(canvas, plan, box, spec)
            canvas.showPage()
        return pages

    return write_pdf(path, spec, TITLE, draw)


def draw_label(canvas, plan: LabelPlan, box: Box, spec: KitSpec) -> None:
    """One label, with its bottom-left corner at the canvas origin (units: mm)."""
    words = "NIM" if box.move_number is None else f"MOVE {box.move_number}"
    draw_band(canvas, plan.band, words, level_colour(box.move_number))
    count = uniform_count(box)
    if spec.is_nim:
        draw_tokens(canvas, plan.picture, int(box.position), spec.catalogue.game.tokens)
        for index, move in enumerate(box.moves):
            cx, cy = plan.take_dot_centre(index)
            draw_dot(canvas, cx, cy, plan.take_radius, spec.palette.for_move(move))
            row = plan.takes[index]
            text = f"take {move}"
            x = cx + plan.take_radius * 1.5
            size = fit_size(text, BOLD, row.right - x, row.h * 0.5)
            canvas.setFillColor(hex_colour(INK))
            canvas.setFont(BOLD, size)
            canvas.drawString(x, cy - size * CAP_HEIGHT / 2, text)
        tokens = f"{box.position} token{'s' * (box.position != '1')}"
        counts_text = f"{tokens} \u00b7 {count} each" if count else tokens
    else:
        counts = None if count else box.initial_counts()
        draw_board(canvas, plan.picture, box.position, spec.dots(box), dot_radius=plan.dot_radius, counts=counts)
        counts_text = f"{count} beads each" if count else "beads as shown"
    number = str(box.id)
    # Narrower than the column, so a three-digit number keeps clear of the picture.
    size = fit_size(number, BOLD, plan.number.w * 0.86, plan.number.h * 0.9)
    cx, cy = plan.number.centre
    centred_text(canvas, number, cx, cy, BOLD, size)
    cx, cy = plan.counts.centre
    centred_text(canvas, counts_text, cx, cy, BOLD, fit_size(counts_text, BOLD, plan.counts.w, plan.counts.h * 0.7))
    if plan.code is not None:
        code = f"kit {spec.code}"
        cx, cy = plan.code.centre
        size = fit_size(code, REGULAR, plan.code.w * 0.8, plan.code.h * 0.6)
        centred_text(canvas, code, cx, cy, REGULAR, size, "#555555")


def _cut_lines(canvas, slots) -> None:
    canvas.setStrokeColor(hex_colour("#9e9e9e"))
    canvas.setLineWidth(0.15)
    canvas.setDash(1.2, 0.8)
    for slot in slots:
        canvas.rect(slot.x, slot.y, slot.w, slot.h, stroke=1, fill=0)
    canvas.setDash()


def _footer(canvas, spec: KitSpec, sheet: SheetPlan, page: int, pages: int) -> None:
    lowest = min(slot.y for slot in sheet.slots)
    if lowest < FOOTER_ROOM:
        return  # edge-to-edge stock: no room for words below the labels
    canvas.setFillColor(hex_colour(INK))
    canvas.setFont(REGULAR, 2.6)
    text = (
        f"{spec.kit_title} \u00b7 kit {spec.code} \u00b7 {spec.stock.title} \u00b7 "
        f"print at 100% (actual size) \u00b7 sheet {page} of {pages}"
    )
    canvas.drawCentredString(sheet.width / 2, min(lowest / 2 - 1, 5.0), text)
