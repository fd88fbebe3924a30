"""Ultimate tic-tac-toe's rules, checked against a plain version written here from the rules (nine lists of
nine cells) and on hand-made positions: the sending rule, closed boards, the free choice, the end."""

from __future__ import annotations

import random

import pytest

from kit.game import IllegalMoveError, InvalidMoveError, InvalidPositionError, State
from kit.games import get_game
from kit.tictactoe import LINES

GAME = get_game("ultimate")


# --- an independent version: boards[b][c] is cell c of local board b, "" when empty ----------------
def three(cells: list[str], mark: str) -> bool:
    return any(all(cells[i] == mark for i in line) for line in LINES)


def closed(cells: list[str]) -> bool:
    return three(cells, "X") or three(cells, "O") or all(cells)


def plain_winner(boards: list[list[str]]) -> str | None:
    for mark in "XO":
        if three(["X" if three(b, "X") else "O" if three(b, "O") else "" for b in boards], mark):
            return mark
    return None


def plain_moves(boards: list[list[str]], active: int | None) -> list[int]:
    if plain_winner(boards) or all(closed(b) for b in boards):
        return []
    open_boards = [active] if active is not None else [b for b in range(9) if not closed(boards[b])]
    return [9 * b + c for b in open_boards for c in range(9) if not boards[b][c]]


def plain_perft(boards: list[list[str]], active: int | None, mark: str, depth: int) -> int:
    if depth == 0:
        return 1
    total = 0
    for move in plain_moves(boards, active):
        board, cell = divmod(move, 9)
        boards[board][cell] = mark
        total += plain_perft(
            boards, None if closed(boards[cell]) else cell, "O" if mark == "X" else "X", depth - 1
        )
        boards[board][cell] = ""
    return total


def perft(state: State, depth: int) -> int:
    if depth == 0:
        return 1
    return sum(perft(GAME.apply(state, move), depth - 1) for move in GAME.legal_moves(state))


def test_perft_agrees_with_the_plain_version():
    counts = [perft(GAME.initial(), depth) for depth in range(1, 5)]
    # The plain version is slow: three plies of it (the fourth, 55,080, is the game's alone).
    assert counts[:3] == [plain_perft([[""] * 9 for _ in range(9)], None, "X", d) for d in range(1, 4)]
    # 81 openings; 9 replies each except the 9 openings into a cell that sends O back to the same board
    # (8 replies there): 72 * 9 + 9 * 8 = 720.
    assert counts == [81, 720, 6336, 55080]


def test_random_games_agree_with_the_plain_version_move_by_move():
    rng = random.Random(9)
    for _ in range(40):
        state, boards, active = GAME.initial(), [[""] * 9 for _ in range(9)], None
        while True:
            assert list(GAME.legal_moves(state)) == plain_moves(boards, active)
            outcome = GAME.outcome(state)
            if outcome is None:
                move = rng.choice(GAME.legal_moves(state))
                board, cell = divmod(move, 9)
                boards[board][cell] = "XO"[state.to_move]
                active = None if closed(boards[cell]) else cell
                state = GAME.apply(state, move)
                continue
            winner = plain_winner(boards)
            assert outcome.winner == (None if winner is None else "XO".index(winner))
            break


def test_a_move_sends_the_opponent_to_the_board_in_the_same_place():
    after = GAME.play(GAME.initial(), GAME.parse_move("c1"))  # top right cell of the top left board
    assert after.position[2] == 2
    assert {GAME.move_text(m) for m in GAME.legal_moves(after)} == {
        f"{column}{row}" for column in "ghi" for row in "123"
    }
    with pytest.raises(IllegalMoveError, match="^you must play in the top right board: choose one of g1, h1"):
        GAME.play(after, GAME.parse_move("e5"))


def position(rows: list[str], active: str) -> tuple[int, int, int]:
    return GAME.parse_position("/".join(rows) + " " + active)


def test_a_won_board_is_closed_and_sending_there_frees_the_choice():
    # X has won the top left board (a1 b1 c1).
    rows = [
        "XXX.O....",
        ".........",
        ".........",
        ".........",
        "......O..",
        ".........",
        ".........",
        ".........",
        ".........",
    ]
    # O moves in the centre board's top left cell (d4), which sends X to the top left board: won, so any.
    state = State(position(rows, "5"), 1)
    after = GAME.play(state, GAME.parse_move("d4"))
    assert after.position[2] == -1
    legal = GAME.legal_moves(after)
    assert not any(move // 9 == 0 for move in legal)  # the won board is closed
    assert len(legal) == 81 - 9 - 3  # every empty cell of the other boards
    with pytest.raises(IllegalMoveError, match="^the top left board is finished"):
        GAME.play(after, GAME.parse_move("a2"))


def test_three_won_boards_in_a_line_win_the_game_and_a_full_grid_without_them_is_a_draw():
    # X has won the three boards down the left (three in column a of each); X to have just moved.
    rows = [
        "X..OO....",
        "X.....O..",
        "X........",
        "X..O.....",
        "X.....O..",
        "X..O.....",
        "X....O...",
        "X........",
        "X.......O",
    ]
    won = State(position(rows, "any"), 1)
    assert GAME.outcome(won).winner == 0 and GAME.legal_moves(won) == ()
    # Every local board a drawn noughts-and-crosses board, XOX / XOO / OXX or the same with X and O swapped.
    local = (("XOX", "XOO", "OXX"), ("OXO", "OXX", "XOO"))
    rows = ["".join(local[(r // 3 * 3 + column) % 2][r % 3] for column in range(3)) for r in range(9)]
    drawn = State(position(rows, "any"), 1)
    assert GAME.outcome(drawn).winner is None and GAME.legal_moves(drawn) == ()


def test_cells_are_written_on_the_whole_grid():
    assert GAME.move_text(GAME.parse_move("E5")) == "e5" and GAME.parse_move("e5") == 4 * 9 + 4
    assert GAME.move_phrase(GAME.parse_move("c1")) == "plays c1 (top right of the top left board)"
    for text in ("j1", "a0", "a10", "55", ""):
        with pytest.raises(InvalidMoveError, match="type a column a-i and a row 1-9"):
            GAME.parse_move(text)
    with pytest.raises(InvalidPositionError, match="board 1 is finished"):
        position(["XXX.O....", "......O..", *["........."] * 7], "1")
