"""No wait the first time: with numba installed but its engine not yet built, ``--engine auto`` plays on
numpy (or the kit's loop) while a detached process builds the engine for the next run."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import sysconfig
import time
from pathlib import Path

import pytest

from kit.games import game_from_spec
from tracker.sim import engine_numba, experiment
from tracker.sim.experiment import SHORT, numba_installed, simulate

needs_numba = pytest.mark.skipif(not numba_installed(), reason="pip install '.[fast]' to test it")
BUILDING = "the fast engine is being built for the next run; this one uses "


@pytest.fixture
def not_built(monkeypatch):
    """numba installed and its engine not built; build_later only noted, and when its builder is told to
    begin; a run longer than 100 games in all is long enough to have it built (SHORT's place, to keep the
    test quick)."""
    builds: list[str] = []

    def build_later():
        builds.append("started")
        return lambda: builds.append("began")

    monkeypatch.setattr(experiment, "SHORT", 100)
    monkeypatch.setattr(experiment, "numba_installed", lambda: True)
    monkeypatch.setattr(engine_numba, "compiled", lambda: False)
    monkeypatch.setattr(engine_numba, "build_later", build_later)
    return builds


@pytest.mark.parametrize(
    ("population", "games", "engine", "said"),
    [
        (10, 11, "numpy", "numpy"),  # a long run: numpy now, the engine built for the next
        (1, 101, "kit", "the kit's match loop"),  # one MENACE: the kit's loop is faster than numpy
        (10, 10, "numpy", None),  # a short run is over before numba would pay for its start
    ],
)
def test_auto_plays_at_once_and_has_the_engine_built_for_the_next_run(
    not_built, capsys, population, games, engine, said
):
    progress = []  # the builder begins once the run has played: not while it plays
    sim = simulate(
        game_from_spec("tictactoe"),
        games=games,
        population=population,
        seed=3,
        jobs=1,
        progress=lambda played: progress.append(list(not_built)),
    )
    assert sim.engine == engine
    assert not_built == (["started", "began"] if said else [])
    assert progress and all(seen == not_built[:1] for seen in progress)
    assert capsys.readouterr().err == (f"{BUILDING}{said}\n" if said else "")


def test_an_engine_asked_for_never_starts_a_background_build(not_built, capsys):
    sim = simulate(game_from_spec("tictactoe"), games=11, population=10, seed=3, engine="numpy", jobs=1)
    assert sim.engine == "numpy" and not_built == [] and capsys.readouterr().err == ""


def _wait_for_build(cache: Path, timeout: float = 900) -> None:
    """Until the background build lets go of its lock (the test leaves nothing running)."""
    import fcntl

    locks = list((cache / "numba").glob("*.lock"))
    assert locks, "no build was started"
    deadline = time.monotonic() + timeout
    for lock in locks:
        with open(lock) as held:
            while True:
                try:
                    fcntl.flock(held, fcntl.LOCK_EX | fcntl.LOCK_NB)
                    break
                except BlockingIOError:
                    assert time.monotonic() < deadline, "the background build did not end"
                    time.sleep(0.2)


@pytest.mark.slow
@needs_numba
@pytest.mark.skipif(sys.platform == "win32", reason="no background build without advisory locks")
@pytest.mark.parametrize("compiler", [True, False], ids=["ahead-of-time", "no-c-compiler"])
def test_the_first_auto_run_uses_numpy_and_the_next_loads_what_was_built_meanwhile(tmp_path, compiler):
    env = {k: v for k, v in os.environ.items() if k != "NUMBA_CACHE_DIR"}
    env["MENACE_CACHE_DIR"] = str(tmp_path)
    module = tmp_path / "numba" / (engine_numba._module_name() + str(sysconfig.get_config_var("EXT_SUFFIX")))
    if not compiler:  # as where building the module failed once: numba's just-in-time compiler and its cache
        module.parent.mkdir()
        module.with_name(module.name + ".failed").touch()
    command = [
        sys.executable,
        "-m",
        "tracker",
        "simulate",
        "--games",
        str(SHORT // 10 + 1),
        "--population",
        "10",
        "--seed",
        "3",
        "--json",
    ]
    first = subprocess.run(command, capture_output=True, text=True, env=env, check=True)
    _wait_for_build(tmp_path)
    assert first.stderr.startswith(f"{BUILDING}numpy\n"), first.stderr
    assert json.loads(first.stdout)["engine"] == "numpy"
    if compiler:
        assert module.exists()
    else:
        assert module.with_name(module.name + ".jit").exists() and not module.exists()
        assert list((tmp_path / "numba").rglob("engine_numba.play_members-*.nbi"))
    # The next run loads what was built: numba's cache read, nothing compiled or saved again.
    second = subprocess.run(
        command, capture_output=True, text=True, check=True, env={**env, "NUMBA_DEBUG_CACHE": "1"}
    )
    assert "compil" not in second.stderr and BUILDING not in second.stderr, second.stderr
    said = second.stdout.splitlines()
    assert json.loads(said[-1])["engine"] == "numba"
    assert not [line for line in said if "saved" in line], said
    if not compiler:
        assert [line for line in said if line.startswith("[cache] data loaded")], said
    # The same seed gives the same figures on an engine, whether or not a build was started beside it.
    again = subprocess.run(
        [*command, "--engine", "numpy"], capture_output=True, text=True, env=env, check=True
    )
    assert {**json.loads(again.stdout), "games_per_s": 0} == {**json.loads(first.stdout), "games_per_s": 0}
