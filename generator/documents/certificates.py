"""certificates.pdf: a certificate a pupil takes home after playing MENACE, two to a page, a page for each
result the game can have ("I beat MENACE", "I drew with MENACE", "I lost to MENACE")."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from generator.documents.common import MARGIN, write_pdf
from generator.drawing import INK, hex_colour, in_mm, paragraph, wrapped
from generator.fonts import BOLD, REGULAR
from generator.type_scale import SIZE as TYPE
from generator.type_scale import Role
from kit.i18n import _
from kit.numerals import number

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

    from generator.lesson import Lesson

TITLE = "Certificates"
# Who made the game a machine of boxes learns, where it is not Michie's noughts and crosses.
GAME_CREDITS = {
    "hexapawn": "Martin Gardner invented Hexapawn in 1962, with a matchbox machine that learns to play it.",
}


def results(lesson: Lesson) -> list[str]:
    """The headline of each certificate, one per result the game can end in."""
    drew = [_("I drew with MENACE")] if lesson.draws else []
    return [_("I beat MENACE"), *drew, _("I lost to MENACE")]


def write(path: Path, lesson: Lesson) -> int:
    spec = lesson.spec
    width, height = spec.page_mm
    headlines = results(lesson)

    def draw(canvas: Canvas) -> int:
        for headline in headlines:
            with in_mm(canvas):
                half = height / 2
                for bottom in (half, 0.0):
                    _certificate(canvas, lesson, headline, bottom, width, half)
                canvas.setStrokeColor(hex_colour("#999999"))
                canvas.setLineWidth(0.2)
                canvas.setDash(2, 1.5)
                canvas.line(MARGIN, half, width - MARGIN, half)
                canvas.setDash()
            canvas.showPage()
        return len(headlines)

    return write_pdf(path, spec, TITLE, draw)


def _certificate(
    canvas: Canvas, lesson: Lesson, headline: str, bottom: float, width: float, height: float
) -> None:
    spec = lesson.spec
    inner = width - 4 * MARGIN
    left = 2 * MARGIN
    canvas.setStrokeColor(hex_colour("#3949ab"))
    canvas.setLineWidth(0.8)
    canvas.rect(MARGIN, bottom + MARGIN / 2 + 2, width - 2 * MARGIN, height - MARGIN - 4, stroke=1, fill=0)
    top = bottom + height - MARGIN - 8
    # One size for every headline: a long one ("Ich habe gegen MENACE unentschieden gespielt") wraps.
    size = TYPE[Role.HEADLINE]
    canvas.setFillColor(hex_colour(INK))
    canvas.setFont(BOLD, size)
    lines = wrapped(headline, inner, font=BOLD, size=size)
    top += 6 * (len(lines) - 1)  # into the space above, where the paragraph below has none to spare
    for line in lines:
        canvas.drawCentredString(width / 2, top - size, line)
        top -= size * 1.2
    top += size * 1.2
    game = _("at {game}").format(game=spec.game.short_title)
    canvas.setFont(REGULAR, TYPE[Role.GAME_LINE])
    canvas.drawCentredString(width / 2, top - size - 10, game)
    y = top - size - 26
    for label in (_("Name"), _("Date")):
        canvas.setFont(REGULAR, TYPE[Role.FORM])
        canvas.drawString(left, y, label)
        canvas.setStrokeColor(hex_colour("#555555"))
        canvas.setLineWidth(0.3)
        canvas.line(left + 22, y - 0.8, left + inner, y - 0.8)
        y -= 12
    about = _(
        "MENACE is a machine of {boxes} matchboxes and coloured beads that learns from every game it "
        "plays. Donald Michie built the first one in 1961 to play noughts and crosses."
    ).format(boxes=number(len(spec.catalogue.boxes)))
    credit = GAME_CREDITS.get(spec.game.name)
    if credit is not None:
        about += " " + _(credit)
    paragraph(canvas, about, left, y - 2, inner, size=3.8)
    canvas.setFont(REGULAR, 3.0)
    canvas.drawRightString(left + inner, bottom + MARGIN / 2 + 5, _("kit {code}").format(code=spec.code))
