"""A MENACE for every pupil (tracker.web.pupils, through tracker.web.app): a kit per phone made of the
class's game, nicknames checked as `menace new` checks names, a phone that joins again gets its own kit,
and the class page's QR code is the join page's address."""

from __future__ import annotations

import html
import re
from io import BytesIO

import pytest

pytest.importorskip("werkzeug", reason="the web extra is not installed: pip install '.[web]'")

from werkzeug.test import Client  # noqa: E402

from tests.cli import run  # noqa: E402
from tests.web import Pupil  # noqa: E402
from tracker.store.event_store import Store  # noqa: E402
from tracker.web.app import TOKEN_HEADER, ClassroomScreen  # noqa: E402
from tracker.web.pupils import COOKIE, MOST  # noqa: E402

TOKEN = re.compile(r'name="menace-token" content="([^"]+)"')
BASE = "http://localhost:8765"


class Phone:
    """A phone's browser: its own cookies, the join page's token, and the kit it was given."""

    def __init__(self, app: ClassroomScreen) -> None:
        self.client = Client(app)  # a client keeps its cookies, as a phone's browser does
        self.token = ""

    def open_join_page(self):
        page = self.client.get("/pupils/join", base_url=BASE)
        if page.status_code == 200:
            self.token = TOKEN.search(page.text).group(1)
        return page

    def join(self, name: object = ""):
        if not self.token:
            assert self.open_join_page().status_code == 200
        answer = self.client.post(
            "/api/pupils", json={"name": name}, headers={TOKEN_HEADER: self.token}, base_url=BASE
        )
        self.token = answer.json.get("token", "")
        return answer


@pytest.fixture
def app(tmp_path) -> ClassroomScreen:
    db = tmp_path / "m.sqlite3"
    assert run("new", "class-a", "--db", str(db), "--game", "hexapawn").exit_code == 0  # not a pupil's
    return ClassroomScreen(db, pupils_game="hexapawn")


def test_each_phone_gets_a_kit_of_its_own_of_the_class_game(app):
    phones = [Phone(app) for _ in range(3)]
    answers = [phones[0].join(), phones[1].join("Fox"), phones[2].join("")]
    assert [(a.status_code, a.json["kit"], a.json["again"]) for a in answers] == [
        (200, "pupil-1", False),
        (200, "pupil-Fox", False),
        (200, "pupil-2", False),
    ]
    assert answers[1].json["play"] == "/kits/pupil-Fox/play"
    store = Store(app.db_path)
    made = {row["name"]: row for row in store.kits()}
    assert {made[name]["game"] for name in ("pupil-1", "pupil-Fox", "pupil-2")} == {"hexapawn"}
    assert made["pupil-1"]["fingerprint"] == made["class-a"]["fingerprint"]  # the game's own side and rules
    cls = phones[0].client.get("/api/pupils", base_url=BASE).json
    assert cls["class"] == {
        "game": "hexapawn",
        "title": "Hexapawn",
        "menace_plays": "second",
        "rules": "gardner",
    }
    assert [k["name"] for k in cls["kits"]] == ["pupil-1", "pupil-Fox", "pupil-2"]  # not class-a
    assert cls["join"] == BASE + "/pupils/join"


def test_a_phone_that_joins_again_gets_the_same_kit(app):
    phone = Phone(app)
    first = phone.join("owl")
    assert first.json["kit"] == "pupil-owl"
    assert COOKIE in first.headers["Set-Cookie"] and "HttpOnly" in first.headers["Set-Cookie"]
    again = phone.join("someone-else")  # the page reloaded, a name typed again: still its own kit
    assert (again.status_code, again.json["kit"], again.json["again"]) == (200, "pupil-owl", True)
    reopened = phone.open_join_page()  # the join page sends it straight on to its kit's play page
    assert (reopened.status_code, reopened.headers["Location"]) == (303, "/kits/pupil-owl/play")
    assert [k["name"] for k in phone.client.get("/api/pupils").json["kits"]] == ["pupil-owl"]


def test_a_phones_kit_plays_on_the_play_page(app):
    Phone(app).join("cat")
    assert 'data-pupil="1"' in Client(app).get("/kits/pupil-cat/play").text  # the whole-class mode
    assert 'data-pupil=""' in Client(app).get("/kits/class-a/play").text
    pupil = Pupil(Client(app), "pupil-cat")
    live = pupil.play_to_the_end()
    assert live["totals"]["games"] == 1
    curve = Client(app).get("/api/pupils").json["kits"][0]
    assert (curve["name"], curve["games"], len(curve["curve"])) == ("pupil-cat", 1, 1)


@pytest.mark.parametrize(
    "name, says",
    [
        ("a" * 40, "is not a kit name"),  # 46 with its prefix
        ("<script>", "is not a kit name"),
        ("-dash", "is not a kit name"),
        (7, "a nickname is text"),
    ],
)
def test_a_nickname_is_checked_as_menace_new_checks_names(app, name, says):
    answer = Phone(app).join(name)
    assert answer.status_code == 400 and says in answer.json["error"], answer.json
    assert Client(app).get("/api/pupils").json["kits"] == []


def test_a_name_taken_is_refused_whatever_its_case(app):
    assert Phone(app).join("Fox").status_code == 200
    taken = Phone(app).join("fox")
    assert taken.status_code == 400 and "already a kit called 'pupil-Fox'" in taken.json["error"]
    assert Phone(app).join("pupil-fox").status_code == 400  # the prefix is not added twice


def test_joining_needs_the_join_pages_token_and_a_class(app, tmp_path):
    phone = Phone(app)
    refused = phone.client.post("/api/pupils", json={"name": ""}, headers={TOKEN_HEADER: "made-up"})
    assert refused.status_code == 403
    without = Phone(ClassroomScreen(app.db_path))
    answer = without.join("")
    assert answer.status_code == 404 and "menace serve --pupils GAME" in answer.json["error"]
    assert without.client.get("/api/pupils").json["class"] is None


def test_a_class_is_full_at_most_kits(app, monkeypatch):
    from tracker.web import pupils

    monkeypatch.setattr(pupils, "MOST", 2)
    assert [Phone(app).join().status_code for _ in range(3)] == [200, 200, 400]
    assert MOST >= 30  # a class of thirty fits


def test_menace_serve_takes_a_game_for_the_pupils(tmp_path, monkeypatch):
    from tracker.web import server

    db = str(tmp_path / "m.sqlite3")
    assert run("new", "class-a", "--db", db).exit_code == 0
    served = []
    monkeypatch.setattr(server, "serve", lambda *args: served.append(args))
    assert run("serve", "--db", db, "--pupils", "nim --heaps 1,2,3").exit_code == 0
    assert served[0][-1] == "nim --heaps 1,2,3"
    for bad in ("chess", "connect4"):  # no such game; a game without a matchbox kit
        refused = run("serve", "--db", db, "--pupils", bad)
        assert refused.exit_code == 2 and "--pupils" in refused.stderr, refused.stderr


def test_the_class_pages_code_is_the_join_pages_address(app):
    zxingcpp = pytest.importorskip("zxingcpp", reason="the test extra is not installed")
    pytest.importorskip("segno", reason="the web extra is not installed: pip install '.[web]'")
    from PIL import Image

    from tests.test_web_join import FIGURE

    client = Client(ClassroomScreen(app.db_path, hosts=None, pupils_game="hexapawn"))  # any Host
    for opened_at in (BASE, "http://192.168.1.5:8765"):
        page = client.get("/pupils", base_url=opened_at)
        assert page.status_code == 200
        ((src, href, letters),) = FIGURE.findall(page.text)
        image = client.get(html.unescape(src), base_url=opened_at)
        read = zxingcpp.read_barcodes(Image.open(BytesIO(image.data)))
        assert [r.format for r in read] == [zxingcpp.BarcodeFormat.QRCode]
        joined = opened_at + "/pupils/join"
        assert (read[0].text, html.unescape(href), html.unescape(letters)) == (joined, joined, joined)


def test_the_pages_are_served_in_german_with_no_english_word(app):
    from kit.i18n import use_language
    from tests.test_web_german import embedded_words, english, visible

    Phone(app).join("")
    use_language("de")
    try:
        join_page, class_page = Client(app).get("/pupils/join").text, Client(app).get("/pupils").text
        assert "<title>Dein eigenes MENACE</title>" in join_page and "Mein MENACE holen" in join_page
        assert "Mit dem Handy mitmachen" in class_page
        for page in (join_page, class_page):
            assert english([line for line in visible(page) if line != "pupil-"]) == []  # the names' prefix
            assert english(embedded_words(page)) == []
        error = Phone(app).join("-")
        assert error.json["error"].startswith("'-' ist kein Kit-Name")
    finally:
        use_language("en")
