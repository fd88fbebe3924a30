"""calibration.pdf: the stock's label outlines and 100 mm rulers, to check the printer before the label run."""
from __future__ import annotations

from pathlib import Path

from generator.documents.common import KitSpec, write_pdf
from generator.documents.labels import sheet_plan
from generator.drawing import INK, hex_colour, in_mm
from generator.fonts import BOLD, REGULAR
from generator.layout import Rect

TITLE = "Calibration page"
RULER = 100.0  # mm


def write(path: Path, spec: KitSpec) -> int:
    sheet = sheet_plan(spec)

    def draw(canvas) -> int:
        with in_mm(canvas):
            canvas.setStrokeColor(hex_colour("#1f5fbf"))
            canvas.setLineWidth(0.2)
            for slot in sheet.slots:
                canvas.rect(slot.x, slot.y, slot.w, slot.h, stroke=1, fill=0)
            panel = Rect(sheet.width / 2 - 65, sheet.height / 2 - 62, 130, 124)
            canvas.setFillColor(hex_colour("#ffffff"))
            canvas.setStrokeColor(hex_colour(INK))
            canvas.setLineWidth(0.3)
            canvas.rect(panel.x, panel.y, panel.w, panel.h, stroke=1, fill=1)
            _words(canvas, spec, panel)
            _ruler(canvas, panel.x + 20, panel.y + 10, horizontal=True)
            _ruler(canvas, panel.x + 10, panel.y + 16, horizontal=False)
        canvas.showPage()
        return 1

    return write_pdf(path, spec, TITLE, draw)


def _words(canvas, spec: KitSpec, panel: Rect) -> None:
    x, y = panel.x + 22, panel.top - 11
    canvas.setFillColor(hex_colour(INK))
    canvas.setFont(BOLD, 6.2)
    canvas.drawString(x, y, "Print at 100% / actual size")
    canvas.setFont(REGULAR, 3.2)
    offset = f"offset {spec.offset_x:+g} mm across, {spec.offset_y:+g} mm down"
    lines = [
        f"Stock: {spec.stock.title}, {spec.paper.upper()} paper.",
        f"Kit {spec.code}: {spec.kit_title}; {offset}.",
        "",
        "1. Print this page on plain paper with scaling off",
        "   (\"actual size\", \"100%\", not \"fit to page\").",
        f"2. Measure both rulers: each must be exactly {RULER:g} mm.",
        "3. Hold this page on a sheet of labels against a window:",
        "   the blue outlines must lie on the labels.",
        "4. If they are shifted, generate again with --offset-x",
        "   (mm, + moves right) and --offset-y (mm, + moves down).",
        "5. Only then print labels.pdf on the label sheets.",
    ]
    if spec.stock.cut_lines:
        lines[2:4] = ["Plain paper: the outlines are the cut lines; check", "that the labels fit your matchbox tops."]
        lines[4:6] = ["3. Print this page with scaling off (\"actual size\").",
                      f"4. Measure both rulers: each must be exactly {RULER:g} mm."]
        lines = lines[:6]
    y -= 9
    for line in lines:
        canvas.drawString(x, y, line)
        y -= 5.2


def _ruler(canvas, x: float, y: float, *, horizontal: bool) -> None:
    """A 100 mm ruler with mm ticks, longer every 5 and 10 mm, numbered in cm."""
    canvas.setStrokeColor(hex_colour(INK))
    canvas.setFillColor(hex_colour(INK))
    canvas.setFont(REGULAR, 2.6)

    def line(a: float, b: float, c: float, d: float) -> None:
        if horizontal:
            canvas.line(x + a, y + b, x + c, y + d)
        else:
            canvas.line(x + b, y + a, x + d, y + c)

    canvas.setLineWidth(0.25)
    line(0, 0, RULER, 0)
    for mm in range(int(RULER) + 1):
        length = 5.0 if mm % 10 == 0 else 3.0 if mm % 5 == 0 else 1.8
        canvas.setLineWidth(0.25 if mm % 10 == 0 else 0.12)
        line(mm, 0, mm, length)
        if mm % 10 == 0:
            label = str(mm // 10)
            if horizontal:
                canvas.drawCentredString(x + mm, y + 6, label)
            else:
                canvas.drawString(x + 6, y + mm - 0.9, label)
    caption = f"{RULER:g} mm (cm marked)"
    if horizontal:
        canvas.drawString(x + RULER + 2, y - 0.9, "cm")
        canvas.drawString(x, y - 4, caption)
    else:
        canvas.drawString(x - 1, y + RULER + 3, "cm")
