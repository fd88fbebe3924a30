"""calibration.pdf: the stock's label outlines and 100 mm rulers, to check the printer before the labels."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from generator.documents.common import KitSpec, data_text, write_pdf
from generator.documents.labels import sheet_plan
from generator.drawing import INK, hex_colour, in_mm, paragraph, text_width
from generator.fonts import BOLD, REGULAR
from generator.layout import SAFE_EDGE, Rect
from kit.i18n import _
from kit.numerals import number

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

TITLE = "Calibration page"
RULER = 100.0  # mm


def write(path: Path, spec: KitSpec) -> int:
    sheet = sheet_plan(spec)

    def draw(canvas: Canvas) -> int:
        with in_mm(canvas):
            canvas.saveState()
            # Outlines of labels that touch the sheet's edge stop where a printer can reach.
            safe = sheet.page.inset(SAFE_EDGE)
            area = canvas.beginPath()
            area.rect(safe.x, safe.y, safe.w, safe.h)
            canvas.clipPath(area, stroke=0, fill=0)
            canvas.setStrokeColor(hex_colour("#1f5fbf"))
            canvas.setLineWidth(0.2)
            for slot in sheet.slots:
                canvas.rect(slot.x, slot.y, slot.w, slot.h, stroke=1, fill=0)
            canvas.restoreState()
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


def _words(canvas: Canvas, spec: KitSpec, panel: Rect) -> None:
    x, y = panel.x + 22, panel.top - 11
    width = panel.right - 6 - x
    canvas.setFillColor(hex_colour(INK))
    heading = _("Print at 100% / actual size")
    canvas.setFont(BOLD, min(6.2, width / max(text_width(heading, BOLD, 1.0), 1e-6)))  # inside the panel
    canvas.drawString(x, y, heading)
    facts = _("{stock} on {paper} paper; offset {x} mm across, {y} mm down. Kit {code}: {kit}.").format(
        stock=data_text(spec.stock.title),
        paper=spec.paper.upper(),
        x=number(spec.offset_x, "+g"),
        y=number(spec.offset_y, "+g"),
        code=spec.code,
        kit=spec.kit_title,
    )
    y = paragraph(canvas, facts, x, y - 8, width, size=3.0, colour="#444444") - 2
    steps = [
        _(
            "Print this page with scaling off: \u201cactual size\u201d or \u201c100%\u201d, never \u201cfit "
            "to "
            "page\u201d."
        ),
        _("Measure both rulers: each must be exactly {length} mm long.").format(length=number(RULER, "g")),
    ]
    if spec.stock.cut_lines:
        steps.append(
            _("The blue outlines are the labels' cut lines: check that one fits your matchbox tops.")
        )
    else:
        steps += [
            _(
                "Lay this page on a sheet of labels and hold both against a window: the blue outlines must "
                "lie "
                "on the labels."
            ),
            _(
                "If they are shifted, generate again with --offset-x (mm, + moves right) and --offset-y (mm, "
                "+ "
                "moves down), and check again."
            ),
        ]
    steps.append(_("Only then print labels.pdf, with the same settings."))
    for index, step in enumerate(steps, start=1):
        y = paragraph(canvas, f"{index}. {step}", x, y, width, size=3.4) - 1.5


def _ruler(canvas: Canvas, x: float, y: float, *, horizontal: bool) -> None:
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
    caption = _("{length} mm (cm marked)").format(length=number(RULER, "g"))
    if horizontal:
        canvas.drawString(x + RULER + 2, y - 0.9, "cm")
        canvas.drawString(x, y - 4, caption)
    else:
        canvas.drawString(x - 1, y + RULER + 3, "cm")
