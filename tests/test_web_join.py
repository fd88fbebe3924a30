"""Joining from a phone (tracker.web.join): every QR code the screen's pages serve decodes, as a phone's
camera reads it, to the page's own address, or under `menace serve --join-url` to that address, and the
same address is written in letters under it."""

from __future__ import annotations

import html
import re
import subprocess
import sys
from io import BytesIO
from pathlib import Path

import pytest

pytest.importorskip("werkzeug", reason="the web extra is not installed: pip install '.[web]'")
pytest.importorskip("segno", reason="the web extra is not installed: pip install '.[web]'")
zxingcpp = pytest.importorskip("zxingcpp", reason="the test extra is not installed: pip install '.[test]'")

from PIL import Image  # noqa: E402
from werkzeug.test import Client  # noqa: E402

from tests.cli import run  # noqa: E402
from tracker.web.app import ClassroomScreen  # noqa: E402
from tracker.web.join import BadJoinUrl, join_base, join_host  # noqa: E402

# A page's join figure: its QR code's address, and the address in letters (a link to itself) under it.
FIGURE = re.compile(
    r'<figure class="join"><img src="([^"]+)"[^>]*><figcaption>[^<]*'
    r'<a class="join-address" href="([^"]+)">([^<]+)</a></figcaption></figure>'
)
PAGES = {"live": "/kits/{kit}", "play": "/kits/{kit}/play", "table": "/kits/{kit}/table"}


def codes(client: Client, path: str, opened_at: str) -> list[tuple[str, str, str]]:
    """(the QR code's text, the caption's link, the caption's letters) for each code on the page at
    ``path``, opened at ``opened_at`` ('http://HOST:PORT')."""
    page = client.get(path, base_url=opened_at)
    assert page.status_code == 200, page.get_data(as_text=True)
    found = []
    for src, href, letters in FIGURE.findall(page.get_data(as_text=True)):
        image = client.get(html.unescape(src), base_url=opened_at)
        assert (image.status_code, image.content_type) == (200, "image/png")
        read = zxingcpp.read_barcodes(Image.open(BytesIO(image.data)))
        assert [r.format for r in read] == [zxingcpp.BarcodeFormat.QRCode]
        found.append((read[0].text, html.unescape(href), html.unescape(letters)))
    return found


@pytest.fixture
def store(tmp_path) -> Path:
    db = tmp_path / "m.sqlite3"
    for name in ("group-2", "class 7b"):
        assert run("new", name, "--db", str(db), "--game", "hexapawn").exit_code == 0
    return db


@pytest.mark.parametrize("kit, quoted", [("group-2", "group-2"), ("class 7b", "class%207b")])
def test_every_code_is_the_pages_own_address(store, kit, quoted):
    client = Client(ClassroomScreen(store, hosts=None))
    for opened_at in ("http://localhost:8765", "http://192.168.1.5:8765"):
        for path in PAGES.values():
            own = opened_at + path.format(kit=quoted)
            assert codes(client, path.format(kit=quoted), opened_at) == [(own, own, own)]


def test_with_join_url_every_code_is_that_address(store):
    client = Client(ClassroomScreen(store, hosts=None, join_url="http://10.42.0.1:8765/"))
    for path in PAGES.values():
        joined = "http://10.42.0.1:8765" + path.format(kit="group-2")
        assert codes(client, path.format(kit="group-2"), "http://localhost:8765") == [(joined,) * 3]


def lesson_codes(client: Client, opened_at: str, query: str = "") -> dict[str, tuple[str, str]]:
    """The class page's codes, as its script draws them from /api/lesson: each group's (the QR code's
    text, the address in letters under it)."""
    lesson = client.get("/api/lesson" + query, base_url=opened_at).json
    found = {}
    for kit in lesson["kits"]:
        image = client.get(kit["table"]["join_png"], base_url=opened_at)
        assert (image.status_code, image.content_type) == (200, "image/png")
        read = zxingcpp.read_barcodes(Image.open(BytesIO(image.data)))
        assert [r.format for r in read] == [zxingcpp.BarcodeFormat.QRCode]
        found[kit["name"]] = (read[0].text, kit["table"]["join"])
    return found


def test_the_class_pages_codes_are_each_groups_table_page(store):
    client = Client(ClassroomScreen(store, hosts=None))
    page = client.get("/lesson", base_url="http://192.168.1.5:8765")
    assert page.status_code == 200 and "/static/lesson.js" in page.text
    own = "http://192.168.1.5:8765/kits/group-2/table"
    assert lesson_codes(client, "http://192.168.1.5:8765") == {"group-2": (own, own)}  # the lesson's kits
    chosen = lesson_codes(client, "http://192.168.1.5:8765", "?kits=class%207b&kits=group-2")
    assert chosen["class 7b"] == ("http://192.168.1.5:8765/kits/class%207b/table",) * 2
    joined = Client(ClassroomScreen(store, hosts=None, join_url="http://10.42.0.1:8765/"))
    hotspot = "http://10.42.0.1:8765/kits/group-2/table"
    assert lesson_codes(joined, "http://localhost:8765") == {"group-2": (hotspot, hotspot)}


def test_a_page_opened_on_this_machine_gives_phones_its_network_address(store):
    """Served on the network (--host 0.0.0.0), a page the teacher opens as localhost, which no phone can
    open, gives the machine's own address; one opened at that address gives itself."""
    screen = ClassroomScreen(store, hosts=None)
    screen.network_url = "http://192.168.1.5:8765/"
    client = Client(screen)
    network = "http://192.168.1.5:8765/kits/group-2/play"
    assert codes(client, "/kits/group-2/play", "http://127.0.0.1:8765") == [(network,) * 3]
    other = "http://menace.local:8765/kits/group-2/play"
    assert codes(client, "/kits/group-2/play", "http://menace.local:8765") == [(other,) * 3]


@pytest.mark.parametrize(
    "path", ["", "/api/kits", "/static/style.css", "http://elsewhere.example/", "//elsewhere.example/kits/x"]
)
def test_only_a_page_of_the_screen_gets_a_code(store, path):
    client = Client(ClassroomScreen(store))
    answer = client.get("/join.png", query_string={"path": path}, base_url="http://localhost:8765")
    assert answer.status_code == 400, path


def test_the_join_url_is_an_http_address_and_its_name_is_allowed():
    assert join_base("http://10.42.0.1:8765/") == "http://10.42.0.1:8765"
    assert join_host("https://Menace.Local/") == "menace.local"
    for bad in ("10.42.0.1:8765", "ftp://x/", "http://"):
        with pytest.raises(BadJoinUrl):
            join_base(bad)
    result = run("serve", "--join-url", "10.42.0.1:8765")
    assert result.exit_code == 2 and "--join-url" in result.stderr and "http://" in result.stderr


def test_menace_serve_gives_the_join_url_to_the_screen_and_answers_to_its_name(store, monkeypatch):
    from tracker.web import server

    served = []
    monkeypatch.setattr(server, "serve", lambda *args: served.append(args))
    result = run(
        "serve", "--db", str(store), "--allow-host", "laptop", "--join-url", "http://Menace.Local:8765"
    )
    assert result.exit_code == 0, result.output
    ((_db, _host, _port, _kit, _say, names, join_url, _pupils),) = served
    assert (names, join_url) == (["laptop", "menace.local"], "http://Menace.Local:8765")


def test_serving_a_page_does_not_import_the_qr_library_until_a_code_is_asked_for(store):
    check = (
        "import sys\n"
        "from pathlib import Path\n"
        "from werkzeug.test import Client\n"
        "from tracker.web.server import serve\n"
        "from tracker.web.app import ClassroomScreen\n"
        f"client = Client(ClassroomScreen(Path({str(store)!r})))\n"
        "assert client.get('/kits/group-2', base_url='http://localhost:8765').status_code == 200\n"
        "assert 'segno' not in sys.modules\n"
        "client.get('/join.png?path=/kits/group-2', base_url='http://localhost:8765')\n"
        "assert 'segno' in sys.modules\n"
    )
    done = subprocess.run([sys.executable, "-c", check], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
