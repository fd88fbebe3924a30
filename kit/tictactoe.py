"""Noughts and crosses: X moves first; a position is nine characters X, O or '.', row by row.

Options: ``symmetry="none"`` gives a box to every raw board, as hobby programs and the Go MENACE blog
do (2,201 boxes moving first, 2,097 second, instead of 304 and 289); ``forced_boxes=True`` also gives a
box to a position with one empty square (the blog's forced last move: 2,423 raw boxes moving first).

A move is a square, 0-8 in reading order from the top left; people see it as 1-9 or as golf letters
(row then column, each L, M or R: "LM" is the top middle square).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cached_property, lru_cache
from typing import Any, ClassVar

from kit.game import (
    FIRST,
    Game,
    GameError,
    InvalidMoveError,
    InvalidPositionError,
    Outcome,
    State,
    Transform,
)
from kit.i18n import _
from kit.picture import Grid, MoveMark
from kit.symmetry import square_symmetries

EMPTY = "."
MARKS = ("X", "O")
LINES = (
    (0, 1, 2), (3, 4, 5), (6, 7, 8),
    (0, 3, 6), (1, 4, 7), (2, 5, 8),
    (0, 4, 8), (2, 4, 6),
)  # fmt: skip
GOLF = "LMR"  # row then column: L = top row / left column
# Spellings people type for an empty square; normalised to '.'.
_EMPTY_SPELLINGS = str.maketrans({"-": ".", "_": ".", " ": ".", "o": "O", "x": "X", "0": "O"})

SYMMETRY = ("full", "none")  # the board's eight symmetries fold positions together, or nothing does

Board = str
Square = int


def _choice(option: str, text: str, choices: tuple[str, ...]) -> str:
    if text not in choices:
        choose = _(" or ").join(choices)
        raise GameError(
            _("{option} {text!r}: choose {choices}").format(option=option, text=text, choices=choose)
        )
    return text


def winner(board: Board) -> str | None:
    """The mark with three in a line, or None."""
    for a, b, c in LINES:
        if board[a] != EMPTY and board[a] == board[b] == board[c]:
            return board[a]
    return None


def square_words(square: Square) -> str:
    """'top right', 'centre'."""
    return _(SQUARE_WORDS[square])


# Whole names, so that a language can order and inflect them as it must (kit.i18n).
SQUARE_WORDS = (
    "top left",
    "top middle",
    "top right",
    "middle left",
    "centre",
    "middle right",
    "bottom left",
    "bottom middle",
    "bottom right",
)


class TicTacToe(Game[Board, Square]):
    name = "tictactoe"
    player_names = ("X", "O")
    default_rules = "michie"
    default_palette = "craft"
    notations = ("numbers", "golf")

    option_parsers: ClassVar[dict[str, Callable[[str], Any] | None]] = {
        "symmetry": lambda text: _choice("--symmetry", text, SYMMETRY),
        "forced-boxes": None,
    }

    def __init__(self, symmetry: str = "full", forced_boxes: bool = False) -> None:
        _choice("--symmetry", symmetry, SYMMETRY)
        self.symmetry = symmetry
        self.forced_boxes = forced_boxes

    @property
    def title(self) -> str:
        if self.symmetry == "none":
            return _("Noughts and crosses, a box per board")
        return _("Noughts and crosses")

    @property
    def short_title(self) -> str:
        return _("Noughts and crosses")

    def options(self) -> dict[str, str]:
        chosen = {"symmetry": self.symmetry} if self.symmetry != "full" else {}
        return chosen | ({"forced-boxes": ""} if self.forced_boxes else {})

    def rules_summary(self) -> str:
        return _(
            "Two players take turns to put their mark in an empty square of the 3 x 3 board: X moves "
            "first, then O. Three of your marks in a row (across, down or diagonally) wins; a full "
            "board with no such row is a draw."
        )

    def initial(self) -> State[Board]:
        return _START

    def whose_turn(self, position: Board) -> int:
        return position.count("X") - position.count("O")

    def legal_moves(self, state: State[Board]) -> tuple[Square, ...]:
        return _legal_moves(state.position)

    def outcome(self, state: State[Board]) -> Outcome | None:
        return _outcome(state.position)

    def apply(self, state: State[Board], move: Square) -> State[Board]:
        return _child(state.position, move, state.to_move)

    def illegal_reason(self, state: State[Board], move: Square) -> str:
        if self.outcome(state) is None and 0 <= move < 9 and state.position[move] != EMPTY:
            free = ", ".join(self.move_text(m) for m in self.legal_moves(state))
            return _("square {number} ({name}) is taken: choose one of {free}").format(
                number=move + 1, name=square_words(move), free=free
            )
        return super().illegal_reason(state, move)

    # --- text ---------------------------------------------------------------------------------------
    def parse_position(self, text: str) -> Board:
        board = text.strip().translate(_EMPTY_SPELLINGS).replace("/", "")
        if len(board) != 9 or set(board) - {"X", "O", EMPTY}:
            raise InvalidPositionError(
                _(
                    "{text!r} is not a board: give 9 characters X, O or '.', row by row from the top left"
                ).format(text=text)
            )
        xs, os_ = board.count("X"), board.count("O")
        if xs - os_ not in (0, 1):
            raise InvalidPositionError(
                _(
                    "{board} cannot happen in play: X moves first, so X has as many marks as O or one more"
                ).format(board=board)
            )
        last_mover = "X" if xs > os_ else "O"
        x_lines, o_lines = _lines_of(board, "X"), _lines_of(board, "O")
        finished_by = "X" if x_lines else "O" if o_lines else None
        ended_earlier = (x_lines and o_lines) or (finished_by and finished_by != last_mover)
        if ended_earlier or not _one_move(x_lines or o_lines):
            raise InvalidPositionError(
                _("{board} cannot happen in play: the game would have ended earlier").format(board=board)
            )
        return board

    def parse_move(self, text: str) -> Square:
        """A square typed as 1-9 in reading order or as two letters L/M/R, row then column ('LM' = top
        middle)."""
        word = text.strip().upper().replace(" ", "")
        if len(word) == 1 and word in "123456789":
            return int(word) - 1
        if len(word) == 2 and word[0] in GOLF and word[1] in GOLF:
            return GOLF.index(word[0]) * 3 + GOLF.index(word[1])
        raise InvalidMoveError(
            _(
                "{text!r} is not a square: type 1-9 (reading order) or two letters L/M/R, row then column"
            ).format(text=text.strip())
        )

    def move_text(self, move: Square, notation: str = "numbers") -> str:
        if notation == "golf":
            return GOLF[move // 3] + GOLF[move % 3]
        return str(move + 1)

    def move_phrase(self, move: Square, notation: str = "numbers") -> str:
        if notation == "golf":
            return _("plays {code} ({name})").format(
                code=self.move_text(move, notation), name=square_words(move)
            )
        return _("plays square {number} ({name})").format(number=move + 1, name=square_words(move))

    def move_prompt(self, state: State[Board]) -> str:
        return _("Opponent's move (square 1-9)")

    def move_from_code(self, code: int) -> Square:
        return code

    def picture(self, position: Board) -> Grid:
        return Grid(3, 3, tuple("" if mark == EMPTY else mark for mark in position))

    def move_mark(self, move: Square) -> MoveMark:
        return MoveMark(move, _("square {number}").format(number=move + 1))

    # --- symmetry and boxes -------------------------------------------------------------------------
    @cached_property
    def symmetries(self) -> tuple[Transform[Board, Square], ...]:
        if self.symmetry == "none":
            return super().symmetries
        return tuple(
            Transform(p.name, p.description, p.text_mover(), p.perm.__getitem__) for p in square_symmetries(3)
        )

    def canonical_key(self, position: Board) -> object:
        return position  # the alphabetically smallest image, so '.' < 'O' < 'X'

    def needs_box(self, state: State[Board], menace: int) -> bool:
        # A position with one empty square leaves MENACE no choice, so it has no box unless asked for.
        moves = len(self.legal_moves(state))
        return state.to_move == menace and (moves > 1 or (self.forced_boxes and moves == 1))

    def menace_move_number(self, state: State[Board]) -> int:
        return (9 - state.position.count(EMPTY)) // 2 + 1

    def box_order(self, position: Board) -> object:
        return position


_START: State[Board] = State(EMPTY * 9, FIRST)  # one object for every game's start: states are immutable


# Remembered per board: a session asks these several times a move, and replaying a long log meets the
# same few hundred positions over and over. 5,478 positions are reachable; the bound only guards odd input.
@lru_cache(maxsize=8192)
def _outcome(board: Board) -> Outcome | None:
    mark = winner(board)
    if mark is not None:
        return Outcome(MARKS.index(mark))
    if EMPTY not in board:
        return Outcome(None)
    return None


@lru_cache(maxsize=8192)
def _legal_moves(board: Board) -> tuple[Square, ...]:
    if _outcome(board) is not None:
        return ()
    return tuple(i for i, mark in enumerate(board) if mark == EMPTY)


# 16,167 moves are reachable; remembering their children makes a simulated move a lookup, and hands out
# one State object per position, which a dict keyed by states then finds at once.
@lru_cache(maxsize=32768)
def _child(board: Board, move: Square, mover: int) -> State[Board]:
    return State(board[:move] + MARKS[mover] + board[move + 1 :], 1 - mover)


def _lines_of(board: Board, mark: str) -> list[tuple[int, int, int]]:
    return [line for line in LINES if all(board[i] == mark for i in line)]


def _one_move(lines: list[tuple[int, int, int]]) -> bool:
    """Whether one last move can have completed all these lines: they share a square."""
    return not lines or bool(set.intersection(*(set(line) for line in lines)))
