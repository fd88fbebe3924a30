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


def a_table(folder, seed: int = 1) -> tuple[Store, Table, Quiet]:
    path = folder / "m.sqlite3"
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
    """The last thousands of 20,000 games at least 90% as fast as the first, measured in this process's CPU
    time against a reference played alongside: 50 games on a new kit with the same seed each thousand (the
    same work every time), one after every 20 of the long run's. A thousand's cost is divided by its
    reference's, so what slows both (the slow tests CI runs side by side share the caches and the disk)
    cancels, and only a cost that grows with the kit's history is left. Each end is the best of three."""
    _, table, _ = a_table(tmp_path / "long")
    paces, reference_paces = [], []
    for thousand in range(20):
        reference_store, reference, _ = a_table(tmp_path / f"reference-{thousand}", seed=7)
        spent = reference_spent = 0.0
        for game in range(1000):
            started = time.process_time()
            table.play_game()
            spent += time.process_time() - started
            if game % 20 == 0:
                started = time.process_time()
                reference.play_game()
                reference_spent += time.process_time() - started
        reference_store.close()
        paces.append(1000 / spent)
        reference_paces.append(50 / reference_spent)
    relative = [pace / reference for pace, reference in zip(paces, reference_paces, strict=True)]
    first, last = max(relative[:3]), max(relative[-3:])
    print(
        f"\ngames a CPU second over the reference's: first {first:.2f}, last {last:.2f} (best of 3)",
        "\nthe long run's each thousand:", " ".join(f"{pace:.0f}" for pace in paces),
        "\nthe reference's beside it:   ", " ".join(f"{pace:.0f}" for pace in reference_paces),
    )  # fmt: skip
    assert last >= 0.9 * first
