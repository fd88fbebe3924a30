"""Runs nobody can break, in a real browser (tracker/web/static/live.js, play.js and common.js over
tracker/web/app.py and runs.py): quick speed changes, a stopped run's game ended from a page, and a page
that finds its server restarted."""

from __future__ import annotations

import json
import threading
import time
import urllib.request
from pathlib import Path

import pytest

from tests.browser import needs_browser, page
from tests.cli import run

pytestmark = pytest.mark.slow  # a real browser takes seconds a page
playwright = needs_browser()
expect = playwright.expect

from tracker.web.server import server  # noqa: E402

SPEEDS = [1, 2, 5, 10, 20, 50, 100, 0]  # as live.js's slider


def serve(db: str, port: int = 0):
    httpd = server(Path(db), "127.0.0.1", port)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return httpd


@pytest.fixture
def site(tmp_path):
    db = str(tmp_path / "m.sqlite3")
    assert run("new", "class-a", "--db", db).exit_code == 0
    httpd = serve(db)
    yield f"http://127.0.0.1:{httpd.server_address[1]}", db, httpd
    httpd.shutdown()
    httpd.server_close()


def run_status(base: str) -> dict:
    with urllib.request.urlopen(f"{base}/api/kits/class-a/run") as answer:
        return json.load(answer)["run"]


def start_run(live, games: int = 1000) -> None:
    live.fill("#run-games", str(games))
    live.click("#run-start")
    expect(live.locator("body[data-run=running]")).to_have_count(1)


def test_three_quick_speed_changes_leave_the_page_and_the_server_agreeing(browser, site):
    base, _, _ = site
    live = page(browser, f"{base}/kits/class-a")
    start_run(live)
    slider = live.locator("#run-speed")
    slider.focus()
    for _ in range(3):  # as quick as keys go: one change once the slider rests
        live.keyboard.press("ArrowRight")
    time.sleep(0.6)
    for _ in range(3):  # one by one, each sent before the last was answered
        live.keyboard.press("ArrowRight")
        time.sleep(0.3)
    chosen = SPEEDS[6]
    deadline = time.monotonic() + 5
    while run_status(base)["speed"] != chosen and time.monotonic() < deadline:
        time.sleep(0.1)
    assert slider.input_value() == "6" and run_status(base)["speed"] == chosen
    expect(live.locator("#run-speed-said")).to_have_text("100 moves a second")
    expect(live.locator("#run-error")).to_have_text("")
    live.click("#run-stop")
    expect(live.locator("body[data-run=stopped]")).to_have_count(1)
    assert live.errors == []


def test_a_stopped_runs_game_is_ended_from_the_page(browser, site):
    base, db, _ = site
    live = page(browser, f"{base}/kits/class-a")
    live.locator("#run-speed").fill("1")  # 2 moves a second: stopped mid-game
    start_run(live)
    time.sleep(1.2)
    live.click("#run-stop")
    expect(live.locator("body[data-run=stopped]")).to_have_count(1)
    expect(live.locator("#run-finish")).to_be_visible()
    pupil = page(browser, f"{base}/kits/class-a/play")
    expect(pupil.locator("#discard")).to_be_enabled()  # no longer blocked: the page may end it
    expect(pupil.locator("#moves")).to_contain_text("was left by a run")
    live.click("#run-finish")
    expect(live.locator("body[data-run=finished]")).to_have_count(1)
    expect(live.locator("#run-finish")).to_be_hidden()
    expect(pupil.locator("#new")).to_be_enabled()  # the pupils can play again
    assert live.errors == [] and pupil.errors == []


def test_a_restarted_server_is_picked_up_by_an_open_page(browser, site):
    base, db, httpd = site
    port = httpd.server_address[1]
    pupil = page(browser, f"{base}/kits/class-a/play")
    expect(pupil.locator("#new")).to_be_enabled()
    httpd.shutdown()
    httpd.server_close()
    again = serve(db, port)  # a new server on the same address: the page's token is unknown to it
    try:
        pupil.click("#new")
        expect(pupil.locator("body[data-turn=opponent]")).to_have_count(1)
        expect(pupil.locator("#said")).to_contain_text("The server no longer knew this page")
        expect(pupil.locator("#error")).to_have_text("")
    finally:
        again.shutdown()
        again.server_close()
