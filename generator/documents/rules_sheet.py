"""rules-sheet.pdf: the game's rules and MENACE's, one sheet for each group's table (the legend's card)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from generator.documents.common import content_top, text_page, write_pdf
from generator.documents.legend import draw_rules_card, rules_card_pages

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

    from generator.lesson import Lesson

TITLE = "Rules sheet"


def write(path: Path, lesson: Lesson) -> int:
    spec = lesson.spec
    card = rules_card_pages(spec, content_top(spec, TITLE))  # a card too long for a page goes on to a second

    def draw(canvas: Canvas) -> int:
        for index, sections in enumerate(card):
            with text_page(canvas, spec, TITLE, page=index + 1, pages=len(card)) as top:
                draw_rules_card(canvas, spec, top, sections, last=index == len(card) - 1)
        return len(card)

    return write_pdf(path, lesson.spec, TITLE, draw)
