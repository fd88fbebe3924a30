"""Builds a store with many games for timing the commands (not a test).

Usage: python bench/make_store.py PATH [GAMES].

Games are played digitally against a random opponent by the play table itself (tracker.table.play_table), as
`menace play --draw digital --opponent random` plays them, but many per transaction, so that building
10,000 games takes about half a minute rather than an fsync per move.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

from kit.catalogue import build_catalogue
from kit.rules import load_rules
from tracker.state.kit_record import KitRecord
from tracker.store.event_store import Store, new_id
from tracker.table.play_table import Table

BATCH = 500


class Silent:
    """An operator told everything and asked nothing: digital draws against a computer need no answers."""

    def ask(self, prompt: str) -> str:
        raise AssertionError(f"a digital game against a computer asked {prompt!r}")

    def say(self, line: str) -> None:
        pass


def main(path: str, games: int) -> None:
    Path(path).unlink(missing_ok=True)
    store = Store(Path(path), create=True)
    catalogue = build_catalogue("tictactoe", "first", load_rules("michie"))
    kit = KitRecord(
        new_id(), "bench", "tictactoe", "first", "michie", "craft", catalogue.fingerprint, catalogue.boxes
    )
    table = Table(
        store,
        store.create_kit(kit),
        Silent(),
        bead_source="digital",
        opponent="random",
        rng=random.Random(1),
        brief=True,
    )
    for start in range(0, games, BATCH):
        with store.transaction():  # the table's own writes join this one transaction
            for _ in range(start, min(start + BATCH, games)):
                table.play_game()
    print(f"{path}: {games} games, {store.db.execute('SELECT count(*) FROM events').fetchone()[0]} events")


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 10_000)
