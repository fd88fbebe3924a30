"""The table on a phone over the JSON API (tracker.web.phone_table, tracker.web.app): a physical game played
with the documented requests alone, recorded as `menace play` with a physical draw records it."""

from __future__ import annotations

import re
from contextlib import closing
from pathlib import Path

import pytest

pytest.importorskip("werkzeug", reason="the web extra is not installed: pip install '.[web]'")

from werkzeug.test import Client  # noqa: E402

from tests.cli import run  # noqa: E402
from tests.web import Pupil  # noqa: E402
from tracker.store.event_store import Store  # noqa: E402
from tracker.table.commands import Census, decide  # noqa: E402
from tracker.table.play_lock import playing  # noqa: E402
from tracker.web.app import ClassroomScreen, lesson_kits  # noqa: E402

TOKEN = "X-Menace-Token"


@pytest.fixture
def db(tmp_path) -> Path:
    path = tmp_path / "m.sqlite3"
    assert run("new", "hex", "--db", str(path), "--game", "hexapawn").exit_code == 0
    return path


class Phone:
    """Only what docs/tracker-reference.md says: the page's token, then POST /api/kits/NAME/play."""

    def __init__(self, client: Client, kit: str) -> None:
        self.client, self.kit = client, kit
        page = client.get(f"/kits/{kit}/table")
        assert page.status_code == 200
        self.token = re.search(r'name="menace-token" content="([^"]+)"', page.text)[1]
        self.live = client.get(f"/api/kits/{kit}/live").json

    def send(self, body: dict) -> tuple[int, dict]:
        body = {**body, "version": self.live["version"]}
        answer = self.client.post(f"/api/kits/{self.kit}/play", json=body, headers={TOKEN: self.token})
        self.token = answer.json["token"]
        self.live = answer.json.get("live") or self.client.get(f"/api/kits/{self.kit}/live").json
        return answer.status_code, answer.json

    def ok(self, body: dict) -> dict:
        status, answer = self.send(body)
        assert status == 200, answer
        return answer


def test_a_physical_game_played_through_the_api_alone(db):
    phone = Phone(Client(ClassroomScreen(db)), "hex")
    game = phone.ok({"action": "new", "draw": "physical"})["live"]["game"]
    assert (game["draw"], game["at_table"], game["in_browser"]) == ("physical", True, False)
    takes_back = True
    while phone.live["game"] is not None:
        game = phone.live["game"]
        if game["turn"] == "menace":  # the box named, its beads on the real board: draw the first one held
            box = game["box"]
            assert box["played"] is None and box["on_board"]["beads"]
            bead = next(b for b in box["on_board"]["beads"] if b["count"])
            phone.ok({"action": "draw", "colour": bead["colour"]})
            assert phone.live["game"] is None or phone.live["game"]["box"]["played"]
        else:  # the opponent's move on the real board, by its code
            phone.ok({"action": "move", "move": game["legal"][0]["code"]})
            if takes_back and phone.live["game"] is not None:  # one take-back: the move is gone, then again
                takes_back = False
                before = len(phone.live["game"]["moves"])
                phone.ok({"action": "undo"})
                assert len(phone.live["game"]["moves"]) == before - 1
    last, ended = phone.live["last_game"], phone.live["ended"]
    assert last["result"] in ("win", "loss") and last["changes"] and ended["instructions"]
    stats = Client(ClassroomScreen(db)).get("/api/kits/hex").json
    assert stats["games"] == 1 and not takes_back
    assert run("verify", "--kit", "hex", "--db", str(db)).exit_code == 0


def test_an_empty_box_resigns_and_a_wrong_colour_is_refused(db):
    phone = Phone(Client(ClassroomScreen(db)), "hex")
    phone.ok({"action": "new", "draw": "physical"})
    if phone.live["game"]["turn"] == "opponent":
        phone.ok({"action": "move", "move": phone.live["game"]["legal"][0]["code"]})
    status, answer = phone.send({"action": "draw", "colour": "no-such-colour"})
    assert status == 400 and answer["error"]
    said = phone.ok({"action": "draw", "colour": "empty"})["said"]  # full boxes: drift, nothing recorded
    assert said and phone.live["game"] is not None
    with closing(Store(db)) as store:  # the open box recounted empty, as the table's `census` would
        world = store.world(store.kit("hex"))
        box = world.kit.place(world.session.state.position).box
        store.commit(world, decide(world, Census(dict.fromkeys(box.moves, 0))).changes)
    phone.live = phone.client.get("/api/kits/hex/live").json
    said = phone.ok({"action": "draw", "colour": "empty"})["said"]
    assert phone.live["game"] is None and phone.live["last_game"]["resigned"], said


def test_the_terminal_holding_the_kit_is_said_and_nothing_is_recorded(db):
    client = Client(ClassroomScreen(db))
    phone = Phone(client, "hex")
    with closing(Store(db)) as store, playing(store, store.kit("hex")):
        assert client.get("/api/kits/hex/held").json == {"held": True}
        status, answer = phone.send({"action": "new", "draw": "physical"})
        assert status == 409 and answer["error"]
    assert client.get("/api/kits/hex/held").json == {"held": False}
    assert phone.live["game"] is None


def test_each_page_plays_its_own_games_and_a_bad_draw_kind_is_refused(db):
    client = Client(ClassroomScreen(db))
    phone = Phone(client, "hex")
    status, answer = phone.send({"action": "new", "draw": "by-magic"})
    assert status == 400 and "physical" in answer["error"]
    status, answer = phone.send({"action": "new", "draw": "digital"})  # the pupil's game: from the play page
    assert status == 400 and "/kits/hex/play" in answer["error"]
    phone.ok({"action": "new"})  # the table page's token: a physical game unless said
    assert phone.live["game"]["draw"] == "physical"
    pupil = Pupil(client, "hex")  # the play page's token: never the table's game, as before
    assert pupil.send({"action": "discard"}).status_code == 409
    refused = pupil.send({"action": "draw", "colour": "empty"})
    assert refused.status_code == 400 and "/kits/hex/table" in refused.json["error"]
    phone.ok({"action": "discard"})
    pupil.refresh()
    assert pupil.ok({"action": "new"})["live"]["game"]["draw"] == "digital"
    status, _answer = phone.send({"action": "move", "move": 57})  # and the table never the pupil's
    assert status == 409


def test_the_lesson_kits_in_group_order():
    names = ["group-10", "x", "class", "group-2", "group-1", "groups-3"]
    assert lesson_kits(names) == ["group-1", "group-2", "group-10", "class"]


def test_menace_serve_names_the_class_page_when_the_store_holds_a_lessons_kits(db, tmp_path):
    from tracker.web.server import lesson_groups

    assert lesson_groups(db) == []  # only "hex"
    assert run("new", "group-1", "--db", str(db), "--game", "hexapawn").exit_code == 0
    assert lesson_groups(db) == ["group-1"]
    page = Client(ClassroomScreen(db)).get("/api/lesson").json
    assert [(k["name"], k["table"]["join"]) for k in page["kits"]] == [
        ("group-1", "http://localhost/kits/group-1/table")
    ]


def test_the_lesson_page_shows_every_group_of_a_big_class(tmp_path):
    """Each group has a chart of its own, so a lesson's 12 groups are all on its page (it once showed 8)."""
    db = tmp_path / "m.sqlite3"
    for number in range(1, 13):
        assert run("new", f"group-{number}", "--db", str(db), "--game", "nim").exit_code == 0
    page = Client(ClassroomScreen(db)).get("/api/lesson").json
    assert [k["name"] for k in page["kits"]] == [f"group-{number}" for number in range(1, 13)]


def to_menaces_box(phone: Phone) -> dict:
    """A new physical game, played to MENACE's first box (Hexapawn: the opponent moves first)."""
    phone.ok({"action": "new", "draw": "physical"})
    while phone.live["game"]["turn"] != "menace":
        phone.ok({"action": "move", "move": phone.live["game"]["legal"][0]["code"]})
    return phone.live["game"]["box"]


def test_a_box_the_tracker_counts_beads_in_is_recounted_from_the_phone_then_found_empty(db):
    """Drift on the phone: a box said to be empty that the tracker counts beads in is recounted there (as
    `menace census` would), and then said empty again; the words send nobody to a terminal."""
    phone = Phone(Client(ClassroomScreen(db)), "hex")
    box = to_menaces_box(phone)
    version = phone.live["version"]
    said = phone.ok({"action": "draw", "colour": "empty"})["said"]
    assert phone.live["version"] == version  # nothing recorded
    assert len(said) == 1 and "Recount this box" in said[0] and "census" not in said[0]
    colours = [b["colour"] for b in box["beads"]]
    for counts, why in (
        ([], "counts"),
        ({colours[0]: -1}, "0 or more"),
        ({colours[0]: True}, "0 or more"),
        ({"purple-ish": 1}, "purple-ish"),
        ({colours[0]: 10_000}, "will not fit"),
    ):
        status, answer = phone.send({"action": "census", "counts": counts})
        assert status == 400 and why in answer["error"] and "\n" not in answer["error"], answer
    assert phone.live["version"] == version
    phone.ok({"action": "census", "counts": {colour: 0 for colour in colours}})
    assert [b["count"] for b in phone.live["game"]["box"]["beads"]] == [0] * len(colours)
    phone.ok({"action": "draw", "colour": "empty"})  # now really empty: MENACE resigns, by Gardner's rules
    assert phone.live["game"] is None and phone.live["last_game"]["resigned"]
    assert run("verify", "--kit", "hex", "--db", str(db)).exit_code == 0


def test_a_bead_the_tracker_counts_none_of_asks_the_phone_for_a_recount(db):
    phone = Phone(Client(ClassroomScreen(db)), "hex")
    box = to_menaces_box(phone)
    first, *others = [b["colour"] for b in box["beads"]]
    phone.ok({"action": "census", "counts": {first: 0}})  # the others keep their counts
    kept = [b["count"] for b in phone.live["game"]["box"]["beads"]]
    assert kept == [0] + [b["count"] for b in box["beads"]][1:]
    status, answer = phone.send({"action": "draw", "colour": first})
    assert status == 400 and answer["recount"] is True and "Recount this box" in answer["error"]
    phone.ok({"action": "draw", "colour": others[0]})
    status, answer = phone.send({"action": "census", "counts": {first: 1}})  # the opponent's move now
    assert status == 409 and "not now" in answer["error"]
