"""Known answers: exact probabilities by enumerating the game tree, and the engine's own policies
matching them within six standard errors (fixed seeds, so a run cannot flake)."""
from __future__ import annotations

from fractions import Fraction
from functools import cache

import numpy as np
import pytest

from kit.games import get_game
from kit.players import parse_player
from kit.solver import ideal_move, perfect_moves
from tracker.sim.players import Policy
from tracker.sim.population import play_round
from tracker.sim.tables import game_tables

GAMES = 200_000


def _strategy(game, kind):
    def moves(state):
        legal = game.legal_moves(state)
        if kind == "random":
            return legal
        if kind == "perfect":
            return perfect_moves(game, state)
        return (ideal_move(game, state),)

    return moves


def exact(game_name, first, second):
    """(P(first player wins), P(draw)) by walking every line of play with its probability."""
    game = get_game(game_name)
    strategies = (_strategy(game, first), _strategy(game, second))

    @cache
    def value(state):
        outcome = game.outcome(state)
        if outcome is not None:
            return (Fraction(outcome.winner == 0), Fraction(outcome.winner is None))
        moves = strategies[state.to_move](state)
        children = [value(game.play(state, m)) for m in moves]
        return tuple(sum(c[i] for c in children) / len(moves) for i in range(2))

    return value(game.initial())


def simulated(game_name, first, second, seed):
    gt = game_tables(game_name)
    players = Policy(gt, parse_player(first)), Policy(gt, parse_player(second))
    result = play_round(gt, *players, GAMES, np.random.default_rng(seed))
    return (result == 1).mean(), (result == 0).mean()


def within(observed, p, sigmas=6):
    return abs(observed - p) <= sigmas * np.sqrt(p * (1 - p) / GAMES) + 1e-12


@pytest.mark.parametrize("first, second, wins, published", [
    ("ideal", "random", Fraction(8, 9), 0.8889),  # facts.md: best play vs uniform random, 8/9
    ("perfect", "random", Fraction(47, 54), None),  # ties at random: at 9 tokens (lost) any take
    ("random", "random", Fraction(370, 729), 0.5075),
    ("random", "perfect", Fraction(0), 0.0),
])
def test_nim(first, second, wins, published):
    computed = exact("nim", first, second)[0]  # from kit.solver's players, walking every line of play
    assert computed == wins
    if published is not None:
        assert round(float(computed), 4) == published
    assert within(simulated("nim", first, second, seed=11)[0], float(wins))


def test_tictactoe_random_vs_random():
    wins, draws = exact("tictactoe", "random", "random")
    assert round(float(wins), 3) == 0.585 and round(float(draws), 3) == 0.127
    sim_wins, sim_draws = simulated("tictactoe", "random", "random", seed=12)
    assert within(sim_wins, float(wins)) and within(sim_draws, float(draws))


def test_perfect_never_loses_at_tictactoe():
    gt = game_tables("tictactoe")
    rng = np.random.default_rng(13)
    perfect, random = Policy(gt, parse_player("perfect")), Policy(gt, parse_player("random"))
    as_first = play_round(gt, perfect, random, GAMES, rng)
    as_second = play_round(gt, random, perfect, GAMES, rng)
    assert (as_first >= 0).all() and (as_second <= 0).all()
    assert (as_first == 1).mean() > 0.9  # and it does win against random
