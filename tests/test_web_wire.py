"""The live JSON on the wire (tracker/web/wire.py through tracker/web/app.py): without the boxes for the
phones, the curves from a game on, 304 for a page whose copy is current, gzip for pages that take it."""

from __future__ import annotations

import gzip
import json
import random
from pathlib import Path

import pytest

pytest.importorskip("werkzeug", reason="the web extra is not installed: pip install '.[web]'")

from werkzeug.test import Client  # noqa: E402

from tests.cli import play_random, run  # noqa: E402
from tracker.web.app import ClassroomScreen  # noqa: E402
from tracker.web.wire import matches, takes_gzip  # noqa: E402


@pytest.fixture
def db(tmp_path) -> str:
    path = str(tmp_path / "m.sqlite3")
    assert run("new", "--db", path, "a").exit_code == 0
    assert play_random(path, games=5, seed=1).exit_code == 0
    return path


def client(db: str) -> Client:
    return Client(ClassroomScreen(Path(db), rng=random.Random(1)))


def test_a_page_whose_copy_is_current_gets_304_and_a_new_version_a_new_etag(db):
    app = client(db)
    first = app.get("/api/kits/a/live")
    etag = first.headers["ETag"]
    assert first.status_code == 200 and first.json["since"] == 0 and len(first.json["curve"]) == 5
    again = app.get("/api/kits/a/live", headers={"If-None-Match": etag})
    assert again.status_code == 304 and again.data == b"" and again.headers["ETag"] == etag
    assert play_random(db, games=1, seed=2).exit_code == 0
    moved = app.get("/api/kits/a/live", headers={"If-None-Match": etag})
    assert moved.status_code == 200 and moved.headers["ETag"] != etag and len(moved.json["curve"]) == 6


def test_gzip_for_a_page_that_takes_it_and_the_same_json(db):
    app = client(db)
    plain = app.get("/api/kits/a/live")
    zipped = app.get("/api/kits/a/live", headers={"Accept-Encoding": "gzip, deflate"})
    assert "Content-Encoding" not in plain.headers and zipped.headers["Content-Encoding"] == "gzip"
    assert json.loads(gzip.decompress(zipped.data)) == plain.json
    assert len(zipped.data) < len(plain.data) / 5
    assert zipped.headers["Vary"] == "Accept-Encoding"


def test_the_phones_view_has_no_boxes_and_a_page_asks_only_for_new_games(db):
    app = client(db)
    whole = app.get("/api/kits/a/live").json
    slim = app.get("/api/kits/a/live?boxes=0").json
    assert "boxes" not in slim and len(whole["boxes"]) == 304
    assert {k: v for k, v in whole.items() if k != "boxes"} == slim
    newer = app.get("/api/kits/a/live?since=3").json
    assert newer["since"] == 3 and newer["curve"] == whole["curve"][3:]
    assert newer["first_box"]["history"] == whole["first_box"]["history"][3:]
    phone = app.get("/api/kits/a/live?boxes=0&curves=0").json
    assert phone["curve"] == [] and phone["first_box"]["history"] == [] and phone["since"] == 5
    beyond = app.get("/api/kits/a/live?since=99").json  # a page that saw more games than there are now
    assert beyond["since"] == 0 and beyond["curve"] == whole["curve"]


def test_the_headers_are_read_as_http_writes_them():
    assert matches('"x", W/"y"', '"y"') and matches("*", '"z"') and not matches(None, '"z"')
    assert takes_gzip("br, gzip;q=0.8") and not takes_gzip("gzip;q=0") and not takes_gzip("identity")
