"""Shared fixtures: the games and catalogues most tests need, built once; and folders of the session's own.

Each test session gets a fresh cache folder (the simulator's tables, the numba engine's compiled code) and
a data folder for the default store, set in the environment so that the commands a test starts as
subprocesses inherit them: what the suite checks does not depend on earlier runs, and no test writes to
the user's ~/.cache/menace-kit or ~/.local/share/menace-kit.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import pytest

from kit.catalogue import build_catalogue
from kit.games import get_game
from kit.i18n import current_language, use_language
from kit.walk import states

pytest_plugins = ("tests.browser",)  # the browser tests' fixtures: browser (chromium), shots

_OWN_FOLDERS = ("MENACE_CACHE_DIR", "MENACE_DB", "XDG_DATA_HOME")
_saved: dict[str, str | None] = {}
_session_folder: list[str] = []
_session_language: list[str] = []


def pytest_configure(config: pytest.Config) -> None:
    """Point the cache and the default store at a temporary folder before any test module is imported.

    The workers of a parallel run (pytest-xdist) keep the cache of the run that started them, so they
    build the simulator's tables and compile the numba engine once between them; each has its own store."""
    folder = tempfile.mkdtemp(prefix="menace-kit-tests-")
    _session_folder.append(folder)
    _session_language.append(current_language())
    for name in _OWN_FOLDERS:
        _saved[name] = os.environ.get(name)
    shared = os.environ.get("MENACE_TESTS_CACHE") if os.environ.get("PYTEST_XDIST_WORKER") else None
    cache = shared or os.path.join(folder, "cache")
    os.environ["MENACE_CACHE_DIR"] = os.environ["MENACE_TESTS_CACHE"] = cache
    os.environ["XDG_DATA_HOME"] = os.path.join(folder, "data")
    os.environ["MENACE_DB"] = os.path.join(folder, "data", "menace-kit", "menace.sqlite3")


def pytest_unconfigure(config: pytest.Config) -> None:
    os.environ.pop("MENACE_TESTS_CACHE", None)
    for name, value in _saved.items():
        if value is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = value
    for folder in _session_folder:
        _wait_for_builds(Path(folder))
        shutil.rmtree(folder, ignore_errors=True)


def _wait_for_builds(folder: Path) -> None:
    """Until the numba engine's background builds in the session's cache are over: a long `menace simulate`
    on --engine auto starts one when numba is installed, and the session leaves nothing running."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - Windows builds take no lock
        return
    for lock in folder.glob("cache/numba/*.lock"):
        with open(lock) as held:
            fcntl.flock(held, fcntl.LOCK_EX)


@pytest.fixture(autouse=True)
def _language_kept():
    """Every test ends in the language the session began in: `menace --lang de` run in the test's process
    (click's CliRunner), in a test or a module's fixture, switches the whole process, and a later test on
    the same worker would read German."""
    yield
    use_language(_session_language[0])


@pytest.fixture(scope="session")
def ttt():
    return get_game("tictactoe")


@pytest.fixture(scope="session")
def nim():
    return get_game("nim")


@pytest.fixture(scope="session")
def first():
    return build_catalogue("tictactoe", "first")


@pytest.fixture(scope="session")
def second():
    return build_catalogue("tictactoe", "second")


@pytest.fixture(scope="session")
def all_states(ttt):
    """Every state reachable in play (5,478)."""
    return states(ttt, reduce=False)


@pytest.fixture
def db(tmp_path):
    """A new store holding one kit, class-a (tic-tac-toe, MENACE first, michie): its path."""
    from tests.cli import run

    path = str(tmp_path / "m.sqlite3")
    result = run("new", "class-a", "--db", path)
    assert result.exit_code == 0, result.output
    return path
