"""Several classes side by side: the running scores of chosen kits for one chart (/api/curves, /classes)."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("werkzeug", reason="the web extra is not installed: pip install '.[web]'")

from werkzeug.test import Client  # noqa: E402

from tests.cli import play_random, run  # noqa: E402
from tracker.web.app import MAX_CURVES, ClassroomScreen  # noqa: E402


@pytest.fixture
def classes(db):
    assert run("new", "class-b", "--db", db, "--game", "hexapawn").exit_code == 0
    assert run("new", "class-c", "--db", db).exit_code == 0
    assert play_random(db, games=5, seed=1, kit="class-a").exit_code == 0
    assert play_random(db, games=3, seed=2, kit="class-b").exit_code == 0
    return Client(ClassroomScreen(Path(db)))


def test_the_chosen_kits_curves_in_the_order_asked(classes, db):
    got = classes.get("/api/curves?kits=class-b&kits=class-a").json["kits"]
    assert [k["name"] for k in got] == ["class-b", "class-a"]
    assert [k["game"] for k in got] == ["hexapawn", "tictactoe"] and [k["games"] for k in got] == [3, 5]
    live = classes.get("/api/kits/class-a/live").json
    assert got[1]["curve"] == live["curve"] and len(got[1]["curve"]) == 5
    assert got[1]["curve"][-1] == live["totals"]["score"]


def test_without_a_choice_every_kit_is_drawn(classes):
    got = classes.get("/api/curves").json["kits"]
    assert [(k["name"], k["games"]) for k in got] == [("class-a", 5), ("class-b", 3), ("class-c", 0)]
    assert got[2]["curve"] == []


def test_an_unknown_kit_or_too_many_are_refused_in_one_line(classes):
    unknown = classes.get("/api/curves?kits=class-a&kits=nope")
    assert unknown.status_code == 404 and "nope" in unknown.json["error"]
    many = classes.get("/api/curves?" + "&".join(["kits=class-a"] * (MAX_CURVES + 1)))
    assert many.status_code == 400
    assert many.json == {"error": f"choose at most {MAX_CURVES} kits to draw on one chart"}


def test_the_page_is_served(classes):
    page = classes.get("/classes")
    assert page.status_code == 200 and "/static/classes.js" in page.text and "/static/chart.js" in page.text
    assert classes.get("/static/classes.js").status_code == 200
