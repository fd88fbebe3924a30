"""finder.pdf: every box drawn small with its number, by MENACE's move number in numbering order."""
from __future__ import annotations

from itertools import groupby
from pathlib import Path
from typing import TYPE_CHECKING, Any

from generator.documents.common import MARGIN, KitSpec, text_page, write_pdf
from generator.drawing import centred_text, draw_picture, hex_colour, level_colour, paragraph
from generator.fonts import BOLD
from generator.layout import Rect
from kit.matchbox import Box

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

TITLE = "Box finder"
CELL_W, CELL_H = 22.5, 26.0  # mm per box: a 16 mm picture and its number
PICTURE = 16.0
HEADING_H = 9.0
INTRO_H = 21.0
DOT_SHARE = 0.3  # a bead dot's radius as a share of a square: smaller than on a label, the picture is small

Placed = tuple[str, Any, float, float]  # ("heading" or "box", what, x, y of its top) in mm


def write(path: Path, spec: KitSpec) -> int:
    pages = _paginate(spec)

    def draw(canvas: Canvas) -> int:
        for number, page in enumerate(pages, start=1):
            with text_page(canvas, spec, TITLE, page=number, pages=len(pages)) as top:
                if number == 1:
                    _intro(canvas, spec, top)
                for kind, item, x, y in page:
                    if kind == "heading":
                        _heading(canvas, spec, item, x, y)
                    else:
                        _box(canvas, spec, item, x, y)
        return len(pages)

    return write_pdf(path, spec, TITLE, draw)


def _paginate(spec: KitSpec) -> list[list[Placed]]:
    """Places headings and boxes page by page: (kind, item, x, y-top) in mm."""
    width, height = spec.page_mm
    columns = int((width - 2 * MARGIN) // CELL_W)
    top = height - MARGIN - 10
    bottom = MARGIN
    pages: list[list[Placed]] = [[]]
    y = top - INTRO_H
    for level, group in groupby(spec.catalogue.boxes, key=lambda b: b.move_number):
        boxes = list(group)
        if y - HEADING_H - CELL_H < bottom:
            pages.append([])
            y = top
        pages[-1].append(("heading", (level, boxes), MARGIN, y))
        y -= HEADING_H
        for start in range(0, len(boxes), columns):
            if y - CELL_H < bottom:
                pages.append([])
                y = top
                pages[-1].append(("heading", (level, boxes, "continued"), MARGIN, y))
                y -= HEADING_H
            for column, box in enumerate(boxes[start : start + columns]):
                pages[-1].append(("box", box, MARGIN + column * CELL_W, y))
            y -= CELL_H
    return pages


def _intro(canvas: Canvas, spec: KitSpec, top: float) -> None:
    width = spec.page_mm[0] - 2 * MARGIN
    paragraph(canvas, spec.words.finder_intro, MARGIN, top - 1, width, size=3.2)


def _heading(canvas: Canvas, spec: KitSpec, item: tuple[Any, ...], x: float, y: float) -> None:
    level, boxes, *more = item
    width = spec.page_mm[0] - 2 * MARGIN
    colour = level_colour(level)
    canvas.setFillColor(hex_colour(colour))
    canvas.rect(x, y - 6.5, width, 6.5, stroke=0, fill=1)
    if level is None:
        title = f"{spec.game.short_title}: {spec.words.one_level_heading}"
    else:
        title = f"MENACE's move {level}"
    first, last = boxes[0].id, boxes[-1].id
    span = f"box {first}" if len(boxes) == 1 else f"boxes {first} to {last} ({len(boxes)} boxes)"
    canvas.setFillColor(hex_colour("#ffffff"))
    canvas.setFont(BOLD, 4.0)
    canvas.drawString(x + 2, y - 4.7, title + (" (continued)" if more else ""))
    canvas.drawRightString(x + width - 2, y - 4.7, span)


def _box(canvas: Canvas, spec: KitSpec, box: Box, x: float, y: float) -> None:
    area = Rect(x + (CELL_W - PICTURE) / 2, y - 1 - PICTURE, PICTURE, PICTURE)
    draw_picture(canvas, area, spec.game.picture(box.position), spec.dots(box), dot_share=DOT_SHARE,
                 arrows=spec.arrows(box.moves))
    centred_text(canvas, str(box.id), x + CELL_W / 2, area.y - 3.6, BOLD, 4.2)
