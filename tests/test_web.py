"""The classroom screen's server (`menace serve`) without a browser: its API, playing through it exactly as
`menace play --draw digital`, and hostile requests."""

from __future__ import annotations

import json
import os
import random
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

import pytest

pytest.importorskip("werkzeug", reason="the web extra is not installed: pip install '.[web]'")

from werkzeug.test import Client  # noqa: E402

from tests.cli import play_random, run  # noqa: E402
from tests.store_log import head, log  # noqa: E402
from tests.web import Pupil  # noqa: E402
from tracker.store.event_store import Store  # noqa: E402
from tracker.web.app import MAX_BODY, TOKEN_HEADER, ClassroomScreen  # noqa: E402
from tracker.web.server import server  # noqa: E402

ROOT = Path(__file__).parent.parent
KITS = [  # every game with a kit: (game, MENACE's side)
    ("tictactoe", "first"),
    ("tictactoe", "second"),
    ("nim", "first"),
    ("hexapawn", "second"),
]


def new_kit(db: str, name: str, game: str = "tictactoe", side: str = "first") -> None:
    result = run("new", name, "--db", db, "--game", game, "--menace-plays", side)
    assert result.exit_code == 0, result.output


def client(db: str, seed: int | None = None) -> Client:
    rng = random.Random(seed) if seed is not None else None
    return Client(ClassroomScreen(Path(db), rng=rng))


def cli_json(*args: str) -> dict:
    result = run(*args)
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def test_api_kit_is_stats_json_with_boxes_json(db):
    assert play_random(db, games=5, seed=3).exit_code == 0
    served = client(db).get("/api/kits/class-a")
    assert served.status_code == 200
    stats = cli_json("stats", "--db", db, "--json")
    boxes = cli_json("boxes", "--db", db, "--kit", "class-a", "--json")
    assert served.json == {**stats, "boxes": boxes}
    assert served.json["games"] == 5
    kits = client(db).get("/api/kits").json
    assert [(k["name"], k["games"]) for k in kits] == [("class-a", 5)]


@pytest.mark.parametrize(("game", "side"), KITS)
def test_a_game_played_in_the_browser_is_recorded_as_menace_play_digital_records_it(tmp_path, game, side):
    """The same seed and the same pupil's moves give the same events as `menace play --draw digital`."""
    web_db, cli_db = str(tmp_path / "web.sqlite3"), str(tmp_path / "cli.sqlite3")
    for db in (web_db, cli_db):
        new_kit(db, "k", game, side)
    pupil = Pupil(client(web_db, seed=11), "k")
    live = pupil.play_to_the_end(choose=lambda legal: legal[-1])
    assert live["game"] is None and live["ended"]["instructions"]
    assert live["totals"]["games"] == 1
    web_log = log(web_db, "k")
    kit = Store(web_db).kit("k")
    game = kit.catalogue.game
    typed = [game.move_text(kit.move(data["square"])) for kind, data in web_log if kind == "moved"]
    result = run("play", "--db", cli_db, "--draw", "digital", "--seed", "11", "--brief",
                 input="\n".join(typed) + "\n")  # fmt: skip
    assert result.exit_code == 0, result.output
    assert web_log == log(cli_db, "k")
    assert [kind for kind, _ in web_log][0] == "game_started" and web_log[-1][0] == "game_ended"
    assert run("verify", "--db", web_db).exit_code == 0


def test_undo_takes_back_menaces_draw_and_the_pupils_move_and_puts_the_bead_back(db):
    pupil = Pupil(client(db, seed=1), "class-a")
    started = pupil.ok({"action": "new"})["live"]
    before = {b["id"]: b["total"] for b in started["boxes"]}
    board = started["game"]["board"]["marks"]
    after_move = pupil.ok({"action": "move", "move": started["game"]["legal"][0]["code"]})["live"]
    assert sum(b["total"] for b in after_move["boxes"]) == sum(before.values()) - 1  # MENACE's second bead
    undone = pupil.ok({"action": "undo"})
    live = undone["live"]
    assert live["game"]["turn"] == "opponent" and live["game"]["board"]["marks"] == board
    assert {b["id"]: b["total"] for b in live["boxes"]} == before
    assert any("put the" in line and "bead back" in line for line in undone["said"])
    assert run("verify", "--db", db).exit_code == 0


def test_undo_right_after_a_game_reopens_it_and_discard_drops_it(db):
    pupil = Pupil(client(db, seed=2), "class-a")
    fresh = {b["id"]: b["total"] for b in pupil.client.get("/api/kits/class-a/live").json["boxes"]}
    pupil.ok({"action": "new"})
    assert {b["id"]: b["total"] for b in pupil.ok({"action": "discard"})["live"]["boxes"]} == fresh
    live = pupil.play_to_the_end()
    assert live["totals"]["games"] == 1
    reopened = pupil.ok({"action": "undo"})
    assert any(line.strip().startswith("Reopened game 2") for line in reopened["said"])
    assert reopened["live"]["game"]["turn"] == "opponent" and reopened["live"]["totals"]["games"] == 0
    dropped = pupil.ok({"action": "discard"})["live"]
    assert dropped["game"] is None and dropped["totals"]["games"] == 0
    assert {b["id"]: b["total"] for b in dropped["boxes"]} == fresh
    assert run("verify", "--db", db).exit_code == 0


def test_one_game_at_a_time_and_a_new_server_resumes_it(db):
    first = Pupil(client(db, seed=4), "class-a")
    for nothing in ({"action": "undo"}, {"action": "discard"}, {"action": "move", "move": 0}):
        refused = first.send(nothing)
        assert refused.status_code == 409 and "no game" in refused.json["error"], refused.text
    live = first.ok({"action": "new"})["live"]
    refused = first.send({"action": "new"})
    assert refused.status_code == 409 and "game 1 is in progress" in refused.json["error"]
    second = Pupil(client(db, seed=5), "class-a")  # another browser, on a restarted server
    resumed = second.client.get("/api/kits/class-a/live").json
    assert resumed["game"]["number"] == 1 and resumed["game"]["moves"] == live["game"]["moves"]
    second.ok({"action": "move", "move": resumed["game"]["legal"][0]["code"]})
    assert len(first.client.get("/api/kits/class-a/live").json["game"]["moves"]) == 3


def test_a_move_that_races_another_process_is_refused_and_not_recorded(db, monkeypatch):
    pupil = Pupil(client(db, seed=8), "class-a")
    legal = pupil.ok({"action": "new"})["live"]["game"]["legal"]
    commit = Store.commit

    def census_first(store, world, changes):  # another process writes to the kit just before the move
        monkeypatch.setattr(Store, "commit", commit)
        other = Store(Path(db))
        other.update(world.kit, lambda _: [("census", {"box": 2, "counts": {"0": 5}})])
        other.close()
        return commit(store, world, changes)

    monkeypatch.setattr(Store, "commit", census_first)
    raced = pupil.send({"action": "move", "move": legal[0]["code"]})
    assert raced.status_code == 409 and "the move was not recorded" in raced.json["error"]
    assert [kind for kind, _ in log(db, "class-a")] == ["game_started", "drew", "census"]
    assert len(pupil.ok({"action": "move", "move": legal[0]["code"]})["live"]["game"]["moves"]) == 3
    assert run("verify", "--db", db).exit_code == 0


def test_a_game_at_the_table_is_not_played_from_the_browser(db):
    result = run("play", "--db", db, "--draw", "physical", input="quit\n")
    assert result.exit_code == 0, result.output
    pupil = Pupil(client(db), "class-a")
    live = pupil.client.get("/api/kits/class-a/live").json
    assert live["game"]["in_browser"] is False and live["game"]["box"]["id"] == 1  # the box to open now
    for body in ({"action": "move", "move": 4}, {"action": "undo"}, {"action": "discard"}):
        response = pupil.send(body)
        assert response.status_code == 409 and "at the table (physical draw" in response.json["error"]
    assert log(db, "class-a") == [("game_started", {"game": 1, "number": 1, "opponent": "human",
                                                     "draw": "physical"})]  # fmt: skip


def test_the_browser_waits_while_a_menace_play_window_holds_the_kit(db):
    from tracker.table.play_lock import playing

    pupil = Pupil(client(db), "class-a")
    store = Store(Path(db))
    with playing(store, store.kit("class-a")):  # as `menace play` holds it in another window
        refused = pupil.send({"action": "new"})
    assert refused.status_code == 409 and "the kit is in play at a table" in refused.json["error"]
    # The pupil is told what to do, not which process on which host holds the kit (the terminal says so).
    assert str(os.getpid()) not in refused.json["error"] and socket.gethostname() not in refused.json["error"]
    assert refused.json["token"]  # the page can go on
    assert log(db, "class-a") == []
    assert pupil.ok({"action": "new"})["live"]["game"]["in_browser"] is True  # the window closed
    store.close()


def test_hostile_requests_get_a_clear_4xx_and_change_nothing(db, tmp_path):
    new_kit(db, "other")
    app = client(db, seed=6)
    pupil = Pupil(app, "class-a")
    legal = [m["code"] for m in pupil.ok({"action": "new"})["live"]["game"]["legal"]]
    used = pupil.token
    legal = [m["code"] for m in pupil.ok({"action": "move", "move": legal[0]})["live"]["game"]["legal"]]
    taken = next(square for square in range(9) if square not in legal)
    before = head(db, "class-a"), head(db, "other")
    other_kit_token = Pupil(app, "other").token
    cases = [
        (pupil.send({"action": "move", "move": legal[0]}, token=""), 403),  # missing
        (pupil.send({"action": "move", "move": legal[0]}, token="made-up-token"), 403),  # forged
        (pupil.send({"action": "move", "move": legal[0]}, token=used), 403),  # replayed
        (pupil.send({"action": "move", "move": legal[0]}, token=other_kit_token), 403),  # another kit's
        (pupil.send({"action": "move", "move": taken}), 400),
        (pupil.send({"action": "move", "move": 9}), 400),
        (pupil.send({"action": "move", "move": -1}), 400),
        (pupil.send({"action": "move", "move": "5"}), 400),
        (pupil.send({"action": "move", "move": True}), 400),
        (pupil.send({"action": "move", "move": 10**100}), 400),
        (pupil.send({"action": "move"}), 400),
        (pupil.send({"action": "explode"}), 400),
        (pupil.send(["move", 0]), 400),
        (pupil.send({"action": "new"}), 409),  # a game is in progress
        (pupil.send(None, data="{not json", content_type="application/json"), 400),
        (pupil.send(None, data="action=new", content_type="application/x-www-form-urlencoded"), 400),
        (pupil.send({"action": "move", "move": legal[0], "pad": "x" * MAX_BODY}), 413),
        (app.post("/api/kits/nobody/play", json={"action": "new"}, headers={TOKEN_HEADER: pupil.token}), 404),
        (app.get("/api/kits/class-a/play"), 405),
    ]
    for response, status in cases:
        assert response.status_code == status, (response.status_code, response.text)
        assert response.text.strip() and db not in response.text
    taken_said = cases[4][0].json["error"]  # API codes count from 0, squares from 1: both are named
    assert taken_said.startswith(f"move code {taken} is not a legal move now (legal codes: ")
    assert f"{legal[0]} = {legal[0] + 1}" in taken_said, taken_said
    assert (head(db, "class-a"), head(db, "other")) == before
    after = pupil.ok({"action": "move", "move": legal[0]})["live"]["game"]  # the page goes on
    assert after["moves"][3] == str(legal[0] + 1)  # MENACE, pupil, MENACE, pupil
    assert run("verify", "--db", db).exit_code == 0


@pytest.mark.parametrize(
    "path",
    [
        "/static/../pyproject.toml",
        "/static/%2e%2e/app.py",
        "/static/%2e%2e%2fapp.py",
        "/static/app.py",
        "/static/live.html",
        "/static/",
        "/kits/..%2f..%2fetc%2fpasswd",
        "/api/kits/..%2fm.sqlite3",
        "/api/kits/nobody",
        "/api/kits/nobody/live",
        "/kits/nobody/play",
        "/m.sqlite3",
        "/etc/passwd",
    ],
)
def test_path_tricks_find_nothing(db, path):
    response = client(db).get(path)
    assert response.status_code == 404, (path, response.status_code)
    assert db not in response.text and "sqlite" not in response.text.lower().replace("m.sqlite3", "")


def test_no_page_names_the_store_or_answers_to_a_foreign_host(db, tmp_path):
    app = client(db)
    pages = ["/", "/kits/class-a", "/kits/class-a/play", "/api/kits", "/api/kits/class-a",
             "/api/kits/class-a/live", "/api/kits/class-a/version", "/static/common.js"]  # fmt: skip
    for page in pages:
        response = app.get(page)
        assert response.status_code == 200, page
        assert db not in response.text and str(tmp_path) not in response.text
        assert "default-src 'self'" in response.headers["Content-Security-Policy"]
    rebound = app.get("/api/kits", headers={"Host": "evil.example"})
    assert rebound.status_code == 400
    gone = Client(ClassroomScreen(tmp_path / "gone.sqlite3")).get("/api/kits")
    assert gone.status_code == 503 and "gone.sqlite3" not in gone.text and str(tmp_path) not in gone.text


def test_kit_names_are_escaped_in_the_pages(tmp_path):
    db = str(tmp_path / "m.sqlite3")
    new_kit(db, "7b")
    page = client(db).get("/kits/7B").text  # any case of the name finds the kit
    assert '<meta name="menace-kit" content="7b">' in page
    escaped = client(db).get("/kits/%3Cscript%3E")
    assert escaped.status_code == 404 and escaped.headers["Content-Type"].startswith("text/plain")
    assert escaped.headers["X-Content-Type-Options"] == "nosniff"


def test_the_api_reports_a_game_recorded_by_menace_play_in_another_process_within_2_s(db):
    httpd = server(Path(db), "127.0.0.1", 0)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{httpd.server_address[1]}/api/kits/class-a"
    try:
        version = _get(base + "/version")["version"]
        play = ["play", "--db", db, "--draw", "digital", "--opponent", "random", "--brief"]
        subprocess.run([sys.executable, "-m", "tracker", *play], check=True, capture_output=True, cwd=ROOT)
        recorded = time.monotonic()
        while _get(base)["games"] != 1:
            assert time.monotonic() - recorded < 2, "the API did not report the game within 2 s"
            time.sleep(0.05)
        assert _get(base + "/version")["version"] != version
    finally:
        httpd.shutdown()
        httpd.server_close()


def _get(url: str) -> dict:
    with urllib.request.urlopen(url, timeout=5) as response:
        return json.loads(response.read())


def test_menace_serve_listens_on_127_0_0_1_and_names_its_address(db):
    process = subprocess.Popen(
        [sys.executable, "-m", "tracker", "serve", "--db", db, "--port", "0", "--kit", "CLASS-A"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT,
    )  # fmt: skip
    try:
        line = process.stdout.readline()
        assert line.startswith("The classroom screen is at http://127.0.0.1:"), line
        url = line.split(" at ")[1].split(" ")[0]
        with urllib.request.urlopen(url, timeout=5) as response:  # the front page opens the kit named
            assert response.url.endswith("/kits/class-a")
    finally:
        process.terminate()
        _, errors = process.communicate(timeout=10)
    assert "GET" not in errors  # no line per request: the pages poll every second


def test_menace_serve_without_the_web_extra_says_how_to_install_it(db):
    probe = (
        "import sys; sys.modules['werkzeug'] = None\n"
        "from tracker.cli.main import main\n"
        "main(['serve', '--db', sys.argv[1]])\n"
    )
    result = subprocess.run([sys.executable, "-c", probe, db], capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 2
    assert result.stderr == (
        "Error: menace serve needs the web extra: in menace-kit's folder, pip install '.[web]'\n"
    )


def test_menace_serve_on_a_port_in_use_says_so_in_one_line(db):
    with socket.create_server(("127.0.0.1", 0)) as taken:
        port = taken.getsockname()[1]
        result = run("serve", "--db", db, "--port", str(port))
    assert result.exit_code == 2
    assert result.output == f"Error: cannot listen on 127.0.0.1:{port}: Address already in use\n"


def test_menace_serve_refuses_an_unknown_kit_in_one_line(db):
    result = run("serve", "--db", db, "--kit", "nobody", "--port", "0")
    assert result.exit_code == 2
    assert result.output == "Error: no kit called 'nobody': the store has class-a\n"


def test_the_command_line_does_not_load_the_web_library():
    probe = "import sys\nfrom tracker.cli.main import main\nprint('werkzeug' in sys.modules)\n"
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=ROOT)
    assert result.stdout.strip() == "False", result.stderr
