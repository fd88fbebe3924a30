"""Two paths, one set of rules: the kit-based reference (kit.match.play_game) and the simulator's engines
agree in distribution (tests/test_sim_engines.py checks each engine's games and beads exactly)."""

from __future__ import annotations

import numpy as np
import pytest

from kit.games import game_from_spec
from kit.players import parse_player
from kit.rules import load_rules
from tracker.sim.experiment import Simulation, simulate
from tracker.sim.reference import reference_run

TICTACTOE = game_from_spec("tictactoe")
CONFIGS = [
    dict(game="tictactoe", rules=load_rules("michie"), opponent="random"),
    dict(game="tictactoe", rules=load_rules("scroggs"), opponent="perfect"),  # empty boxes resign
    dict(game="tictactoe", rules=load_rules("golf"), opponent="random"),  # empty boxes are refilled
    # The first box keeps its last bead (the slow run: the rules and player the other cases have).
    pytest.param(
        dict(game="tictactoe", rules=load_rules("open-day"), opponent="novice:0.5"), marks=pytest.mark.slow
    ),
    pytest.param(
        dict(game="tictactoe", rules=load_rules("michie"), opponent="menace", menace_plays="second"),
        marks=pytest.mark.slow,
    ),
    # Every box keeps one.
    dict(game="nim", rules=load_rules("nim-floor0"), opponent="random", menace_plays="second"),
    # Gardner's HER: a defeat confiscates only the last move's bead.
    dict(game="hexapawn", rules=load_rules("gardner"), opponent="novice:0.7", menace_plays="second"),
]


def _welch(a, b):
    return abs(a.mean() - b.mean()) / np.sqrt(a.var(ddof=1) / a.size + b.var(ddof=1) / b.size + 1e-12)


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: f"{c['game']}-{c['rules'].name}-{c['opponent']}")
def test_population_engine_agrees_in_distribution(config):
    config = dict(config)
    name = game_from_spec(config.pop("game"))
    games, runs = 150, 200
    reference = {**config, "opponent": parse_player(config["opponent"])}
    single = np.array([reference_run(name, games=games, seed=seed, **reference) for seed in range(runs)])
    sim = simulate(name, games=games, population=2000, seed=99, **reference)
    # Per-run totals of wins, draws and losses, and the mean running score at three points.
    population_rates = np.array([sim.wins.sum(), sim.draws.sum(), sim.losses.sum()]) / (2000 * games)
    single_rates = np.array([(single == r).mean() for r in (1, 0, -1)])
    score = np.select([single == 1, single == 0], [3, 1], -1).cumsum(axis=1)
    for g in (10, 50, games):
        spread = score[:, g - 1].std(ddof=1)
        tolerance = 6 * spread * np.sqrt(1 / runs + 1 / 2000) + 1e-9
        assert abs(sim.curve[g - 1] - score[:, g - 1].mean()) <= tolerance
    per_run = [(single == r).mean(axis=1) for r in (1, 0, -1)]
    for rate, single_rate, runs_rate in zip(population_rates, single_rates, per_run, strict=True):
        assert abs(rate - single_rate) <= 6 * runs_rate.std(ddof=1) * np.sqrt(1 / runs + 1 / 2000) + 1e-9


def test_seeded_runs_are_reproducible():
    a = simulate(TICTACTOE, opponent=parse_player("novice:0.3"), games=30, population=100, seed=8)
    b = simulate(TICTACTOE, opponent=parse_player("novice:0.3"), games=30, population=100, seed=8)
    c = simulate(TICTACTOE, opponent=parse_player("novice:0.3"), games=30, population=100, seed=9)
    assert {**a.to_json(), "games_per_s": 0} == {**b.to_json(), "games_per_s": 0}
    assert a.curve.tolist() != c.curve.tolist()


def _against_perfect(rules: str, population: int) -> Simulation:
    return simulate(
        TICTACTOE,
        rules=load_rules(rules),
        opponent=parse_player("perfect"),
        games=200,
        population=population,
        seed=1,
    )


def test_michie_first_box_empties_far_more_often_than_scroggs():
    michie = _against_perfect("michie", 2000)
    scroggs = _against_perfect("scroggs", 2000)
    assert 0.5 < michie.first_box_empty / 2000 < 0.7  # published simulations: roughly 60%
    assert 0.05 < scroggs.first_box_empty / 2000 < 0.2  # Scroggs' page's code: 14.3% (docs/reproductions.md)
    open_day = _against_perfect("open-day", 500)
    assert open_day.first_box_empty == 0
