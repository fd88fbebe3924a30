"""board.pdf: the board and pieces a group plays on against MENACE, to print and cut out (a Hexapawn board
and its six pawns, a noughts-and-crosses board with its crosses and noughts, or Nim's tokens)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from generator.documents.common import MARGIN, text_page, write_pdf
from generator.drawing import draw_coordinates, draw_heaps, draw_picture, paragraph
from generator.layout import Rect
from kit.i18n import _
from kit.picture import Grid, Heaps

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

    from generator.lesson import Lesson

TITLE = "Board and pieces"
PIECE = 30.0  # mm: a piece to cut out, and a board's cell is larger still
PIECES = {"hexapawn": ("W", "W", "W", "B", "B", "B"), "tictactoe": ("X",) * 5 + ("O",) * 4}


def pieces(lesson: Lesson) -> tuple[str, ...]:
    """The pieces to cut out, by their marks (Nim's tokens: one "" each)."""
    game = lesson.spec.game
    if game.name == "nim":
        start = game.picture(game.initial().position)
        return ("",) * sum(start.start) if isinstance(start, Heaps) else ()
    return PIECES.get(game.name, ())


def write(path: Path, lesson: Lesson) -> int:
    spec = lesson.spec
    game = spec.game
    width = spec.page_mm[0] - 2 * MARGIN

    def draw(canvas: Canvas) -> int:
        with text_page(canvas, spec, TITLE, page=1, pages=1) as top:
            text = (
                _("Cut out the tokens: the pile the players take from (coins or counters do as well).")
                if game.name == "nim"
                else _("The board for the table where MENACE plays, and its pieces to cut out.")
            )
            y = paragraph(canvas, text, MARGIN, top - 2, width, size=3.6) - 4
            per_row = int(width // (PIECE + 4))
            rows = -(-len(pieces(lesson)) // per_row)
            if game.name != "nim":
                grid = game.picture(game.initial().position)
                assert isinstance(grid, Grid)
                side = min(width, y - MARGIN - rows * (PIECE + 4) - 12)  # the pieces fit below it
                area = Rect(MARGIN + (width - side) / 2, y - side, side, side)
                board = draw_coordinates(canvas, area, grid)
                empty = Grid(
                    grid.rows, grid.columns, ("",) * len(grid.marks), grid.row_names, grid.column_names
                )
                draw_picture(canvas, board, empty, {}, dot_share=0.2, letters=False)
                y = area.y - 8
            for index, mark in enumerate(pieces(lesson)):
                row, column = divmod(index, per_row)
                area = Rect(MARGIN + column * (PIECE + 4), y - (row + 1) * (PIECE + 4), PIECE, PIECE)
                if mark:
                    draw_picture(canvas, area, Grid(1, 1, (mark,)), {}, dot_share=0.2, letters=False)
                else:
                    draw_heaps(canvas, area, Heaps((1,), (1,)))
        return 1

    return write_pdf(path, spec, TITLE, draw)
