"""The classroom screen in a real browser, for what the lesson's second part added: where a typical MENACE
would be (the live page works the band out, then shades it behind the running score and says where this
MENACE is against it), a run's words counting its games, a run that fails saying so in one line."""

from __future__ import annotations

import json
import math

import pytest

from tests.browser import needs_browser, page
from tests.cli import play_random

playwright = needs_browser()

from tests.test_web_lesson_browser import expect, start_run  # noqa: E402

pytestmark = pytest.mark.slow  # a real browser takes seconds a page: the slow run (CI runs it)


def test_the_live_page_draws_the_band_of_simulated_menaces(browser, site):
    base, db = site
    assert play_random(db, games=8, seed=4, kit="class-a").exit_code == 0
    live = page(browser, f"{base}/kits/class-a")
    live.wait_for_selector("body[data-typical=ready]", timeout=60_000)
    band = json.loads(live.context.request.get(f"{base}/api/kits/class-a/typical").text())
    curve = json.loads(live.context.request.get(f"{base}/api/kits/class-a/live").text())["curve"]
    assert band["state"] == "ready" and band["covers"] == 8 and len(band["low"]) == 100
    points = live.get_attribute("#curve svg polygon.band", "points").split()
    assert len(points) == 2 * (8 + 1)  # games 0..8, along the top edge and back along the bottom
    said = live.text_content("#typical")
    (low, high), score = (math.floor(edge + 0.5) for edge in (band["low"][7], band["high"][7])), curve[7]
    assert f"({score})" in said and f"({low} to {high})" in said, said  # whole points, as the score is
    where = "above" if score > high else "below" if score < low else "inside"
    expect(live.locator(f"#typical strong[data-where={where}]")).to_be_visible()
    assert "1,000 simulated MENACEs" in said and live.errors == []  # a count as people write it


@pytest.mark.parametrize("kit", ["nim"])
def test_a_kit_without_games_says_why_it_has_no_band(browser, site, kit):
    base, _db = site
    live = page(browser, f"{base}/kits/{kit}")
    live.wait_for_selector("body[data-typical=none]", timeout=10_000)
    assert "no games yet" in live.text_content("#typical")


def test_a_run_of_one_game_says_game_not_games(browser, site):
    base, _db = site
    live = page(browser, f"{base}/kits/class-a")
    live.wait_for_selector("#boxes .tile")
    start_run(live, 1, 7)
    live.wait_for_selector("body[data-run=finished]", timeout=30_000)
    expect(live.locator("#run-said")).to_have_text("Done: 1 game against random.")
    assert live.errors == []


def test_a_run_that_fails_says_so_in_one_line(browser, site, monkeypatch):
    from tracker.table.computers import ComputerTable

    def breaks(self, *args):
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(ComputerTable, "step", breaks)  # the server runs in this process
    base, _db = site
    live = page(browser, f"{base}/kits/class-a")
    live.wait_for_selector("#boxes .tile")
    live.fill("#run-games", "1")
    live.click("#run-start")
    live.wait_for_selector("body[data-run=failed]", timeout=30_000)
    expect(live.locator("#run-said")).to_have_text(
        "The run stopped after 0 games: an unexpected error ended the run: disk on fire"
    )
    assert live.is_enabled("#run-start") and live.errors == []


def test_the_classes_page_draws_the_chosen_kits_on_one_chart(browser, site):
    base, db = site
    assert play_random(db, games=6, seed=1, kit="class-a").exit_code == 0
    assert play_random(db, games=4, seed=2, kit="hex").exit_code == 0
    shown = page(browser, f"{base}/classes?kits=class-a&kits=hex")
    shown.wait_for_selector("body[data-drawn='2']")
    lines = shown.locator("#classes-chart polyline.series")
    assert lines.count() == 2
    dashes = {lines.nth(i).get_attribute("stroke-dasharray") for i in range(2)}
    assert len(dashes) == 2  # told apart by more than colour
    assert [len(lines.nth(i).get_attribute("points").split()) for i in range(2)] == [7, 5]
    assert shown.get_attribute("#classes-chart svg", "aria-label") == "Running scores of class-a, hex"
    assert shown.locator("#classes-chart text.tick").count() >= 6  # both axes have ticks
    assert shown.locator("#classes-key li").all_text_contents()[1].startswith("hex (Hexapawn): 4 games")
    shown.uncheck("input[value=hex]")  # the teacher's choice: a plain form, so the address can be shared
    shown.click("#classes-choice button")
    shown.wait_for_selector("body[data-drawn='1']")
    assert shown.url.endswith("/classes?kits=class-a") and shown.errors == []
