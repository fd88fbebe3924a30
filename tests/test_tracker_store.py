"""The store as a library: transactions that batch writes, and what a batch keeps when one write fails."""

from __future__ import annotations

import pytest

from generator.catalogue import build_catalogue
from kit.game import GameError
from kit.rules import load_rules
from tracker.state.kit_record import KitRecord
from tracker.store.event_store import Store, new_id


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
