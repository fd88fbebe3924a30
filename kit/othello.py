"""Othello: 8 x 8, Black moves first from the standard start (d5 and e4 Black, d4 and e5 White).

A move places a disc so that it brackets one or more lines of the opponent's discs between it and
another disc of the mover's, and turns them over. A player with no such move passes (the pass is a
move, "pass", legal only then, so turns always alternate); the game ends when neither player can move,
and the one with more discs wins (equal: a draw).

Squares are written as players write them: a file a-h (left to right) and a rank 1-8 (top to bottom),
so the opening moves are d3, c4, f5 and e6. A square's code is 8 * (rank - 1) + file, 0-63 in reading
order; the pass is 64. A position is a pair of bitboards (Black's discs, White's), bit = the square's
code, so finding and making moves is a few shifts per direction: MCTS plays thousands of random games
a move through this module.

There is no matchbox kit: Othello has about 10^28 legal positions (L. V. Allis, "Searching for
Solutions in Games and Artificial Intelligence", 1994, section 6.3), where noughts and crosses needs
304 boxes.
"""

from __future__ import annotations

from functools import lru_cache

from kit.game import (
    FIRST,
    Game,
    InvalidMoveError,
    InvalidPositionError,
    Outcome,
    PositionCount,
    State,
)
from kit.i18n import _
from kit.picture import Grid, MoveMark

SIZE = 8
PASS = 64
FILES = "abcdefgh"
MARKS = ("B", "W")
EMPTY = "."
_ALL = (1 << 64) - 1
_INNER = 0x7E7E7E7E7E7E7E7E  # files b-g: a run along a row or diagonal never wraps round the board's edge
# Each direction's shift (taken both ways) and which of the other's discs a run may pass over.
_RUNS = ((1, _INNER), (8, _ALL), (7, _INNER), (9, _INNER))
START = (1 << 28 | 1 << 35, 1 << 27 | 1 << 36)  # Black on e4, d5; White on d4, e5

Position = tuple[int, int]  # (Black's discs, White's discs)
Square = int  # 0-63, or PASS


def move_bits(mover: int, other: int) -> int:
    """The empty squares where ``mover`` may place a disc, as a bitboard (unrolled: the hot path)."""
    found = 0
    for shift, inner in _RUNS:
        over = other & inner
        run = over & (mover << shift)
        run |= over & (run << shift)
        run |= over & (run << shift)
        run |= over & (run << shift)
        run |= over & (run << shift)
        run |= over & (run << shift)  # a run of the other's discs is at most six long
        found |= run << shift
        run = over & (mover >> shift)
        run |= over & (run >> shift)
        run |= over & (run >> shift)
        run |= over & (run >> shift)
        run |= over & (run >> shift)
        run |= over & (run >> shift)
        found |= run >> shift
    return found & _ALL & ~(mover | other)


def flips(mover: int, other: int, square: int) -> int:
    """The other's discs that a disc of ``mover``'s on ``square`` turns over."""
    turned = 0
    placed = 1 << square
    for shift, inner in _RUNS:
        over = other & inner
        line, step = 0, over & (placed << shift)
        while step:
            line |= step
            step = over & (step << shift)
        if (line << shift) & mover:  # the square after the run holds the mover's disc
            turned |= line
        line, step = 0, over & (placed >> shift)
        while step:
            line |= step
            step = over & (step >> shift)
        if (line >> shift) & mover:
            turned |= line
    return turned


# _BYTE_SQUARES[k][byte]: the squares of the bits set in byte ``byte`` of a bitboard's byte ``k``.
_BYTE_SQUARES = tuple(
    tuple(tuple(8 * k + j for j in range(8) if byte >> j & 1) for byte in range(256)) for k in range(8)
)


def squares_of(bits: int) -> tuple[int, ...]:
    """The codes of a bitboard's squares, ascending (a byte at a time, by table: the hot path)."""
    found: tuple[int, ...] = ()
    for k, byte in enumerate(bits.to_bytes(8, "little")):
        if byte:
            found += _BYTE_SQUARES[k][byte]
    return found


@lru_cache(maxsize=1 << 16)
def _legal(black: int, white: int, to_move: int) -> tuple[Square, ...]:
    """The legal moves; a random playout asks for them and for the outcome of the same state."""
    mover, other = (black, white) if to_move == FIRST else (white, black)
    mine = move_bits(mover, other)
    if mine:
        return squares_of(mine)
    return (PASS,) if move_bits(other, mover) else ()


def square_name(square: Square) -> str:
    """'d3' for code 19; 'pass' for the pass."""
    if square == PASS:
        return "pass"
    rank, file = divmod(square, SIZE)
    return f"{FILES[file]}{rank + 1}"


class Othello(Game[Position, Square]):
    name = "othello"
    player_names = ("Black", "White")
    default_rules = ""  # no matchbox kit, so no rules preset
    default_palette = ""
    no_matchbox_kit = PositionCount(10**28, "L. V. Allis, 1994", "about")

    @property
    def title(self) -> str:
        return _("Othello")

    def rules_summary(self) -> str:
        return _(
            "Black and White take turns to place a disc of their colour on the 8 x 8 board, Black "
            "first. A disc must trap one or more lines of the opponent's discs between it and one of "
            "your own; the trapped discs turn over to your colour. With no such move you pass. The "
            "game ends when neither player can move: the one with more discs wins."
        )

    def initial(self) -> State[Position]:
        return State(START, FIRST)

    def legal_moves(self, state: State[Position]) -> tuple[Square, ...]:
        black, white = state.position
        return _legal(black, white, state.to_move)

    def outcome(self, state: State[Position]) -> Outcome | None:
        black, white = state.position
        if _legal(black, white, state.to_move):
            return None
        discs = black.bit_count() - white.bit_count()
        return Outcome(None if discs == 0 else FIRST if discs > 0 else 1 - FIRST)

    def apply(self, state: State[Position], move: Square) -> State[Position]:
        black, white = state.position
        if move == PASS:
            return State((black, white), 1 - state.to_move)
        if state.to_move == FIRST:
            turned = flips(black, white, move)
            return State((black | turned | 1 << move, white & ~turned), 1)
        turned = flips(white, black, move)
        return State((black & ~turned, white | turned | 1 << move), 0)

    def illegal_reason(self, state: State[Position], move: Square) -> str:
        moves = self.legal_moves(state)
        if not moves:
            return _("the game is over")
        choices = ", ".join(square_name(m) for m in moves)
        black, white = state.position
        if move == PASS:
            why = _("you can only pass when you have no move: choose one of {choices}")
        elif (black | white) >> move & 1:
            why = _("{square} is taken: choose one of {choices}")
        elif moves == (PASS,):
            why = _("you have no move, so you pass: choose one of {choices}")
        else:
            why = _("a disc on {square} turns nothing over: choose one of {choices}")
        return why.format(square=square_name(move), choices=choices)

    def longest_game(self) -> int:
        return 2 * (SIZE * SIZE - 4)  # 60 discs to place, and at most a pass before each

    # --- text ---------------------------------------------------------------------------------------
    def position_text(self, position: Position) -> str:
        """Eight ranks of eight squares B, W or '.', rank 1 (the top) first, apart by '/'."""
        marks = self._marks(position)
        return "/".join(marks[rank * SIZE : (rank + 1) * SIZE] for rank in range(SIZE))

    def parse_position(self, text: str) -> Position:
        board = text.strip().upper().replace("/", "").replace("-", EMPTY)
        if len(board) != SIZE * SIZE or set(board) - {*MARKS, EMPTY}:
            raise InvalidPositionError(
                _(
                    "{text!r} is not a board: give 8 ranks of 8 squares B, W or '.', rank 1 (top) first, "
                    "apart by '/'"
                ).format(text=text)
            )
        if any(board[square] == EMPTY for square in (27, 28, 35, 36)):
            raise InvalidPositionError(
                _("{text!r} cannot happen in play: the four centre squares start full").format(text=text)
            )
        black = sum(1 << i for i, mark in enumerate(board) if mark == "B")
        white = sum(1 << i for i, mark in enumerate(board) if mark == "W")
        return black, white

    def parse_move(self, text: str) -> Square:
        """A square as a file a-h and a rank 1-8 ('d3'), or 'pass'."""
        word = text.strip().lower()
        if word == "pass":
            return PASS
        if len(word) == 2 and word[0] in FILES and word[1] in "12345678":
            return (int(word[1]) - 1) * SIZE + FILES.index(word[0])
        raise InvalidMoveError(
            _(
                "{text!r} is not a square: type a file a-h and a rank 1-8, as d3 (a1 is the top left), or "
                "pass"
            ).format(text=text.strip())
        )

    def move_text(self, move: Square, notation: str = "numbers") -> str:
        return square_name(move)

    def move_phrase(self, move: Square, notation: str = "numbers") -> str:
        return _("passes") if move == PASS else _("plays {square}").format(square=square_name(move))

    def move_prompt(self, state: State[Position]) -> str:
        if self.legal_moves(state) == (PASS,):
            return _("Opponent's move (no move: type pass)")
        return _("Opponent's move (a square such as d3; * marks the legal ones)")

    def move_from_code(self, code: int) -> Square:
        return code

    # --- pictures -----------------------------------------------------------------------------------
    def picture(self, position: Position) -> Grid:
        marks = tuple(mark.replace(EMPTY, "") for mark in self._marks(position))
        black, white = position
        return Grid(
            SIZE,
            SIZE,
            marks,
            row_names=tuple("12345678"),
            column_names=tuple(FILES),
            caption=f"Black {black.bit_count()} discs, White {white.bit_count()}",
        )

    def move_mark(self, move: Square) -> MoveMark:
        return MoveMark(None if move == PASS else move, square_name(move))

    def needs_box(self, state: State[Position], menace: int) -> bool:
        return False  # no matchbox kit

    @staticmethod
    def _marks(position: Position) -> str:
        black, white = position
        return "".join(
            "B" if black >> i & 1 else "W" if white >> i & 1 else EMPTY for i in range(SIZE * SIZE)
        )
