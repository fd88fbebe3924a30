"""What the projector view adds to the live page (tracker.web.screen through the app, without a browser): the
first box empty, the first draw and each change of opponent, counted along the curve's games axis."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

pytest.importorskip("werkzeug", reason="the web extra is not installed: pip install '.[web]'")

from werkzeug.test import Client  # noqa: E402

from kit.game import GameError  # noqa: E402
from kit.i18n import use_language  # noqa: E402
from tests.cli import play_random, run  # noqa: E402
from tracker.state.opponents import opponent_name  # noqa: E402
from tracker.store.event_store import Store  # noqa: E402
from tracker.web.app import ClassroomScreen  # noqa: E402


def screen_of(db: str, kit: str = "class-a") -> dict:
    answer = Client(ClassroomScreen(Path(db), rng=random.Random(1))).get(f"/api/kits/{kit}/screen")
    assert answer.status_code == 200, answer.text
    return answer.json


def play(db: str, opponent: str, games: int, seed: int) -> None:
    result = run("play", "--db", db, "--draw", "digital", "--opponent", opponent, "--games", str(games),
                 "--seed", str(seed), "--brief")  # fmt: skip
    assert result.exit_code == 0, result.output


def test_each_change_of_opponent_and_the_first_draw_are_placed_on_the_curve(db):
    play(db, "random", 5, 3)
    play(db, "perfect", 4, 3)
    play(db, "random", 1, 3)
    shown = screen_of(db)
    assert shown["opponents"] == [{"from": 1, "opponent": "random"}, {"from": 6, "opponent": "perfect"},
                                  {"from": 10, "opponent": "random"}]  # fmt: skip
    store = Store(Path(db))
    results = [row["result"] for row in store.results(store.kit("class-a"))]
    place = results.index("draw") + 1  # MENACE draws against perfect play at the latest
    assert shown["first_draw"] == {"game": place, "number": place}  # no game was discarded
    assert shown["first_box"] == {"box": 1, "empty": False, "since": None}
    assert shown["version"] == store.head(store.kit("class-a").id)


def test_no_games_no_marks(db):
    assert screen_of(db) == {"version": screen_of(db)["version"], "first_draw": None, "opponents": [],
                             "first_box": {"box": 1, "empty": False, "since": None}}  # fmt: skip


def test_an_empty_first_box_is_said_with_the_game_since_which_menace_refuses(tmp_path):
    db = str(tmp_path / "m.sqlite3")
    assert run("new", "scroggs", "--db", db, "--rules", "scroggs").exit_code == 0
    assert play_random(db, games=3, seed=2).exit_code == 0
    emptied = run("census", "1", "red=0", "yellow=0", "black=0", "--db", db)
    assert emptied.exit_code == 0, emptied.output
    assert play_random(db, games=2, seed=2).exit_code == 0
    shown = screen_of(db, "scroggs")
    assert shown["first_box"] == {"box": 1, "empty": True, "since": {"game": 4, "number": 4}}
    live = Client(ClassroomScreen(Path(db))).get("/api/kits/scroggs/live").json
    last = live["last_game"]  # what the page reads as a refusal: resigned with no bead drawn, a loss
    assert (last["resigned"], last["boxes"], last["result"], last["moves"]) == (True, [], "loss", [])


def test_a_mistyped_opponent_says_human_in_the_language_spoken():
    use_language("de")
    try:
        with pytest.raises(GameError, match=r"\(oder human\)$"):
            opponent_name("randon")
    finally:
        use_language("en")
    with pytest.raises(GameError, match=r"\(or human\)$"):
        opponent_name("randon")
