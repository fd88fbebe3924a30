"""Gardner's Hexapawn: three pawns a side on a 3x3 board; White (HIM) moves first, Black (HER) second.

A position is nine characters W, B or '.', row by row from the top left: the top row is rank 3 (Black's
home row), the bottom row rank 1 (White's), files a-c left to right, so the start is "BBB...WWW".
A pawn moves one square forward onto an empty square, or one square diagonally forward onto an enemy
pawn, which it captures. A player wins by reaching the far row, by capturing every enemy pawn, or when
the opponent, to move, has no move. Nobody can pass and every move advances a pawn, so there are no draws.

A move is a pawn's step from one square to another (cells 0-8 in reading order from the top left),
written as people say it: "b1-b2" (a step forward), "a2xb3" (a capture), or with the squares numbered
1-9 in reading order: "8-5". Its code is from * 9 + to.

The board alone says whose turn it is: none of the 135 boards reachable from the start occurs with both
players to move, nor after different numbers of moves (``_reachable`` checks it when first asked). So
``whose_turn`` and MENACE's move number are read from that walk, and a board it never meets is refused
as one that cannot happen in play.
"""

from __future__ import annotations

from functools import cache, cached_property
from typing import NamedTuple

from kit.game import (
    FIRST,
    SECOND,
    Game,
    InvalidMoveError,
    InvalidPositionError,
    Outcome,
    State,
    Transform,
)
from kit.i18n import _
from kit.picture import Grid, MoveMark

EMPTY = "."
PAWNS = ("W", "B")  # by player: White moves first
FORWARD = (-3, 3)  # White moves up the board (towards row 0), Black down
FAR_ROW = ((0, 1, 2), (6, 7, 8))  # the row each player wins by reaching
FILES = "abc"
START = "BBB...WWW"
# Spellings people type for a board; normalised to W, B and '.'.
_SPELLINGS = str.maketrans({"-": ".", "_": ".", " ": ".", "w": "W", "b": "B"})
_MIRROR = (2, 1, 0, 5, 4, 3, 8, 7, 6)  # the left-right mirror: cell i goes to _MIRROR[i]

Board = str


class PawnMove(NamedTuple):
    """A pawn's step from cell ``start`` to cell ``end`` (0-8 in reading order from the top left)."""

    start: int
    end: int


def square_name(cell: int) -> str:
    """'a1' for the bottom left cell (6), 'c3' for the top right (2)."""
    row, column = divmod(cell, 3)
    return f"{FILES[column]}{3 - row}"


def parse_square(text: str) -> int:
    """The cell written as a file and rank ('b2') or as a square number 1-9 in reading order; raises
    InvalidMoveError."""
    if len(text) == 2 and text[0] in FILES and text[1] in "123":
        return (3 - int(text[1])) * 3 + FILES.index(text[0])
    if len(text) == 1 and text in "123456789":
        return int(text) - 1
    raise InvalidMoveError(
        _("{text!r} is not a square: write a file a-c and a rank 1-3 (b2), or 1-9").format(text=text)
    )


class Hexapawn(Game[Board, PawnMove]):
    name = "hexapawn"
    player_names = ("White", "Black")
    default_rules = "gardner"
    # Colours per box: four at most, where one per move needed twelve; neither black nor white, which
    # vanish on the pawns (hexapawn-four, the default before, keeps them for the kits printed with it).
    default_palette = "hexapawn-clear"
    plain_code_palette = "hexapawn-craft"  # the default of the kits printed before
    default_menace_plays = "second"  # Gardner's HER, the preset the kit defaults to, played second
    notations = ("numbers", "algebraic")
    can_draw = False  # nobody can pass, and a player who cannot move has lost

    @property
    def title(self) -> str:
        return _("Hexapawn")

    def initial(self) -> State[Board]:
        return State(START, FIRST)

    def whose_turn(self, position: Board) -> int | None:
        found = _reachable().get(position)
        return None if found is None else found[0]

    def legal_moves(self, state: State[Board]) -> tuple[PawnMove, ...]:
        if _outcome(state.position, state.to_move) is not None:
            return ()
        return _pawn_moves(state.position, state.to_move)

    def outcome(self, state: State[Board]) -> Outcome | None:
        return _outcome(state.position, state.to_move)

    def apply(self, state: State[Board], move: PawnMove) -> State[Board]:
        return State(_moved(state.position, move), 1 - state.to_move)

    def illegal_reason(self, state: State[Board], move: PawnMove) -> str:
        if self.outcome(state) is not None:
            return _("the game is over")
        choices = ", ".join(self.move_text(m, "algebraic") for m in self.legal_moves(state))
        start, end = square_name(move.start), square_name(move.end)
        white = state.to_move == FIRST
        if state.position[move.start] != PAWNS[state.to_move]:
            missing = (
                _("there is no White pawn on {start}: choose one of {choices}")
                if white
                else _("there is no Black pawn on {start}: choose one of {choices}")
            )
            return missing.format(start=start, choices=choices)
        stuck = (
            _("White's pawn on {start} cannot go to {end}: choose one of {choices}")
            if white
            else _("Black's pawn on {start} cannot go to {end}: choose one of {choices}")
        )
        return stuck.format(start=start, end=end, choices=choices)

    # --- text ---------------------------------------------------------------------------------------
    def parse_position(self, text: str) -> Board:
        board = text.strip().translate(_SPELLINGS).replace("/", "")
        if len(board) != 9 or set(board) - {*PAWNS, EMPTY}:
            raise InvalidPositionError(
                _(
                    "{text!r} is not a board: give 9 characters W, B or '.', row by row from Black's side"
                ).format(text=text)
            )
        if board not in _reachable():
            raise InvalidPositionError(
                _("{board} cannot happen in play from the start {start}").format(board=board, start=START)
            )
        return board

    def parse_move(self, text: str) -> PawnMove:
        """A move typed as two squares, by file and rank or by number, apart by '-', 'x' or nothing:
        "b1-b2", "a2xb3", "b1b2", "8-5"."""
        word = text.strip().lower().replace(" ", "")
        for separator in ("-", "x", ":"):
            if separator in word:
                start, _separator, end = word.partition(separator)
                break
        else:
            half = len(word) // 2
            start, end = word[:half], word[half:]
        try:
            return PawnMove(parse_square(start), parse_square(end))
        except InvalidMoveError:
            raise InvalidMoveError(
                _(
                    "{text!r} is not a move: type the pawn's square and where it goes, as b1-b2 or a2xb3 "
                    "(files a-c, ranks 1-3 from White's side)"
                ).format(text=text.strip())
            ) from None

    def move_text(self, move: PawnMove, notation: str = "numbers") -> str:
        if notation == "algebraic":
            capture = move.start % 3 != move.end % 3
            return f"{square_name(move.start)}{'x' if capture else '-'}{square_name(move.end)}"
        return f"{move.start + 1}-{move.end + 1}"

    def move_phrase(self, move: PawnMove, notation: str = "numbers") -> str:
        capture = move.start % 3 != move.end % 3
        phrase = (
            _("captures {move} (squares {start} to {end})")
            if capture
            else _("moves {move} (squares {start} to {end})")
        )
        return phrase.format(move=self.move_text(move, "algebraic"), start=move.start + 1, end=move.end + 1)

    def move_prompt(self, state: State[Board]) -> str:
        return _("Opponent's move (as b1-b2 or a2xb3)")

    def move_code(self, move: PawnMove) -> int:
        return move.start * 9 + move.end

    def move_from_code(self, code: int) -> PawnMove:
        return PawnMove(*divmod(code, 9))

    def rules_summary(self) -> str:
        """The rules for a kit's rules card (the printed kit states them once kit.game asks for them)."""
        return _(
            "Three White pawns start on the bottom row, three Black pawns on the top row; White moves "
            "first. A pawn moves one square straight forward onto an empty square, or one square "
            "diagonally forward onto an enemy pawn, which it captures. You win by reaching the far row, "
            "by capturing every enemy pawn, or when your opponent, to move, has no move."
        )

    # --- pictures -----------------------------------------------------------------------------------
    def picture(self, position: Board) -> Grid:
        marks = tuple("" if mark == EMPTY else mark for mark in position)
        return Grid(3, 3, marks, row_names=("3", "2", "1"), column_names=tuple(FILES))

    def move_mark(self, move: PawnMove) -> MoveMark:
        # An arrow from the pawn to where it lands: two captures can land on one square.
        return MoveMark(move.end, self.move_text(move, "algebraic"), origin=move.start)

    # --- symmetry and boxes -------------------------------------------------------------------------
    @cached_property
    def symmetries(self) -> tuple[Transform[Board, PawnMove], ...]:
        def mirror_board(board: Board) -> Board:
            return "".join(board[_MIRROR[cell]] for cell in range(9))

        def mirror_move(move: PawnMove) -> PawnMove:
            return PawnMove(_MIRROR[move.start], _MIRROR[move.end])

        identity = Transform[Board, PawnMove]("identity", "as printed", lambda b: b, lambda m: m)
        mirror = Transform("mirror", "flipped left to right (mirror image)", mirror_board, mirror_move)
        return (identity, mirror)

    def canonical_key(self, position: Board) -> object:
        return position

    def needs_box(self, state: State[Board], menace: int) -> bool:
        # As in Gardner's kit, a position with one legal move still gets a box: its one bead is the
        # move MENACE is punished for when that move loses.
        return state.to_move == menace and self.outcome(state) is None

    def menace_move_number(self, state: State[Board]) -> int | None:
        found = _reachable().get(state.position)
        return None if found is None else found[1] // 2 + 1

    def box_order(self, position: Board) -> object:
        return position


def _pawn_moves(board: Board, player: int) -> tuple[PawnMove, ...]:
    """The moves of ``player``'s pawns, by rule alone (whether the game is over is not asked)."""
    pawn, enemy, step = PAWNS[player], PAWNS[1 - player], FORWARD[player]
    moves = []
    for start, mark in enumerate(board):
        ahead = start + step
        if mark != pawn or not 0 <= ahead < 9:
            continue
        for end in (ahead - 1, ahead, ahead + 1):
            if end // 3 != ahead // 3:
                continue  # a diagonal off the board's side
            if (end == ahead and board[end] == EMPTY) or (end != ahead and board[end] == enemy):
                moves.append(PawnMove(start, end))
    return tuple(moves)


@cache
def _outcome(board: Board, to_move: int) -> Outcome | None:
    for player in (FIRST, SECOND):
        enemy = PAWNS[1 - player]
        if any(board[cell] == PAWNS[player] for cell in FAR_ROW[player]) or enemy not in board:
            return Outcome(player)
    if not _pawn_moves(board, to_move):
        return Outcome(1 - to_move)  # stalemated: the player who just moved wins
    return None


def _moved(board: Board, move: PawnMove) -> Board:
    cells = list(board)
    cells[move.end], cells[move.start] = cells[move.start], EMPTY
    return "".join(cells)


@cache
def _reachable() -> dict[Board, tuple[int, int]]:
    """Every board reachable from the start: the player to move and the plies played, each unique."""
    found = {START: (FIRST, 0)}
    frontier = [START]
    while frontier:
        following = []
        for board in frontier:
            to_move, ply = found[board]
            if _outcome(board, to_move) is not None:
                continue
            for move in _pawn_moves(board, to_move):
                child, reached = _moved(board, move), (1 - to_move, ply + 1)
                if child not in found:
                    found[child] = reached
                    following.append(child)
                elif found[child] != reached:
                    raise AssertionError(f"{child} is reached both as {found[child]} and as {reached}")
        frontier = following
    return found
