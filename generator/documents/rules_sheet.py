"""rules-sheet.pdf: the game's rules and MENACE's, one sheet for each group's table (the legend's card)."""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from generator.documents.common import text_page, write_pdf
from generator.documents.legend import draw_rules_card

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

    from generator.lesson import Lesson

TITLE = "Rules sheet"


def write(path: Path, lesson: Lesson) -> int:
    def draw(canvas: Canvas) -> int:
        with text_page(canvas, lesson.spec, TITLE, page=1, pages=1) as top:
            draw_rules_card(canvas, lesson.spec, top)
        return 1

    return write_pdf(path, lesson.spec, TITLE, draw)
