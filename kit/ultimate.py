"""Ultimate tic-tac-toe: nine local noughts-and-crosses boards in a 3 x 3 board of boards.

X moves first. A move puts the mover's mark in an empty cell of a local board that is not finished;
the cell's place in its local board sends the opponent to the local board in the same place (the top
right cell sends them to the top right board). When that board is finished (won, or full), the
opponent may play in any board that is not finished. Three in a line in a local board wins that board
and closes it; three won local boards in a line win the game. When every local board is finished
without such a line the game is a draw (local boards are not counted).

Cells are written as on the whole 9 x 9 grid: a column a-i (left to right) and a row 1-9 (top to
bottom), so e5 is the centre of the centre board. A move's code is 9 * board + cell, board and cell
each 0-8 in reading order. A position is X's marks and O's marks as 81-bit boards (bit = code), the
board the next move must be in (-1: any), and, kept up to date move by move so that MCTS's random
playouts need not look at every local board after every move, the sets of local boards won by X, won
by O, and finished (9 bits each).

There is no matchbox kit: a position is 81 cells, each X, O or empty, and the board to play in (one of
nine, or any), so there are at most 10 x 3^81 (about 4.4 x 10^39) of them; no exact count is known to
us. Noughts and crosses needs 304 boxes.
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
from kit.tictactoe import LINES

ANY = -1  # the next move may be in any board that is not finished
FILES = "abcdefghi"
MARKS = ("X", "O")
EMPTY = "."
FULL = 0x1FF  # a local board's nine cells
_LINE_MASKS = tuple(sum(1 << cell for cell in line) for line in LINES)
# Whether nine cells' marks hold a line, for every set of cells: looked up for every local board.
THREE = tuple(any(marks & line == line for line in _LINE_MASKS) for marks in range(512))
BOARD_WORDS = (
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

# (X's marks, O's marks, the board to play in or ANY, boards X won, boards O won, boards finished)
Position = tuple[int, int, int, int, int, int]
Move = int  # 9 * board + cell


def grid_square(move: Move) -> int:
    """The move's square on the 9 x 9 grid, 0-80 in reading order."""
    board, cell = divmod(move, 9)
    return (board // 3 * 3 + cell // 3) * 9 + board % 3 * 3 + cell % 3


def move_at(square: int) -> Move:
    """The move that plays on the grid's square ``square`` (0-80 in reading order)."""
    row, column = divmod(square, 9)
    return (row // 3 * 3 + column // 3) * 9 + row % 3 * 3 + column % 3


def square_name(move: Move) -> str:
    """'e5' for the centre cell of the centre board."""
    row, column = divmod(grid_square(move), 9)
    return f"{FILES[column]}{row + 1}"


# _EMPTY_CELLS[board][marks]: the moves into the empty cells of ``board`` when ``marks`` are its taken cells.
_EMPTY_CELLS = tuple(
    tuple(tuple(9 * board + cell for cell in range(9) if not marks >> cell & 1) for marks in range(512))
    for board in range(9)
)


def local_boards(x: int, o: int) -> tuple[int, int, int]:
    """(boards X won, boards O won, boards finished) as 9-bit sets of boards."""
    x_won = o_won = finished = 0
    for board in range(9):
        xs, os_ = x >> 9 * board & FULL, o >> 9 * board & FULL
        if THREE[xs]:
            x_won |= 1 << board
        elif THREE[os_]:
            o_won |= 1 << board
        elif xs | os_ != FULL:
            continue
        finished |= 1 << board
    return x_won, o_won, finished


class UltimateTicTacToe(Game[Position, Move]):
    name = "ultimate"
    player_names = ("X", "O")
    default_rules = ""  # no matchbox kit, so no rules preset
    default_palette = ""
    no_matchbox_kit = PositionCount(
        10 * 3**81, "81 cells X, O or empty, times 10 choices of the board to play in", "at most"
    )

    @property
    def title(self) -> str:
        return _("Ultimate tic-tac-toe")

    def rules_summary(self) -> str:
        return _(
            "Nine noughts-and-crosses boards make one big board. X moves first. Where you play in a "
            "small board sends your opponent to the small board in the same place; if that board is "
            "won or full they may play anywhere. Three in a row wins a small board; three small "
            "boards in a row win the game."
        )

    def initial(self) -> State[Position]:
        return State((0, 0, ANY, 0, 0, 0), FIRST)

    def whose_turn(self, position: Position) -> int:
        return 0 if position[0].bit_count() == position[1].bit_count() else 1

    def legal_moves(self, state: State[Position]) -> tuple[Move, ...]:
        x, o, active, x_won, o_won, finished = state.position
        if THREE[x_won] or THREE[o_won] or finished == FULL:
            return ()
        taken = x | o
        if active != ANY:
            return _EMPTY_CELLS[active][taken >> 9 * active & FULL]
        moves: tuple[Move, ...] = ()
        for board in range(9):
            if not finished >> board & 1:
                moves += _EMPTY_CELLS[board][taken >> 9 * board & FULL]
        return moves

    def outcome(self, state: State[Position]) -> Outcome | None:
        x_won, o_won, finished = state.position[3:]
        if THREE[x_won]:
            return Outcome(FIRST)
        if THREE[o_won]:
            return Outcome(1 - FIRST)
        return Outcome(None) if finished == FULL else None

    def apply(self, state: State[Position], move: Move) -> State[Position]:
        x, o, _, x_won, o_won, finished = state.position
        board, target = divmod(move, 9)
        if state.to_move == FIRST:
            x |= 1 << move
            if THREE[x >> 9 * board & FULL]:
                x_won |= 1 << board
                finished |= 1 << board
        else:
            o |= 1 << move
            if THREE[o >> 9 * board & FULL]:
                o_won |= 1 << board
                finished |= 1 << board
        if (x | o) >> 9 * board & FULL == FULL:
            finished |= 1 << board
        active = ANY if finished >> target & 1 else target
        return State((x, o, active, x_won, o_won, finished), 1 - state.to_move)

    def illegal_reason(self, state: State[Position], move: Move) -> str:
        if self.outcome(state) is not None:
            return _("the game is over")
        x, o, active = state.position[:3]
        board = move // 9
        if (x | o) >> move & 1:
            why = _("{square} is taken: choose one of {choices}")
        elif active != ANY and board != active:
            why = _("you must play in the {board} board: choose one of {choices}")
        else:
            why = _("the {board} board is finished: choose one of {choices}")
        where = _(BOARD_WORDS[active if active != ANY and board != active else board])
        return why.format(
            square=square_name(move),
            board=where,
            choices=", ".join(map(square_name, self.legal_moves(state))),
        )

    def longest_game(self) -> int:
        return 81

    # --- text ---------------------------------------------------------------------------------------
    def position_text(self, position: Position) -> str:
        """Nine rows of the 9 x 9 grid (X, O or '.'), top first, apart by '/'; then a space and the board to
        play in, 1-9 in reading order, or 'any'."""
        marks = self._marks(position)
        rows = "/".join(marks[row * 9 : (row + 1) * 9] for row in range(9))
        active = position[2]
        return f"{rows} {'any' if active == ANY else active + 1}"

    def parse_position(self, text: str) -> Position:
        grid, _space, board = text.strip().upper().partition(" ")
        cells = grid.replace("/", "").replace("0", "O").replace("-", EMPTY)
        if len(cells) != 81 or set(cells) - {*MARKS, EMPTY} or board.strip() not in {"ANY", *"123456789"}:
            raise InvalidPositionError(
                _(
                    "{text!r} is not a position: give 9 rows of 9 cells X, O or '.', top first, apart by "
                    "'/', "
                    "then a space and the board to play in (1-9 or any)"
                ).format(text=text)
            )
        x = sum(1 << move_at(square) for square, mark in enumerate(cells) if mark == "X")
        o = sum(1 << move_at(square) for square, mark in enumerate(cells) if mark == "O")
        if x.bit_count() - o.bit_count() not in (0, 1):
            raise InvalidPositionError(
                _(
                    "{board} cannot happen in play: X moves first, so X has as many marks as O or one more"
                ).format(board=repr(text))
            )
        active = ANY if board.strip() == "ANY" else int(board) - 1
        x_won, o_won, finished = local_boards(x, o)
        if active != ANY and finished >> active & 1:
            raise InvalidPositionError(
                _("{text!r} cannot happen in play: board {number} is finished").format(
                    text=text, number=active + 1
                )
            )
        return x, o, active, x_won, o_won, finished

    def parse_move(self, text: str) -> Move:
        """A cell as a column a-i and a row 1-9 of the whole grid ('e5' is the centre)."""
        word = text.strip().lower()
        if len(word) == 2 and word[0] in FILES and word[1] in "123456789":
            return move_at((int(word[1]) - 1) * 9 + FILES.index(word[0]))
        raise InvalidMoveError(
            _("{text!r} is not a cell: type a column a-i and a row 1-9, as e5 (a1 is the top left)").format(
                text=text.strip()
            )
        )

    def move_text(self, move: Move, notation: str = "numbers") -> str:
        return square_name(move)

    def move_phrase(self, move: Move, notation: str = "numbers") -> str:
        board, cell = divmod(move, 9)
        return _("plays {square} ({cell} of the {board} board)").format(
            square=square_name(move), cell=_(BOARD_WORDS[cell]), board=_(BOARD_WORDS[board])
        )

    def move_prompt(self, state: State[Position]) -> str:
        active = state.position[2]
        if active == ANY:
            return _("Opponent's move (a cell such as e5, in any board not finished; * marks the legal ones)")
        return _("Opponent's move (a cell such as e5, in the {board} board; * marks the legal ones)").format(
            board=_(BOARD_WORDS[active])
        )

    def move_from_code(self, code: int) -> Move:
        return code

    # --- pictures -----------------------------------------------------------------------------------
    def picture(self, position: Position) -> Grid:
        marks = tuple(mark.replace(EMPTY, "") for mark in self._marks(position))
        return Grid(9, 9, marks, row_names=tuple("123456789"), column_names=tuple(FILES), block=3)

    def move_mark(self, move: Move) -> MoveMark:
        return MoveMark(grid_square(move), square_name(move))

    def needs_box(self, state: State[Position], menace: int) -> bool:
        return False  # no matchbox kit

    @staticmethod
    def _marks(position: Position) -> str:
        """The 81 cells in reading order of the whole grid."""
        x, o = position[:2]
        moves = [move_at(square) for square in range(81)]
        return "".join("X" if x >> m & 1 else "O" if o >> m & 1 else EMPTY for m in moves)
