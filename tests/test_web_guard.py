"""The classroom screen against pages that race, reload or misbehave: a change says which board it was made
on and a stale one is refused with the new board; page loads cannot push out a token in use; a body nested
past the bound is refused before it is parsed."""

from __future__ import annotations

import random
import threading
from pathlib import Path

import pytest

pytest.importorskip("werkzeug", reason="the web extra is not installed: pip install '.[web]'")

from werkzeug.test import Client  # noqa: E402

from tests.cli import run  # noqa: E402
from tests.store_log import log  # noqa: E402
from tests.web import Pupil  # noqa: E402
from tracker.web.app import MAX_DEPTH, ClassroomScreen  # noqa: E402
from tracker.web.tokens import KEEP_UNUSED, Tokens  # noqa: E402

STALE = "the board changed: here is the new one"
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


def test_a_move_made_on_a_board_that_changed_is_refused_with_the_new_board(db):
    app = screen(db)
    first, second = Pupil(Client(app), "class-a"), Pupil(Client(app), "class-a")
    live = first.ok({"action": "new"})["live"]
    second.refresh()
    both_saw = second.version
    legal = [m["code"] for m in live["game"]["legal"]]
    after_first = first.ok({"action": "move", "move": legal[0]})["live"]
    events = log(db, "class-a")
    stale = second.send({"action": "move", "move": legal[1], "version": both_saw})
    assert stale.status_code == 409, stale.text
    assert stale.json["error"] == STALE
    assert stale.json["live"] == after_first  # the new board, to draw at once
    assert stale.json["token"] and log(db, "class-a") == events  # the page goes on; nothing was recorded
    again = [m["code"] for m in stale.json["live"]["game"]["legal"]]
    played_on = second.ok({"action": "move", "move": again[0]})["live"]["game"]["moves"]
    assert played_on[:3] == after_first["game"]["moves"]


@pytest.mark.parametrize("action", ["undo", "discard", "new"])
def test_undo_discard_and_new_that_say_an_old_board_are_refused(db, action):
    pupil = Pupil(Client(screen(db)), "class-a")
    old = pupil.ok({"action": "new"})["live"]["version"]
    legal = pupil.client.get("/api/kits/class-a/live").json["game"]["legal"]
    pupil.ok({"action": "move", "move": legal[0]["code"]})
    events = log(db, "class-a")
    refused = pupil.send({"action": action, "version": old})
    assert refused.status_code == 409 and refused.json["error"] == STALE, refused.text
    assert log(db, "class-a") == events


def test_a_move_must_say_its_board(db):
    pupil = Pupil(Client(screen(db)), "class-a")
    legal = pupil.ok({"action": "new"})["live"]["game"]["legal"]
    events = log(db, "class-a")
    for body, said in [
        ({"action": "move", "move": legal[0]["code"]}, "a move must say which board it was made on"),
        ({"action": "move", "move": legal[0]["code"], "version": 7}, '"version" is the text /live gave'),
        ({"action": "move", "move": legal[0]["code"], "version": ["x"]}, "not ['x']"),
    ]:
        sent = pupil.client.post("/api/kits/class-a/play", json=body, headers={"X-Menace-Token": pupil.token})
        assert sent.status_code == 400 and said in sent.json["error"], sent.text
        pupil.token = sent.json["token"]
    assert log(db, "class-a") == events


def together(sends: list[tuple[Pupil, dict[str, object]]]) -> list[int]:
    """The statuses of changes sent by several pages at the same moment, in order."""
    start = threading.Barrier(len(sends))
    statuses = [0] * len(sends)

    def send(index: int, page: Pupil, body: dict[str, object]) -> None:
        start.wait()
        statuses[index] = page.send(body).status_code

    threads = [threading.Thread(target=send, args=(i, *sent)) for i, sent in enumerate(sends)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    return statuses


def test_two_moves_sent_at_once_on_one_nim_board_exactly_one_is_played(db):
    """The issue's race: two pages send a move on the same board at the same moment (both were accepted in
    30 of 30 Nim pairs, and the game jumped ahead)."""
    app = screen(db, seed=3)
    pages = [Pupil(Client(app), "nim"), Pupil(Client(app), "nim")]
    outcomes = []
    for _round in range(6):
        live = pages[0].client.get("/api/kits/nim/live").json
        if live["game"] is None:
            pages[0].ok({"action": "new"})
            live = pages[0].client.get("/api/kits/nim/live").json
        for page in pages:
            page.refresh()
        legal = [m["code"] for m in live["game"]["legal"]]
        moves = [(page, {"action": "move", "move": legal[i % len(legal)]}) for i, page in enumerate(pages)]
        outcomes.append(sorted(together(moves)))
    assert outcomes == [[200, 409]] * 6
    assert run("verify", "--db", db).exit_code == 0


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


def test_a_damaged_store_is_a_503_that_names_no_path(db):
    from tests.test_tracker_store_faults import overwrite, root_page, settled

    settled(db)
    overwrite(db, root_page(db, "events"), b"\xa5" * 4096)
    answer = Client(screen(db)).get("/api/kits/class-a")
    assert answer.status_code == 503
    said = answer.get_data(as_text=True)
    assert "cannot be read" in said and db not in said and "m.sqlite3" not in said
