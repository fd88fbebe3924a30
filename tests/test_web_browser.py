"""The classroom screen in a real browser: Debian's chromium driven by Playwright (tests.browser).

Screenshots go to $MENACE_SCREENSHOTS (default: the test's temporary directory) to be looked at.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.browser import BIG, PHONE, needs_browser, page
from tests.cli import play_random, run
from tests.store_log import log
from tracker.store.event_store import Store

# A real browser takes seconds a page: these run in the slow run (CI runs it).
pytestmark = pytest.mark.slow
playwright = needs_browser()
expect = playwright.expect


ROOT = Path(__file__).parent.parent
# The page has the answer (it is busy from the click on) and waits for the pupil, or the game is over.
# Waits are locators: the pages' CSP forbids the eval that wait_for_function needs, and the tests keep it on.
ANSWERED = "body:not(.busy)[data-turn=opponent], body:not(.busy)[data-turn=none]"
PUPILS_TURN = "body[data-turn=opponent]"


def test_the_live_page_follows_a_game_recorded_by_menace_play_in_another_process(browser, site):
    base, db = site
    live = page(browser, f"{base}/kits/class-a")
    live.wait_for_selector("#boxes .tile")
    assert live.text_content("[data-total=games] .number") == "0"
    play = ["play", "--db", db, "--kit", "class-a", "--draw", "digital", "--opponent", "random", "--brief"]
    subprocess.run([sys.executable, "-m", "tracker", *play], check=True, capture_output=True, cwd=ROOT)
    expect(live.locator("[data-total=games] .number")).to_have_text("1", timeout=2500)
    assert live.locator("#curve polyline.series").count() == 1
    assert live.locator("#instructions li").count() >= 1
    assert live.errors == []


@pytest.mark.parametrize("kit", ["class-a", "nim", "hex"])
def test_a_pupil_plays_a_whole_game_in_the_browser_and_another_browser_sees_it(browser, site, kit):
    base, db = site
    watcher = page(browser, f"{base}/kits/{kit}")
    pupil = page(browser, f"{base}/kits/{kit}/play")
    pupil.click("#new")
    pupil.wait_for_selector(PUPILS_TURN)
    for _ in range(9):
        if pupil.evaluate("document.body.dataset.turn") == "none":
            break
        cells = pupil.locator("#board button.cell.open")
        (cells if cells.count() else pupil.locator("#moves button.move")).first.click()  # Nim: a take
        pupil.wait_for_selector(ANSWERED)
    assert pupil.evaluate("document.body.dataset.turn") == "none"
    assert "Now, box by box" in pupil.text_content("#instructions")
    expect(watcher.locator("[data-total=games] .number")).to_have_text("1", timeout=2500)
    verified = run("verify", "--db", db, "--kit", kit)
    assert verified.exit_code == 0, verified.output
    store = Store(db)
    (row,) = store.games(store.kit(kit))
    assert (row["status"], row["opponent"], row["draw"]) == ("finished", "human", "digital")
    assert pupil.errors == [] and watcher.errors == []


def test_a_move_on_a_board_another_page_changed_shows_the_new_board_and_plays_on(browser, site):
    """Another page moves while this one still shows the old board (its polls held at the old version): the
    click is refused, the page says so and draws the new board from the answer, and its next click plays."""
    base, db = site
    first = page(browser, f"{base}/kits/class-a/play")
    first.click("#new")
    first.wait_for_selector(PUPILS_TURN)
    old = first.locator("body").get_attribute("data-version")
    held: list[str] = []

    def hold(route: playwright.Route) -> None:
        held.append(route.request.url)
        route.fulfill(json={"version": old})

    first.route("**/api/kits/class-a/version", hold)
    # A poll sent before the route could still bring the new version (and the new board) once the other
    # page has moved: wait until a poll has been held, so every later one is.
    for _ in range(100):
        if held:
            break
        first.wait_for_timeout(50)
    assert held, "the page never polled"
    first.wait_for_timeout(300)  # that poll's redraw, if any, of the same board
    second = page(browser, f"{base}/kits/class-a/play")
    second.wait_for_selector(PUPILS_TURN)
    second.locator("#board button.cell.open").first.click()
    second.wait_for_selector(ANSWERED)
    expect(second.locator("#board button.cell.open")).to_have_count(6)  # its move and MENACE's reply
    expect(first.locator("#board button.cell.open")).to_have_count(8)  # the old board, still shown
    first.locator("#board button.cell.open").last.click()
    expect(first.locator("#error")).to_have_text("the board changed: here is the new one")
    expect(first.locator("#board button.cell.open")).to_have_count(6)  # the new board
    assert [kind for kind, _ in log(db, "class-a")].count("drew") == 2  # the stale move was not recorded
    first.locator("#board button.cell.open").first.click()
    first.wait_for_selector(ANSWERED)
    expect(first.locator("#error")).to_have_text("")
    # The click played: MENACE drew again, unless the pupil's move ended the game (MENACE's draws are random).
    moves = [kind for kind, _ in log(db, "class-a")]
    assert moves.count("drew") == 3 or moves[-1] == "game_ended", moves
    assert [e for e in first.errors if "409" not in e] == [] and second.errors == []


def test_a_poll_read_before_the_pupils_move_does_not_bring_the_old_board_back(browser, site):
    """A poll that starts while the pupil's move is on its way can be read by the server before the move
    and answered after it: its old board must not replace the new one (the next click would be refused)."""
    base, db = site
    pupil = page(browser, f"{base}/kits/class-a/play")
    pupil.click("#new")
    pupil.wait_for_selector(PUPILS_TURN)
    held: dict[str, object] = {}
    version = [0]

    def poll(route: playwright.Route) -> None:
        route.fulfill(json={"version": f"poll {version[0]}"})  # a new value: the page fetches the board

    def hold_move(route: playwright.Route) -> None:
        held["move"] = route

    def read_now_answer_later(route: playwright.Route) -> None:
        if "move" in held and "board" not in held:
            held["board"] = (route, route.fetch())  # read by the server now, before the move
        else:
            route.continue_()

    pupil.route("**/api/kits/class-a/version", poll)
    pupil.route("**/api/kits/class-a/play*", hold_move)
    pupil.route("**/api/kits/class-a/live*", read_now_answer_later)
    pupil.wait_for_timeout(1500)  # the polls now all say the same
    pupil.locator("#board button.cell.open").first.click()
    for _ in range(100):
        if "move" in held:
            break
        pupil.wait_for_timeout(50)
    version[0] += 1  # the next poll sees a change while the move is held: the page asks for the board
    for _ in range(100):
        if "board" in held:
            break
        pupil.wait_for_timeout(50)
    assert "board" in held, "the page did not ask for the board while its move was on its way"
    move = held["move"]
    assert isinstance(move, playwright.Route)
    move.continue_()
    pupil.wait_for_selector(ANSWERED)
    expect(pupil.locator("#board button.cell.open")).to_have_count(6)  # its move and MENACE's reply
    board_route, old_board = held["board"]  # type: ignore[misc]
    board_route.fulfill(response=old_board)
    pupil.wait_for_timeout(500)
    expect(pupil.locator("#board button.cell.open")).to_have_count(6)  # not the old board's 8
    pupil.unroute("**/api/kits/class-a/play*")
    pupil.locator("#board button.cell.open").first.click()
    pupil.wait_for_selector(ANSWERED)
    expect(pupil.locator("#error")).to_have_text("")  # the next click is on the board the server has
    assert pupil.errors == []


def test_a_box_shows_its_counts_and_the_search_finds_it(browser, site):
    base, db = site
    assert play_random(db, games=3, seed=5, kit="class-a").exit_code == 0
    store = Store(db)
    kit = store.kit("class-a")
    live = page(browser, f"{base}/kits/class-a")
    live.wait_for_selector("#boxes .tile")
    assert live.locator("#boxes .tile").count() == 304
    for box_id in (1, 2, 200):
        live.fill("#search", str(box_id))
        assert live.locator("#boxes .tile").count() == 1
        live.click(f"#boxes .tile[data-box='{box_id}']")  # a box of the wall opens on click
        counts = store.box_counts(kit, box_id)
        shown = {
            int(cell.get_attribute("data-cell")): int(cell.text_content())
            for cell in live.locator(f"#box-dialog .box[data-box='{box_id}'] .cell.beads").all()
        }
        game = kit.catalogue.game
        assert shown == {game.move_mark(move).cell: n for move, n in counts.items()}
        live.click("#box-dialog button[type=submit]")
    position = kit.catalogue.game.position_text(kit.box(200).position)
    live.fill("#search", position.lower())  # a box's position (as on its label) finds it too
    assert [b.get_attribute("data-box") for b in live.locator("#boxes .tile").all()] == ["200"]


def test_screenshots_at_1920_by_1080_and_at_phone_size(browser, site, shots):
    base, db = site
    assert play_random(db, games=12, seed=2, kit="class-a").exit_code == 0
    shown = page(browser, f"{base}/kits/class-a")  # every box of tic-tac-toe's 304, after 12 games
    shown.wait_for_selector("#boxes .tile")
    screenshots(shown, shots / "class-a-live")
    for kit in ("class-a", "nim", "hex"):  # a game in progress on the play page of each game
        shown.goto(f"{base}/kits/{kit}/play")
        shown.click("#new")
        shown.wait_for_selector(PUPILS_TURN)
        screenshots(shown, shots / f"{kit}-play")
    assert shown.errors == []
    assert len(list(shots.glob("*.png"))) == 8


def screenshots(shown, stem: Path) -> None:
    """The page at 1920 x 1080 and at a phone's size, where it must fit the width (no sideways scrolling)."""
    for name, viewport in (("big", BIG), ("phone", PHONE)):
        shown.set_viewport_size(viewport)
        shown.screenshot(path=f"{stem}-{name}.png")
        width = shown.evaluate("document.documentElement.scrollWidth")
        assert width <= viewport["width"], f"{stem.name} is {width} px wide at {viewport['width']}"
