"""record-sheet.pdf: games played on paper, each written as its moves in order, to type into the tracker
later (the score sheet only keeps results)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

from generator.documents.common import MARGIN, KitSpec, has_draws, text_page, write_pdf
from generator.documents.wording import moves_are_arrows
from generator.drawing import INK, centred_text, draw_grid, hex_colour, paragraph, text_width
from generator.fonts import BOLD, REGULAR
from generator.layout import Rect, cell_centre
from kit.i18n import _
from kit.picture import Grid

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

TITLE = "Game record sheet"
PAGES = 2
ROW = 9.0  # mm: room to write a move by hand
MENACE_SHADE = "#e8eaf6"  # the columns of MENACE's own moves, when its side is fixed


def write(path: Path, spec: KitSpec) -> int:
    game = spec.game
    either_side = game.whose_turn(game.initial().position) is None
    width, height = spec.page_mm
    moves = game.longest_game()
    # As wide as its heading and 1.5 mm either side: German 'MENACE zog als' touched the lines at 30 mm.
    moved = _("MENACE moved")
    moved_w = max(30.0, text_width(moved, BOLD, 3.2) + 3)
    fixed = [(_("game"), 12.0)] + ([(moved, moved_w)] if either_side else [])
    result = (_("result"), 22.0)
    move_w = (width - 2 * MARGIN - sum(w for _, w in fixed) - result[1]) / moves
    # "1st", not "1": a tic-tac-toe move is written as its square, 1-9, in these columns (Nim: as 1-3).
    columns = [*fixed, *((ordinal(n), move_w) for n in range(1, moves + 1)), result]
    shaded = {len(fixed) + number - 1 for number in menace_moves(spec)}
    results = _("W  D  L") if has_draws(game) else _("W  L")

    def draw(canvas: Canvas) -> int:
        for page in range(PAGES):
            with text_page(canvas, spec, TITLE, page=page + 1, pages=PAGES) as top:
                y = _intro(canvas, spec, top, either_side)
                rows = int((y - MARGIN - ROW) // ROW)
                _table(
                    canvas,
                    columns,
                    shaded,
                    rows,
                    y,
                    first=page * rows + 1,
                    results=results,
                    sides=_("1st  2nd") if either_side else None,
                )
        return PAGES

    return write_pdf(path, spec, TITLE, draw)


def ordinal(number: int) -> str:
    """'1st', '2nd', '3rd', '4th', '11th', '21st' (German: '1.')."""
    if number % 100 in (11, 12, 13) or number % 10 not in (1, 2, 3):
        return _("{number}th").format(number=number)
    return {1: _("{number}st"), 2: _("{number}nd"), 3: _("{number}rd")}[number % 10].format(number=number)


def menace_moves(spec: KitSpec) -> list[int]:
    """The numbers of the game's moves that are MENACE's (1 = the game's first), shaded on the sheet; none
    when its boxes serve either side."""
    game = spec.game
    if game.whose_turn(game.initial().position) is None:
        return []
    return [n for n in range(1, game.longest_game() + 1) if (n - 1) % 2 == spec.catalogue.menace]


def how_to_write(spec: KitSpec, either_side: bool) -> str:
    """The sheet's instructions: what a move is written as, and which columns are MENACE's."""
    game = spec.game
    examples = [game.move_text(m, game.notations[-1]) for m in game.legal_moves(game.initial())][:3]
    if moves_are_arrows(game):
        how = _("as the pawn's square and where it goes ({examples}; x for a capture)")
    elif game.picture(game.initial().position).board is not None:
        how = _("as the square played, 1-9 in reading order (the little board shows them)")
    else:
        how = _("as the number taken ({examples})")
    how = how.format(examples=", ".join(examples))
    if either_side:
        text = _(
            "One line per game played on paper, so that it can be typed into the tracker later (menace "
            "record). Circle whether MENACE moved first or second, then write every move in order, "
            "both players', {how}. Circle the result from MENACE's side. A resignation: write R after "
            "MENACE's last move."
        )
    else:
        text = _(
            "One line per game played on paper, so that it can be typed into the tracker later (menace "
            "record). MENACE's moves are the shaded columns (it plays {menace}); write every move in "
            "order, both players', {how}. Circle the result from MENACE's side. A resignation: write R "
            "after MENACE's last move."
        )
    return text.format(how=how, menace=_(game.player_names[spec.catalogue.menace]))


def _intro(canvas: Canvas, spec: KitSpec, top: float, either_side: bool) -> float:
    """The instructions, beside a numbered board for a game whose moves are squares; returns the y below."""
    width = spec.page_mm[0] - 2 * MARGIN
    board = spec.game.picture(spec.game.initial().position).board
    squares = board is not None and not moves_are_arrows(spec.game)
    text_w = width - (30 if squares else 0)
    y = paragraph(canvas, how_to_write(spec, either_side), MARGIN, top - 1, text_w, size=3.4)
    if squares and board is not None:
        area = Rect(MARGIN + width - 24, top - 24, 24, 24)
        empty = Grid(board.rows, board.columns, ("",) * len(board.marks))
        draw_grid(canvas, area, empty, {}, dot_share=0.3)
        for cell in range(len(board.marks)):
            centred_text(canvas, str(cell + 1), *cell_centre(area, board, cell), BOLD, 4.0, "#555555")
        y = min(y, area.y)
    return y - 5


def _table(
    canvas: Canvas,
    columns: list[tuple[str, float]],
    shaded: set[int],
    rows: int,
    top: float,
    *,
    first: int,
    results: str,
    sides: str | None,
) -> None:
    x0 = MARGIN
    xs = [x0]
    for _name, w in columns:
        xs.append(xs[-1] + w)
    bottom = top - ROW * (rows + 1)
    for index in shaded:
        canvas.setFillColor(hex_colour(MENACE_SHADE))
        canvas.rect(xs[index], bottom, columns[index][1], ROW * (rows + 1), stroke=0, fill=1)
    canvas.setFillColor(hex_colour(INK))
    canvas.setFont(BOLD, 3.2)
    # Narrow move columns ("10th" wider than its column): every move's ending goes under its number.
    narrow = any(re.match(r"\d", name) and text_width(name, BOLD, 3.2) > w - 1.5 for name, w in columns)
    for (name, w), x in zip(columns, xs, strict=False):
        digits = re.match(r"\d+", name)
        if digits and narrow:
            canvas.drawCentredString(x + w / 2, top - ROW + 4.9, digits.group())
            canvas.drawCentredString(x + w / 2, top - ROW + 1.3, name[digits.end() :])
        else:
            canvas.drawCentredString(x + w / 2, top - ROW + 3.2, name)
    canvas.setStrokeColor(hex_colour("#777777"))
    for row in range(rows + 2):
        canvas.setLineWidth(0.3 if row in (0, 1, rows + 1) else 0.15)
        canvas.line(xs[0], top - ROW * row, xs[-1], top - ROW * row)
    for x in xs:
        canvas.line(x, top, x, bottom)
    canvas.setFont(REGULAR, 3.2)
    for row in range(rows):
        baseline = top - ROW * (row + 2) + 3.2
        canvas.setFillColor(hex_colour(INK))
        canvas.drawCentredString(xs[0] + columns[0][1] / 2, baseline, str(first + row))
        canvas.setFillColor(hex_colour("#666666"))
        canvas.drawCentredString(xs[-2] + columns[-1][1] / 2, baseline, results)
        if sides is not None:
            canvas.drawCentredString(xs[1] + columns[1][1] / 2, baseline, sides)
