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
from kit.game import GameError, IllegalMoveError, Result
from kit.rules import load_rules
from tests.cli import run
from tracker.state import session as sessions
from tracker.state.events import Event, EventError, step
from tracker.state.kit_record import KitRecord
from tracker.state.opponents import PERSON, Opponent
from tracker.store.event_store import Store, new_id, now
from tracker.table import commands as c
from tracker.table.play_table import Table, words
from tracker.web.view import last_game_view

TRACKER = Path(__file__).parent.parent / "tracker"


def nim_kit(tmp_path: Path) -> tuple[Store, KitRecord]:
    """A nim kit of 9 tokens, MENACE first (its own boxes: MENACE takes at 9, 7, 5, ... tokens)."""
    store = Store(tmp_path / "m.sqlite3", create=True)
    catalogue = build_catalogue("nim", "first", load_rules("nim"))
    kit = KitRecord(
        new_id(), "pile", "nim", "first", "nim", "nim-craft", catalogue.fingerprint, catalogue.boxes
    )
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


def needs_the_web_extra() -> None:
    pytest.importorskip("werkzeug", reason="the web extra is not installed: pip install '.[web]'")


def test_a_move_made_in_the_browser_is_checked_once(db, monkeypatch):
    needs_the_web_extra()
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
    needs_the_web_extra()
    from werkzeug.test import Client

    from tests.test_web_lesson import Teacher
    from tracker.web.app import ClassroomScreen

    app = ClassroomScreen(Path(db), rng=random.Random(seed))
    return app, Teacher(app, kit), Client(app)


def test_a_run_against_a_second_menace_plays_all_its_games_when_that_menace_resigns(db):
    # Hexapawn's first player loses to one who has learnt: the second MENACE, White, soon resigns at an empty
    # box (michie's rules), and later refuses to play at all. Before, the run waited for its move for good,
    # and then dropped each such game; now each is MENACE's win, settled as one (as kit.match scores it).
    made = run("new", "hex", "--db", db, "--game", "hexapawn", "--menace-plays", "second")
    assert made.exit_code == 0, made.output
    app, teacher, _client = run_app(db, "hex")
    started = teacher.send({"action": "start", "opponent": "menace", "games": 40, "speed": 0})
    assert started.status_code == 200, started.text
    ended = teacher.wait(60)
    assert (ended["state"], ended["played"], ended["error"]) == ("finished", 40, None)
    store = Store(Path(db))
    kit = store.kit("hex")
    rows = {row["id"]: row for row in store.games(kit)}
    assert len(rows) == 40 and {row["status"] for row in rows.values()} == {"finished"}
    log = [event for event, _hash in store.events(kit.id)]
    resigned = [e.game for e in log if e.kind == "resigned" and e.data == {"game": e.game, "by": "opponent"}]
    assert resigned, "the second MENACE never resigned: the test missed what it tests"
    settled = {e.game: e.data for e in log if e.kind == "game_ended"}
    for game in resigned:
        assert rows[game]["result"] == "win" and settled[game]["result"] == "win"
        # the kit's rules (gardner's): a win puts each drawn bead back, and adds none
        assert kit.rules_name == "gardner" and kit.rules.change(Result.WIN) == 0
        assert all(after == before + 1 for _box, _code, before, after in settled[game]["changes"])
    assert any(settled[game]["changes"] for game in resigned)  # resigned after MENACE had drawn, some time
    assert run("verify", "--db", db).exit_code == 0
    out, other = Path(db).with_name("e.jsonl"), str(Path(db).with_name("other.sqlite3"))
    assert run("export", "--db", db, "--out", str(out)).exit_code == 0  # replayed by import as by verify
    assert run("import", "--db", other, str(out)).output.endswith("(2 new kits, 40 finished games)\n")
    for command in (["export"], ["games", "--kit", "hex", "--json"], ["stats", "--kit", "hex", "--json"]):
        assert run(*command, "--db", other).output == run(*command, "--db", db).output


def test_the_opponent_resigns_and_menace_wins(tmp_path):
    store, kit = nim_kit(tmp_path)
    world = store.world(kit)

    def carry_out(command: c.Command) -> c.Decision:
        nonlocal world
        decision = c.decide(world, command)
        world = store.commit(world, decision.changes)
        return decision

    novice = Opponent.parse("novice:0.5")
    carry_out(c.StartGame(novice, "physical"))
    with pytest.raises(GameError, match="MENACE's turn"):  # only at its own turn
        c.decide(world, c.OpponentResigns())
    carry_out(c.DrawBead(1))  # MENACE takes 1 of 9: the box for 9 tokens, its bead 1
    mirror = world.loaded_mirror  # the bead drawn is out of its box
    resigned = carry_out(c.OpponentResigns())
    assert [e.kind for e in resigned.events] == ["resigned", "game_ended"]
    assert resigned.events[0].data == {"game": resigned.events[0].game, "by": "opponent"}
    assert [type(m) for m in resigned.messages] == [c.OpponentResigned, c.GameOver, c.Recorded]
    assert resigned.events[1].data["result"] == "win"
    (game,) = store.games(kit)
    assert (game["status"], game["result"]) == ("finished", "win")
    box = kit.catalogue.first_box
    assert world.loaded_mirror[box][1] == mirror[box][1] + 1 + 1  # nim's rules: the bead back, and 1 more
    said = [line for m in resigned.messages for line in words(kit, m)]
    assert said[0] == "  The novice:0.5 opponent resigns: MENACE wins." and said[1].endswith(
        "(the opponent resigned). Now, box by box:"
    )
    shown = last_game_view(world)  # the classroom screen's last game
    assert shown is not None and (shown["result"], shown["resigned"], shown["resigned_by"]) == (
        "win",
        True,
        "opponent",
    )
    back = carry_out(c.TakeBack())  # the game is reopened, and its resignation taken back
    assert [e.kind for e in back.events] == ["reopened", "undone"]
    said = [line for m in back.messages for line in words(kit, m)]
    assert "  Took back the opponent's resignation." in said
    assert world.session is not None and sessions.turn(kit, world.session) is sessions.Turn.OPPONENT
    assert world.loaded_mirror == mirror  # as before the resignation: the drawn bead is out again
    carry_out(c.OpponentResigns())
    assert store.world(kit).mirror == world.mirror
    assert run("verify", "--db", str(tmp_path / "m.sqlite3")).exit_code == 0
    carry_out(c.StartGame(novice, "physical"))
    carry_out(c.DrawBead(1))
    by_whom = Event(
        new_id(),
        kit.id,
        "resigned",
        now(),
        {"game": world.session.game_id, "by": "menace"},
        world.session.game_id,
    )
    with pytest.raises(EventError, match="^a resigned event is MENACE's \\(no 'by'\\) or the opponent's"):
        step(world, by_whom)


def test_a_second_menace_resigning_at_the_terminal_is_menaces_win(tmp_path):
    db = str(tmp_path / "m.sqlite3")
    assert run("new", "hex", "--db", db, "--game", "hexapawn", "--menace-plays", "second").exit_code == 0
    store = Store(Path(db))
    kit = store.kit("hex")
    operator = Script()  # nobody answers: the tracker draws, and the second MENACE plays
    table = Table(
        store,
        store.world(kit),
        operator,
        bead_source="digital",
        opponent=Opponent.parse("menace", learners=True),
        rng=random.Random(3),
    )
    assert all(table.play_game() for _ in range(40))  # each game finished, none dropped
    said = "  The menace opponent resigns: MENACE wins."
    assert said in operator.said, "the second MENACE never resigned: the test missed what it tests"
    assert {(row["status"], row["result"]) for row in store.games(kit)} >= {("finished", "win")}
    assert len(store.games(kit, finished_only=True)) == 40
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
