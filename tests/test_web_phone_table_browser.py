"""A lesson from one laptop in a real browser (Debian's chromium through Playwright), across `menace lesson`
(tracker.cli.lesson), the screen (tracker.web.app), the table on a phone (table.js, tracker.web.phone_table)
and the class page (lesson.js): every group's phone plays whole physical games by tapping, one with a
take-back and one with an empty box; the class page follows; `menace verify` and `menace stats` agree.

Screenshots go to $MENACE_SCREENSHOTS (default: the test's temporary directory) to be looked at.
"""

from __future__ import annotations

import json
import threading
from pathlib import Path

import pytest

from tests.browser import BIG, PHONE, needs_browser, page
from tests.cli import run

pytestmark = pytest.mark.slow
playwright = needs_browser()
expect = playwright.expect

from kit.i18n import use_language  # noqa: E402
from tracker.web.server import server  # noqa: E402

SETTLED = "body:not(.busy)[data-version]"


def lesson(tmp_path: Path, game: str, groups: int) -> tuple[str, str, object]:
    """`menace lesson --game GAME --groups N` into a store, served on a free port: (base URL, db, server)."""
    db = str(tmp_path / "m.sqlite3")
    made = run("lesson", "--game", game, "--groups", str(groups), "--db", db, "--out", str(tmp_path / "out"))
    assert made.exit_code == 0, made.output
    httpd = server(Path(db), "127.0.0.1", 0)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{httpd.server_address[1]}", db, httpd


def stop(httpd) -> None:
    httpd.shutdown()
    httpd.server_close()


def tap(phone, selector: str) -> None:
    """One tap, then the page's answer: the version it shows moves on."""
    before = phone.get_attribute("body", "data-version")
    phone.locator(selector).first.click()
    moved_on(phone, before)


def moved_on(phone, before: str | None) -> None:
    """Waits for the page to show another version of the kit than ``before`` (the page's CSP allows no
    script from a string, so by a selector)."""
    phone.wait_for_selector(f"body:not(.busy):not([data-version={json.dumps(before or '')}])", timeout=5000)


def one_move(phone) -> None:
    """The tap a turn wants: the first bead held by the open box, or the opponent's first move."""
    phone.wait_for_selector(SETTLED)
    turn = phone.get_attribute("body", "data-turn")
    if turn == "menace" and not phone.locator(".bead-button:not([data-count='0'])").count():
        phone.once("dialog", lambda dialog: dialog.accept())  # a box emptied before: MENACE resigns
        tap(phone, "#empty")
    elif turn == "menace":
        tap(phone, ".bead-button:not([data-count='0'])")
    else:
        on_board = phone.locator("#board button.cell.open").count()
        tap(phone, "#board button.cell.open" if on_board else "#step button.move")


def play_game(
    phone,
    db: str,
    kit: str,
    *,
    take_back: bool = False,
    empty_box: int = 0,
    shots: Path | None = None,
    shot: str = "",
    language: str = "en",
) -> None:
    """A whole physical game by tapping: New game, then a tap a turn until the checklist; with
    ``take_back``, the first move taken back and made again, and the page reloaded; with ``empty_box`` N,
    MENACE's Nth box said to be empty (drift while the tracker counts beads in it), recounted empty on the
    page, whose recount opens for it, and said empty again: MENACE resigns."""
    mid_game = shots is not None
    now = phone.context.request.get(phone.url.replace("/kits/", "/api/kits/").replace("/table", "/version"))
    phone.wait_for_selector(f"body[data-version={json.dumps(now.json()['version'])}]")  # followed live
    expect(phone.locator("#new")).to_be_enabled(timeout=5000)
    tap(phone, "#new")
    assert phone.get_attribute("body", "data-turn") != "none"
    moves = boxes = 0
    while phone.get_attribute("body", "data-turn") != "none":
        turn = phone.get_attribute("body", "data-turn")
        boxes += turn == "menace"
        if empty_box and boxes == empty_box and turn == "menace":
            empty_box = 0
            phone.once("dialog", lambda dialog: dialog.accept())
            phone.locator("#empty").click()
            expect(phone.locator("#recount[open]")).to_be_visible(timeout=5000)  # drift: the recount opens
            counts = phone.locator("#recount input")
            for index in range(counts.count()):
                counts.nth(index).fill("0")
            tap(phone, "#recount-save")  # recorded as `menace census` records it
            expect(phone.locator(".bead-button[data-count='0']")).to_have_count(counts.count())
            expect(phone.locator("#recount[open]")).to_have_count(0)
            phone.once("dialog", lambda dialog: dialog.accept())
            tap(phone, "#empty")
            continue
        if mid_game and turn == "menace" and moves:
            mid_game = False  # the box to open, its beads on the real board and the colours to tap
            phone.screenshot(path=str(shots / f"{shot}-mid-game.png"), full_page=True)
        one_move(phone)
        moves += 1
        if take_back and moves == 1:
            take_back = False
            shown = phone.locator("#game-line").text_content()
            tap(phone, "#undo")
            assert phone.locator("#game-line").text_content() != shown
            one_move(phone)
            turn, shown = phone.get_attribute("body", "data-turn"), phone.locator("#game-line").text_content()
            phone.reload()  # a reload (or a dropped connection) picks up where the game is
            phone.wait_for_selector(f"body[data-turn={turn}]")
            assert phone.locator("#game-line").text_content() == shown
    assert not take_back and not empty_box
    items = phone.locator(".checklist input")
    expect(items.first).to_be_visible()
    for index in range(items.count()):
        items.nth(index).check()
    expect(phone.locator(".all-done")).to_be_visible()
    if shots is not None:
        phone.screenshot(path=str(shots / f"{shot}-bead-changes.png"), full_page=True)


def stats(db: str, kit: str) -> dict:
    said = run("stats", "--kit", kit, "--json", "--db", db)
    assert said.exit_code == 0, said.output
    return json.loads(said.output)


@pytest.mark.parametrize("language", ["en", "de"])
def test_three_hexapawn_groups_each_play_two_games_from_a_phone(browser, tmp_path, shots, language):
    try:
        base, db, httpd = lesson(tmp_path, "hexapawn", 3)
        use_language(language)  # after `menace lesson`, which sets its own: the screen's is the server's
        try:
            phones = {}
            for number in (1, 2, 3):
                kit = f"group-{number}"
                phone = phones[kit] = page(browser, f"{base}/kits/{kit}/table", PHONE)
                first = number == 1
                play_game(
                    phone,
                    db,
                    kit,
                    take_back=True,
                    shots=shots if first else None,
                    shot=f"table-hexapawn-{language}",
                    language=language,
                )
                play_game(phone, db, kit, empty_box=1, language=language)
                use_language(language)
                assert phone.errors == []
            screen = page(browser, f"{base}/lesson", BIG)
            screen.wait_for_selector("body[data-games='2,2,2']", timeout=6000)
            assert screen.locator(".group polyline.series").count() == 3
            screen.screenshot(path=str(shots / f"lesson-hexapawn-{language}.png"))
            for kit in phones:
                assert run("verify", "--kit", kit, "--db", db).exit_code == 0
                use_language(language)
                shown = screen.locator(f".group[data-kit='{kit}']")
                told = stats(db, kit)
                use_language(language)
                assert told["games"] == 2 and told["losses"] >= 1  # the empty box: MENACE resigned
                assert shown.get_attribute("data-score") == str(told["score"])
            assert screen.errors == []
        finally:
            stop(httpd)
    finally:
        use_language("en")


def test_two_noughts_and_crosses_groups_share_the_class_kit_in_turn(browser, tmp_path, shots):
    """The noughts-and-crosses lesson builds one MENACE for the class (304 boxes): both groups' phones open
    its table, and the games go to that one kit one after the other, each phone seeing the other's."""
    base, db, httpd = lesson(tmp_path, "tictactoe", 2)
    try:
        first, second = (page(browser, f"{base}/kits/class/table", PHONE) for _ in range(2))
        play_game(first, db, "class", take_back=True, shots=shots, shot="table-tictactoe-en")
        expect(second.locator("#instructions .checklist")).to_be_visible(timeout=5000)  # followed live
        play_game(second, db, "class", empty_box=2)  # not the first box: the next games go on
        play_game(first, db, "class")
        play_game(second, db, "class")
        screen = page(browser, f"{base}/lesson", BIG)
        told = stats(db, "class")
        assert told["games"] == 4, told
        screen.wait_for_selector("body[data-games='4']", timeout=6000)
        assert screen.locator(".group polyline.series").count() == 1
        assert run("verify", "--kit", "class", "--db", db).exit_code == 0
        assert screen.locator(".group").get_attribute("data-score") == str(told["score"])
        assert first.errors == second.errors == screen.errors == []
    finally:
        stop(httpd)


def test_the_table_says_when_the_terminal_holds_the_kit(browser, tmp_path):
    """While `menace play` holds the kit, the phone says so and its buttons wait; after, it plays."""
    from contextlib import closing

    from tracker.store.event_store import Store
    from tracker.table.play_lock import playing

    base, db, httpd = lesson(tmp_path, "hexapawn", 1)
    try:
        phone = page(browser, f"{base}/kits/group-1/table", PHONE)
        with closing(Store(Path(db))) as store, playing(store, store.kit("group-1")):
            expect(phone.locator("#held")).to_be_visible(timeout=5000)
            expect(phone.locator("#new")).to_be_disabled()
        expect(phone.locator("#held")).to_be_hidden(timeout=5000)
        expect(phone.locator("#new")).to_be_enabled()
    finally:
        stop(httpd)


@pytest.mark.parametrize("viewport", [{"width": 1280, "height": 720}, BIG], ids=["1280x720", "1920x1080"])
def test_a_projector_shows_every_group_of_six_at_once(browser, tmp_path, viewport, shots):
    """The lesson pack's six groups, each with its code and its curve, all on a projector's screen at once
    (measured from the page's boxes): two per row left the third group and more below the fold."""
    from tests.cli import play_random

    base, db, httpd = lesson(tmp_path, "hexapawn", 6)
    try:
        for number in range(1, 7):
            assert play_random(db, games=2 * number, seed=number, kit=f"group-{number}").exit_code == 0
        screen = page(browser, f"{base}/lesson", viewport)
        screen.wait_for_selector("body[data-games='2,4,6,8,10,12']", timeout=6000)
        assert screen.locator(".group polyline.series").count() == 6
        boxes = screen.evaluate(
            "[...document.querySelectorAll('.group, .group .join img, .group-chart svg')].map((e) => {"
            " const r = e.getBoundingClientRect(); return [r.right, r.bottom, r.height]; })"
        )
        assert all(right <= viewport["width"] and bottom <= viewport["height"] for right, bottom, _ in boxes)
        assert min(height for _, _, height in boxes) >= 60  # each code and curve big enough to read
        screen.screenshot(path=str(shots / f"lesson-six-groups-{viewport['width']}x{viewport['height']}.png"))
        assert screen.errors == []
    finally:
        stop(httpd)


def test_a_bead_the_tracker_counts_none_of_opens_the_recount(browser, tmp_path, shots):
    """A colour tapped that the tracker counts no bead of: the page says so and opens the box's recount, where
    the counts are put right; then the bead is taken."""
    base, db, httpd = lesson(tmp_path, "hexapawn", 1)
    try:
        phone = page(browser, f"{base}/kits/group-1/table", PHONE)
        tap(phone, "#new")
        one_move(phone)  # the opponent's first move: MENACE's box is open
        phone.locator("#recount summary").click()
        phone.locator("#recount input").first.fill("0")
        tap(phone, "#recount-save")
        zero = phone.locator(".bead-button[data-count='0']")
        expect(zero).to_have_count(1)
        expect(phone.locator("#recount[open]")).to_have_count(0)
        zero.click()
        expect(phone.locator("#error")).to_contain_text("Recount this box", timeout=5000)
        expect(phone.locator("#recount[open]")).to_be_visible()
        phone.screenshot(path=str(shots / "table-recount-390x844.png"), full_page=True)
        phone.locator("#recount input").first.fill("1")
        tap(phone, "#recount-save")
        tap(phone, ".bead-button[data-count='1']")
        assert phone.get_attribute("body", "data-turn") == "opponent"
        assert [e for e in phone.errors if "status of 400" not in e] == []  # the refused bead's answer only
        assert run("verify", "--kit", "group-1", "--db", db).exit_code == 0
    finally:
        stop(httpd)
