"""lesson-plan.pdf: the lesson by the minute, for the teacher (generator.lesson plans it)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from generator.documents.common import MARGIN, content_top, text_page, write_pdf
from generator.drawing import INK, hex_colour, paragraph, wrapped
from generator.fonts import BOLD
from generator.type_scale import SIZE as TYPE
from generator.type_scale import Role
from kit.i18n import _, n_
from kit.numerals import number

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

    from generator.lesson import Lesson

TITLE = "Lesson plan"
# mm: the steps' text, read at arm's length while teaching; steps that do not fit go on to a second page.
SIZE = TYPE[Role.BODY]
TIME_COLUMN = 24.0  # mm


def write(path: Path, lesson: Lesson) -> int:
    spec = lesson.spec
    width = spec.page_mm[0] - 2 * MARGIN

    groups = n_("{count} group", "{count} groups", lesson.groups).format(count=lesson.groups)
    summary = _("{game} with MENACE: {minutes} minutes, {groups}.").format(
        game=spec.game.short_title, minutes=lesson.minutes, groups=groups
    )
    rows = [
        (_("Before"), _("Before the lesson"), _before(lesson)),
        *(
            (_("{start}-{end} min").format(start=step.start, end=step.end), step.title, step.text)
            for step in lesson.steps()
        ),
    ]
    heading = TYPE[Role.SUBHEADING]

    def draw(canvas: Canvas) -> int:
        pages: list[list[tuple[str, str, str]]] = [[]]
        top = content_top(spec, TITLE)
        room = top - 2 - len(wrapped(summary, width, font=BOLD, size=heading)) * heading * 1.3 - 2 - MARGIN
        for row in rows:
            if pages[-1] and _height([*pages[-1], row], width, SIZE) > room:
                pages.append([])
                room = top - MARGIN
            pages[-1].append(row)
        for page, page_rows in enumerate(pages, start=1):
            with text_page(canvas, spec, TITLE, page=page, pages=len(pages)) as y:
                if page == 1:
                    y = paragraph(canvas, summary, MARGIN, y - 2, width, font=BOLD, size=heading) - 2
                for when, title, text in page_rows:
                    y = _step(canvas, when, title, text, y, width, SIZE)
        return len(pages)

    return write_pdf(path, spec, TITLE, draw)


def _before(lesson: Lesson) -> str:
    kits = n_("{count} kit", "{count} kits", lesson.kits).format(count=lesson.kits)
    if lesson.shared:
        text = _(
            "Print and fill {kits} as materials.pdf lists (the kit folder holds the labels and the fill "
            "sheet), and print the role cards, worksheets, rules sheets and certificates."
        )
    else:
        text = _(
            "Print and fill {kits} as materials.pdf lists (each group's folder, kit/group-1 and on, "
            "holds its labels and fill sheet), and print the role cards, worksheets, rules sheets and "
            "certificates."
        )
    text = text.format(kits=kits)
    if lesson.trained is not None:
        text += " " + _(
            "MENACE starts trained: its boxes hold the beads it had after {games} games "
            "against a {opponent} player (the fill sheet lists them), so it plays better than a "
            "fresh one from the first game."
        ).format(games=number(lesson.trained.games), opponent=lesson.trained.opponent)
    elif lesson.learns_slowly:
        text += " " + _(
            "Noughts and crosses will not visibly learn in one lesson: plan a series of lessons "
            "with the same boxes and the one class tally, or print the pack with --trained "
            "GAMES for a MENACE that starts trained."
        )
    return text


def _height(rows: list[tuple[str, str, str]], width: float, size: float) -> float:
    """How far down the page ``rows`` reach at text size ``size`` (as _step draws them)."""
    lines = sum(len(wrapped(text, width - TIME_COLUMN, size=size)) for _when, _title, text in rows)
    return len(rows) * (size * 2.4 + size * 0.9 + 2 - size * 1.3) + lines * size * 1.3


def _step(canvas: Canvas, when: str, title: str, text: str, y: float, width: float, size: float) -> float:
    """One step: its minutes at the left, its title and what to do beside them; returns the y below it."""
    canvas.setFillColor(hex_colour(INK))
    canvas.setFont(BOLD, size)
    canvas.drawString(MARGIN, y - size, when)
    canvas.drawString(MARGIN + TIME_COLUMN, y - size, title)
    lines = wrapped(text, width - TIME_COLUMN, size=size)
    paragraph(canvas, text, MARGIN + TIME_COLUMN, y - size * 2.4, width - TIME_COLUMN, size=size)
    canvas.setStrokeColor(hex_colour("#bbbbbb"))
    canvas.setLineWidth(0.2)
    line_y = y - size * 2.4 - (len(lines) - 1) * size * 1.3 - size * 0.9
    canvas.line(MARGIN, line_y, MARGIN + width, line_y)
    return line_y - 2
