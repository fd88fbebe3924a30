"""Othello's rules: perft against the published counts, a square-by-square version written here from the
rules for random games, and the pass and end rules."""

from __future__ import annotations

import random

import pytest

from kit.game import IllegalMoveError, InvalidMoveError, InvalidPositionError, State
from kit.games import get_game
from kit.othello import PASS

GAME = get_game("othello")
STEPS = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0)]


def perft(state: State, depth: int) -> int:
    if depth == 0:
        return 1
    return sum(perft(GAME.apply(state, move), depth - 1) for move in GAME.legal_moves(state))


def test_perft_from_the_start_is_the_published_4_12_56_244_1396():
    assert [perft(GAME.initial(), depth) for depth in range(1, 6)] == [4, 12, 56, 244, 1396]


def test_the_opening_moves_are_d3_c4_f5_e6():
    assert [GAME.move_text(m) for m in GAME.legal_moves(GAME.initial())] == ["d3", "c4", "f5", "e6"]


# --- an independent version: a dict of squares, walking each direction step by step --------------
Cell = tuple[int, int]


def plain_flips(board: dict[Cell, str], mover: str, row: int, column: int) -> list[Cell]:
    if board[row, column] != ".":
        return []
    other = "W" if mover == "B" else "B"
    turned = []
    for dr, dc in STEPS:
        line, r, c = [], row + dr, column + dc
        while board.get((r, c)) == other:
            line.append((r, c))
            r, c = r + dr, c + dc
        if line and board.get((r, c)) == mover:
            turned += line
    return turned


def plain_board(state: State) -> dict[Cell, str]:
    rows = GAME.position_text(state.position).split("/")
    return {(r, c): rows[r][c] for r in range(8) for c in range(8)}


def test_random_games_agree_with_the_plain_version_move_by_move():
    rng = random.Random(5)
    passes = 0
    for _ in range(25):
        state = GAME.initial()
        while True:
            board, mover = plain_board(state), "BW"[state.to_move]
            other = "W" if mover == "B" else "B"
            mine = [r * 8 + c for (r, c) in sorted(board) if plain_flips(board, mover, r, c)]
            theirs = [1 for (r, c) in board if plain_flips(board, other, r, c)]
            expected = tuple(mine) if mine else (PASS,) if theirs else ()
            assert GAME.legal_moves(state) == expected
            if not expected:
                black, white = list(board.values()).count("B"), list(board.values()).count("W")
                winner = None if black == white else 0 if black > white else 1
                assert GAME.outcome(state).winner == winner
                break
            assert GAME.outcome(state) is None
            move = rng.choice(expected)
            after = GAME.apply(state, move)
            if move == PASS:
                passes += 1
                assert after.position == state.position and after.to_move != state.to_move
            else:
                row, column = divmod(move, 8)
                board_after = plain_board(after)
                for square in [(row, column), *plain_flips(board, mover, row, column)]:
                    board[square] = mover
                assert board_after == board
            state = after
    assert passes > 0  # the random games met the pass rule


def test_a_player_with_no_move_passes_and_only_then():
    # Met in a random game: White, to move, can bracket no Black line; Black can.
    board = "......../BW...W.B/BW...WWB/BWWWWWWB/BBBWWWWB/BWBWBBWB/.WWWWWWB/.WWWBBBB"
    white_to_move = State(GAME.parse_position(board), 1)
    assert GAME.legal_moves(white_to_move) == (PASS,)
    assert GAME.outcome(white_to_move) is None
    passed = GAME.play(white_to_move, PASS)
    assert passed == State(white_to_move.position, 0)
    assert PASS not in GAME.legal_moves(passed) and GAME.legal_moves(passed)
    with pytest.raises(IllegalMoveError, match="^you have no move, so you pass: choose one of pass$"):
        GAME.play(white_to_move, GAME.parse_move("a1"))


def test_passing_with_a_move_to_play_is_refused():
    with pytest.raises(IllegalMoveError, match="^you can only pass when you have no move: choose one of d3"):
        GAME.play(GAME.initial(), PASS)
    with pytest.raises(IllegalMoveError, match="^a disc on a1 turns nothing over"):
        GAME.play(GAME.initial(), GAME.parse_move("a1"))
    with pytest.raises(IllegalMoveError, match="^d4 is taken"):
        GAME.play(GAME.initial(), GAME.parse_move("d4"))


@pytest.mark.parametrize(
    "board, winner",
    [
        ("BBBBBBBB/" * 4 + "WWWWWWWW/" * 4, None),  # 32 each: a draw
        ("BBBBBBBB/" * 5 + "WWWWWWWW/" * 3, 0),
        ("W......./......../......../...WW.../...WW.../......../......../........", 1),  # Black wiped out
    ],
)
def test_the_game_ends_when_neither_can_move_and_more_discs_win(board, winner):
    state = State(GAME.parse_position(board.rstrip("/")), 0)
    assert GAME.legal_moves(state) == ()
    assert GAME.outcome(state).winner == winner


def test_squares_are_written_as_players_write_them():
    assert GAME.parse_move(" D3 ") == 19 and GAME.move_text(19) == "d3"
    assert GAME.parse_move("pass") == PASS and GAME.move_phrase(PASS) == "passes"
    for text in ("i1", "d9", "d", "33", ""):
        with pytest.raises(InvalidMoveError, match="type a file a-h and a rank 1-8"):
            GAME.parse_move(text)
    with pytest.raises(InvalidPositionError, match="centre squares"):
        GAME.parse_position("......../" * 8)
