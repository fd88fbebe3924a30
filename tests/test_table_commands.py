"""The table's commands (tracker.table.commands) driven with neither a terminal nor a browser, and each
front end over them: the terminal's play table, the pupil's page and runs from the classroom screen check a
move once, and a run stops between any two moves, even while a slow opponent thinks."""

from __future__ import annotations

import ast
import random
import threading
import time
from pathlib import Path

import pytest

from kit.catalogue import build_catalogue
from kit.game import IllegalMoveError
from kit.rules import load_rules
from tests.cli import run
from tracker.state import session as sessions
from tracker.state.kit_record import KitRecord
from tracker.state.opponents import PERSON, Opponent
from tracker.store.event_store import Store, new_id
from tracker.table import commands as c
from tracker.table.play_table import Table

TRACKER = Path(__file__).parent.parent / "tracker"


def nim_kit(tmp_path: Path) -> tuple[Store, KitRecord]:
    """A nim kit of 9 tokens, MENACE first (its own boxes: MENACE takes at 9, 7, 5, ... tokens)."""
    store = Store(tmp_path / "m.sqlite3", create=True)
    catalogue = build_catalogue("nim", "first", load_rules("nim"))
    kit = KitRecord(new_id(), "pile", "nim", "first", "nim", "nim-craft", catalogue.fingerprint,
                    catalogue.boxes)
    store.create_kit(kit)
    return store, store.kit("pile")


def test_no_class_in_the_tracker_stands_in_for_a_person_or_unwinds_a_loop():
    impostors = {"Browser", "Quiet", "PacedTable", "WaitForPupil", "TurnOver"}
    found = [
        f"{path.relative_to(TRACKER)}: {node.name}"
        for path in TRACKER.rglob("*.py")
        for node in ast.walk(ast.parse(path.read_text()))
        if isinstance(node, ast.ClassDef) and node.name in impostors
    ]
    assert found == []


def test_a_game_is_played_and_recorded_by_commands_alone(tmp_path):
    store, kit = nim_kit(tmp_path)
    world = store.world(kit)

    def carry_out(command: c.Command) -> c.Decision:
        nonlocal world
        decision = c.decide(world, command)
        world = store.commit(world, decision.changes)
        assert world == decision.world  # the store hands back the world the decision stepped to
        return decision

    started = carry_out(c.StartGame(PERSON, "physical"))
    assert started.messages == (c.GameStarted(1),) and [e.kind for e in started.events] == ["game_started"]
    drew = carry_out(c.DrawBead(1))  # MENACE takes 1 of 9
    assert [type(m) for m in drew.messages] == [c.MenaceDrew, c.BoardNow]
    before = world.head
    with pytest.raises(IllegalMoveError):  # 8 tokens left: nobody takes 4
        c.decide(world, c.OpponentMove(4))
    assert store.head(kit.id) == before  # nothing was recorded
    carry_out(c.OpponentMove(3))
    back = carry_out(c.TakeBack())
    assert [type(m) for m in back.messages] == [c.TookBack] and back.events[0].kind == "undone"
    carry_out(c.OpponentMove(3))
    rng = random.Random(2)
    while world.session is not None:  # the tracker draws for MENACE, the opponent takes 1 each time
        now = sessions.turn(kit, world.session)
        carry_out(c.DigitalDraw(rng) if now is sessions.Turn.MENACE else c.OpponentMove(1))
    (game,) = store.games(kit)
    assert game["status"] == "finished" and game["moves"].startswith("1 3 ")
    assert store.world(kit).mirror == world.mirror
    assert run("verify", "--db", str(tmp_path / "m.sqlite3")).exit_code == 0


class Script:
    """An operator reading answers from a list; EOFError when they run out."""

    def __init__(self, *answers: str) -> None:
        self.answers, self.said = list(answers), []

    def ask(self, prompt: str) -> str:
        if not self.answers:
            raise EOFError
        return self.answers.pop(0)

    def say(self, line: str) -> None:
        self.said.append(line)


def count_checks(monkeypatch) -> list[tuple[object, object]]:
    """Every (state, move) the one legality check is asked about."""
    checked: list[tuple[object, object]] = []
    check = sessions.checked_move

    def counted(kit, state, move):
        checked.append((state, move))
        return check(kit, state, move)

    monkeypatch.setattr(sessions, "checked_move", counted)
    return checked


def test_a_move_typed_at_the_terminal_is_checked_once(tmp_path, monkeypatch):
    store, kit = nim_kit(tmp_path)
    table = Table(store, store.world(kit), Script("red", "2"), rng=random.Random(1))
    checked = count_checks(monkeypatch)
    with pytest.raises(EOFError):  # after the opponent's move MENACE's box is opened and nobody answers
        table.play_game()
    after_menace = kit.catalogue.game.play(kit.catalogue.game.initial(), 1)
    assert checked.count((after_menace, 2)) == 1  # the opponent's 2 at 8 tokens
    assert len(checked) == 2  # and MENACE's red (1 at 9 tokens): nothing else was checked


def test_a_move_made_in_the_browser_is_checked_once(db, monkeypatch):
    from werkzeug.test import Client

    from tests.web import Pupil
    from tracker.web.app import ClassroomScreen

    pupil = Pupil(Client(ClassroomScreen(Path(db), rng=random.Random(3))), "class-a")
    live = pupil.ok({"action": "new"})["live"]
    code = live["game"]["legal"][0]["code"]
    store = Store(Path(db))
    state = store.world(store.kit("class-a")).session.state
    checked = count_checks(monkeypatch)
    assert pupil.send({"action": "move", "move": code}).status_code == 200
    assert checked.count((state, code)) == 1


def run_app(db: str, kit: str = "class-a", seed: int = 11):
    from werkzeug.test import Client

    from tests.test_web_lesson import Teacher
    from tracker.web.app import ClassroomScreen

    app = ClassroomScreen(Path(db), rng=random.Random(seed))
    return app, Teacher(app, kit), Client(app)


def test_a_run_against_a_second_menace_plays_all_its_games_when_that_menace_resigns(db):
    # Hexapawn's first player loses to one who has learnt: the second MENACE, White, soon resigns at an empty
    # box (michie's rules), and later refuses to play at all. Before, the run waited for its move for good.
    made = run("new", "hex", "--db", db, "--game", "hexapawn", "--menace-plays", "second")
    assert made.exit_code == 0, made.output
    app, teacher, _client = run_app(db, "hex")
    started = teacher.send({"action": "start", "opponent": "menace", "games": 40, "speed": 0})
    assert started.status_code == 200, started.text
    ended = teacher.wait(60)
    assert (ended["state"], ended["played"], ended["error"]) == ("finished", 40, None)
    store = Store(Path(db))
    rows = store.games(store.kit("hex"))
    dropped = [row["number"] for row in rows if row["status"] == "discarded"]
    assert len(rows) == 40 and dropped, "the second MENACE never resigned: the test missed what it tests"
    assert {row["status"] for row in rows} == {"finished", "discarded"}
    assert run("verify", "--db", db).exit_code == 0


@pytest.mark.parametrize("opponent", ["random", "mcts:1000000:python"])
def test_stop_ends_a_run_within_a_second_even_while_a_slow_opponent_thinks(db, opponent):
    app, teacher, client = run_app(db)
    started = teacher.send({"action": "start", "opponent": opponent, "games": 1000, "speed": 0})
    assert started.status_code == 200, started.text
    time.sleep(0.6)  # random: games are going on; mcts: it is thinking over its first move
    assert client.get("/api/kits/class-a/run").json["run"]["state"] == "running"
    asked = time.monotonic()
    assert teacher.send({"action": "stop"}).status_code == 200
    ended = teacher.wait(5)
    assert ended["state"] == "stopped" and time.monotonic() - asked < 1.0
    given_up = time.monotonic() + 3  # and the search given up is not left running (for minutes)
    while [t for t in threading.enumerate() if t.name == "menace-run-player"] and time.monotonic() < given_up:
        time.sleep(0.05)
    assert not [t for t in threading.enumerate() if t.name == "menace-run-player"]
    assert run("verify", "--db", db).exit_code == 0


def test_the_opponent_is_a_value_read_once_from_its_name(tmp_path):
    assert Opponent.parse(" human ") == PERSON and PERSON.person and str(PERSON) == "human"
    novice = Opponent.parse("novice:0.50")
    assert str(novice) == "novice:0.5" and Opponent.parse(str(novice)) == novice and not novice.person
    assert Opponent.parse("menace", learners=True).learns and not novice.learns
    store, kit = nim_kit(tmp_path)
    world = store.commit(store.world(kit), c.decide(store.world(kit), c.StartGame(novice, "digital")).changes)
    assert world.session.opponent == novice == store.world(kit).session.opponent  # as the event is read back
