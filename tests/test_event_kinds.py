"""Each event kind as a typed value (tracker.state.event_kinds): its one parse reads back what its one
serialise writes, key for key and byte for byte, for every event the tracker writes; the keys are those the
tracker wrote before the values were typed (the hash chain covers them); and a body that lacks a key is the
same "malformed ... event" as before."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tests.cli import play_random, run
from tests.test_table_commands import nim_kit
from tests.test_tracker_rule_checks import new_kit
from tracker.state import event_kinds as bodies
from tracker.state.events import KINDS, Event, EventError, step
from tracker.state.opponents import Opponent
from tracker.store.event_store import Store, dumps, new_id, now
from tracker.table import commands as c

# The keys of each kind's body as the tracker wrote them before its events were typed values.
KEYS = {
    "game_started": {"game", "number", "opponent", "draw"},
    "refilled": {"game", "box", "added"},
    "drew": {"game", "box", "move", "square"},
    "moved": {"game", "square"},
    "resigned": {"game", "box"},  # MENACE's; the opponent's is {"game", "by"}
    "undone": {"game", "event"},
    "game_ended": {"game", "result", "changes"},
    "discarded": {"game"},
    "census": {"box", "counts"},
    "reopened": {"game", "event"},
    "renamed": {"name"},
    "trained": {"how", "results", "counts"},
}


def test_every_kind_but_the_kits_own_is_a_typed_value():
    assert set(bodies.BODIES) | {"kit_created"} == set(KINDS)
    assert all(kind.kind == name for name, kind in bodies.BODIES.items())


def logged(db: str) -> list[Event]:
    store = Store(Path(db))
    return [event for event, _hash in store.events()]


def test_what_the_tracker_writes_reads_back_as_it_was_written(db, tmp_path):
    play_random(db, games=3, seed=2)  # digital draws, the random opponent's moves, settlements
    assert run("undo", "--db", db).exit_code == 0  # the game just finished reopened, its last move undone
    assert run("discard", "--db", db, input="y\n").exit_code == 0
    assert run("play", "--db", db, input="k\nquit\n").exit_code == 0  # a game in progress...
    assert run("undo", "--db", db).exit_code == 0  # ... its move taken back
    assert run("census", "--db", db, "1", "red=2").exit_code == 0
    assert run("train", "--db", db, "--game", "nim", "--games", "40", "--seed", "1", "t").exit_code == 0
    export, other = tmp_path / "e.jsonl", str(tmp_path / "other.sqlite3")
    assert run("export", "--db", db, "--kit", "class-a", "--out", str(export)).exit_code == 0
    assert run("new", "class-a", "--db", other).exit_code == 0
    assert run("import", "--db", other, "--rename", "class 7c", str(export)).exit_code == 0
    store, kit = nim_kit(tmp_path / "n")  # MENACE resigning, and an opponent resigning
    world = store.world(kit)
    for command in (
        c.StartGame(Opponent.parse("novice:0.5"), "digital"),
        c.DigitalDraw(random.Random(1)),
        c.OpponentResigns(),
    ):
        world = store.commit(world, c.decide(world, command).changes)
    golf, kit = new_kit(tmp_path / "g", "golf")  # golf refills an empty box
    world = golf.world(kit)
    world = golf.commit(world, c.decide(world, c.StartGame(Opponent.parse("random"), "digital")).changes)
    box = kit.box(1)
    for command in (c.Census(dict.fromkeys(box.moves, 0)), c.DigitalDraw(random.Random(1))):
        world = golf.commit(world, c.decide(world, command).changes)
    events = [
        *logged(db),
        *logged(other),
        *logged(str(tmp_path / "n" / "m.sqlite3")),
        *logged(str(tmp_path / "g" / "m.sqlite3")),
    ]
    seen = {event.kind for event in events}
    assert seen == set(KINDS), f"not written here: {set(KINDS) - seen}"
    for event in events:
        if event.kind == "kit_created":
            continue
        body = bodies.BODIES[event.kind].parse(event.data)
        assert dumps(body.data()) == dumps(event.data), event.kind
        keys = {"game", "by"} if event.data.get("by") == "opponent" else KEYS[event.kind]
        assert set(event.data) == keys, event.kind


@pytest.mark.parametrize("kind, data, missing", [
    ("drew", {"game": "g", "box": 1, "square": 0}, "move"),
    ("census", {"counts": {}}, "box"),
    ("game_started", {"game": "g", "opponent": "human", "draw": "physical"}, "number"),
    ("trained", {"counts": []}, "how"),
])  # fmt: skip
def test_a_body_that_lacks_a_key_is_the_malformed_event_it_was(tmp_path, kind, data, missing):
    store, kit = nim_kit(tmp_path)
    world = store.world(kit)
    if kind == "drew":
        world = store.commit(world, c.decide(world, c.StartGame(Opponent.parse("human"), "physical")).changes)
        data = {**data, "game": world.session.game_id}
    with pytest.raises(EventError) as raised:
        step(world, Event(new_id(), kit.id, kind, now(), data, data.get("game")))
    assert str(raised.value) == f"malformed {kind} event: KeyError({missing!r})"
