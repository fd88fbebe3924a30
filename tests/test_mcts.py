"""The MCTS player: UCT as the course plays it, checked where the answer is known exactly."""
from __future__ import annotations

import random

import pytest

from kit.game import State
from kit.games import GAMES, get_game
from kit.match import play_game
from kit.mcts import MctsPlayer, search
from kit.players import RandomPlayer, make_player, parse_player


@pytest.mark.parametrize("seed", range(5))
def test_it_takes_an_immediate_win(ttt, seed):
    # X wins at once on square 3 (index 2); 6 (index 5) would only threaten.
    assert MctsPlayer(ttt, 300).choose(State("XX.OO....", 0), random.Random(seed)) == 2


@pytest.mark.parametrize("seed", range(5))
@pytest.mark.parametrize("state", [State("OO..X...X", 0), State("XX..O....", 1)])
def test_it_blocks_an_immediate_loss(ttt, state, seed):
    assert MctsPlayer(ttt, 300).choose(state, random.Random(seed)) == 2


@pytest.mark.parametrize("tokens", [2, 3, 4, 6, 7, 8])
def test_on_nim_it_takes_the_best_take_from_a_won_count(nim, tokens):
    assert MctsPlayer(nim, 2000).choose(State(tokens, 0), random.Random(tokens)) == nim.best_take(tokens)


def test_plays_and_wins_back_up_from_the_mover_s_side_with_half_a_win_for_a_draw(ttt):
    # One empty square: every iteration ends in the same finished game.
    draw = search(ttt, State("XOXXOOOX.", 0), 4, 1.0, random.Random(0))
    win = search(ttt, State("XOXOXO.O.", 0), 6, 1.0, random.Random(0))
    assert [(c.move, c.plays, c.wins) for c in draw.children] == [(8, 4, 2.0)]
    assert draw.plays == 4
    # X wins on square 9 (index 8) and on 7 (index 6): each child's wins are all of its plays.
    assert sorted(c.move for c in win.children) == [6, 8]
    assert all(c.wins == c.plays for c in win.children) and sum(c.plays for c in win.children) == 6


def test_reproducible_from_the_rng(ttt):
    state = State("X...O....", 0)

    def tree(seed):
        root = search(ttt, state, 500, 1.0, random.Random(seed))
        return [(c.move, c.plays, c.wins) for c in root.children]

    assert tree(7) == tree(7)
    assert tree(7) != tree(8)


@pytest.mark.parametrize("name", list(GAMES))
def test_it_plays_every_registered_game_legally(name):
    game = get_game(name)
    rng = random.Random(1)
    for side in (0, 1):
        players = [RandomPlayer(game), RandomPlayer(game)]
        players[side] = make_player(parse_player("mcts:30"), game)  # play_game refuses an illegal move
        play_game(game, players, rng)


def test_the_spec_parses_back():
    assert str(parse_player("mcts:5000")) == "mcts:5000"
    assert str(parse_player(" mcts:200:1.4")) == "mcts:200:1.4"
    assert parse_player("mcts:200:1.4").explore == 1.4
