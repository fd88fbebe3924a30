"""The classroom screen running a lesson, without a browser: runs against a computer player (recorded as
`menace play --draw digital` records them), the last game kept with its winning line, the box in use on the
real board with the counts it had when MENACE drew, and the Host names it answers to."""

from __future__ import annotations

import os
import random
import re
import socket
import time
from pathlib import Path

import pytest

pytest.importorskip("werkzeug", reason="the web extra is not installed: pip install '.[web]'")

from werkzeug.test import Client  # noqa: E402

from kit.picture import Grid  # noqa: E402
from tests.cli import run  # noqa: E402
from tests.store_log import log  # noqa: E402
from tests.web import Pupil  # noqa: E402
from tracker.store.event_store import Store  # noqa: E402
from tracker.table.play_lock import playing  # noqa: E402
from tracker.web import hosts  # noqa: E402
from tracker.web.app import TOKEN_HEADER, ClassroomScreen  # noqa: E402
from tracker.web.view import winning_line  # noqa: E402


def new_kit(db: str, name: str, game: str = "tictactoe", side: str = "first") -> None:
    result = run("new", name, "--db", db, "--game", game, "--menace-plays", side)
    assert result.exit_code == 0, result.output


class Teacher:
    """The live page's run controls over the API: the page's token, spent and renewed with each change."""

    def __init__(self, app: ClassroomScreen, kit: str) -> None:
        self.app, self.client, self.kit = app, Client(app), kit
        page = self.client.get(f"/kits/{kit}")
        self.token = re.search(r'name="menace-token" content="([^"]+)"', page.text).group(1)

    def send(self, body: object, token: str | None = None):
        sent = self.token if token is None else token
        response = self.client.post(f"/api/kits/{self.kit}/run", json=body, headers={TOKEN_HEADER: sent})
        if response.is_json and "token" in response.json:
            self.token = response.json["token"]
        return response

    def wait(self, timeout: float = 120) -> dict:
        kit_id = Store(self.app.db_path).kit(self.kit).id
        self.app.runs.wait(kit_id, timeout)
        return self.client.get(f"/api/kits/{self.kit}/run").json["run"]


# --- runs ------------------------------------------------------------------------------------------------
def test_a_run_records_the_games_menace_play_records_with_the_same_seed(tmp_path):
    ran, typed = str(tmp_path / "ran.sqlite3"), str(tmp_path / "typed.sqlite3")
    new_kit(ran, "class-a")
    new_kit(typed, "class-a")
    app = ClassroomScreen(Path(ran), rng=random.Random(7))
    teacher = Teacher(app, "class-a")
    started = teacher.send({"action": "start", "opponent": "random", "games": 20, "speed": 0})
    assert started.status_code == 200, started.text
    assert teacher.wait() == {"state": "finished", "opponent": "random", "games": 20, "played": 20,
                              "speed": 0.0, "error": None}  # fmt: skip
    seed = random.Random(7).randrange(2**32)
    play = ["play", "--db", typed, "--kit", "class-a", "--draw", "digital", "--opponent", "random"]
    assert run(*play, "--games", "20", "--seed", str(seed), "--brief").exit_code == 0
    assert log(ran, "class-a") == log(typed, "class-a")
    verified = run("verify", "--db", ran)
    assert verified.exit_code == 0, verified.output


def test_a_run_pauses_goes_on_and_stops_keeping_its_game(db):
    app = ClassroomScreen(Path(db), rng=random.Random(3))
    teacher = Teacher(app, "class-a")
    started = teacher.send({"action": "start", "opponent": "novice:0.5", "games": 50, "speed": 20})
    assert started.status_code == 200
    time.sleep(0.5)
    paused = teacher.send({"action": "pause"}).json["run"]
    assert paused["state"] == "paused"
    head = Store(db).head(Store(db).kit("class-a").id)
    time.sleep(0.6)
    assert Store(db).head(Store(db).kit("class-a").id) == head  # nothing recorded while paused
    assert teacher.send({"action": "speed", "speed": 1000}).json["run"]["speed"] == 1000
    assert teacher.send({"action": "resume"}).json["run"]["state"] == "running"
    time.sleep(0.3)
    assert teacher.send({"action": "stop"}).status_code == 200
    stopped = teacher.wait(10)
    assert stopped["state"] == "stopped" and stopped["played"] < 50
    store = Store(db)
    kit = store.kit("class-a")
    rows = store.games(kit)
    assert {(r["opponent"], r["draw"]) for r in rows} == {("novice:0.5", "digital")}
    assert len([r for r in rows if r["status"] == "finished"]) == stopped["played"]
    assert run("verify", "--db", db).exit_code == 0


def test_a_run_is_refused_in_one_line_when_asked_wrongly_or_when_the_kit_is_busy(db):
    app = ClassroomScreen(Path(db), rng=random.Random(1))
    teacher = Teacher(app, "class-a")
    for body, said in [
        ({"action": "start", "opponent": "human", "games": 3, "speed": 0}, "a person plays on the play page"),
        ({"action": "start", "opponent": "chess", "games": 3, "speed": 0}, "unknown player 'chess'"),
        ({"action": "start", "opponent": "random", "games": 0, "speed": 0}, "from 1 to 100000"),
        ({"action": "start", "opponent": "random", "games": 3, "speed": 0.5}, "moves a second, from 1"),
        ({"action": "start", "opponent": "random", "games": True, "speed": 0}, "whole number"),
        ({"action": "fly"}, "unknown action 'fly'"),
    ]:
        refused = teacher.send(body)
        assert refused.status_code == 400 and said in refused.json["error"], refused.text
    assert teacher.send({"action": "pause"}).status_code == 409  # no run to pause
    assert teacher.send({"action": "start"}, token="made-up").status_code == 403
    store = Store(db)
    with playing(store, store.kit("class-a")):  # a `menace play` window holds the kit
        busy = teacher.send({"action": "start", "opponent": "random", "games": 3, "speed": 0})
    assert busy.status_code == 409 and "in play at a table" in busy.json["error"]
    # A page anyone in the class opens says what to do, not which process on which host holds the kit.
    assert str(os.getpid()) not in busy.text and socket.gethostname() not in busy.text
    started = teacher.send({"action": "start", "opponent": "random", "games": 200, "speed": 5})
    assert started.status_code == 200
    again = teacher.send({"action": "start", "opponent": "random", "games": 3, "speed": 0})
    assert again.status_code == 409 and "a run is going" in again.json["error"]
    pupil = Pupil(Client(app), "class-a")
    assert pupil.send({"action": "new"}).status_code == 409  # the run holds the kit's play lock
    teacher.send({"action": "stop"})
    assert teacher.wait(10)["state"] == "stopped"
    assert Store(db).games(Store(db).kit("class-a")) != []


# --- the box in use and the last game --------------------------------------------------------------------
@pytest.mark.parametrize(("game", "side"), [("tictactoe", "first"), ("hexapawn", "second")])
def test_the_box_in_use_shows_the_counts_it_had_when_menace_drew(tmp_path, game, side):
    db = str(tmp_path / "m.sqlite3")
    new_kit(db, "k", game, side)
    store = Store(db)
    kit = store.kit("k")
    pupil = Pupil(Client(ClassroomScreen(Path(db), rng=random.Random(4))), "k")
    live = pupil.ok({"action": "new"})["live"]
    if side == "second":
        live = pupil.ok({"action": "move", "move": live["game"]["legal"][0]["code"]})["live"]
    box = live["game"]["box"]
    first = kit.box(box["id"])
    drawn = next(b for b in box["on_board"]["beads"] if b["drawn"])
    start = first.initial_counts()  # the box had not been drawn from before: its starting beads
    assert box["on_board"]["total"] == box["total"] == sum(start.values())
    assert drawn["count"] == start[kit.move(drawn["code"])] >= 1  # Gardner's Hexapawn: 1 bead, 100%
    assert drawn["chance"] == round(drawn["count"] / box["total"], 4) > 0
    mirror = Store(db).box_counts(kit, box["id"])
    assert mirror[kit.move(drawn["code"])] == drawn["count"] - 1  # the bead is out on top of its box


@pytest.mark.slow
def test_the_box_in_use_puts_each_bead_where_the_table_plays_it_on_every_orientation(db):
    """50 games: each of MENACE's draws, on the board as the table announced it, whatever the label's turn."""
    store = Store(db)
    kit = store.kit("class-a")
    game = kit.catalogue.game
    pupil = Pupil(Client(ClassroomScreen(Path(db), rng=random.Random(11))), "class-a")
    rng = random.Random(12)
    turns = set()
    for _ in range(50):
        answer = pupil.ok({"action": "new"})
        while True:
            live = answer["live"]
            shown = live["game"] or {}
            box = shown.get("box")
            if box and box["played"]:
                said = [line for line in answer["said"] if "MENACE draws" in line][-1]
                square = int(re.search(r"plays square (\d)", said).group(1))
                drawn = [b for b in box["on_board"]["beads"] if b["drawn"]]
                assert [b["cell"] for b in drawn] == [square - 1], (said, box)
                where = re.search(r"plays square \d (\([^)]*\))", said).group(1)
                assert f"box {box['id']}" in said and box["played"] == f"plays square {square} {where}"
                assert box["on_board"]["picture"]["marks"][square - 1] == ""  # the board before the draw
                before = "".join(m or "." for m in box["on_board"]["picture"]["marks"])
                place = kit.place(game.parse_position(before))
                assert box["on_board"]["turn"] == place.turn
                turns.add(place.transform.name)
            if live["game"] is None:
                break
            answer = pupil.ok({"action": "move", "move": rng.choice(live["game"]["legal"])["code"]})
    assert len(turns) >= 6, turns  # most of the square's eight ways of laying a label were met


def test_the_last_game_stays_with_its_winning_line_until_the_next_games_first_move(tmp_path):
    db = str(tmp_path / "m.sqlite3")
    new_kit(db, "k", "tictactoe", "second")  # the pupil (X) moves first
    pupil = Pupil(Client(ClassroomScreen(Path(db), rng=random.Random(5))), "k")
    live = pupil.play_to_the_end(lambda legal: legal[0])  # the pupil fills squares in order
    last = live["last_game"]
    assert live["game"] is None and last["number"] == 1
    marks = last["board"]["marks"]
    if last["result"] == "loss":  # MENACE (O) lost: the pupil's X line is marked
        assert last["line"] and all(marks[c] == "X" for c in last["line"])
    assert last["changes"] and {c["box"] for c in last["changes"]} == set(live["used_boxes"]["last"])
    live = pupil.ok({"action": "new"})["live"]
    assert live["game"]["moves"] == [] and live["last_game"]["number"] == 1  # still there
    live = pupil.ok({"action": "move", "move": live["game"]["legal"][0]["code"]})["live"]
    assert live["last_game"] is None  # gone at the next game's first move


@pytest.mark.parametrize(
    ("marks", "names", "line"),
    [
        ("XXXOO....", (), [0, 1, 2]),
        ("XO.OX...X", (), [0, 4, 8]),
        ("OXXOX.O..", (), [0, 3, 6]),
        ("XOXXOOOXX", (), []),  # a draw
        ("XXXOOOXXX", (), [0, 1, 2, 3, 4, 5, 6, 7, 8]),  # cannot happen in play; every full line counts
        ("W.B.B....", ("3", "2", "1"), [0]),  # Hexapawn: White reached the far row
        ("...W...WB", ("3", "2", "1"), [8]),  # Black reached White's home row
        ("..B.W....", ("3", "2", "1"), []),  # won by leaving no move: no line
    ],
)
def test_the_winning_line_is_known(marks, names, line):
    grid = Grid(3, 3, tuple("" if m == "." else m for m in marks), row_names=names,
                column_names=("a", "b", "c") if names else ())  # fmt: skip
    assert winning_line(grid) == line


# --- hosts -----------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("header", "host"),
    [("[::1]:8765", "::1"), ("localhost:8765", "localhost"), ("Example.ORG", "example.org"),
     ("[::1", None), ("a:b:c", None), ("", None), (None, None)],
)  # fmt: skip
def test_a_host_header_is_read_without_port_or_brackets(header, host):
    assert hosts.host_of(header) == host


def test_the_server_answers_to_its_own_addresses_and_the_names_given_only():
    assert hosts.hosts_for("::1", []) == hosts.LOOPBACK
    assert hosts.answers_to("[::1]:8765", hosts.hosts_for("::1", []))  # was refused (400)
    every = hosts.hosts_for("0.0.0.0", ["menace.school"])
    own = [a for a in hosts.own_addresses() if a not in ("127.0.0.1", "::1")]
    assert own, "this machine has an address besides loopback"
    for address in own:
        shown = f"[{address}]" if ":" in address else address
        assert hosts.answers_to(f"{shown}:8765", every)
        assert hosts.url(address, 8765) in hosts.addresses_to_open("0.0.0.0", 8765)
    assert hosts.answers_to("menace.school:8765", every) and hosts.answers_to("127.0.0.1:8765", every)
    for foreign in ("0.0.0.0:8765", "evil.example", "menace.school.evil.example", "[::2]:1"):
        assert not hosts.answers_to(foreign, every), foreign
    assert "0.0.0.0" not in " ".join(hosts.addresses_to_open("0.0.0.0", 8765))
    assert hosts.hosts_for("192.0.2.7", ["menace.school"]) == ["192.0.2.7", "menace.school"]


def test_the_app_refuses_a_foreign_host_and_serves_ipv6_loopback(db):
    app = Client(ClassroomScreen(Path(db), hosts=hosts.hosts_for("0.0.0.0", ["menace.school"])))
    assert app.get("/api/kits", headers={"Host": "menace.school:8765"}).status_code == 200
    refused = app.get("/api/kits", headers={"Host": "evil.example:8765"})
    assert refused.status_code == 400 and "host name" in refused.json["error"]
    loopback = Client(ClassroomScreen(Path(db)))
    assert loopback.get("/api/kits", headers={"Host": "[::1]:8765"}).status_code == 200


# --- a fault nobody foresaw ------------------------------------------------------------------------------
def test_an_unexpected_error_in_a_run_fails_it_with_one_line(db, monkeypatch, capsys):
    from tracker.table.computers import ComputerTable

    step = ComputerTable.step

    def second_game_breaks(self, *args):
        if self.games_done == 1:
            raise RuntimeError("disk on fire\nsecond line")
        return step(self, *args)

    monkeypatch.setattr(ComputerTable, "step", second_game_breaks)
    app = ClassroomScreen(Path(db), rng=random.Random(5))
    teacher = Teacher(app, "class-a")
    assert teacher.send({"action": "start", "opponent": "random", "games": 3, "speed": 0}).status_code == 200
    ended = teacher.wait(30)
    assert ended["state"] == "failed" and ended["played"] == 1
    assert ended["error"] == "an unexpected error ended the run: disk on fire"
    assert "Traceback" in capsys.readouterr().err  # the terminal running the server has the whole story
    live = Client(app).get("/api/kits/class-a/live").json
    assert live["run"]["state"] == "failed" and live["totals"]["games"] == 1
    again = teacher.send({"action": "start", "opponent": "random", "games": 1, "speed": 0})
    assert again.status_code == 200 and teacher.wait(30)["state"] == "finished"  # the kit's lock was let go
    assert run("verify", "--db", db).exit_code == 0


def test_an_unexpected_error_before_a_run_starts_is_refused_at_once(db, monkeypatch, capsys):
    def lock_breaks(store, kit):
        raise KeyError("kits")

    monkeypatch.setattr("tracker.web.runs.playing", lock_breaks)
    app = ClassroomScreen(Path(db), rng=random.Random(5))
    refused = Teacher(app, "class-a").send({"action": "start", "opponent": "random", "games": 1, "speed": 0})
    assert refused.status_code == 409  # answered, not left waiting for a thread that died
    assert refused.json["error"] == "an unexpected error ended the run: 'kits'"
    assert Client(app).get("/api/kits/class-a/run").json == {"run": None}


# --- a second MENACE as the opponent ---------------------------------------------------------------------
def test_a_run_against_a_second_menace_records_its_games_and_the_second_menace_learns(db, monkeypatch):
    from kit.players import MenacePlayer

    learned = []
    settle = MenacePlayer.learn

    def watched(self, result):
        learned.append((id(self), result.value, sum(sum(box.values()) for box in self.boxes.values())))
        settle(self, result)

    monkeypatch.setattr(MenacePlayer, "learn", watched)
    app = ClassroomScreen(Path(db), rng=random.Random(11))
    teacher = Teacher(app, "class-a")
    started = teacher.send({"action": "start", "opponent": "menace", "games": 12, "speed": 0})
    assert started.status_code == 200, started.text
    assert teacher.wait(60)["state"] == "finished"
    store = Store(Path(db))
    rows = store.games(store.kit("class-a"))
    assert [(r["status"], r["opponent"], r["draw"]) for r in rows] == [("finished", "menace", "digital")] * 12
    opposite = {"win": "loss", "draw": "draw", "loss": "win"}
    assert [result for _player, result, _beads in learned] == [opposite[r["result"]] for r in rows]
    assert len({player for player, _result, _beads in learned}) == 1  # one second MENACE, kept game to game
    assert len({beads for _player, _result, beads in learned}) > 1  # and its beads changed as it learned
    verified = run("verify", "--db", db)
    assert verified.exit_code == 0, verified.output


@pytest.mark.parametrize(
    ("opponent", "said"),
    [
        ("kit:class-a", "kit:class-a is a kit in the tracker's store: it plays other kits at `menace match`"),
        ("menace:/etc/passwd", "unknown rules '/etc/passwd'"),  # the server reads no file a page names
    ],
)
def test_a_run_refuses_a_learner_it_cannot_seat(db, opponent, said):
    refused = Teacher(ClassroomScreen(Path(db)), "class-a").send(
        {"action": "start", "opponent": opponent, "games": 1, "speed": 0}
    )
    assert refused.status_code == 400 and refused.json["error"].startswith(said)


def test_menace_play_at_a_terminal_still_takes_no_learner(db):
    result = run("play", "--db", db, "--draw", "digital", "--opponent", "menace", "--games", "1")
    assert result.exit_code == 2 and "unknown player 'menace'" in result.output


def stopped_mid_game(db: str) -> Teacher:
    """A run stopped with a game in progress, as a teacher leaves it."""
    app = ClassroomScreen(Path(db), rng=random.Random(5))
    teacher = Teacher(app, "class-a")
    started = teacher.send({"action": "start", "opponent": "random", "games": 5, "speed": 1000})
    assert started.status_code == 200
    app.runs.change(Store(db).kit("class-a").id, "pause")
    session = Store(db).world(Store(db).kit("class-a")).session
    while session is None or not session.steps:  # stop it in a game with a move made
        app.runs.change(Store(db).kit("class-a").id, "resume")
        time.sleep(0.002)
        app.runs.change(Store(db).kit("class-a").id, "pause")
        session = Store(db).world(Store(db).kit("class-a")).session
    assert teacher.send({"action": "stop"}).status_code == 200
    assert teacher.wait(10)["state"] == "stopped"
    return teacher


def test_a_stopped_runs_game_is_finished_by_a_run_of_one_game(db):
    teacher = stopped_mid_game(db)
    live = teacher.client.get("/api/kits/class-a/live").json
    assert live["game"]["left_by_run"] and not live["game"]["in_browser"]
    number = live["game"]["number"]
    assert teacher.send({"action": "finish"}).status_code == 200
    assert teacher.wait(10)["state"] == "finished"
    store = Store(db)
    (row,) = [r for r in store.games(store.kit("class-a")) if r["number"] == number]
    assert row["status"] == "finished" and store.world(store.kit("class-a")).session is None
    refused = teacher.send({"action": "finish"})  # nothing left to finish
    assert refused.status_code == 409 and refused.json["error"] == "no game is in progress: start a new game"


def test_a_stopped_runs_game_is_discarded_from_a_page(db):
    teacher = stopped_mid_game(db)
    pupil = Pupil(teacher.client, "class-a")
    live = pupil.ok({"action": "discard"})["live"]
    assert live["game"] is None
    store = Store(db)
    assert store.games(store.kit("class-a"))[-1]["status"] == "discarded"
    assert run("verify", "--db", db).exit_code == 0


def test_a_run_stops_when_menace_refuses_to_play_at_an_empty_first_box(db):
    assert run("census", "--db", db, "1", "red=0", "yellow=0", "black=0").exit_code == 0
    app = ClassroomScreen(Path(db), rng=random.Random(1))
    teacher = Teacher(app, "class-a")
    assert teacher.send({"action": "start", "opponent": "random", "games": 20, "speed": 0}).status_code == 200
    ended = teacher.wait(10)
    assert (ended["state"], ended["played"]) == ("refused", 1)  # not 20 losses in a row
    assert len(Store(db).games(Store(db).kit("class-a"))) == 1
