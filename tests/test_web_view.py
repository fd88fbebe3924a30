"""The live view (tracker.web.view) is built once per version of a kit and shared by every request for it."""

from __future__ import annotations

import random
import threading
from pathlib import Path

import pytest

pytest.importorskip("werkzeug", reason="the web extra is not installed: pip install '.[web]'")

from werkzeug.test import Client  # noqa: E402

from tests.cli import play_random  # noqa: E402
from tests.web import Pupil  # noqa: E402
from tracker.state.stats import running_score  # noqa: E402
from tracker.web import view  # noqa: E402
from tracker.web.app import ClassroomScreen  # noqa: E402


def count_builds(monkeypatch) -> list[str]:
    built: list[str] = []
    build = view.build_live

    def counted(store, kit, world=None, **options):
        answer = build(store, kit, world, **options)
        built.append(answer["version"])
        return answer

    monkeypatch.setattr(view, "build_live", counted)
    return built


def test_twenty_requests_reading_one_version_build_its_view_once(db, monkeypatch):
    assert play_random(db, games=3, seed=2).exit_code == 0  # a version no page has seen yet
    app = ClassroomScreen(Path(db), rng=random.Random(4))
    built = count_builds(monkeypatch)
    answers: list[dict] = []

    def poll() -> None:
        answers.append(Client(app).get("/api/kits/class-a/live").json)

    phones = [threading.Thread(target=poll) for _ in range(20)]
    for phone in phones:
        phone.start()
    for phone in phones:
        phone.join()
    assert len(answers) == 20 and all(answer == answers[0] for answer in answers)
    assert answers[0]["totals"]["games"] == 3 and len(built) == 1


def test_a_change_makes_a_new_version_whose_view_is_built_from_the_world_it_stepped_to(db, monkeypatch):
    app = ClassroomScreen(Path(db), rng=random.Random(4))
    pupil = Pupil(Client(app), "class-a")
    first = pupil.ok({"action": "new"})["live"]
    built = count_builds(monkeypatch)
    moved = pupil.ok({"action": "move", "move": first["game"]["legal"][0]["code"]})["live"]
    assert moved["version"] != first["version"] and built == [moved["version"]]
    again = Client(app).get("/api/kits/class-a/live").json
    assert again == {**moved, "run": None} and built == [moved["version"]]


def test_a_new_version_reads_only_the_last_games_and_an_edited_older_one_is_caught_later(db, monkeypatch):
    from tracker.store.event_store import ResultsChanged, Store

    assert play_random(db, games=12, seed=3).exit_code == 0
    store = Store(Path(db))
    kit = store.kit("class-a")
    view.build_live(store, kit)
    read_from = []
    results_from = store.results_from
    monkeypatch.setattr(store, "results_from", lambda k, n: read_from.append(n) or results_from(k, n))
    assert play_random(db, games=3, seed=4).exit_code == 0
    kept = view.build_live(store, kit)
    assert read_from == [12 - view.KeptResults.OVERLAP + 1]  # games 10-15: the three last kept, and the new
    whole = store.results(kit, first_box=True)
    assert kept["curve"] == running_score(whole) and len(kept["first_box"]["history"]) == 15
    flip = "CASE result WHEN 'win' THEN 'loss' ELSE 'win' END"
    store.db.execute(f"UPDATE games SET result = {flip} WHERE kit = ? AND number = 2", (kit.id,))
    view.build_live(store, kit)  # the rows kept still sum to the checksum: caught at the next full check
    monkeypatch.setattr(view.KeptResults, "FULL_CHECK_S", 0.0)
    with pytest.raises(ResultsChanged):
        view.build_live(store, kit)


def test_totals_and_curves_kept_between_versions_are_those_of_every_game_read_again(db, monkeypatch):
    from tracker.state.stats import summarise
    from tracker.store.event_store import Store

    store = Store(Path(db))
    kit = store.kit("class-a")
    for batch, seed in enumerate(range(5, 11)):
        assert play_random(db, games=4 + batch, seed=seed).exit_code == 0
        if batch == 3:  # a full check in the middle: every row read and compared with the kept ones
            monkeypatch.setattr(view.KeptResults, "FULL_CHECK_S", 0.0)
        kept = view.build_live(store, kit)
        monkeypatch.setattr(view.KeptResults, "FULL_CHECK_S", 30.0)
        whole = store.results(kit, first_box=True)
        assert kept["totals"] == summarise(whole) and kept["curve"] == running_score(whole)
        assert len(kept["first_box"]["history"]) == len(whole)


def test_the_full_check_picks_up_a_first_box_edited_behind_the_stores_back(db, monkeypatch):
    from tracker.store.event_store import Store

    assert play_random(db, games=6, seed=3).exit_code == 0
    store = Store(Path(db))
    kit = store.kit("class-a")
    before = view.build_live(store, kit)["first_box"]["history"]
    store.db.execute("UPDATE games SET first_box = '{\"4\": 99}' WHERE kit = ? AND number = 1", (kit.id,))
    assert view.build_live(store, kit)["first_box"]["history"] == before  # kept: not read again yet
    monkeypatch.setattr(view.KeptResults, "FULL_CHECK_S", 0.0)
    assert view.build_live(store, kit)["first_box"]["history"] == [{"4": 99}, *before[1:]]


def held_builds(monkeypatch) -> tuple[threading.Event, threading.Event, list[dict]]:
    """view.live made to wait for ``release`` once it has set ``building``; what it built is in ``built``."""
    building, release, built = threading.Event(), threading.Event(), []
    live = view.live

    def held(store, kit, **options):
        building.set()
        release.wait(10)
        built.append(live(store, kit, **options))
        return built[-1]

    monkeypatch.setattr(view, "live", held)
    return building, release, built


def test_while_one_request_builds_the_recent_view_the_others_are_given_the_one_before(db, monkeypatch):
    from tracker.store.event_store import Store

    store = Store(Path(db))
    kit = store.kit("class-a")
    older = view.recent_live(store, kit, 0.0)
    assert play_random(db, games=2, seed=6).exit_code == 0
    building, release, built = held_builds(monkeypatch)

    def build() -> None:
        own = Store(Path(db))  # a request's own connection, as the server's threads have
        view.recent_live(own, kit, 0.0)
        own.close()

    builder = threading.Thread(target=build)
    builder.start()
    assert building.wait(10)
    assert view.recent_live(store, kit, 0.0) is older  # not a second build: the one before
    release.set()
    builder.join(10)
    assert view.recent_live(store, kit, 60.0) is built[0] and built[0]["version"] != older["version"]


def test_a_recent_view_built_from_before_a_pages_change_is_not_kept(db, monkeypatch):
    from tracker.store.event_store import Store

    store = Store(Path(db))
    kit = store.kit("class-a")
    building, release, built = held_builds(monkeypatch)
    builder = threading.Thread(target=lambda: view.recent_live(Store(Path(db)), kit, 0.0))
    builder.start()
    assert building.wait(10)
    view.forget_recent(store, kit)  # a page's change, made while the view was being built
    release.set()
    builder.join(10)
    building.clear()
    release.set()
    view.recent_live(store, kit, 60.0)
    assert len(built) == 2  # built again: the view from before the change was not kept
