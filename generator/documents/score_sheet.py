"""score-sheet.pdf: a table for logging classroom games by hand when no laptop is at hand."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from generator.documents.common import MARGIN, KitSpec, has_draws, text_page, write_pdf
from generator.drawing import INK, hex_colour, paragraph
from generator.fonts import BOLD, REGULAR
from kit.i18n import _
from kit.score import score_rule_text

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

TITLE = "Score sheet"
PAGES = 2
ROW = 7.5  # mm: room to write by hand


def write(path: Path, spec: KitSpec) -> int:
    width, height = spec.page_mm
    draws = has_draws(spec.catalogue.game)
    results = _("W  D  L") if draws else _("W  L")
    first, opening = spec.words.first_move, spec.words.opening
    shares = [
        (_("game"), 14),
        (_("opponent"), 44),
        (first, 36),
        (_("result"), 24),
        (_("score +/-"), 22),
        (_("running score"), 40),
    ]
    scale = (width - 2 * MARGIN) / sum(w for _, w in shares)
    columns = [(name, w * scale) for name, w in shares]

    rule = score_rule_text(spec.game)

    def draw(canvas: Canvas) -> int:
        rows = 0  # as many as fit between the paragraph (longer in German) and the footer zone
        for page in range(PAGES):
            with text_page(canvas, spec, TITLE, page=page + 1, pages=PAGES) as top:
                text = _(
                    "One line per game. Circle the result from MENACE's side. The running score counts "
                    "{rule}, so it rises as MENACE learns: Michie drew his learning curve this way. The "
                    "{first}: {opening}. To type games into the tracker later, write their moves on the "
                    "game record sheet (record-sheet.pdf)."
                ).format(rule=rule, first=first, opening=opening)
                y = paragraph(canvas, text, MARGIN, top - 1, width - 2 * MARGIN, size=3.3) - 4
                rows = rows or int((y - MARGIN) // ROW) - 1  # below the header row; the same on every page
                _table(canvas, columns, rows, y, first_game=page * rows + 1, results=results)
        return PAGES

    return write_pdf(path, spec, TITLE, draw)


def _table(
    canvas: Canvas,
    columns: Sequence[tuple[str, float]],
    rows: int,
    top: float,
    *,
    first_game: int,
    results: str,
) -> None:
    x0 = MARGIN
    x1 = x0 + sum(w for _, w in columns)
    canvas.setFillColor(hex_colour("#e8eaf6"))
    canvas.rect(x0, top - ROW, x1 - x0, ROW, stroke=0, fill=1)
    canvas.setFillColor(hex_colour(INK))
    canvas.setFont(BOLD, 3.4)
    x = x0
    for name, w in columns:
        canvas.drawCentredString(x + w / 2, top - ROW + 2.6, name)
        x += w
    canvas.setStrokeColor(hex_colour("#777777"))
    for row in range(rows + 1):
        y = top - ROW * (row + 1)
        canvas.setLineWidth(0.3 if row == 0 or row == rows else 0.15)
        canvas.line(x0, y, x1, y)
        if row < rows:
            y_text = y - ROW + 2.6
            canvas.setFont(REGULAR, 3.4)
            canvas.setFillColor(hex_colour(INK))
            canvas.drawCentredString(x0 + columns[0][1] / 2, y_text, str(first_game + row))
            result_x = x0 + sum(w for _, w in columns[:3]) + columns[3][1] / 2
            canvas.setFillColor(hex_colour("#666666"))
            canvas.drawCentredString(result_x, y_text, results)
    canvas.setLineWidth(0.3)
    canvas.line(x0, top, x1, top)
    x = x0
    bottom = top - ROW * (rows + 1)
    for _name, w in columns:
        canvas.line(x, top, x, bottom)
        x += w
    canvas.line(x, top, x, bottom)
