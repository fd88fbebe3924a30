"""A population spread over worker processes (simulate --jobs): each worker on its own seed stream, the
same figures for the same seed and number of workers, and the same distribution as one process."""

from __future__ import annotations

import dataclasses
import math
import os

import numpy as np
import pytest

from kit.game import GameError
from kit.games import game_from_spec
from tests.test_sim_engines import ENGINES
from tracker.sim import workers
from tracker.sim.experiment import Histograms, simulate
from tracker.state.errors import MenaceError

TICTACTOE = game_from_spec("tictactoe")


@pytest.fixture
def small_workers(monkeypatch: pytest.MonkeyPatch) -> None:
    """Workers for short runs too, so that a test's population is worth splitting."""
    monkeypatch.setattr(workers, "PER_WORKER", 1_000)


def test_worker_count_and_shares_known_answers():
    assert workers.worker_count(2, 10_000, 300) == 2
    assert workers.worker_count(8, 3, 10**9) == 3  # a worker plays one member at least
    assert workers.worker_count(2, 1_000, 100) == 1  # 100,000 games: over before a worker would start
    assert workers.worker_count(1, 10**6, 10**3) == 1
    assert workers.shares(10, 3) == [4, 3, 3]
    assert workers.shares(4_000, 2) == [2_000, 2_000]


@pytest.mark.parametrize("engine", ENGINES)
def test_the_same_seed_and_jobs_give_the_same_figures(small_workers, engine):
    runs = [simulate(TICTACTOE, games=20, population=4_000, seed=5, engine=engine, jobs=2) for _ in range(2)]
    assert runs[0].to_json() | {"games_per_s": 0} == runs[1].to_json() | {"games_per_s": 0}
    one = simulate(TICTACTOE, games=20, population=4_000, seed=5, engine=engine, jobs=1)
    assert not np.array_equal(one.wins, runs[0].wins)  # two workers did play it


class Drawn(list):  # type: ignore[type-arg]
    """A worker's summary that keeps every number drawn (a worker's summary goes back by pickle)."""

    add = list.extend


def test_each_worker_has_its_own_stream():
    def play(members: int, rng: np.random.Generator) -> list[int]:
        return rng.integers(1 << 30, size=members).tolist()

    first, second = workers.play_spread(play, Drawn, 400, 64, 5, 2)  # type: ignore[arg-type]
    assert len(first) == len(second) == 200 and not set(first) & set(second)
    assert workers.play_spread(play, Drawn, 400, 64, 5, 2) == [first, second]  # type: ignore[arg-type]


def test_a_workers_error_is_raised_and_a_lost_worker_said():
    """This process plays the first share itself; the forked workers' errors come back to it."""
    here = os.getpid()

    def fails(members: int, rng: np.random.Generator) -> list[int]:
        if os.getpid() != here:
            raise ValueError(f"no room for {members} in a worker")
        return [members]

    with pytest.raises(ValueError, match="no room for 100 in a worker"):
        workers.play_spread(fails, Drawn, 400, 100, 5, 2)  # type: ignore[arg-type]

    def dies(members: int, rng: np.random.Generator) -> list[int]:
        if os.getpid() != here:
            os._exit(3)  # as a worker killed by the system would: nothing sent back
        return [members]

    with pytest.raises(workers.WorkerLost, match="ended without its figures") as lost:
        workers.play_spread(dies, Drawn, 400, 100, 5, 3)  # type: ignore[arg-type]
    assert isinstance(lost.value, MenaceError)  # the command line shows it as one line, not a traceback


def test_two_workers_agree_with_one_in_distribution(small_workers):
    """Win, draw and loss rates in the first and last game: each member's game is a Bernoulli trial, so
    the two runs' rates may differ by 4 standard errors of a difference of two binomial proportions
    (a chance of about 6 in 100,000 for each of the six, were the seed not fixed)."""
    n, games = 20_000, 10
    one = simulate(TICTACTOE, games=games, population=n, seed=11, engine="numpy", jobs=1)
    two = simulate(TICTACTOE, games=games, population=n, seed=11, engine="numpy", jobs=2)
    for g in (0, games - 1):
        for counts in ("wins", "draws", "losses"):
            p1, p2 = getattr(one, counts)[g] / n, getattr(two, counts)[g] / n
            p = (p1 + p2) / 2
            error = math.sqrt(p * (1 - p) * 2 / n)
            assert abs(p1 - p2) <= 4 * error, (g, counts, p1, p2)
    assert one.wins.sum() != two.wins.sum()  # different games, not the same run twice


def test_histograms_merged_count_as_one():
    rng = np.random.default_rng(3)
    values = rng.integers(-20, 60, size=(4, 1_000))
    whole, first, second = Histograms(4), Histograms(4), Histograms(4)
    whole.add(values)
    first.add(values[:, :300])
    second.add(values[:, 300:])
    first.merge(second)
    qs = (10, 50, 90)
    for merged, expected in zip(first.percentiles(qs), whole.percentiles(qs), strict=True):
        np.testing.assert_array_equal(merged, expected)
    np.testing.assert_array_equal(whole.percentiles((50,))[0], np.percentile(values, 50, axis=1))


def test_bands_with_workers_hold_the_population(small_workers):
    sim = simulate(TICTACTOE, games=5, population=3_000, seed=2, engine="numpy", jobs=2, spread=True)
    assert sim.band is not None
    low, high = sim.band
    assert np.all(low <= sim.curve + 1e-9) and np.all(sim.curve <= high + 1e-9)


def test_jobs_below_one_is_refused():
    with pytest.raises(GameError, match="--jobs must be at least 1"):
        simulate(TICTACTOE, games=1, population=1, jobs=0)


def test_stopped_losing_from_counts_is_numpys_lower_percentile():
    rng = np.random.default_rng(9)
    for population in (1, 7, 100, 1_001):
        last_loss = rng.integers(0, 31, size=population)
        sim = simulate(TICTACTOE, games=30, population=1, seed=1)
        counted = dataclasses.replace(sim, last_loss_counts=np.bincount(last_loss, minlength=31))
        quiet = last_loss[last_loss <= 24] + 1
        expected = {"runs": quiet.size, "tail_games": 6}
        if quiet.size:
            expected |= {f"p{q}": int(np.percentile(quiet, q, method="lower")) for q in (10, 50, 90)}
        assert counted.stopped_losing() == expected
