"""The projector view of the live page in a real browser (Debian's chromium through Playwright): everything on
one screen at 1280 x 720 and 1920 x 1080, measured from the page's element boxes; its banners (the first box
empty, paused, the first draw) and marks on the curve; focus after every button of the live and play pages;
the band for a class that plays MENACE; a box's story, opened from the wall.

Screenshots go to $MENACE_SCREENSHOTS (default: the test's temporary directory) to be looked at.
"""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from tests.browser import BIG, PHONE, PROJECTOR, needs_browser, page
from tests.cli import play_random, run

playwright = needs_browser()

from tests.test_web_browser import ANSWERED, PUPILS_TURN  # noqa: E402
from tests.test_web_lesson_browser import axe_findings, expect, start_run  # noqa: E402

pytestmark = pytest.mark.slow  # a real browser takes seconds a page: the slow run (CI runs it)
SIZES = {"1920x1080": BIG, "1280x720": PROJECTOR}

# Every element drawn on the page whose box reaches past the window or past its own panel (which clips).
OUTSIDE = """() => {
  const out = [];
  for (const node of document.querySelectorAll("body *")) {
    if (!node.getClientRects().length || getComputedStyle(node).visibility === "hidden") continue;
    if (node.closest("dialog:not([open]), .sr-only, title")) continue;
    const box = node.getBoundingClientRect();
    if (box.width === 0 && box.height === 0) continue;
    const panel = node.closest(".panel");  // a panel laid out as its parts (display: contents) has no box
    const boxed = panel && panel !== node && getComputedStyle(panel).display !== "contents";
    const room = boxed ? panel.getBoundingClientRect() : {bottom: innerHeight, right: innerWidth};
    const past = box.bottom > Math.min(innerHeight, room.bottom) + 0.5 ||
      box.right > Math.min(innerWidth, room.right) + 0.5;
    if (past) out.push(`${node.tagName}#${node.id}.${node.className.baseVal ?? node.className} ` +
      `${Math.round(box.right)}x${Math.round(box.bottom)}`);
  }
  return [out.slice(0, 8), document.documentElement.scrollWidth, document.documentElement.scrollHeight];
}"""
MAIN_WORDS = ("#game-heading", "#game-line", "#box-in-use h3", "#totals .what", "#curve-heading", ".banner")


def emptied(db: str, kit: str = "class-a") -> None:
    """Scroggs' rules (an empty box resigns), the first box counted empty after 12 games, then 3 games."""
    assert run("new", kit, "--db", db, "--rules", "scroggs").exit_code == 0
    assert play_random(db, games=12, seed=5, kit=kit).exit_code == 0
    census = run("census", "1", "red=0", "yellow=0", "black=0", "--db", db, "--kit", kit)
    assert census.exit_code == 0, census.output
    assert play_random(db, games=3, seed=5, kit=kit).exit_code == 0


def a_pupils_game(browser, base: str) -> None:
    pupil = page(browser, f"{base}/kits/class-a/play")
    pupil.click("#new")
    pupil.wait_for_selector(PUPILS_TURN)
    pupil.close()


def projector(browser, base: str, kit: str, viewport, ready: str):
    shown = page(browser, f"{base}/kits/{kit}?view=projector", viewport)
    shown.wait_for_selector(ready)
    shown.wait_for_selector("#curve svg, #curve .empty")
    return shown


@pytest.mark.parametrize("size", SIZES)
def test_nothing_of_the_projector_view_lies_below_the_fold(browser, site, size):
    base, db = site
    assert play_random(db, games=20, seed=4, kit="class-a").exit_code == 0
    a_pupils_game(browser, base)
    viewport = SIZES[size]
    shown = projector(browser, base, "class-a", viewport, "#box-in-use .beads-board")
    outside, width, height = shown.evaluate(OUTSIDE)
    assert outside == [], outside
    assert (width, height) == (viewport["width"], viewport["height"])
    for part in ("#board .grid", "#box-in-use .beads-board", "#totals", "#curve svg"):
        assert shown.locator(part).is_visible(), part
    if size == "1920x1080":
        for words in MAIN_WORDS[:-1]:
            pixels = shown.locator(words).first.evaluate("e => parseFloat(getComputedStyle(e).fontSize)")
            assert pixels >= 32, (words, pixels)
    assert shown.errors == []


@pytest.mark.parametrize("size", SIZES)
def test_the_empty_first_box_banner_shows_and_the_view_still_fits(browser, tmp_path, size):
    from tracker.web.server import server

    db = str(tmp_path / "m.sqlite3")
    emptied(db)
    httpd = server(Path(db), "127.0.0.1", 0)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{httpd.server_address[1]}"
    try:
        viewport = SIZES[size]
        shown = projector(browser, base, "class-a", viewport, "[data-banner=empty-first-box]")
        banner = shown.text_content("[data-banner=empty-first-box]")
        assert banner == (
            "The first box (box 1) is empty: MENACE refuses to play. "
            "It has been empty since game 13: every game since counts as a loss."
        )
        assert "refuses to play" in shown.text_content("#game-heading")  # not "MENACE loses"
        assert shown.locator("#curve .mark[data-mark=empty][data-at='13']").count() == 1
        outside, width, height = shown.evaluate(OUTSIDE)
        assert outside == [] and height == viewport["height"], (outside, width, height)
        if size == "1920x1080":
            pixels = shown.locator(".banner").evaluate("e => parseFloat(getComputedStyle(e).fontSize)")
            assert pixels >= 32
        phone = page(browser, f"{base}/kits/class-a", PHONE)  # the live page shows it too, on a phone
        expect(phone.locator("[data-banner=empty-first-box]")).to_be_visible()
        expect(phone.locator("#boxes .tile.empty")).to_have_count(1)  # box 1 stands out on the wall
        assert phone.get_attribute("#boxes .tile.empty", "data-box") == "1"
        assert shown.errors == [] and phone.errors == []
    finally:
        httpd.shutdown()
        httpd.server_close()


def test_the_curve_marks_each_change_of_opponent(browser, site):
    base, db = site
    assert play_random(db, games=4, seed=4, kit="class-a").exit_code == 0
    perfect = ["play", "--db", db, "--kit", "class-a", "--draw", "digital", "--opponent", "perfect",
               "--games", "3", "--brief"]  # fmt: skip
    assert run(*perfect).exit_code == 0
    shown = projector(browser, base, "class-a", BIG, "#curve .mark")
    marks = shown.locator("#curve .mark[data-mark=opponent]")
    assert [marks.nth(i).get_attribute("data-at") for i in range(marks.count())] == ["0", "4"]
    assert marks.nth(1).text_content() == "against perfect"
    assert shown.locator("#curve .mark[data-mark=opponent] line").count() == 1  # none along the axis at 0
    assert shown.errors == []


def test_the_first_draw_has_its_banner_and_its_mark(browser, site):
    from tracker.store.event_store import Store

    base, db = site
    store = Store(Path(db))
    for seed in range(60):  # a game at a time until MENACE's first draw
        assert play_random(db, games=1, seed=seed, kit="class-a").exit_code == 0
        results = [row["result"] for row in store.results(store.kit("class-a"))]
        if "draw" in results:
            break
    assert results[-1] == "draw" and results.count("draw") == 1, results
    shown = projector(browser, base, "class-a", BIG, "[data-banner=first-draw]")
    assert shown.text_content("[data-banner=first-draw]") == f"Game {len(results)}: MENACE's first draw!"
    assert shown.get_attribute("#curve .mark[data-mark=first-draw]", "data-at") == str(len(results))
    assert play_random(db, games=1, seed=99, kit="class-a").exit_code == 0  # the next game ends it
    expect(shown.locator("[data-banner=first-draw]")).to_have_count(0)
    assert shown.locator("#curve .mark[data-mark=first-draw]").count() == 1 and shown.errors == []


def test_a_paused_run_shows_its_banner(browser, site):
    base, _db = site
    live = page(browser, f"{base}/kits/class-a", PROJECTOR)
    live.wait_for_selector("#boxes .tile")
    start_run(live, 50, 0)
    live.click("#run-pause")
    expect(live.locator("[data-banner=paused]")).to_have_text("Paused")
    live.click("#run-stop")
    live.wait_for_selector("body[data-run=stopped]", timeout=10_000)
    expect(live.locator("[data-banner=paused]")).to_have_count(0)
    assert live.errors == []


def test_focus_stays_after_every_button(browser, site):
    base, _db = site
    live = page(browser, f"{base}/kits/class-a")
    live.wait_for_selector("#boxes .tile")
    live.fill("#run-games", "50")
    live.focus("#run-start")
    live.keyboard.press("Enter")
    live.wait_for_selector("body[data-run=running]")
    expect(live.locator("#run-pause")).to_be_focused()  # Start is disabled: on to Pause
    live.keyboard.press("Enter")
    live.wait_for_selector("body[data-run=paused]")
    expect(live.locator("#run-pause")).to_be_focused()  # now "Go on"
    live.focus("#run-stop")
    live.keyboard.press("Enter")
    live.wait_for_selector("body[data-run=stopped]", timeout=10_000)
    expect(live.locator("#run-start")).to_be_focused()  # back to Start once the run has stopped
    pupil = page(browser, f"{base}/kits/nim/play")
    pupil.focus("#new")
    pupil.keyboard.press("Enter")
    pupil.wait_for_selector(PUPILS_TURN)
    expect(pupil.locator("#moves button.move").first).to_be_focused()  # the first move, not the page's top
    while pupil.locator("body[data-turn=opponent]").count():
        pupil.keyboard.press("Enter")  # a take of the focused size, until the game ends
        pupil.wait_for_selector(ANSWERED)
    expect(pupil.locator("#new")).to_be_focused()  # at the game's end: New game
    assert live.errors == [] and pupil.errors == []


@pytest.mark.parametrize("games", [1, 2])
def test_the_score_axis_counts_whole_points(browser, site, games):
    base, db = site
    assert play_random(db, games=games, seed=4, kit="class-a").exit_code == 0
    live = page(browser, f"{base}/kits/class-a")
    live.wait_for_selector("#curve svg")
    up = live.locator('#curve svg text.tick[text-anchor="end"]').all_text_contents()
    assert len(up) >= 2 and all(label.lstrip("-").isdigit() for label in up), up  # no 0.5
    assert live.errors == []


def test_the_band_shows_for_a_kit_played_against_people(browser, site):
    base, _db = site
    pupil = page(browser, f"{base}/kits/class-a/play")
    for _game in range(2):
        pupil.click("#new")
        pupil.wait_for_selector(PUPILS_TURN)
        while pupil.locator("body[data-turn=opponent]").count():
            pupil.locator("#board button.cell.open").first.click()
            pupil.wait_for_selector(ANSWERED)
    live = page(browser, f"{base}/kits/class-a")
    live.wait_for_selector("body[data-typical=ready]", timeout=60_000)
    assert live.locator("#curve svg polygon.band").count() == 1
    expect(live.locator("#typical")).to_contain_text(
        "Its 2 games against people are simulated against a stand-in, novice:0.5."
    )
    live.fill("#stand-in-opponent", "random")
    live.click("#stand-in-change")
    expect(live.locator("#typical")).to_contain_text("against a stand-in, random.", timeout=60_000)
    live.wait_for_selector("body[data-typical=ready]", timeout=60_000)
    expect(live.locator("#stand-in-change")).to_be_focused()
    assert live.locator("#curve svg polygon.band").count() == 1 and live.errors == []


def test_a_box_opened_from_the_wall_tells_its_story(browser, site):
    base, db = site
    assert play_random(db, games=12, seed=3, kit="class-a").exit_code == 0
    wall = page(browser, f"{base}/kits/class-a/wall")
    wall.wait_for_selector("#boxes .tile")
    wall.click("#boxes .tile[data-box='1']")
    wall.wait_for_selector("#box-dialog [data-story='1'][data-told='12']")
    beads = wall.locator("#box-dialog .box .beads-list li").count()
    assert wall.locator("#box-dialog .story polyline.series").count() == beads == 3
    points = wall.locator("#box-dialog .story polyline.series").first.get_attribute("points").split()
    assert len(points) == 13  # the start and after each of 12 games
    assert wall.locator("#box-dialog .story-games li").count() == 12
    latest = wall.locator("#box-dialog .story-games li").first.text_content()
    assert latest.startswith("Game 12 (random opponent): drew "), latest
    assert "null" not in wall.text_content("#box-dialog .story")
    assert wall.errors == []


@pytest.mark.parametrize("language", ["en", "de"])
def test_screenshots_of_the_projector_view(browser, tmp_path, shots, language):
    """Mid-run (paused, with the band), after a game, and with an empty first box, at 1920 x 1080 and
    1280 x 720; each fits its screen."""
    from kit.i18n import use_language
    from tracker.web.server import server

    db = str(tmp_path / "m.sqlite3")
    assert run("new", "class-a", "--db", db).exit_code == 0
    assert play_random(db, games=30, seed=9, kit="class-a").exit_code == 0
    emptied(db, "emptied")
    use_language(language)
    httpd = server(Path(db), "127.0.0.1", 0)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{httpd.server_address[1]}"
    taken = []
    try:
        shown = projector(browser, base, "class-a", BIG, "#curve svg")
        start_run(shown, 2, 0)  # a move a second: each drawn bead stays a second
        shown.wait_for_selector("#box-in-use .beads-board .cell.drawn", timeout=30_000)
        shown.click("#run-pause")
        shown.wait_for_selector("[data-banner=paused]")
        shown.wait_for_selector("body[data-typical=ready]", timeout=60_000)
        taken += fitted(shown, shots / f"{language}-projector-mid-run")
        shown.click("#run-pause")
        shown.wait_for_selector("body[data-run=finished]", timeout=90_000)
        shown.wait_for_selector("body:not([data-last-game=''])")
        taken += fitted(shown, shots / f"{language}-projector-after-a-game")
        shown.goto(f"{base}/kits/emptied?view=projector")
        shown.wait_for_selector("[data-banner=empty-first-box]")
        shown.wait_for_selector("body:not([data-typical=working])", timeout=60_000)
        taken += fitted(shown, shots / f"{language}-projector-empty-first-box")
        assert shown.errors == []
    finally:
        httpd.shutdown()
        httpd.server_close()
        use_language("en")
    assert len(taken) == 6 and all(Path(p).stat().st_size > 10_000 for p in taken)


def fitted(shown, stem: Path) -> list[str]:
    taken = []
    for name, viewport in SIZES.items():
        shown.set_viewport_size(viewport)
        shown.wait_for_timeout(400)  # the curve is drawn again to its new room
        outside, width, height = shown.evaluate(OUTSIDE)
        assert outside == [], (stem.name, outside)
        assert (width, height) == (viewport["width"], viewport["height"]), stem.name
        path = f"{stem}-{name}.png"
        shown.screenshot(path=path)
        taken.append(path)
    return taken


def test_axe_core_finds_nothing_serious_on_the_projector_view(browser, tmp_path):
    from tracker.web.server import server

    db = str(tmp_path / "m.sqlite3")
    emptied(db)
    httpd = server(Path(db), "127.0.0.1", 0)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{httpd.server_address[1]}"
    try:
        found = [f"{size}: {finding}" for size, viewport in SIZES.items()
                 for finding in axe_findings(browser, f"{base}/kits/class-a?view=projector",
                                             "[data-banner=empty-first-box]", viewport)]  # fmt: skip
    finally:
        httpd.shutdown()
        httpd.server_close()
    assert found == [], "\n".join(found)
