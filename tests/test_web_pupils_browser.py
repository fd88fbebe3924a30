"""A MENACE for every pupil in a real browser (Debian's chromium through Playwright; tracker.web.pupils,
tracker.web.app and the play page): ten phones join the class from its page, each trains its own MENACE,
and the class page on the big screen draws every pupil's curve with the typical band behind them.

Screenshots go to $MENACE_SCREENSHOTS (default: the test's temporary directory) to be looked at.
"""

from __future__ import annotations

import json
import threading

import pytest

from tests.browser import BIG, PHONE, PROJECTOR, needs_browser, page

playwright = needs_browser()

from tests.test_web_browser import ANSWERED, PUPILS_TURN  # noqa: E402
from tests.test_web_lesson_browser import axe_findings, expect  # noqa: E402

pytestmark = pytest.mark.slow  # a real browser takes seconds a page: the slow run (CI runs it)
PHONES = 10
GAMES = 5
SIZES = {"1920x1080": BIG, "1280x720": PROJECTOR}
# How far the page reaches past the window: a projector's page never scrolls.
BEYOND = (
    "() => [document.documentElement.scrollWidth - innerWidth, "
    "document.documentElement.scrollHeight - innerHeight]"
)


@pytest.fixture
def class_site(tmp_path):
    """A store served with a class of noughts and crosses (`menace serve --pupils tictactoe`)."""
    from tracker.web.server import server

    db = tmp_path / "m.sqlite3"
    httpd = server(db, "127.0.0.1", 0, pupils_game="tictactoe")
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()


def join(browser, base: str, nickname: str):
    """A phone (a browser context of its own: its own cookies) joins and lands on its kit's play page."""
    phone = page(browser, f"{base}/pupils/join", PHONE)
    phone.fill("#pupils-name", nickname)
    phone.click("#pupils-go")
    phone.wait_for_url("**/play")
    phone.wait_for_selector("body[data-turn]")
    return phone


def play_a_game(phone) -> None:
    phone.click("#new")
    phone.wait_for_selector(PUPILS_TURN)
    while phone.locator(PUPILS_TURN).count():
        phone.locator("#board button.cell.open").first.click()
        phone.wait_for_selector(ANSWERED)


def the_class(shown, base: str) -> dict:
    return json.loads(shown.context.request.get(f"{base}/api/pupils").text())


def class_page(browser, base: str, viewport, phones: int):
    shown = page(browser, f"{base}/pupils", viewport)
    shown.wait_for_selector(f"body[data-drawn='{phones}'][data-band=ready]", timeout=180_000)
    return shown


def test_ten_phones_each_train_a_menace_of_their_own_and_the_class_page_draws_them(
    browser,
    class_site,
    shots,
):
    base = class_site
    nicknames = ["", "fox", "", "owl", "Lena7", "", "tiger", "", "x.y", ""]  # empty: the next number
    phones = [join(browser, base, nickname) for nickname in nicknames]
    names = [phone.url.split("/")[-2] for phone in phones]
    assert names == [
        "pupil-1",
        "pupil-fox",
        "pupil-2",
        "pupil-owl",
        "pupil-Lena7",
        "pupil-3",
        "pupil-tiger",
        "pupil-4",
        "pupil-x.y",
        "pupil-5",
    ]
    for _ in range(GAMES):  # a game on each phone in turn, the other phones' pages polling meanwhile
        for phone in phones:
            play_a_game(phone)
    again = page(browser, f"{base}/pupils/join", PHONE)  # a new phone: not anyone's kit
    expect(again.locator("#pupils-name")).to_have_attribute("placeholder", "6")
    again.screenshot(path=str(shots / "en-phone-join.png"), full_page=True)
    phones[3].goto(f"{base}/pupils/join")  # a phone that joins again goes back to its own kit
    phones[3].wait_for_url("**/kits/pupil-owl/play")
    answer = the_class(phones[0], base)
    trained = [(k["name"], k["games"], len(k["curve"])) for k in answer["kits"]]
    assert trained == [(name, GAMES, GAMES) for name in names]

    expect(phones[0].locator("#class-link")).to_have_attribute("href", "/pupils")  # the way back to the class
    expect(phones[0].locator(".join-footer")).to_be_hidden()  # no code to bring others onto this MENACE
    phones[0].click("#new")  # a sixth game, left mid-way for the picture: a phone in the whole-class mode
    phones[0].wait_for_selector(PUPILS_TURN)
    phones[0].screenshot(path=str(shots / "en-phone.png"), full_page=True)

    for size, viewport in SIZES.items():
        shown = class_page(browser, base, viewport, PHONES)
        chart = shown.locator("#pupils-chart svg")
        expect(chart.locator("polyline.series")).to_have_count(PHONES)
        expect(chart.locator("polygon.band")).to_have_count(1)
        expect(shown.locator("#pupils-key li")).to_have_count(PHONES)
        assert "novice:0.5" in shown.text_content("#pupils-band")  # the stand-in for people, said
        assert shown.locator(".pupils-join .join img").is_visible()
        assert shown.text_content(".join-address") == f"{base}/pupils/join"
        side = shown.locator(".pupils-join .join img").bounding_box()["width"]
        assert side >= 250, side  # a code a phone reads from the back of a classroom
        shown.screenshot(path=str(shots / f"en-class-{size}.png"))
        assert shown.evaluate(BEYOND) == [0, 0]
        panel = shown.locator(".pupils-chart-panel").bounding_box()
        last = shown.locator("#pupils-key li").last.bounding_box()
        assert last["y"] + last["height"] <= panel["y"] + panel["height"], (last, panel)  # not cut off
        assert shown.errors == []
    assert all(phone.errors == [] for phone in phones)
    # axe-core's serious and critical rules, on the class page, the join page and a pupil's play page
    assert axe_findings(browser, f"{base}/pupils", "body[data-band=ready]") == []
    assert axe_findings(browser, f"{base}/pupils/join", "#pupils-name", PHONE) == []
    assert axe_findings(browser, f"{base}/kits/pupil-owl/play", "body[data-turn]", PHONE) == []


def test_the_class_in_german(browser, tmp_path, shots):
    from kit.i18n import use_language
    from tracker.web.server import server

    use_language("de")
    httpd = server(tmp_path / "m.sqlite3", "127.0.0.1", 0, pupils_game="tictactoe")
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{httpd.server_address[1]}"
    try:
        joining = page(browser, f"{base}/pupils/join", PHONE)
        expect(joining.locator("h1")).to_have_text("Dein eigenes MENACE")
        joining.screenshot(path=str(shots / "de-phone-join.png"), full_page=True)
        joining.close()
        phones = [join(browser, base, nickname) for nickname in ("", "Fuchs", "")]
        for phone in phones:
            for _ in range(2):
                play_a_game(phone)
        phones[1].click("#new")
        phones[1].wait_for_selector(PUPILS_TURN)
        phones[1].screenshot(path=str(shots / "de-phone.png"), full_page=True)
        for size, viewport in SIZES.items():
            shown = class_page(browser, base, viewport, len(phones))
            expect(shown.locator("h1")).to_have_text("Ein MENACE für jedes Kind")
            assert "Ersatz für Menschen" in shown.text_content("#pupils-band")
            shown.screenshot(path=str(shots / f"de-class-{size}.png"))
            assert shown.evaluate(BEYOND) == [0, 0]
            assert shown.errors == []
    finally:
        httpd.shutdown()
        httpd.server_close()
        use_language("en")


def test_a_class_of_thirty_keeps_its_chart_and_names_the_highest_scores(browser, tmp_path, shots):
    """Thirty pupils' key lines squeezed the chart to a strip at 1280 x 720: past ten the key names the eight
    highest scores and how many more are on the chart, and the chart keeps most of its panel."""
    from tests.cli import play_random, run
    from tracker.web.server import server

    db = tmp_path / "m.sqlite3"
    for number in range(1, 31):
        assert run("new", f"pupil-{number}", "--db", str(db)).exit_code == 0
        assert play_random(str(db), games=1 + number % 4, seed=number, kit=f"pupil-{number}").exit_code == 0
    httpd = server(db, "127.0.0.1", 0, pupils_game="tictactoe")
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        shown = page(browser, f"http://127.0.0.1:{httpd.server_address[1]}/pupils", PROJECTOR)
        shown.wait_for_selector("body[data-drawn='30']")
        expect(shown.locator("#pupils-chart polyline.series")).to_have_count(30)
        expect(shown.locator("#pupils-key li")).to_have_count(9)  # the line saying so, and eight
        expect(shown.locator("#pupils-key .key-more")).to_contain_text("22 more MENACEs")
        chart = shown.locator("#pupils-chart svg").bounding_box()
        panel = shown.locator(".pupils-chart-panel").bounding_box()
        assert chart["height"] >= 0.4 * panel["height"], (chart, panel)
        assert shown.evaluate(BEYOND) == [0, 0]
        shown.screenshot(path=str(shots / "pupils-thirty-1280x720.png"))
        assert shown.errors == []
    finally:
        httpd.shutdown()
        httpd.server_close()
