"""Known answers: exact probabilities by enumerating the game tree; the kit's fixed players, through the
one match loop, and the engines' MENACE at its first game (a fresh Nim MENACE holds as many beads of every
take, so it plays at random) match them within six standard errors (fixed seeds, so a run cannot flake)."""

from __future__ import annotations

import random
from fractions import Fraction
from functools import cache

import numpy as np
import pytest

from kit.games import game_from_spec, get_game
from kit.match import play_game
from kit.players import make_player, parse_player
from kit.solver import ideal_move, perfect_moves
from tracker.sim.experiment import numba_installed, simulate

GAMES = 10_000  # games the kit's loop plays for a known answer
ENGINE_GAMES = 200_000  # the engines' MENACEs, one game each
ENGINES = ["numpy", pytest.param("numba", marks=pytest.mark.skipif(not numba_installed(), reason="no numba"))]


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


def results(game_name, first, second, seed, games=GAMES):
    """The first player's results (1, 0, -1) in ``games`` games between two of the kit's fixed players."""
    game, rng = get_game(game_name), random.Random(seed)
    players = make_player(parse_player(first), game), make_player(parse_player(second), game)
    return np.array([play_game(game, players, rng).result_for(0).reward for _ in range(games)])


def simulated(game_name, first, second, seed):
    result = results(game_name, first, second, seed)
    return (result == 1).mean(), (result == 0).mean()


def within(observed, p, sigmas=6, games=GAMES):
    return abs(observed - p) <= sigmas * np.sqrt(p * (1 - p) / games) + 1e-12


@pytest.mark.parametrize(
    "first, second, wins, published",
    [
        ("ideal", "random", Fraction(8, 9), 0.8889),  # best play vs uniform random, 8/9
        ("perfect", "random", Fraction(47, 54), None),  # ties at random: at 9 tokens (lost) any take
        ("random", "random", Fraction(370, 729), 0.5075),
        ("random", "perfect", Fraction(0), 0.0),
    ],
)
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
    as_first = results("tictactoe", "perfect", "random", seed=13, games=5000)
    as_second = results("tictactoe", "random", "perfect", seed=14, games=5000)
    assert (as_first >= 0).all() and (as_second <= 0).all()
    assert (as_first == 1).mean() > 0.9  # and it does win against random


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("side, opponent, menace_wins", [
    ("first", "random", Fraction(370, 729)),  # random vs random
    ("first", "perfect", Fraction(0)),
    ("second", "ideal", 1 - Fraction(8, 9)),  # ideal vs random, from the random player's side
    ("second", "random", 1 - Fraction(370, 729)),
])  # fmt: skip
def test_a_fresh_nim_menace_plays_at_random(engine, side, opponent, menace_wins):
    sim = simulate(
        game_from_spec("nim"),
        menace_plays=side,
        opponent=parse_player(opponent),
        games=1,
        population=ENGINE_GAMES,
        seed=21,
        engine=engine,
    )
    assert sim.engine == engine and sim.draws.sum() == 0
    assert within(sim.wins.sum() / ENGINE_GAMES, float(menace_wins), games=ENGINE_GAMES)
