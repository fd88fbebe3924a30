"""role-cards.pdf: the four parts a group plays (operator, opponent, recorder, scorer), a page per group."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from generator.documents.common import MARGIN, text_page, write_pdf
from generator.drawing import INK, hex_colour, paragraph, wrapped
from generator.fonts import BOLD, REGULAR
from kit.i18n import _
from kit.score import score_rule_text

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

    from generator.lesson import Lesson

TITLE = "Role cards"
GAP = 6.0  # mm between cards, to cut along
SIZE = 3.8
RECORDER = 2  # the card that says how to keep the group's games in the tracker too
NOTE_SIZE, NOTE_LEADING, NOTE_GAP = 3.2, 1.35, 0.5  # its lines', in mm


def role_texts(lesson: Lesson) -> list[tuple[str, str]]:
    """(role, what that pupil does) for each card, in the current language."""
    draw = _(" (D for a draw)") if lesson.draws else ""
    words = lesson.spec.words  # the game's own words for finding a box and playing a bead
    return [
        (
            _("Operator"),
            _(
                "You are MENACE's hands. {find} Shake it and take out one bead without looking. "
                "{move} Put the bead on top of its box. After the game, do with each bead what "
                "the rules sheet says."
            ).format(find=words.find_box, move=words.bead_to_move),
        ),
        (
            _("Opponent"),
            _(
                "You play against MENACE. Play your best: MENACE learns most from the games it "
                "loses. Tell the operator your move and wait for MENACE's."
            ),
        ),
        (
            _("Recorder"),
            _(
                "After each game, write its result in the worksheet's tally: W when MENACE wins, "
                "L when it loses{draw}. Check that every bead goes back as the rules sheet "
                "says."
            ).format(draw=draw),
        ),
        (
            _("Scorer"),
            _(
                "Keep MENACE's running score, which counts {rule}, and draw the point on the "
                "worksheet's graph, one game to the right each time."
            ).format(rule=score_rule_text(lesson.spec.game)),
        ),
    ]


def write(path: Path, lesson: Lesson) -> int:
    spec = lesson.spec
    page_width, _height = spec.page_mm
    cards = role_texts(lesson)

    def draw(canvas: Canvas) -> int:
        for group in range(1, lesson.groups + 1):
            with text_page(canvas, spec, TITLE, page=group, pages=lesson.groups) as top:
                card_width = (page_width - 2 * MARGIN - GAP) / 2
                card_height = (top - MARGIN - GAP - 2) / 2
                for index, (role, text) in enumerate(cards):
                    x = MARGIN + (index % 2) * (card_width + GAP)
                    y = top - 2 - (index // 2) * (card_height + GAP)
                    _card(canvas, lesson, group, role, text, x, y, card_width, card_height)
                    if index == RECORDER:
                        _tracker_note(canvas, lesson, group, x + 5, y - card_height + 6, card_width - 10)
        return lesson.groups

    return write_pdf(path, spec, TITLE, draw)


def _card(
    canvas: Canvas,
    lesson: Lesson,
    group: int,
    role: str,
    text: str,
    x: float,
    top: float,
    width: float,
    height: float,
) -> None:
    canvas.setStrokeColor(hex_colour("#777777"))
    canvas.setLineWidth(0.3)
    canvas.setDash(2, 1.5)
    canvas.rect(x, top - height, width, height, stroke=1, fill=0)
    canvas.setDash()
    inner = width - 10
    canvas.setFillColor(hex_colour(INK))
    canvas.setFont(BOLD, 3.4)
    where = _("Group {group} \u00b7 kit {code}").format(group=group, code=lesson.spec.code)
    canvas.drawString(x + 5, top - 8, where)
    canvas.setFont(BOLD, 8.0)
    canvas.drawString(x + 5, top - 20, role)
    paragraph(canvas, text, x + 5, top - 30, inner, size=SIZE, leading=1.4)


def tracker_line(lesson: Lesson, group: int) -> str:
    """The command that plays a group's games in the tracker, with the kit `menace lesson` made there."""
    return f"menace play --kit {lesson.store_name(group)}"


def _tracker_note(canvas: Canvas, lesson: Lesson, group: int, x: float, bottom: float, width: float) -> None:
    """At the foot of the recorder's card, its last line ``bottom``: the tracker's command for this group,
    on lines of its own (a command wrapped inside a sentence reads as words). `menace lesson` made the kit
    in the store, so there is no `menace new` to type (lesson.json keeps its line for another store)."""
    note = (
        _("The class's kit is in the tracker already. To keep its games there too, play them with:")
        if lesson.shared
        else _("The group's kit is in the tracker already. To keep its games there too, play them with:")
    )
    parts = [(note, REGULAR), (tracker_line(lesson, group), BOLD)]
    lines = sum(len(wrapped(text, width, font=font, size=NOTE_SIZE)) for text, font in parts)
    y = bottom + (lines - 1) * NOTE_SIZE * NOTE_LEADING + (len(parts) - 1) * NOTE_GAP
    for text, font in parts:
        y = paragraph(canvas, text, x, y, width, font=font, size=NOTE_SIZE, leading=NOTE_LEADING) - NOTE_GAP
