"""The simulator's bookkeeping around the engines: chunks of the population, exact percentiles from
counts, and the table cache on disk."""

from __future__ import annotations

import sys

import numpy as np
import pytest

from kit.games import game_from_spec
from kit.players import parse_player
from kit.rules import load_rules
from tracker.sim import cache
from tracker.sim.experiment import Histograms, numba_installed, simulate

ENGINES = [
    "numpy",
    "kit",
    pytest.param(
        "numba",
        marks=pytest.mark.skipif(
            not numba_installed(),
            reason="numba is not installed (pip install '.[fast]'): numba engine untested",
        ),
    ),
]

TICTACTOE = game_from_spec("tictactoe")


def test_chunks_add_up_to_the_population():
    whole = simulate(TICTACTOE, games=12, population=7, seed=3, engine="numpy", chunk=7)
    parts = simulate(TICTACTOE, games=12, population=7, seed=3, engine="numpy", chunk=3)  # 3 + 3 + 1
    for sim in (whole, parts):
        assert (sim.wins + sim.draws + sim.losses).tolist() == [7] * 12
        assert sim.last_loss_counts.sum() == 7 and sim.last_loss_counts.shape == (13,)
    again = simulate(TICTACTOE, games=12, population=7, seed=3, engine="numpy", chunk=3)
    assert again.to_json() | {"games_per_s": 0} == parts.to_json() | {"games_per_s": 0}


def test_bands_are_numpys_percentiles_over_the_whole_population():
    rng = np.random.default_rng(0)
    values = rng.integers(-40, 90, size=(6, 1001)).cumsum(axis=0)
    counted = Histograms(6)
    for part in np.array_split(values, [1, 400, 401, 1000], axis=1):  # chunks of 1, 399, 1, 599, 1 members
        counted.add(part)
    low, high = counted.percentiles((10, 90))
    assert np.allclose(low, np.percentile(values, 10, axis=1))
    assert np.allclose(high, np.percentile(values, 90, axis=1))


@pytest.mark.parametrize("engine", ENGINES)
def test_report_bands_hold_the_population(engine):
    sim = simulate(
        TICTACTOE,
        opponent=parse_player("perfect"),
        games=15,
        population=300,
        seed=2,
        spread=True,
        engine=engine,
        chunk=64,
    )
    assert sim.band is not None and sim.first_box_band is not None
    low, high = sim.band
    assert (low <= sim.curve + 1e-9).all() and (sim.curve <= high + 1e-9).all()
    assert (low < high).any()
    assert (sim.first_box_band[0] <= sim.first_box + 1e-9).all()
    assert (sim.first_box <= sim.first_box_band[1] + 1e-9).all()
    # After game 1 every member has 12 beads in its first box (4 for each of its 3 moves), but one: 11 + 1
    # + change; against perfect play a first game is lost or drawn, so the box holds 11 or 13.
    assert 11 <= sim.first_box_band[0][0] <= sim.first_box_band[1][0] <= 13


@pytest.fixture
def cache_in(tmp_path, monkeypatch):
    monkeypatch.setenv("MENACE_CACHE_DIR", str(tmp_path))
    cache.cache_dir.cache_clear()
    yield tmp_path
    cache.cache_dir.cache_clear()


def test_tables_are_cached_by_fingerprint_and_rebuilt_when_damaged(cache_in):
    built = []

    def build():
        built.append(1)
        return {"a": np.arange(5, dtype=np.int32)}

    first = cache.cached_arrays("demo", build)
    (path,) = cache_in.glob("demo-*")
    assert path.name == f"demo-{cache.source_fingerprint()}.tables"
    again = cache.cached_arrays("demo", build)
    assert len(built) == 1 and again["a"].tolist() == first["a"].tolist() == [0, 1, 2, 3, 4]
    path.write_bytes(path.read_bytes()[:40])  # a torn file
    assert cache.cached_arrays("demo", build)["a"].tolist() == [0, 1, 2, 3, 4]
    assert len(built) == 2 and cache.read_arrays(path)["a"].tolist() == [0, 1, 2, 3, 4]
    assert [p.name for p in cache_in.iterdir()] == [path.name]  # no temporary file left behind


def test_a_table_file_gives_back_each_array_whole_aligned_and_writable(tmp_path):
    arrays = {
        "terminal": np.array([0, 1, 2], np.int8),
        "child": np.arange(12, dtype=np.int32).reshape(3, 4),
        "keeps": np.array([True, False]),
        "slots": np.array(9),
        "empty": np.zeros(0, np.int64),
    }
    path = tmp_path / "t.tables"
    with open(path, "wb") as out:
        cache.write_arrays(out, arrays)
    back = cache.read_arrays(path)
    assert list(back) == list(arrays)
    for key, a in arrays.items():
        b = back[key]
        assert (b.dtype, b.shape, b.tolist()) == (a.dtype, a.shape, a.tolist()), key
        assert b.flags.aligned and b.flags.writeable and b.flags.c_contiguous, key
    whole = path.read_bytes()
    for damaged in (whole + b"\0", whole[:-1], b"PK" + whole[2:]):  # too long, torn, another format
        path.write_bytes(damaged)
        with pytest.raises(ValueError):
            cache.read_arrays(path)
    with pytest.raises(ValueError, match="Python objects"), open(path, "wb") as out:
        cache.write_arrays(out, {"words": np.array(["a", None])})


def test_the_numpy_engine_holds_beads_in_int16_only_while_no_box_can_pass_32767():
    from tracker.sim import engine_numpy
    from tracker.sim.flat import menace_tables

    # Michie's boxes for MENACE first: the fullest holds 21 beads (7 moves x 3 at its 2nd move), and a
    # game adds at most 3 to a box, so 21 + 3 * 10,915 = 32,766 fits and one game more might not.
    michie = menace_tables(game_from_spec("tictactoe"), "first", load_rules("michie"))
    assert engine_numpy._bead_type(michie, 10_915) is np.int16
    assert engine_numpy._bead_type(michie, 10_916) is np.int32


def _peak_mb(population: int, engine: str) -> float:
    """The peak RSS of a `menace simulate` process of ``population`` MENACEs x 1 game, in one process.

    Measured by a small Python in between: Linux carries a process's peak RSS across exec, so a command
    started straight from this test process (pytest, with numba and the MCTS kernels loaded) would report
    at least this process's size."""
    import subprocess

    command = [
        sys.executable,
        "-m",
        "tracker",
        "simulate",
        "--population",
        str(population),
        "--games",
        "1",
        "--engine",
        engine,
        "--jobs",
        "1",
        "--seed",
        "1",
        "--json",
    ]
    between = (
        "import resource, subprocess, sys; subprocess.run(sys.argv[1:], check=True, "
        "stdout=subprocess.DEVNULL); print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)"
    )
    said = subprocess.run(
        [sys.executable, "-c", between, *command], capture_output=True, text=True, check=True
    )
    return int(said.stdout) / 1024  # KB on Linux


@pytest.mark.slow
@pytest.mark.skipif(sys.platform != "linux", reason="ru_maxrss is in KB on Linux (bytes on macOS)")
@pytest.mark.parametrize("engine", [e for e in ENGINES if e != "kit"])
def test_memory_stays_flat_as_the_population_grows(engine):
    """100 times the MENACEs, the same peak: nothing is kept per member beyond a chunk (the last defeats
    per member were 13 bytes each, 26 MB more for 2 million). bench/simulate.py --done-means measures 10
    million."""
    _peak_mb(1, engine)  # the tables built and the engine compiled (234 MB at its peak) before measuring
    small, big = _peak_mb(20_000, engine), _peak_mb(2_000_000, engine)
    assert big - small < 4 and big < 100, (small, big)
