"""Two paths, one set of rules: the kit-based reference (kit.match.play_game) and the numpy population
engine agree in distribution, and every settlement of the engine is exactly kit.matchbox.settle."""
from __future__ import annotations

import numpy as np
import pytest

from kit.game import Result
from kit.matchbox import Draw, settle
from kit.players import parse_player
from tracker.sim.experiment import simulate
from tracker.sim.players import Menaces, Policy
from tracker.sim.population import play_round
from tracker.sim.reference import reference_run
from tracker.sim.tables import box_tables, game_tables

CONFIGS = [
    dict(game="tictactoe", rules="michie", opponent="random"),
    dict(game="tictactoe", rules="scroggs", opponent="perfect"),  # empty boxes resign
    dict(game="tictactoe", rules="golf", opponent="random"),  # empty boxes are refilled
    dict(game="tictactoe", rules="open-day", opponent="novice:0.5"),  # the first box keeps its last bead
    dict(game="tictactoe", rules="michie", opponent="menace", menace_plays="second"),
    dict(game="nim", rules="nim-floor0", opponent="random", menace_plays="second"),  # every box keeps one
    # Gardner's HER: a defeat confiscates only the last move's bead.
    dict(game="hexapawn", rules="gardner", opponent="novice:0.7", menace_plays="second"),
]


def _welch(a, b):
    return abs(a.mean() - b.mean()) / np.sqrt(a.var(ddof=1) / a.size + b.var(ddof=1) / b.size + 1e-12)


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: f"{c['game']}-{c['rules']}-{c['opponent']}")
def test_population_engine_agrees_in_distribution(config):
    config = dict(config)
    name = config.pop("game")
    games, runs = 150, 200
    single = np.array([reference_run(name, games=games, seed=seed, **config) for seed in range(runs)])
    sim = simulate(name, games=games, population=2000, seed=99, **config)
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


class _Watched(Menaces):
    """Menaces that check every settlement against kit.matchbox.settle, draw by draw."""

    checked = 0

    def settle(self, results):
        before = self.beads.copy()
        pending = [tuple(a.copy() for a in p) for p in self._pending]
        per_game = np.zeros(len(self.beads), int)
        for games, *_ in pending:
            per_game[games] += 1
        assert per_game.max() <= 5
        super().settle(results)
        expected = before.copy()
        rules = self.bt.rules
        for games, rows, box, slot in pending:
            for g, r, b, s in zip(games, rows, box, slot, strict=True):
                first = self.bt.catalogue.is_first_move_box(int(b) + 1)
                draw = Draw(int(b), int(s), int(before[r, b, s]), int(before[r, b].sum()), first)
                result = {1: Result.WIN, 0: Result.DRAW, -1: Result.LOSS}[int(results[g])]
                (change,) = settle(rules, [draw], result)
                expected[r, b, s] = change.after
                _Watched.checked += 1
        assert (self.beads == expected).all()
        assert self.beads.min() >= 0
        if rules.floor:
            assert (self.beads[:, self.bt.initial > 0] >= rules.floor).all()


@pytest.mark.parametrize("game, side, rules, opponent", [
    ("tictactoe", "first", "michie", "perfect"), ("tictactoe", "first", "open-day", "perfect"),
    ("tictactoe", "second", "golf", "random"), ("nim", "first", "nim", "random"),
    ("nim", "second", "nim-floor0", "perfect"),
])
def test_every_settlement_is_kit_matchbox_settle(game, side, rules, opponent):
    gt = game_tables(game)
    bt = box_tables(game, side, rules)
    menaces = _Watched.fresh(gt, bt, 50)
    rival = Policy(gt, parse_player(opponent))
    rng = np.random.default_rng(3)
    _Watched.checked = 0
    for _ in range(40):
        pair = (menaces, rival) if side == "first" else (rival, menaces)
        play_round(gt, *pair, 50, rng)
    assert _Watched.checked > 50 * 40
    if rules == "nim-floor0":
        assert (menaces.beads.sum(axis=2) > 0).all()  # no box ever empties
    if rules == "open-day":
        assert (menaces.beads[:, 0].sum(axis=1) > 0).all()


def test_seeded_runs_are_reproducible():
    a = simulate("tictactoe", opponent="novice:0.3", games=30, population=100, seed=8)
    b = simulate("tictactoe", opponent="novice:0.3", games=30, population=100, seed=8)
    c = simulate("tictactoe", opponent="novice:0.3", games=30, population=100, seed=9)
    assert {**a.to_json(), "games_per_s": 0} == {**b.to_json(), "games_per_s": 0}
    assert a.curve.tolist() != c.curve.tolist()


def test_michie_first_box_empties_far_more_often_than_scroggs():
    michie = simulate("tictactoe", rules="michie", opponent="perfect", games=200, population=2000, seed=1)
    scroggs = simulate("tictactoe", rules="scroggs", opponent="perfect", games=200, population=2000, seed=1)
    assert 0.5 < michie.first_box_empty / 2000 < 0.7  # facts.md: roughly 60%
    assert 0.05 < scroggs.first_box_empty / 2000 < 0.2  # facts.md: roughly 11%
    open_day = simulate("tictactoe", rules="open-day", opponent="perfect", games=200, population=500, seed=1)
    assert open_day.first_box_empty == 0
