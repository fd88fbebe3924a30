"""Shared fixtures: the games and catalogues most tests need, built once."""
from __future__ import annotations

import pytest

from generator.catalogue import build_catalogue
from generator.walk import states
from kit.games import get_game


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
