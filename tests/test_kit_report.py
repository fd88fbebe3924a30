"""A kit's report worked out by the library, without click: the series each chart draws."""

from __future__ import annotations

from itertools import accumulate

import pytest

from tests.cli import play_random, run
from tracker.lab.kit_report import games_per_bar, kit_report
from tracker.state.errors import MenaceError
from tracker.store.event_store import Store

SCORE = {"win": 3, "draw": 1, "loss": -1}  # Michie's running score, and the first box's change per result


def test_a_kits_report_series_follow_its_games(db):
    play_random(db, games=12, seed=4)
    store = Store(db)
    kit = store.kit(None)
    results = [row["result"] for row in store.results(kit)]
    report = kit_report(store, kit)
    assert report.summary["games"] == 12
    assert report.curve == list(accumulate(SCORE[r] for r in results))
    assert (report.per_bar, report.bars) == (10, ["1-10", "11-12"])
    assert [s.label for s in report.results] == ["win", "draw", "loss"]
    assert [sum(s.values) for s in report.results] == [results.count(r) for r in SCORE]
    assert [sum(s.values[bar] for s in report.results) for bar in range(2)] == [10, 2]
    assert [s.values[1] for s in report.results] == [results[10:].count(r) for r in SCORE]
    # Michie's first box (corner, edge, centre) starts with 4 beads of each; after each game the move played
    # from it gains 3 beads for a win, 1 for a draw, and loses 1 for a loss.
    assert [len(s.values) for s in report.first_box] == [12, 12, 12]
    totals = [sum(s.values[game] for s in report.first_box) for game in range(12)]
    changes = [after - before for before, after in zip([12, *totals[:-1]], totals, strict=True)]
    assert changes == [SCORE[r] for r in results]


def test_a_kit_without_finished_games_has_nothing_to_report(db):
    store = Store(db)
    with pytest.raises(MenaceError, match="kit class-a has no finished games yet: nothing to draw"):
        kit_report(store, store.kit(None))


@pytest.mark.parametrize(
    ("games", "per_bar"),
    [(1, 10), (300, 10), (301, 50), (1500, 50), (1501, 100), (3001, 500), (30_000, 1000), (30_001, 5000)],
)
def test_bars_hold_round_numbers_of_games_and_at_most_thirty_bars(games, per_bar):
    assert games_per_bar(games) == per_bar


def test_the_command_writes_the_report(db, tmp_path):
    play_random(db, games=3, seed=1)
    out = tmp_path / "r.pdf"
    result = run("report", "--db", db, "--out", str(out))
    assert result.exit_code == 0, result.output
    assert result.output == f"wrote {out}: 3 games\n" and out.read_bytes().startswith(b"%PDF")
