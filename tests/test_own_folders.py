"""The suite keeps to folders of its own (tests/conftest.py): a fresh cache per session, and no store in
the user's home; and the simulator's tables are both built (cold cache) and read back (warm cache)."""

from __future__ import annotations

import dataclasses
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np
import pytest

from kit.games import game_from_spec
from kit.rules import load_rules
from tracker.sim import cache, flat, tables
from tracker.store.event_store import default_path


def test_the_cache_and_the_default_store_are_the_sessions_own():
    own = Path(tempfile.gettempdir()).resolve()
    home = Path.home().resolve()
    assert cache.cache_dir().resolve().is_relative_to(own)
    assert default_path().resolve().is_relative_to(own)
    for name in ("MENACE_CACHE_DIR", "MENACE_DB", "XDG_DATA_HOME"):
        assert not Path(os.environ[name]).resolve().is_relative_to(home / ".cache"), name
        assert not Path(os.environ[name]).resolve().is_relative_to(home / ".local"), name


def test_a_command_without_db_writes_to_the_sessions_store_not_the_home():
    # A store of its own in the session's data folder: the session's store is shared by every worker, and
    # unlinking it under another worker's open connection left its -wal behind ("the disk may be full").
    store = Path(os.environ["MENACE_DB"]).with_name("own-folder-probe.sqlite3")
    env = {**os.environ, "MENACE_DB": str(store)}
    done = subprocess.run([sys.executable, "-m", "tracker", "new", "own-folder-probe"], capture_output=True,
                          text=True, check=False, env=env)  # fmt: skip
    try:
        assert done.returncode == 0, done.stderr
        assert store.exists()
    finally:
        for leftover in (store, store.with_name(store.name + "-wal"), store.with_name(store.name + "-shm")):
            leftover.unlink(missing_ok=True)


@pytest.fixture
def empty_cache(tmp_path, monkeypatch):
    """An empty cache folder, and no tables remembered in this process."""

    def forget():
        cache.cache_dir.cache_clear()
        flat.policy_tables.cache_clear()
        flat.menace_tables.cache_clear()

    monkeypatch.setenv("MENACE_CACHE_DIR", str(tmp_path))
    forget()
    yield tmp_path
    forget()


MICHIE = load_rules("michie")


def _same(a: object, b: object) -> bool:
    return all(np.array_equal(getattr(a, f.name), getattr(b, f.name)) for f in dataclasses.fields(a))


def test_tables_are_built_into_a_cold_cache_and_read_back_from_a_warm_one(empty_cache, monkeypatch):
    assert list(empty_cache.iterdir()) == []
    policy = flat.policy_tables(game_from_spec("tictactoe"))
    menace = flat.menace_tables(game_from_spec("tictactoe"), "first", MICHIE)
    # Known answers: 5,478 reachable states, 9 moves, games of at most 9 plies; Michie's 304 boxes, 1 first.
    assert (len(policy.terminal), policy.k, policy.max_plies) == (5478, 9, 9)
    assert (menace.boxes, menace.first_boxes) == (304, 1)
    files = sorted(empty_cache.glob("*.tables"))
    assert [f.name.split("-")[0] for f in files] == ["menace", "policy"]
    stamps = [(f.stat().st_ino, f.stat().st_mtime_ns) for f in files]

    # Warm: the same tables come back from the files, without walking the game again or rewriting them.
    def no_walk(*args: object) -> None:
        raise AssertionError("the tables were built again instead of read from the cache")

    monkeypatch.setattr(tables, "game_tables", no_walk)
    flat.policy_tables.cache_clear()
    flat.menace_tables.cache_clear()
    assert _same(flat.policy_tables(game_from_spec("tictactoe")), policy)
    assert _same(flat.menace_tables(game_from_spec("tictactoe"), "first", MICHIE), menace)
    assert [(f.stat().st_ino, f.stat().st_mtime_ns) for f in files] == stamps
