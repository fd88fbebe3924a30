"""worksheet.pdf: a group's tally of MENACE's results and a grid to draw its learning curve by hand."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from generator.documents.common import MARGIN, text_page, write_pdf
from generator.drawing import INK, hex_colour, paragraph
from generator.fonts import BOLD, REGULAR
from kit.i18n import _
from kit.score import SCORES, score_rule_text

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

    from generator.lesson import Lesson

TITLE = "Worksheet"
GAMES = 30  # a lesson's games at one table, with room to spare
BLOCKS = 3  # the tally's columns of games side by side
ROW = 5.6  # mm: room to write by hand
SIZE = 3.3


def write(path: Path, lesson: Lesson) -> int:
    spec = lesson.spec
    width = spec.page_mm[0] - 2 * MARGIN
    results = _("W  D  L") if lesson.draws else _("W  L")

    def draw(canvas: Canvas) -> int:
        with text_page(canvas, spec, TITLE, page=1, pages=1) as top:
            canvas.setFont(BOLD, 4.2)
            canvas.setFillColor(hex_colour(INK))
            # A shared MENACE has one tally: a sheet per group would leave gaps in every group's curve.
            canvas.drawString(
                MARGIN,
                top - 5,
                _("The class's tally, for the one MENACE") if lesson.shared else _("Group ______"),
            )
            text = _(
                "After each game, circle MENACE's result and write its running score, which counts "
                "{rule}. Then draw the score as a point above the game's number and join the points: "
                "the line climbs when MENACE learns."
            ).format(rule=score_rule_text(spec.game))
            if lesson.shared:
                text += " " + _(
                    "One sheet for the whole class: the group at MENACE's table writes each of "
                    "its games on the next line, so the games follow each other as MENACE "
                    "played them."
                )
            y = paragraph(canvas, text, MARGIN, top - 12, width, size=SIZE) - 3
            y = _tally(canvas, results, y, width) - 8
            _grid(canvas, y, width, high=GAMES * SCORES["win"], low=GAMES * SCORES["loss"])
        return 1

    return write_pdf(path, spec, TITLE, draw)


def _tally(canvas: Canvas, results: str, top: float, width: float) -> float:
    """GAMES rows in BLOCKS columns: game number, the result to circle, the score; returns the y below."""
    rows = -(-GAMES // BLOCKS)
    block = (width - (BLOCKS - 1) * 4) / BLOCKS
    shares = (0.22, 0.43, 0.35)
    headers = (_("game"), _("MENACE"), _("score"))
    for b in range(BLOCKS):
        x0 = MARGIN + b * (block + 4)
        canvas.setFillColor(hex_colour("#e8eaf6"))
        canvas.rect(x0, top - ROW, block, ROW, stroke=0, fill=1)
        canvas.setStrokeColor(hex_colour("#888888"))
        canvas.setLineWidth(0.15)
        x = x0
        for header, share in zip(headers, shares, strict=True):
            canvas.setFillColor(hex_colour(INK))
            canvas.setFont(BOLD, SIZE)
            canvas.drawCentredString(x + share * block / 2, top - ROW + 1.7, header)
            canvas.line(x, top, x, top - ROW * (rows + 1))
            x += share * block
        canvas.line(x, top, x, top - ROW * (rows + 1))
        for row in range(rows + 1):
            canvas.line(x0, top - ROW * row, x0 + block, top - ROW * row)
        canvas.line(x0, top - ROW * (rows + 1), x0 + block, top - ROW * (rows + 1))
        for row in range(rows):
            game = b * rows + row + 1
            baseline = top - ROW * (row + 2) + 1.7
            canvas.setFont(REGULAR, SIZE)
            canvas.setFillColor(hex_colour(INK))
            canvas.drawCentredString(x0 + shares[0] * block / 2, baseline, str(game))
            canvas.setFillColor(hex_colour("#666666"))
            canvas.drawCentredString(x0 + (shares[0] + shares[1] / 2) * block, baseline, results)
    return top - ROW * (rows + 1)


def _grid(canvas: Canvas, top: float, width: float, *, high: int, low: int) -> None:
    """Squared paper for the curve: games 0 to GAMES along, the running score from ``low`` to ``high`` up
    (all losses, all wins: its bounds)."""
    left = MARGIN + 9
    bottom = MARGIN + 6
    step_x = (width - 9) / GAMES
    step_y = min(step_x, (top - bottom - 4) / (high - low))
    height = step_y * (high - low)
    top = bottom + height
    middle = bottom - low * step_y
    for i in range(GAMES + 1):
        x = left + i * step_x
        canvas.setStrokeColor(hex_colour("#888888" if i % 5 == 0 else "#cccccc"))
        canvas.setLineWidth(0.25 if i % 5 == 0 else 0.12)
        canvas.line(x, bottom, x, top)
        if i % 5 == 0:
            canvas.setFont(REGULAR, 2.8)
            canvas.setFillColor(hex_colour(INK))
            canvas.drawCentredString(x, bottom - 3.6, str(i))
    for j in range(high - low + 1):
        y = bottom + j * step_y
        score = j + low
        canvas.setStrokeColor(
            hex_colour("#222222" if score == 0 else "#888888" if score % 5 == 0 else "#cccccc")
        )
        canvas.setLineWidth(0.4 if score == 0 else 0.25 if score % 5 == 0 else 0.12)
        canvas.line(left, y, left + GAMES * step_x, y)
        if score % 10 == 0:
            canvas.setFont(REGULAR, 2.8)
            canvas.setFillColor(hex_colour(INK))
            canvas.drawRightString(left - 1.5, y - 1.0, f"{score:+d}" if score else "0")
    canvas.setFont(BOLD, 3.0)
    canvas.setFillColor(hex_colour(INK))
    canvas.drawString(left + 1, top + 1.5, _("MENACE's score"))
    canvas.drawRightString(left + GAMES * step_x, middle + 1.2, _("game"))
