"""Four-in-a-row's rules, checked against a plain two-dimensional version written here from the rules."""

from __future__ import annotations

import random

import pytest

from kit.game import IllegalMoveError, InvalidMoveError, InvalidPositionError, State
from kit.games import get_game

GAME = get_game("connect4")
COLUMNS, ROWS = 7, 6


# --- an independent version: a list of columns, each its discs from the bottom --------------------
def plain_winner(columns: list[list[str]]) -> str | None:
    """The mark with four in a line, by looking at every cell and direction."""

    def at(column: int, row: int) -> str | None:
        if 0 <= column < COLUMNS and 0 <= row < len(columns[column]):
            return columns[column][row]
        return None

    for column in range(COLUMNS):
        for row in range(len(columns[column])):
            mark = columns[column][row]
            for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
                if all(at(column + dc * i, row + dr * i) == mark for i in range(4)):
                    return mark
    return None


def plain_moves(columns: list[list[str]]) -> list[int]:
    if plain_winner(columns) is not None:
        return []
    return [c for c in range(COLUMNS) if len(columns[c]) < ROWS]


def plain_perft(columns: list[list[str]], mark: str, depth: int) -> int:
    if depth == 0:
        return 1
    total = 0
    for column in plain_moves(columns):
        columns[column].append(mark)
        total += plain_perft(columns, "O" if mark == "X" else "X", depth - 1)
        columns[column].pop()
    return total


def perft(state: State, depth: int) -> int:
    if depth == 0:
        return 1
    return sum(perft(GAME.apply(state, move), depth - 1) for move in GAME.legal_moves(state))


def test_perft_agrees_with_the_plain_version_and_with_seven_to_the_n():
    counts = [perft(GAME.initial(), depth) for depth in range(1, 6)]
    assert counts == [plain_perft([[] for _ in range(COLUMNS)], "X", d) for d in range(1, 6)]
    assert counts == [7, 49, 343, 2401, 16807]  # nobody can win before the 7th disc


def test_a_win_ends_the_game_so_perft_has_no_replies_after_it():
    # X has three in a row at the bottom: of X's 7 moves, column 4 makes four and O has no reply.
    state = State(GAME.parse_position("......./......./......./......./OOO..../XXX...."), 0)
    columns = [["X", "O"], ["X", "O"], ["X", "O"], [], [], [], []]
    assert perft(state, 1) == 7
    assert perft(state, 2) == plain_perft(columns, "X", 2) == 6 * 7


def test_random_games_agree_with_the_plain_version_move_by_move():
    rng = random.Random(3)
    for _ in range(300):
        state, columns = GAME.initial(), [[] for _ in range(COLUMNS)]
        while True:
            assert list(GAME.legal_moves(state)) == plain_moves(columns)
            outcome = GAME.outcome(state)
            winner = plain_winner(columns)
            full = all(len(c) == ROWS for c in columns)
            if outcome is None:
                assert winner is None and not full
                move = rng.choice(GAME.legal_moves(state))
                columns[move].append("XO"[state.to_move])
                state = GAME.apply(state, move)
                continue
            assert outcome.winner == (None if winner is None else "XO".index(winner))
            assert winner is not None or full
            break


@pytest.mark.parametrize(
    "board, winner",
    [
        ("......./......./......./......./OOO..../XXXX...", 0),  # across the bottom
        ("......./......./O....../O....../O....../OXX.X.X", 1),  # up column 1
        ("......./......./...X.../..XO.../.XOO.../XXOX..O", 0),  # a diagonal up to the right
        ("......./......./O....../XO...../XXO..../XXOO...", 1),  # a diagonal down to the right
        ("...X.../...X.../...X.../...O.../...O.../...O...", None),  # not four: three and three
    ],
)
def test_lines_of_four(board, winner):
    x, o = GAME.parse_position(board)
    outcome = GAME.outcome(State((x, o), GAME.whose_turn((x, o))))
    assert (None if outcome is None else outcome.winner) == winner


def test_a_line_does_not_wrap_from_the_top_of_one_column_to_the_bottom_of_the_next():
    # X on top of column 1 and at the bottom three of column 2: adjacent bits without the guard bit.
    board = "X....../O....../X....../OX....O/XX....O/OX....O"
    state = State(GAME.parse_position(board), 1)
    assert GAME.outcome(state) is None


def test_a_full_board_without_four_is_a_draw():
    # Columns in pairs of XXXOOO / OOOXXX, shifted so that no line of four forms.
    board = "OXOXOXO/OXOXOXO/XOXOXOX/XOXOXOX/OXOXOXO/XOXOXOX".replace("/", "")
    rows = [board[i : i + 7] for i in range(0, 42, 7)]
    columns = [[rows[5 - r][c] for r in range(ROWS)] for c in range(COLUMNS)]
    assert plain_winner(columns) is None
    outcome = GAME.outcome(State(GAME.parse_position("/".join(rows)), 0))
    assert outcome is not None and outcome.winner is None


def test_a_full_column_is_refused_with_the_columns_left():
    state = State(GAME.parse_position("X....../O....../X....../O....../X....../O......"), 0)
    assert 0 not in GAME.legal_moves(state)
    with pytest.raises(IllegalMoveError, match="^column 1 is full: choose one of 2, 3, 4, 5, 6, 7$"):
        GAME.play(state, 0)


@pytest.mark.parametrize("text", ["0", "8", "a", "", "12"])
def test_a_column_is_typed_1_to_7(text):
    with pytest.raises(InvalidMoveError, match="type a column number 1-7"):
        GAME.parse_move(text)
    assert GAME.parse_move(" 4 ") == 3 and GAME.move_text(3) == "4"


@pytest.mark.parametrize(
    "text, why",
    [
        ("......./......./......./......./OOOO.../XXXX..X", "the player to move has four in a row"),
        ("X......", "not a board"),
        ("X....../......./......./......./......./.......", "floats"),
        ("......./......./......./......./......./XX.....", "X moves first"),
    ],
)
def test_impossible_boards_are_refused(text, why):
    with pytest.raises(InvalidPositionError, match=why):
        GAME.parse_position(text)


def test_position_text_is_the_board_from_the_top():
    state = GAME.apply(GAME.apply(GAME.initial(), 3), 3)
    assert GAME.position_text(state.position) == "......./......./......./......./...O.../...X..."
    assert GAME.picture(state.position).marks[-4] == "X"
