"""The classroom screen against pages that misbehave: a body nested past the bound is refused before it
is parsed."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

pytest.importorskip("werkzeug", reason="the web extra is not installed: pip install '.[web]'")

from werkzeug.test import Client  # noqa: E402

from tests.cli import run  # noqa: E402
from tests.web import Pupil  # noqa: E402
from tracker.web.app import MAX_DEPTH, ClassroomScreen  # noqa: E402


@pytest.fixture
def db(tmp_path):
    path = str(tmp_path / "m.sqlite3")
    for name, game in (("class-a", "tictactoe"), ("nim", "nim")):
        result = run("new", name, "--db", path, "--game", game, "--menace-plays", "first")
        assert result.exit_code == 0, result.output
    return path


def screen(db: str, seed: int = 1) -> ClassroomScreen:
    return ClassroomScreen(Path(db), rng=random.Random(seed))


@pytest.mark.parametrize(
    ("body", "said"),
    [
        ("[" * MAX_DEPTH + "]" * MAX_DEPTH, "the body is not a JSON object"),  # parsed: deep enough
        ('{"action": ' + "[" * (MAX_DEPTH - 1) + "]" * (MAX_DEPTH - 1) + "}", "unknown action"),
        ('{"action": "' + "[" * 1000 + '"}', "unknown action"),  # brackets in a string do not nest
        ('{"action": "\\"' + "[" * 1000 + '"}', "unknown action"),  # nor after an escaped quote
        ("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1), "the body is nested more than 400 deep"),
        ('{"a": ' + "{" * MAX_DEPTH, "the body is nested more than 400 deep"),  # refused before parsing
    ],
)
def test_a_body_nested_past_the_bound_is_refused_before_parsing(db, body, said):
    pupil = Pupil(Client(screen(db)), "class-a")
    response = pupil.send(None, data=body, content_type="application/json")
    assert response.status_code == 400 and said in response.json["error"], response.text
