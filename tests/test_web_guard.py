"""The classroom screen against pages that reload or misbehave: page loads cannot push out a token in use; a
body nested past the bound is refused before it is parsed."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

pytest.importorskip("werkzeug", reason="the web extra is not installed: pip install '.[web]'")

from werkzeug.test import Client  # noqa: E402

from tests.cli import run  # noqa: E402
from tests.web import Pupil  # noqa: E402
from tracker.web.app import MAX_DEPTH, ClassroomScreen  # noqa: E402
from tracker.web.tokens import KEEP_UNUSED, Tokens  # noqa: E402

ELSEWHERE = {"Origin": "https://elsewhere.example", "Referer": "https://elsewhere.example/page"}


@pytest.fixture
def db(tmp_path):
    path = str(tmp_path / "m.sqlite3")
    for name, game in (("class-a", "tictactoe"), ("nim", "nim")):
        result = run("new", name, "--db", path, "--game", game, "--menace-plays", "first")
        assert result.exit_code == 0, result.output
    return path


def screen(db: str, seed: int = 1) -> ClassroomScreen:
    return ClassroomScreen(Path(db), rng=random.Random(seed))


def test_page_loads_from_anywhere_do_not_push_out_a_token_in_use(db):
    """Loading the play page (from here, or with another site's Origin and Referer) pushes out only the
    tokens of pages never used; a page that has made a change keeps its token. The pool is cut to 8 here:
    the app's own pool holds KEEP_UNUSED, and Tokens' own test fills that."""
    app = screen(db)
    app.tokens = Tokens(keep_unused=8)
    client = Client(app)
    playing = Pupil(client, "class-a")
    playing.ok({"action": "new"})  # its page is in use now
    opened = Pupil(client, "class-a")  # opened, never used: its token may go
    for load in range(2 * 8):
        headers = ELSEWHERE if load % 2 else {}
        assert client.get("/kits/class-a/play", headers=headers).status_code == 200
        assert client.get("/kits/class-a", headers=headers).status_code == 200
    legal = client.get("/api/kits/class-a/live").json["game"]["legal"]
    assert playing.send({"action": "move", "move": legal[0]["code"]}).status_code == 200
    assert opened.send({"action": "undo"}).status_code == 403  # said: reload the page


def test_a_thousand_page_loads_leave_every_token_in_use():
    tokens = Tokens()
    in_use = [tokens.renew(f"kit-{n % 3}") for n in range(30)]  # a class's pages, each after a change
    for _load in range(KEEP_UNUSED + 1000):
        tokens.issue("kit-0")
    assert [tokens.spend(token, f"kit-{n % 3}") for n, token in enumerate(in_use)] == [True] * 30
    first = tokens.issue("kit-1")
    for _load in range(KEEP_UNUSED):
        tokens.issue("kit-1")
    assert tokens.spend(first, "kit-1") is False  # the oldest page never used has gone


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
