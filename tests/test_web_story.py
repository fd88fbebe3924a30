"""A box's story (tracker.web.story through the app): its bead counts after each game and the games that drew
from it, checked against the games table's own record of the first box after each game."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

pytest.importorskip("werkzeug", reason="the web extra is not installed: pip install '.[web]'")

from werkzeug.test import Client  # noqa: E402

from tests.cli import play_random, run  # noqa: E402
from tracker.store.event_store import Store  # noqa: E402
from tracker.web.app import ClassroomScreen  # noqa: E402
from tracker.web.story import LAST_GAMES  # noqa: E402


def story_of(db: str, box: int) -> dict:
    answer = Client(ClassroomScreen(Path(db))).get(f"/api/kits/class-a/boxes/{box}/story")
    assert answer.status_code == 200, answer.text
    return answer.json


def test_the_first_box_s_story_is_the_games_tables_first_box_after_each_game(db):
    assert play_random(db, games=42, seed=6).exit_code == 0
    told = story_of(db, 1)
    store = Store(Path(db))
    kit = store.kit("class-a")
    after = [json.loads(row["first_box"]) for row in store.results(kit, first_box=True)]
    start = {str(kit.code(move)): n for move, n in kit.box(1).initial_counts().items()}
    assert told["counts"] == [start, *after]
    assert told["used"] == 42 and len(told["games"]) == LAST_GAMES  # MENACE opens every game from box 1
    assert [g["number"] for g in told["games"]][:3] == [42, 41, 40]  # the latest first
    results = [row["result"] for row in store.results(kit)]
    assert all(g["result"] == results[g["game"] - 1] and len(g["drawn"]) == 1 for g in told["games"])


def test_a_later_box_lists_only_the_games_that_drew_from_it(db):
    assert play_random(db, games=30, seed=6).exit_code == 0
    store = Store(Path(db))
    kit = store.kit("class-a")
    box = next(b.id for b in kit.boxes if b.move_number == 2)
    told = story_of(db, box)
    games = {row["number"]: row for row in store.games(kit)}
    assert 0 < told["used"] < 30 and len(told["counts"]) == 31
    for used in told["games"]:  # the box's position came up in that game
        assert used["opponent"] == "random" and games[used["number"]]["status"] == "finished"
    changed = [i for i in range(1, 31) if told["counts"][i] != told["counts"][i - 1]]
    assert set(changed) <= {g["game"] for g in told["games"]}  # only a game that drew from it changes it
    final = {str(kit.code(move)): n for move, n in store.box_counts(kit, box).items()}
    assert told["counts"][-1] == {**dict.fromkeys(told["counts"][0], 0), **final}


def test_a_box_the_kit_does_not_have_is_a_404(db):
    answer = Client(ClassroomScreen(Path(db))).get("/api/kits/class-a/boxes/305/story")
    assert answer.status_code == 404 and answer.json == {"error": "kit class-a has no box 305"}
    assert run("verify", "--db", db).exit_code == 0
