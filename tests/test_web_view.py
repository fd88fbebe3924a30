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
