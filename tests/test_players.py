"""The solver and the computer players: best play with quick wins, never losing, and the Nim ideal take."""

from __future__ import annotations

import random

import pytest

from kit.game import State
from kit.players import PerfectPlayer, RandomPlayer
from kit.solver import DRAW, ideal_move, perfect_moves, solve


def test_the_empty_board_is_a_draw_and_every_opening_keeps_it(ttt):
    assert solve(ttt, ttt.initial())[0] == DRAW
    assert perfect_moves(ttt, ttt.initial()) == tuple(range(9))


def test_perfect_takes_the_quickest_win(ttt):
    # X can win at once on square 2; square 6 wins only later.
    state = State("XX.OO....", 0)
    assert perfect_moves(ttt, state) == (2,)


def test_perfect_blocks(ttt):
    assert perfect_moves(ttt, State("OO..X...X", 0)) == (2,)
    assert perfect_moves(ttt, State("XX..O....", 1)) == (2,)
    # Here O is lost whatever it does (X forks next), so every move is as good as another.
    assert perfect_moves(ttt, State("X...X..O.", 1)) == (1, 2, 3, 5, 6, 8)


@pytest.mark.parametrize("perfect_side", [0, 1])
def test_perfect_never_loses_to_random(ttt, perfect_side):
    rng = random.Random(perfect_side)
    for _ in range(300):
        state = ttt.initial()
        while ttt.outcome(state) is None:
            chooser = PerfectPlayer(ttt) if state.to_move == perfect_side else RandomPlayer(ttt)
            state = ttt.play(state, chooser.choose(state, rng))
        assert ttt.outcome(state).winner in (None, perfect_side)


def test_nim_perfect_is_the_ideal_take_or_anything_when_lost(nim):
    for tokens in range(1, 10):
        moves = perfect_moves(nim, State(tokens, 0))
        best = nim.best_take(tokens)
        assert moves == ((best,) if best else nim.legal_moves(State(tokens, 0)))


def test_the_ideal_nim_player_takes_1_1_2_3_1_1_2_3_1(nim):
    assert [ideal_move(nim, State(tokens, 0)) for tokens in range(1, 10)] == [1, 1, 2, 3, 1, 1, 2, 3, 1]
