"""The classroom screen in German (`menace --lang de serve`): every word of its pages and every message of its
API in German, English unchanged. Read through Werkzeug's test client, and once in Debian's chromium.

A text counts as English when it holds a word of ENGLISH_ONLY (tests/test_german_tracker.py). The pages'
sentences name their fields in English for the code ({count}); those names are not shown, so not checked.
"""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys
import threading
import urllib.request
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("werkzeug", reason="the web extra is not installed: pip install '.[web]'")

from werkzeug.test import Client  # noqa: E402

from kit.i18n import use_language  # noqa: E402
from tests.browser import BIG, CHROMIUM, FLAGS, PHONE  # noqa: E402
from tests.cli import run  # noqa: E402
from tests.test_german_tracker import english_lines  # noqa: E402
from tests.web import Pupil  # noqa: E402
from tracker.web.app import ACTIONS, MAX_BODY, TOKEN_HEADER, ClassroomScreen  # noqa: E402
from tracker.web.server import server  # noqa: E402
from tracker.web.words import page_words, words_json  # noqa: E402

ROOT = Path(__file__).parent.parent
STATIC = ROOT / "tracker" / "web" / "static"
FIELD = re.compile(r"\{\w+\}")
WORDS_JSON = re.compile(r'<script type="application/json" id="words">(.*?)</script>', re.S)
SHOWN_ATTRIBUTES = ("placeholder", "aria-label", "title")


class VisibleText(HTMLParser):
    """The text a person sees on a page as served (scripts' words aside): text, title and shown attributes."""

    def __init__(self) -> None:
        super().__init__()
        self.lines: list[str] = []
        self.hidden = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.hidden += tag in ("script", "style")
        self.lines += [value for name, value in attrs if name in SHOWN_ATTRIBUTES and value]

    def handle_endtag(self, tag: str) -> None:
        self.hidden -= tag in ("script", "style")

    def handle_data(self, data: str) -> None:
        if not self.hidden and data.strip():
            self.lines.append(data.strip())


def visible(page: str) -> list[str]:
    parser = VisibleText()
    parser.feed(page)
    return parser.lines


def embedded_words(page: str) -> list[str]:
    """Every sentence of the words the page's scripts show, their fields left out."""
    words = json.loads(WORDS_JSON.search(page).group(1))
    found: list[str] = []

    def gather(value: object) -> None:  # a sentence, its count's forms, or a group of them
        if isinstance(value, dict):
            value = list(value.values())
        if isinstance(value, list):
            for item in value:
                gather(item)
        else:
            found.append(FIELD.sub(" ", str(value)))

    gather(words)
    return found


def english(texts: list[str], *, codes: tuple[str, ...] = ()) -> list[str]:
    """The texts that hold an English-only word, the API's own ``codes`` (as it takes them) aside."""
    kept = [re.sub(r"\b(" + "|".join(codes) + r")\b", " ", text) if codes else text for text in texts]
    return [text for text, checked in zip(texts, kept, strict=True) if english_lines(checked)]


@pytest.fixture
def german() -> Iterator[None]:
    use_language("de")
    yield
    use_language("en")


def app(db: str, seed: int = 1) -> Client:
    return Client(ClassroomScreen(Path(db), rng=random.Random(seed)))


def test_the_checks_find_english_on_the_english_pages(db: str) -> None:
    """English pages are unchanged, and the checks below would see them: each of these lines is English."""
    play = app(db).get("/kits/class-a/play").text
    assert '<html lang="en">' in play and '<button id="new" type="button">New game</button>' in play
    shown = [
        "the live screen",
        "The game",
        "New game",
        "Undo",
        "Discard this game",
        "Finish the game",
        "What happened",
        "On a phone: scan the code, or open",
    ]
    assert english(visible(play)) == shown
    assert "the opponent to move" in english(embedded_words(play))
    assert english(["unbekannte Aktion 'explode': eine von new, move, undo, discard"], codes=ACTIONS) == []


@pytest.mark.parametrize("path", ["/", "/kits/class-a", "/kits/class-a/play", "/classes"])
def test_the_german_pages_hold_no_english_word(db: str, german: None, path: str) -> None:
    page = app(db).get(path)
    assert page.status_code == 200, page.text
    assert '<html lang="de">' in page.text
    assert english(visible(page.text)) == [], visible(page.text)
    assert english(embedded_words(page.text)) == []


def test_the_german_pages_say_it_in_german(db: str, german: None) -> None:
    live, play = app(db).get("/kits/class-a").text, app(db).get("/kits/class-a/play").text
    assert "Ergebnisse</h2>" in live and 'placeholder="Schachtelnummer oder Stellung"' in live
    assert "<title>Gegen MENACE spielen: class-a</title>" in play
    assert [visible(play)[i] for i in (4, 5, 6)] == ["Neues Spiel", "Zurücknehmen", "Dieses Spiel verwerfen"]
    words = json.loads(WORDS_JSON.search(play).group(1))
    assert words["turns"]["opponent"] == "Der Gegner ist am Zug"
    assert words["beads"] == ["{count} Perle", "{count} Perlen"]  # a count's two forms, for one and more
    assert words["label_as_printed"] == "Ihr Etikett liegt so auf dem Brett, wie es gedruckt ist."


def test_every_word_the_pages_use_is_there_and_every_word_is_used() -> None:
    """A word the scripts or pages name but words.py lacks would show "undefined" (or fail the page)."""
    scripts = "".join(path.read_text() for path in STATIC.glob("*.js"))
    pages = "".join(path.read_text() for path in STATIC.glob("*.html"))
    used = set(re.findall(r"WORDS\.(\w+)", scripts)) | set(re.findall(r'sayCount\("(\w+)"', scripts))
    used |= set(re.findall(r"\{\{w:(\w+)\}\}", pages))
    assert used == set(page_words())


def test_the_words_cannot_end_the_script_element_they_are_embedded_in() -> None:
    assert words_json({"a": "</script><b>&"}) == '{"a": "\\u003c/script\\u003e\\u003cb\\u003e\\u0026"}'
    assert json.loads(words_json({"a": "</script>"})) == {"a": "</script>"}


def said_and_shown(live: dict[str, Any]) -> list[str]:
    """What the pages show of an API answer as text of its own: the kit's words and the bead instructions."""
    texts = [live["kit"]["title"]]
    for box in [*live["boxes"], (live["game"] or {}).get("box")]:
        if box:
            texts += [text for bead in box["beads"] for text in (bead["colour"], bead["label"])]
            texts += [box.get("played") or "", box.get("turn") or ""]
    if live["game"]:
        texts += [move["text"] for move in live["game"]["legal"]]
    return texts + (live["ended"]["instructions"] if live["ended"] else [])


@pytest.mark.parametrize(
    ("game", "side"),
    [("tictactoe", "first"), ("tictactoe", "second"), ("nim", "first")],
)
def test_a_german_game_through_the_api(tmp_path: Path, game: str, side: str) -> None:
    db = str(tmp_path / "m.sqlite3")
    assert run("new", "k", "--db", db, "--game", game, "--menace-plays", side).exit_code == 0
    use_language("de")
    try:
        pupil = Pupil(app(db, seed=5), "k")
        answer = pupil.ok({"action": "new"})
        said, shown = list(answer["said"]), said_and_shown(answer["live"])
        while answer["live"]["game"] is not None:
            answer = pupil.ok({"action": "move", "move": answer["live"]["game"]["legal"][0]["code"]})
            said += answer["said"]
            shown += said_and_shown(answer["live"])
        answer = pupil.ok({"action": "undo"})  # reopens the game: its bead changes taken back
        said += answer["said"]
        said += pupil.ok({"action": "discard"})["said"]
    finally:
        use_language("en")
    assert english(said + shown) == []
    assert said[0] == "Neues Spiel: Spiel 1 des Kits k"
    assert any(line.startswith("Gespeichert. Kit k: 1 Spiel") for line in said)
    assert said[-1] == "Spiel 1 verworfen."
    resumed = [line for line in said if "geht weiter" in line or "Perlen oben auf" in line]
    assert resumed == []  # each request resumes the game: not news to the pupil


def test_the_apis_errors_in_german(db: str, tmp_path: Path) -> None:
    run("play", "--db", db, "--kit", "class-a", input="ende\n")  # a game at the table, left in progress
    assert run("new", "b", "--db", db).exit_code == 0
    use_language("de")
    try:
        client = app(db)
        table = Pupil(client, "class-a")
        pupil = Pupil(client, "b")
        nothing = pupil.send({"action": "discard"}), 409
        started = pupil.send({"action": "new"}), 200
        taken = started[0].json["live"]["game"]["board"]["marks"].index("X")  # MENACE's first square
        said = [
            nothing,
            started,
            (pupil.send({"action": "new"}), 409),  # one at a time
            (pupil.send({"action": "move", "move": taken}), 400),
            (pupil.send({"action": "move", "move": True}), 400),
            (pupil.send({"action": "move"}, token="made-up"), 403),
            (pupil.send(["move", 0]), 400),
            (pupil.send(None, data="{not json", content_type="application/json"), 400),
            (pupil.send(None, data="action=new", content_type="application/x-www-form-urlencoded"), 400),
            (pupil.send({"action": "move", "pad": "x" * MAX_BODY}), 413),
            (table.send({"action": "discard"}), 409),  # played at the table
            (client.post("/api/kits/nobody/play", json={}, headers={TOKEN_HEADER: pupil.token}), 404),
            (client.get("/api/kits/b/play"), 405),
            (client.get("/api/nowhere"), 404),
            (client.get("/api/kits", headers={"Host": "evil.example"}), 400),
            (Client(ClassroomScreen(tmp_path / "gone.sqlite3")).get("/api/kits"), 503),
        ]
        unknown_action = pupil.send({"action": "explode"})
        page = client.get("/kits/nobody")
    finally:
        use_language("en")
    errors = [response.json.get("error", "") for response, _ in said]
    assert [response.status_code for response, _ in said] == [status for _, status in said], errors
    assert english(errors) == [], errors
    assert errors[0] == "es läuft kein Spiel: ein neues Spiel beginnen"
    assert errors[2] == "Spiel 1 läuft: es zuerst beenden, zurücknehmen oder verwerfen"
    assert errors[3].startswith(f"Zugcode {taken} ist jetzt kein erlaubter Zug (erlaubte Codes: ")
    assert errors[10].startswith("Spiel 1 wird am Tisch gespielt (Ziehen: von Hand, Gegner: Mensch)")
    assert errors[13] == "diese Seite gibt es nicht"
    assert unknown_action.json["error"] == "unbekannte Aktion 'explode': eine von new, move, undo, discard"
    assert page.status_code == 404 and english([page.text]) == [] and page.text.startswith("404: kein Kit")


@pytest.mark.parametrize("how", ["--lang", "MENACE_LANG"])
def test_menace_serve_in_german(db: str, how: str) -> None:
    args, env = (["--lang", "de"], {}) if how == "--lang" else ([], {"MENACE_LANG": "de"})
    process = subprocess.Popen(
        [sys.executable, "-m", "tracker", *args, "serve", "--db", db, "--port", "0"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT, env={**os.environ, **env},
    )  # fmt: skip
    try:
        line = process.stdout.readline()
        url = re.search(r"http://\S+/", line).group(0)
        with urllib.request.urlopen(url + "kits/class-a/play", timeout=5) as response:
            page = response.read().decode()
    finally:
        process.terminate()
        process.communicate(timeout=10)
    assert '<html lang="de">' in page and '<button id="new" type="button">Neues Spiel</button>' in page


BOXED = "button, .totals .total"  # what holds words in a box of its own size
OVERFLOW = (
    f"[...document.querySelectorAll('{BOXED}')]"
    ".filter(b => b.scrollWidth > b.clientWidth).map(b => b.innerText)"
)
PUPILS_TURN = "body:not(.busy)[data-turn=opponent]"
GAME_OVER = "body:not(.busy)[data-turn=none]"


@pytest.mark.slow
@pytest.mark.skipif(
    not Path(CHROMIUM).exists(), reason=f"no chromium at {CHROMIUM}: apt-get install chromium"
)
def test_a_pupil_plays_a_german_game_in_chromium(tmp_path: Path) -> None:
    """The pages as a pupil sees them in German: no English word, and no button's words overflow it.
    Screenshots go to $MENACE_SCREENSHOTS (default: the test's temporary directory) to be looked at."""
    sync = pytest.importorskip(
        "playwright.sync_api", reason="Playwright is not installed: pip install playwright"
    )
    db = str(tmp_path / "m.sqlite3")
    assert run("new", "k", "--db", db).exit_code == 0
    shots = Path(os.environ.get("MENACE_SCREENSHOTS") or tmp_path)
    use_language("de")
    httpd = server(Path(db), "127.0.0.1", 0)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{httpd.server_address[1]}/kits/k"
    try:
        with sync.sync_playwright() as driver:
            browser = driver.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
            page = browser.new_page(viewport=BIG)
            errors: list[str] = []
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.goto(base + "/play")
            page.click("#new")
            page.wait_for_selector(PUPILS_TURN)
            read = [page.inner_text("body")]
            while page.locator("body[data-turn=opponent]").count():
                page.locator("button.cell.open").first.click()
                page.wait_for_selector(f"{PUPILS_TURN}, {GAME_OVER}")
                read.append(page.inner_text("body"))
            assert page.locator("#instructions h3").inner_text().startswith("Spiel 1: ")
            overflowing = looked_at(page, shots / "de-play")
            page.goto(base)
            page.wait_for_selector("#boxes .tile")
            read.append(page.inner_text("body"))
            overflowing += looked_at(page, shots / "de-live")
            browser.close()
    finally:
        httpd.shutdown()
        httpd.server_close()
        use_language("en")
    assert errors == []
    lines = [line for text in read for line in text.splitlines()]
    assert english(lines) == [], english(lines)
    assert "Neues Spiel" in read[0] and "Der Gegner ist am Zug. Züge: " in read[0]
    assert "Ergebnisse" in read[-1] and "Alle Schachteln" in read[-1]
    assert overflowing == []  # every button and result holds its words


def looked_at(page: Any, stem: Path) -> list[str]:
    """Screenshots of the page at 1920 x 1080 and at a phone's size; the words that overflow their box."""
    overflowing = []
    for name, viewport in (("big", BIG), ("phone", PHONE)):
        page.set_viewport_size(viewport)
        page.screenshot(path=f"{stem}-{name}.png")
        overflowing += page.evaluate(OVERFLOW)
    return overflowing
