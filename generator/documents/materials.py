"""materials.pdf: what to buy and print for a lesson: beads per colour for one kit and for the class,
matchboxes, and how many copies of each sheet."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from generator.documents import paper_machine
from generator.documents.common import MARGIN, text_page, write_pdf
from generator.drawing import INK, draw_dot, hex_colour, paragraph
from generator.fonts import BOLD, REGULAR
from kit.i18n import _, n_
from kit.numerals import number

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

    from generator.lesson import Lesson

TITLE = "Materials"
ROW = 6.0  # mm
SIZE = 3.4


def write(path: Path, lesson: Lesson) -> int:
    spec = lesson.spec
    width = spec.page_mm[0] - 2 * MARGIN

    def draw(canvas: Canvas) -> int:
        with text_page(canvas, spec, TITLE, page=1, pages=1) as top:
            y = paragraph(canvas, _kits_sentence(lesson), MARGIN, top - 2, width, size=SIZE) - 3
            y = _beads(canvas, lesson, y, width) - 6
            canvas.setFont(BOLD, 4.0)
            canvas.drawString(MARGIN, y, _("To print"))
            y -= 6
            for line in _prints(lesson):
                y = paragraph(canvas, "\u2022 " + line, MARGIN, y, width, size=SIZE) - 1
            y -= 4
            canvas.setFont(BOLD, 4.0)
            canvas.drawString(MARGIN, y, _("To build and play"))
            y -= 6
            for line in _things(lesson):
                y = paragraph(canvas, "\u2022 " + line, MARGIN, y, width, size=SIZE) - 1
            y -= 4
            code = _(
                "Every page of the kit carries kit code {code}, and the tracker checks it (menace new, "
                "then menace play)."
            ).format(code=spec.code)
            if not lesson.shared:  # the groups' kits are alike, code and all: their group tells them apart
                code += " " + _(
                    "The groups' kits share it, so every label also says its group: boxes mixed "
                    "up between groups go back by it."
                )
            paragraph(canvas, code, MARGIN, y, width, size=SIZE)
        return 1

    return write_pdf(path, spec, TITLE, draw)


def _kits_sentence(lesson: Lesson) -> str:
    boxes = len(lesson.spec.catalogue.boxes)
    if lesson.shared:
        return _(
            "The class shares one MENACE of {boxes} matchboxes: build it once, before the lesson. Beads "
            "per colour, the reserve from simulated games included:"
        ).format(boxes=number(boxes))
    return _(
        "Each of the {groups} groups gets its own MENACE: {boxes} matchboxes a kit, {total} in all. "
        "Beads per colour for each group and in total, the reserve from simulated games "
        "included:"
    ).format(groups=lesson.groups, boxes=number(boxes), total=number(boxes * lesson.kits))


def _beads(canvas: Canvas, lesson: Lesson, top: float, width: float) -> float:
    """The bead table: a row per colour and a total; returns the y below it."""
    spec, bill = lesson.spec, lesson.bill
    everyone = (
        _("whole class")
        if lesson.shared
        else n_("{count} group", "{count} groups", lesson.groups).format(count=lesson.groups)
    )
    headers = [
        _("colour"),
        _("to fill a kit"),
        _("reserve"),
        _("each group") if not lesson.shared else _("one kit"),
        everyone,
    ]
    shares = [0.36, 0.16, 0.16, 0.16, 0.16]
    columns = [share * width for share in shares]
    rows: list[tuple[str, list[int]]] = []
    colours = {colour.move: colour for colour in spec.palette.colours}
    for code, per_kit in lesson.beads_per_kit.items():
        rows.append(
            (colours[code].spoken, [bill.start[code], bill.reserve[code], per_kit, lesson.beads_total[code]])
        )
    totals = [sum(row[1][i] for row in rows) for i in range(4)]
    y = top
    canvas.setFillColor(hex_colour("#e8eaf6"))
    canvas.rect(MARGIN, y - ROW, width, ROW, stroke=0, fill=1)
    canvas.setFillColor(hex_colour(INK))
    canvas.setFont(BOLD, SIZE)
    canvas.drawString(MARGIN + 1.5, y - ROW + 1.9, headers[0])
    x = MARGIN + columns[0]
    for header, column in zip(headers[1:], columns[1:], strict=True):  # over their numbers, as those align
        canvas.drawRightString(x + column - 3, y - ROW + 1.9, header)
        x += column
    y -= ROW
    canvas.setStrokeColor(hex_colour("#999999"))
    canvas.setLineWidth(0.15)
    for (name, counts), code in zip(rows, lesson.beads_per_kit, strict=True):
        draw_dot(canvas, MARGIN + 3.5, y - ROW / 2, 2.0, colours[code])
        _row(canvas, name, counts, columns, y, REGULAR, name_x=MARGIN + 7)
        y -= ROW
        canvas.line(MARGIN, y, MARGIN + width, y)
    _row(canvas, _("all colours"), totals, columns, y, BOLD, name_x=MARGIN + 1.5)
    return y - ROW


def _row(
    canvas: Canvas, name: str, counts: list[int], columns: list[float], y: float, font: str, *, name_x: float
) -> None:
    canvas.setFillColor(hex_colour(INK))
    canvas.setFont(font, SIZE)
    canvas.drawString(name_x, y - ROW + 1.9, name)
    x = MARGIN + columns[0]
    for count, column in zip(counts, columns[1:], strict=True):
        canvas.drawRightString(x + column - 3, y - ROW + 1.9, number(count))
        x += column


def _things(lesson: Lesson) -> list[str]:
    """What else a lesson needs besides paper and beads: to build the kits, and at each table."""
    tables = 1 if lesson.shared else lesson.groups
    return [
        _(
            "Scissors and glue sticks to cut out the labels and stick one on each matchbox (none with label "
            "sheets), and to cut out the pieces."
        ),
        n_(
            "{count} cup or tray beside the boxes, where the beads drawn in a game wait until it ends",
            "{count} cups or trays, one beside each kit's boxes, where the beads drawn in a game wait until "
            "it ends",
            tables,
        ).format(count=tables),
        _(
            "A bag for each kit's reserve beads, and a box or bag to keep each kit's matchboxes together "
            "between lessons."
        ),
    ]


def _prints(lesson: Lesson) -> list[str]:
    groups, kits = lesson.groups, lesson.kits
    kit = (
        _("the kit folder (labels, fill sheet, legend, finder): 1 copy")
        if lesson.shared
        else _(
            "each group's kit folder, kit/group-1 to kit/group-{count} (labels, fill sheet, legend, "
            "finder): 1 copy each, its group printed on every label and page"
        ).format(count=kits)
    )
    return [
        kit,
        _("lesson-plan.pdf and materials.pdf: for you"),
        n_(
            "rules-sheet.pdf: {count} copy, one for each group's table",
            "rules-sheet.pdf: {count} copies, one for each group's table",
            groups,
        ).format(count=groups),
        n_(
            "role-cards.pdf: its {count} page, cut into cards",
            "role-cards.pdf: its {count} pages, one for each group, cut into cards",
            groups,
        ).format(count=groups),
        _(
            "worksheet.pdf: 1 copy, the class's one tally, which every group writes its games on (and a "
            "copy for each pupil to draw the curve)"
        )
        if lesson.shared
        else n_(
            "worksheet.pdf: {count} copy, one for each group's recorder and scorer",
            "worksheet.pdf: {count} copies, one for each group's recorder and scorer",
            groups,
        ).format(count=groups),
        _("board.pdf: 1 copy for MENACE's table, its pieces cut out")
        if lesson.shared
        else n_(
            "board.pdf: {count} copy, the board and pieces for each group's table, cut out",
            "board.pdf: {count} copies, the board and pieces for each group's table, cut out",
            groups,
        ).format(count=groups),
        *(
            [
                _(
                    "paper-machine.pdf: the same machine on paper, for pairs or a class without boxes (its "
                    "first "
                    "page says how)"
                )
            ]
            if paper_machine.has_paper_machine(lesson.spec)
            else []
        ),
        _("certificates.pdf: a certificate for each pupil who plays against MENACE, two to a page"),
    ]
