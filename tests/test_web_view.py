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
from tracker.web import view  # noqa: E402
from tracker.web.app import ClassroomScreen  # noqa: E402


def count_builds(monkeypatch) -> list[str]:
    built: list[str] = []
    build = view.build_live

    def counted(store, kit, world=None):
        answer = build(store, kit, world)
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
