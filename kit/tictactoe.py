"""Noughts and crosses: X moves first; a position is nine characters X, O or '.', row by row."""
from __future__ import annotations

from functools import lru_cache

from kit import symmetry
from kit.game import FIRST, Game, InvalidPositionError, Outcome, State

EMPTY = "."
MARKS = ("X", "O")
LINES = (
    (0, 1, 2), (3, 4, 5), (6, 7, 8),
    (0, 3, 6), (1, 4, 7), (2, 5, 8),
    (0, 4, 8), (2, 4, 6),
)  # fmt: skip
# Spellings people type for an empty square; normalised to '.'.
_EMPTY_SPELLINGS = str.maketrans({"-": ".", "_": ".", " ": ".", "o": "O", "x": "X", "0": "O"})


def winner(board: str) -> str | None:
    """The mark with three in a line, or None."""
    for a, b, c in LINES:
        if board[a] != EMPTY and board[a] == board[b] == board[c]:
            return board[a]
    return None


class TicTacToe(Game):
    name = "tictactoe"
    title = "Noughts and crosses"
    player_names = ("X", "O")

    def initial(self) -> State:
        return State(EMPTY * 9, FIRST)

    def whose_turn(self, position: str) -> int:
        return position.count("X") - position.count("O")

    def legal_moves(self, state: State) -> tuple[int, ...]:
        return _legal_moves(state.position)

    def outcome(self, state: State) -> Outcome | None:
        return _outcome(state.position)

    def _apply(self, state: State, move: int) -> State:
        board = state.position
        return State(board[:move] + MARKS[state.to_move] + board[move + 1 :], 1 - state.to_move)

    def parse_position(self, text: str) -> str:
        board = text.strip().translate(_EMPTY_SPELLINGS).replace("/", "")
        if len(board) != 9 or set(board) - {"X", "O", EMPTY}:
            raise InvalidPositionError(
                f"{text!r} is not a board: give 9 characters X, O or '.', row by row from the top left"
            )
        xs, os_ = board.count("X"), board.count("O")
        if xs - os_ not in (0, 1):
            raise InvalidPositionError(
                f"{board} cannot happen in play: X moves first, so X has as many marks as O or one more"
            )
        last_mover = "X" if xs > os_ else "O"
        x_lines, o_lines = _lines_of(board, "X"), _lines_of(board, "O")
        finished_by = "X" if x_lines else "O" if o_lines else None
        if (x_lines and o_lines) or (finished_by and finished_by != last_mover) or not _one_move(
            x_lines or o_lines
        ):
            raise InvalidPositionError(f"{board} cannot happen in play: the game would have ended earlier")
        return board

    def canonical(self, position: str) -> tuple[str, symmetry.Symmetry | None]:
        return symmetry.canonical(position)

    def placements(self, representative: str, position: str) -> tuple[symmetry.Symmetry | None, ...]:
        return tuple(s for s in symmetry.GROUP if symmetry.transform(representative, s) == position)

    def map_move(self, move: int, sym: symmetry.Symmetry | None) -> int:
        return move if sym is None else sym.perm[move]

    def distinct_moves(self, state: State) -> tuple[int, ...]:
        return symmetry.distinct_squares(state.position, self.legal_moves(state))

    def needs_box(self, state: State, menace: int) -> bool:
        # A position with one empty square leaves MENACE no choice, so it has no box.
        return state.to_move == menace and len(self.legal_moves(state)) > 1

    def menace_move_number(self, state: State) -> int:
        return (9 - state.position.count(EMPTY)) // 2 + 1


# Remembered per board: a session asks these several times a move, and replaying a long log meets the
# same few hundred positions over and over. 5,478 positions are reachable; the bound only guards odd input.
@lru_cache(maxsize=8192)
def _outcome(board: str) -> Outcome | None:
    mark = winner(board)
    if mark is not None:
        return Outcome(MARKS.index(mark))
    if EMPTY not in board:
        return Outcome(None)
    return None


@lru_cache(maxsize=8192)
def _legal_moves(board: str) -> tuple[int, ...]:
    if _outcome(board) is not None:
        return ()
    return tuple(i for i, mark in enumerate(board) if mark == EMPTY)


def _lines_of(board: str, mark: str) -> list[tuple[int, int, int]]:
    return [line for line in LINES if all(board[i] == mark for i in line)]


def _one_move(lines: list[tuple[int, int, int]]) -> bool:
    """Whether one last move can have completed all these lines: they share a square."""
    return not lines or bool(set.intersection(*(set(line) for line in lines)))


