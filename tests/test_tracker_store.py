"""The store as a library: transactions that batch writes, and what a batch keeps when one write fails."""

from __future__ import annotations

import sqlite3

import pytest

from kit.catalogue import build_catalogue
from kit.game import GameError
from kit.rules import load_rules
from tracker.state.kit_record import KitRecord
from tracker.store.event_store import Store, _v1, new_id
from tracker.store.tables import BEADS, EVENTS, GAMES, KITS


def test_a_failed_write_inside_a_batch_leaves_nothing_of_itself(tmp_path):
    """Writes inside a transaction join it; one that fails is undone whole (a savepoint), the rest commit."""
    store = Store(tmp_path / "m.sqlite3", create=True)
    catalogue = build_catalogue("tictactoe", "first", load_rules("michie"))
    kit = KitRecord(
        new_id(), "k", "tictactoe", "first", "michie", "craft", catalogue.fingerprint, catalogue.boxes
    )
    world = store.create_kit(kit)
    game = new_id()
    started = {"game": game, "number": 1, "opponent": "random", "draw": "digital"}
    red = kit.box(1).moves[0]
    with store.transaction():
        world = store.record(world, [("game_started", started)])
        with pytest.raises(GameError):  # the draw is fine, the second event is not: neither may stay
            store.record(
                world,
                [
                    ("drew", {"game": game, "box": 1, "move": red, "square": red}),
                    ("drew", {"game": game, "box": 1, "move": red, "square": red}),
                ],
            )
    kinds = [event.kind for event, _ in store.events(kit.id)]
    assert kinds == ["kit_created", "game_started"]
    assert store.box_counts(kit, 1)[red] == kit.box(1).beads[0]


def test_each_table_is_named_with_the_columns_the_store_made():
    """The names the statements are built from are the columns a new store has, in their order."""
    db = sqlite3.connect(":memory:")
    store = Store.__new__(Store)
    store.db = db
    _v1(store)
    for table in (KITS, GAMES, EVENTS, BEADS):
        assert tuple(row[1] for row in db.execute(f"PRAGMA table_info({table.name})")) == table.columns


def test_a_kit_reads_back_as_it_was_written(tmp_path):
    """kit_created's fields go to the kits table and come back as the same kit, whatever their order."""
    store = Store(tmp_path / "m.sqlite3", create=True)
    catalogue = build_catalogue("nim", "second", load_rules("nim"))
    kit = KitRecord(new_id(), "k 2", "nim", "second", "nim", "nim", catalogue.fingerprint, catalogue.boxes)
    store.create_kit(kit)
    again = store.kit("k 2")
    assert again == kit and again.fields() == ("k 2", "nim", "second", "nim", "nim", catalogue.fingerprint)
    row = store.kits()[0]
    assert {k: row[k] for k in ("id", "name", "menace_plays", "rules", "games")} == {
        "id": kit.id,
        "name": "k 2",
        "menace_plays": "second",
        "rules": "nim",
        "games": 0,
    }


def test_a_kit_read_again_is_the_one_built_before_until_its_row_changes(tmp_path):
    """A kit is built from its row's 304 boxes once (a classroom's screen looks it up for every request);
    a row changed behind the store's back is read as it is now."""
    store = Store(tmp_path / "m.sqlite3", create=True)
    catalogue = build_catalogue("tictactoe", "first", load_rules("michie"))
    fields = ("k", "tictactoe", "first", "michie", "craft", catalogue.fingerprint)
    kit = KitRecord(new_id(), *fields, catalogue.boxes)
    store.create_kit(kit)
    first = store.kit("k")
    assert Store(tmp_path / "m.sqlite3").kit("k") is first
    store.db.execute("UPDATE kits SET name = 'renamed' WHERE id = ?", (kit.id,))
    assert store.kit("renamed").name == "renamed" and store.kit_by_id(kit.id) is not first
