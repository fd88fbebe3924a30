"""Four-in-a-row (Connect Four): 7 columns of 6, discs fall to the lowest empty cell, four in a line wins.

X moves first, then O. A move is a column, 0-6 from the left; people see it as 1-7. The game ends at
four of one player's discs in a row, column or diagonal (that player wins) or at a full board (a draw).

A position is a pair of bitboards (X's discs, O's discs), the layout Pascal Pons' solver uses: bit
``7 * column + row`` is the cell ``row`` up from the bottom of ``column``, and each column's seventh bit
stays empty, so a shift never carries a line from one column into the next. MCTS grows a fresh tree
every move through this module, so its operations are a few integer operations each.

There is no matchbox kit: 4,531,985,219,092 positions can occur in play (John Tromp's count, 2008),
where noughts and crosses needs 304 boxes.
"""

from __future__ import annotations

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

COLUMNS, ROWS = 7, 6
HEIGHT = ROWS + 1  # bits per column: six cells and the empty guard bit
MARKS = ("X", "O")
EMPTY = "."
COLUMN_MASK = (1 << ROWS) - 1
FULL = sum(COLUMN_MASK << (HEIGHT * column) for column in range(COLUMNS))
TOP = tuple(1 << (HEIGHT * column + ROWS - 1) for column in range(COLUMNS))
TOPS = sum(TOP)
# The open columns for every way the top row can be filled, keyed by its discs: one lookup per move.
_OPEN = {
    sum(TOP[c] for c in range(COLUMNS) if full >> c & 1): tuple(
        c for c in range(COLUMNS) if not full >> c & 1
    )
    for full in range(1 << COLUMNS)
}
_DIRECTIONS = (1, HEIGHT, HEIGHT - 1, HEIGHT + 1)  # up a column, along a row, the two diagonals
_WINS = (Outcome(FIRST), Outcome(1 - FIRST))
_DRAW = Outcome(None)

Position = tuple[int, int]  # (X's discs, O's discs) as bitboards
Column = int


def four_in_a_row(discs: int) -> bool:
    """Whether the bitboard holds four discs in a line."""
    for shift in _DIRECTIONS:
        pairs = discs & (discs >> shift)
        if pairs & (pairs >> 2 * shift):
            return True
    return False


def cell_bit(column: int, row: int) -> int:
    """The bit of the cell ``row`` up from the bottom (0) of ``column``."""
    return 1 << (HEIGHT * column + row)


class ConnectFour(Game[Position, Column]):
    name = "connect4"
    player_names = ("X", "O")
    default_rules = ""  # no matchbox kit, so no rules preset
    default_palette = ""
    no_matchbox_kit = PositionCount(4_531_985_219_092, "John Tromp's count of legal positions")

    @property
    def title(self) -> str:
        return _("Four-in-a-row")

    def rules_summary(self) -> str:
        return _(
            "Two players take turns to drop a disc into one of the 7 columns of an upright 7 x 6 "
            "board; it falls to the lowest empty cell. X moves first. Four of your discs in a line "
            "(across, up or diagonally) wins; a full board without one is a draw."
        )

    def initial(self) -> State[Position]:
        return State((0, 0), FIRST)

    def whose_turn(self, position: Position) -> int:
        return 0 if position[0].bit_count() == position[1].bit_count() else 1

    # Only the player who has just moved can have four in a row: parse_position refuses any other board.
    def legal_moves(self, state: State[Position]) -> tuple[Column, ...]:
        x, o = state.position
        if four_in_a_row(o if state.to_move == FIRST else x):
            return ()
        return _OPEN[(x | o) & TOPS]

    def outcome(self, state: State[Position]) -> Outcome | None:
        x, o = state.position
        if four_in_a_row(o if state.to_move == FIRST else x):
            return _WINS[1 - state.to_move]
        return _DRAW if x | o == FULL else None

    def apply(self, state: State[Position], move: Column) -> State[Position]:
        x, o = state.position
        shift = HEIGHT * move
        # The column's discs are its low bits; adding one sets the bit just above them.
        disc = (((x | o) >> shift & COLUMN_MASK) + 1) << shift
        if state.to_move == FIRST:
            return State((x | disc, o), 1)
        return State((x, o | disc), 0)

    def illegal_reason(self, state: State[Position], move: Column) -> str:
        if self.outcome(state) is None and 0 <= move < COLUMNS:
            free = ", ".join(self.move_text(m) for m in self.legal_moves(state))
            return _("column {number} is full: choose one of {free}").format(number=move + 1, free=free)
        return super().illegal_reason(state, move)

    def longest_game(self) -> int:
        return COLUMNS * ROWS

    # --- text ---------------------------------------------------------------------------------------
    def position_text(self, position: Position) -> str:
        """Six rows of seven cells X, O or '.', from the top row down, apart by '/'."""
        return "/".join(
            "".join(self._mark(position, column, row) for column in range(COLUMNS))
            for row in reversed(range(ROWS))
        )

    def parse_position(self, text: str) -> Position:
        rows = text.strip().upper().replace("0", "O").replace("-", EMPTY).split("/")
        if len(rows) == 1 and len(rows[0]) == COLUMNS * ROWS:
            rows = [rows[0][i : i + COLUMNS] for i in range(0, COLUMNS * ROWS, COLUMNS)]
        if len(rows) != ROWS or any(len(row) != COLUMNS or set(row) - {*MARKS, EMPTY} for row in rows):
            raise InvalidPositionError(
                _(
                    "{text!r} is not a board: give 6 rows of 7 cells X, O or '.', top row first, apart by '/'"
                ).format(text=text)
            )
        x = o = 0
        for row_from_top, cells in enumerate(rows):
            for column, mark in enumerate(cells):
                bit = cell_bit(column, ROWS - 1 - row_from_top)
                if mark == "X":
                    x |= bit
                elif mark == "O":
                    o |= bit
        columns = ((x | o) >> HEIGHT * column & COLUMN_MASK for column in range(COLUMNS))
        # Discs fill a column from the bottom: its bits are ones from bit 0 up, so adding one carries.
        if any(discs & (discs + 1) for discs in columns):
            raise InvalidPositionError(
                _("{text!r} cannot happen in play: a disc floats above an empty cell").format(text=text)
            )
        if x.bit_count() - o.bit_count() not in (0, 1):
            raise InvalidPositionError(
                _(
                    "{text!r} cannot happen in play: X moves first, so X has as many discs as O or one more"
                ).format(text=text)
            )
        if four_in_a_row(x if self.whose_turn((x, o)) == FIRST else o):
            raise InvalidPositionError(
                _(
                    "{text!r} cannot happen in play: the player to move has four in a row, so the game ended "
                    "before their opponent's last move"
                ).format(text=text)
            )
        return x, o

    def parse_move(self, text: str) -> Column:
        """A column typed as 1-7 from the left."""
        word = text.strip()
        if len(word) == 1 and word in "1234567":
            return int(word) - 1
        raise InvalidMoveError(
            _("{text!r} is not a column: type a column number 1-7 (1 is the left)").format(text=word)
        )

    def move_text(self, move: Column, notation: str = "numbers") -> str:
        return str(move + 1)

    def move_phrase(self, move: Column, notation: str = "numbers") -> str:
        return _("drops a disc in column {number}").format(number=move + 1)

    def move_prompt(self, state: State[Position]) -> str:
        return _("Opponent's move (column 1-7)")

    def move_from_code(self, code: int) -> Column:
        return code

    # --- pictures -----------------------------------------------------------------------------------
    def picture(self, position: Position) -> Grid:
        marks = tuple(
            self._mark(position, column, row).replace(EMPTY, "")
            for row in reversed(range(ROWS))
            for column in range(COLUMNS)
        )
        return Grid(ROWS, COLUMNS, marks, column_names=tuple(str(c + 1) for c in range(COLUMNS)))

    def move_mark(self, move: Column) -> MoveMark:
        return MoveMark(None, f"column {move + 1}")  # the cell a disc lands in depends on the position

    def needs_box(self, state: State[Position], menace: int) -> bool:
        return False  # no matchbox kit

    @staticmethod
    def _mark(position: Position, column: int, row: int) -> str:
        bit = cell_bit(column, row)
        return "X" if position[0] & bit else "O" if position[1] & bit else EMPTY
