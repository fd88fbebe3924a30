"""A game's cost at the table does not grow with the kit's history: the play table (tracker.table.play_table)
and the store's commit (tracker.store.event_store) over many games, with no browser."""

from __future__ import annotations

import random
import time

import pytest

from tests.cli import run
from tracker.state.opponents import Opponent
from tracker.store.event_store import Store
from tracker.table.play_table import Table


class Quiet:
    """An operator who is never asked (digital draws against a computer) and keeps the last line said."""

    def __init__(self) -> None:
        self.last = ""

    def ask(self, prompt: str) -> str:
        raise EOFError

    def say(self, line: str) -> None:
        self.last = line


def a_table(tmp_path, seed: int = 1) -> tuple[Store, Table, Quiet]:
    path = tmp_path / "m.sqlite3"
    assert run("new", "--db", str(path), "a").exit_code == 0
    store = Store(path)
    operator = Quiet()
    table = Table(
        store,
        store.world(store.kit("a")),
        operator,
        bead_source="digital",
        opponent=Opponent.parse("random"),
        rng=random.Random(seed),
    )
    return store, table, operator


def test_the_totals_after_each_game_are_kept_not_counted_again(tmp_path, monkeypatch):
    store, table, operator = a_table(tmp_path)
    counted = []
    tally = store.tally
    monkeypatch.setattr(store, "tally", lambda kit: counted.append(1) or tally(kit))
    for _ in range(30):
        table.play_game()
    assert len(counted) == 1  # once, for the first game's line; then kept as games end
    kept = store.tally(store.kit("a"))
    games = sum(kept.values())
    wins = kept.get("win", 0)
    assert games == 30 and operator.last.startswith(f"Recorded. Kit a: {games} games, {wins} won")


@pytest.mark.slow
def test_twenty_thousand_games_keep_their_pace(tmp_path):
    """The last thousands of 20,000 games at least 90% as fast as the first. Measured in this process's CPU
    time, so that other work on a shared machine (and the disk's syncs) does not count; and each end as the
    best of its three thousands, since a busy machine only ever slows a thousand down (CI runs the slow
    tests side by side: one slowed thousand failed the check once; a cost that grows slows all three)."""
    store, table, _ = a_table(tmp_path)
    seconds = []
    for _ in range(20):
        started = time.process_time()
        for _ in range(1000):
            table.play_game()
        seconds.append(time.process_time() - started)
    first, last = 1000 / min(seconds[:3]), 1000 / min(seconds[-3:])
    print(
        f"games a CPU second: first thousands {first:.0f}, last thousands {last:.0f} (best of 3); each:",
        " ".join(f"{1000 / s:.0f}" for s in seconds),
    )
    assert last >= 0.9 * first
