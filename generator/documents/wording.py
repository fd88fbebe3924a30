"""The sentences of a printed kit that depend on how the game pictures its positions.

A game pictured as a board (``kit.picture.Grid``) has a bead dot on each square that gets beads, and its
pictures turn with the real board; a game pictured as heaps of counters (``Heaps``) has a row per take
beside the picture, and its box is found by counting. The documents take these words from the wording
for the game's picture type, never from the game's name, so a new board game prints sensibly as it is.

Every sentence here is English source text (a msgid, ``kit.i18n``), translated when a document draws it:
the wordings below are made at import, before a command has chosen the language.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields, replace
from functools import cache
from typing import Any

from kit.game import Game
from kit.i18n import _, n_
from kit.numerals import number
from kit.picture import ByKind, Grid, Heaps, Picture


@dataclass(frozen=True)
class Wording:
    """What the documents say where a board kit and a counters kit differ."""

    finder_intro: str
    one_level_heading: str  # the finder's heading, after the game's short title, when boxes have no levels
    first_move: str  # the score sheet's column for the game's opening
    opening: str  # what to write in that column
    find_box: str  # rules card: how to find MENACE's box
    bead_to_move: str  # rules card: how a bead becomes a move
    uneven: str  # fill sheet: why some colours are bought more than others
    how_to_play: str | None  # legend: a closing paragraph on playing from the boxes, if it needs one
    one_left: str  # rules card: what MENACE does when a single move is left and so it has no box

    def translated(self) -> Wording:
        """The same wording in the current language."""
        return replace(
            self,
            **{f.name: _(value) for f in fields(self) if isinstance(value := getattr(self, f.name), str)},
        )


BOARD = Wording(
    finder_intro=(
        "Boxes are grouped by MENACE's move number, as the coloured bands on the labels are. Within a group "
        "the pictures are in number order, which is the order of their squares read row by row from the top "
        "left: an empty square comes first, then O, then X. A real game may be turned or flipped: turn it in "
        "your head until it matches a picture (menace find BOARD does it for you)."
    ),
    one_level_heading="one box per position",
    first_move="first move",
    opening="the square the game opened on (corner, edge or centre)",
    find_box="Find the box whose picture matches the game (turned or flipped if need be).",
    bead_to_move="MENACE plays the square where that colour's dot is on the picture.",
    uneven=(
        "The colours are uneven because a colour stands for a square of the picture, and the pictures "
        "are drawn in one fixed orientation."
    ),
    how_to_play=None,  # the turned example on the legend shows it
    one_left="only one empty square is left, so play it for MENACE.",
)

# A board game without symmetry (tic-tac-toe --symmetry none): every board has its own box, never turned.
RAW_BOARD = replace(
    BOARD,
    finder_intro=(
        "Boxes are grouped by MENACE's move number, as the coloured bands on the labels are. Every board has "
        "a box of its own, drawn as it lies on the table: never turn it. Within a group the pictures are in "
        "number order, which is the order of their squares read row by row from the top left: an empty "
        "square comes first, then O, then X (menace find BOARD gives the number). A move with many boxes "
        "is split by the board's top row, and every page says at the top which boxes it holds."
    ),
    find_box="Find the box whose picture is exactly the board on the table (every board has its own box).",
)

COUNTERS = Wording(
    finder_intro="Count the tokens left: the box with that number is MENACE's box.",
    one_level_heading="one box per number of tokens",
    first_move="first take",
    opening="the number of tokens the game's first player took",
    find_box="Take the box whose number is the number of tokens left.",
    bead_to_move="Its colour says how many tokens MENACE takes.",
    uneven="The colours are uneven because the smallest piles allow fewer takes.",
    how_to_play=(
        "Count the tokens left in the pile and take the box with that number. Draw a bead: its colour says "
        "how many tokens MENACE takes. Boxes have no orientation, so the top mark only keeps the labels tidy."
    ),
    one_left="only one take is allowed, so take it for MENACE.",
)

# Several heaps: a box is found by its picture, the heaps smallest first, and a bead names a heap by its size.
HEAPS = Wording(
    finder_intro=(
        "Each picture shows the heaps smallest first, a row per heap; a faint ring is a token already taken. "
        "Which heap is which does not matter: find the picture with the same heaps as the game. Boxes are "
        "in order of the tokens left, fewest first (menace find HEAPS does it for you)."
    ),
    one_level_heading="one box per set of heaps",
    first_move="first take",
    opening="how many the game's first player took, and from the heap of which size",
    find_box="Find the box whose picture shows the same heaps as the game, in any order.",
    bead_to_move="Its colour says how many tokens MENACE takes, and from the heap of which size.",
    uneven="The colours are uneven because small heaps allow fewer takes, and big heaps run down.",
    how_to_play=(
        "Find the box whose picture shows the heaps as they are now, in any order. Draw a bead: its colour "
        "says how many tokens MENACE takes and from the heap of which size (two heaps of that size are "
        "the same move: take from either). Boxes have no orientation, so the top mark only keeps the "
        "labels tidy."
    ),
    one_left="only one take is allowed, so take it for MENACE.",
)


# A board whose pieces move from square to square (Hexapawn's pawns): each move is an arrow.
ARROWS = Wording(
    finder_intro=(
        "Boxes are grouped by MENACE's move number, as the coloured bands on the labels are. White's pawns "
        "are drawn light, Black's dark, with White's side at the bottom of every picture, as on the table "
        "seen from White's chair. A real game may be the mirror image of a picture (left and right "
        "swapped): then that picture's box is the one (menace find BOARD does it for you)."
    ),
    one_level_heading="one box per position",
    first_move="first move",
    opening="the opening move, as b1-b2",
    find_box=(
        "Find the box whose picture matches the pawns on the table, or matches them when left and "
        "right are swapped."
    ),
    bead_to_move="MENACE makes the move of the arrow of that colour on the picture.",
    uneven=(
        "The colours are uneven because a colour stands for one pawn move, and some moves are "
        "possible in more positions than others."
    ),
    how_to_play=None,  # the legend's pawn diagram and mirror example show it
    one_left="only one move is possible, so make it for MENACE.",
)


def moves_are_arrows(game: Game[Any, Any]) -> bool:
    """Whether ``game``'s pieces move from cell to cell, so that the kit draws its moves as arrows."""
    return any(game.move_mark(move).origin is not None for move in game.legal_moves(game.initial()))


@cache
def wording_for(game: Game[Any, Any]) -> Wording:
    """The wording for the way ``game`` pictures its positions (the start position's picture says)."""
    start = game.picture(game.initial().position)
    return PAPER_WORDS.of(start).wording(game, start)


def arrows_note() -> str:
    """The legend's note on how to read a label whose moves are arrows."""
    return _(
        "The picture: the position when MENACE must move, White's pawns light and Black's dark. Each "
        "arrow is a move that gets beads, in its bead's colour, with the colour's letter on it."
    )


def beads(count: int) -> str:
    """'1 bead', '3 beads'."""
    return n_("{count} bead", "{count} beads", count).format(count=number(count))


def tokens(count: int) -> str:
    """'1 token', '9 tokens'."""
    return n_("{count} token", "{count} tokens", count).format(count=count)


def each(count: int, *, short: bool = False) -> str:
    """A label's starting beads: '4 beads each', '1 bead each', or '3 each' where room is short."""
    if short:
        return _("{count} each").format(count=count)
    return n_("{count} bead each", "{count} beads each", count).format(count=count)


def caption(picture: Picture) -> str | None:
    """What a label says a counters picture shows, beside its bead count ("9 tokens", "heaps 0, 1, 3");
    None for a board."""
    return PAPER_WORDS.of(picture).caption(picture)


def picture_note(picture: Picture) -> str:
    """The legend's note on how to read a label's picture."""
    return PAPER_WORDS.of(picture).note(picture)


@dataclass(frozen=True)
class PaperWords:
    """How the documents word one kind of picture (kit.picture says how to add a kind)."""

    wording: Callable[[Game[Any, Any], Any], Wording]  # for a game whose start position looks like this
    caption: Callable[[Any], str | None]  # beside a label's bead count; None: the picture says it all
    note: Callable[[Any], str]  # the legend's note on how to read a label's picture


def _board_wording(game: Game[Any, Any], start: Grid) -> Wording:
    if moves_are_arrows(game):
        return ARROWS
    return BOARD if len(game.symmetries) > 1 else RAW_BOARD


def _board_note(board: Grid) -> str:
    return _(
        "The picture: the position on the board when MENACE must move. A dot sits on every square "
        "that gets beads, in that square's colour, with the colour's letter inside."
    )


def _heaps_wording(game: Game[Any, Any], start: Heaps) -> Wording:
    return HEAPS if len(start.tokens) > 1 else COUNTERS


def _heaps_caption(heaps: Heaps) -> str:
    if len(heaps.tokens) > 1:
        return _("heaps {sizes}").format(sizes=", ".join(map(str, heaps.tokens)))
    return tokens(sum(heaps.tokens))


def _heaps_note(heaps: Heaps) -> str:
    if len(heaps.tokens) > 1:
        return _(
            "The counters: the heaps when MENACE must move, a row per heap, smallest first; a faint "
            "ring is a token already taken. The dots are the takes this box allows, each with its "
            "colour's letter."
        )
    left = sum(heaps.tokens)
    return n_(
        "The counters: {count} token is left in the pile. The dots are the takes this box "
        "allows, each with its colour's letter.",
        "The counters: {count} tokens are left in the pile. The dots are the takes this box "
        "allows, each with its colour's letter.",
        left,
    ).format(count=left)


PAPER_WORDS: ByKind[PaperWords] = ByKind("wording on paper")
PAPER_WORDS.register(Grid, PaperWords(_board_wording, lambda board: None, _board_note))
PAPER_WORDS.register(Heaps, PaperWords(_heaps_wording, _heaps_caption, _heaps_note))


# --- a grid's cells in words: from the grid's rows and columns, so any board gets names -------------
# The names are made in English and translated whole ("top left corner"), so a language orders them as
# it must; a board larger than 3 x 3 ("row 2 left") has no translations yet and stays in English.
def cell_name(grid: Grid, cell: int) -> str:
    """'top left', 'middle right', 'centre'."""
    return _(_cell_name(grid, cell))


def _cell_name(grid: Grid, cell: int) -> str:
    row, column = _row_word(grid, cell), _column_word(grid, cell)
    return "centre" if row == column == "middle" else f"{row} {column}"


def cell_place(grid: Grid, cell: int) -> str:
    """'top left corner', 'top edge', 'centre': where the cell lies on the board."""
    return _(_cell_place(grid, cell))


def _cell_place(grid: Grid, cell: int) -> str:
    row, column = _row_word(grid, cell), _column_word(grid, cell)
    on_row_edge, on_column_edge = row in ("top", "bottom"), column in ("left", "right")
    if on_row_edge and on_column_edge:
        return f"{row} {column} corner"
    if on_row_edge or on_column_edge:
        return f"{row if on_row_edge else column} edge"
    return _cell_name(grid, cell)


def _row_word(grid: Grid, cell: int) -> str:
    return _word(cell // grid.columns, grid.rows, ("top", "middle", "bottom"), "row")


def _column_word(grid: Grid, cell: int) -> str:
    return _word(cell % grid.columns, grid.columns, ("left", "middle", "right"), "column")


def _word(index: int, count: int, words: tuple[str, str, str], noun: str) -> str:
    if index == 0:
        return words[0]
    if index == count - 1:
        return words[2]
    if 2 * index == count - 1:
        return words[1]
    return f"{noun} {index + 1}"


def orbit_name(grid: Grid, cells: tuple[int, ...]) -> str:
    """A group of cells that turns and flips carry onto each other, in words: 'centre', 'corners', 'edges'."""
    if len(cells) == 1:
        return cell_name(grid, cells[0])
    return _(_cell_place(grid, cells[0]).split()[-1] + "s")
