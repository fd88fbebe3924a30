"""Builds a store with many games for timing the commands (not a test).

Usage: python bench/make_store.py PATH [GAMES].

Games are played digitally against a random opponent through the same Store.apply as `menace play`,
many per transaction so that building 10,000 games takes seconds, not an fsync per move.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

from generator.catalogue import build_catalogue
from kit.learning import pick, refill
from kit.opponents import random_move
from tracker import session as sessions
from tracker.events import Event, ended_data, refill_rng
from tracker.kit_record import KitRecord
from tracker.session import Turn
from tracker.store import Store, new_id, now

BATCH = 500


def main(path: str, games: int) -> None:
    Path(path).unlink(missing_ok=True)
    store = Store(Path(path), create=True)
    catalogue = build_catalogue("tictactoe", "first", "michie")
    kit = KitRecord(
        new_id(), "bench", "tictactoe", "first", "michie", "craft", catalogue.fingerprint, catalogue.boxes
    )
    world = store.create_kit(kit)
    rng = random.Random(1)
    for start in range(0, games, BATCH):
        with store.transaction():
            for number in range(start + 1, min(start + BATCH, games) + 1):
                world = play_one(store, world, number, rng)
    print(f"{path}: {games} games, {store.db.execute('SELECT count(*) FROM events').fetchone()[0]} events")


def play_one(store: Store, world, number: int, rng: random.Random):
    kit = world.kit
    game_id = new_id()

    def add(kind: str, data: dict):
        return store.apply(world, Event(new_id(), kit.id, kind, now(), data, data.get("game")))

    world = add("game_started", {"game": game_id, "number": number, "opponent": "random", "draw": "digital"})
    while True:
        turn = sessions.turn(kit, world.session)
        if turn is Turn.OVER:
            return add("game_ended", ended_data(world))
        if turn is Turn.OPPONENT:
            world = add(
                "moved",
                {"game": game_id, "square": random_move(kit.catalogue.game, world.session.state, rng)},
            )
            continue
        box = sessions.placement(kit, world.session).box
        counts = world.mirror[box.id]
        if not sum(counts.values()):
            if kit.rules.empty_box == "resign":
                world = add("resigned", {"game": game_id, "box": box.id})
                continue
            added = refill(kit.rules, box.moves, refill_rng(game_id, box.id))
            world = add(
                "refilled", {"game": game_id, "box": box.id, "added": {str(m): n for m, n in added.items()}}
            )
            continue
        move = pick(counts, rng)
        square = sessions.draw(kit, world.session, box.id, move, "x").steps[-1].played
        world = add("drew", {"game": game_id, "box": box.id, "move": move, "square": square})


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 10_000)
