"""The fuzz run's category "the screen as a server": the issue's hostile requests to the classroom screen,
each refused (a 4xx, or a connection closed) or, where it is a fair request, answered. A case counts as a
server error (a 5xx, or a page told the process and host holding a kit) or as a silent acceptance."""

from __future__ import annotations

import os
import random
import socket
import threading
from collections.abc import Callable
from pathlib import Path

from werkzeug.test import Client

from tests.cli import run
from tests.web import Pupil
from tracker.store.event_store import Store
from tracker.table.play_lock import playing
from tracker.web.app import ClassroomScreen
from tracker.web.server import server

ELSEWHERE = {"Origin": "https://elsewhere.example", "Referer": "https://elsewhere.example/page"}
Case = Callable[[], list[int]]  # the statuses it met (0: a stalled connection the server left open)
Expected = Callable[[list[int]], bool]


def refused(statuses: list[int]) -> bool:
    return all(400 <= status < 500 for status in statuses)


def answered(statuses: list[int]) -> bool:
    return statuses == [200]


def one_played(statuses: list[int]) -> bool:
    return sorted(statuses) == [200, 409]


def screen_cases(tmp_path: Path) -> list[tuple[str, Case, Expected]]:
    """(what, the case, what it should meet): each case returns the statuses of its requests."""
    db = tmp_path / "screen.sqlite3"
    for name, game in (("t", "tictactoe"), ("nim", "nim")):
        assert run("new", name, "--db", str(db), "--game", game).exit_code == 0
    app = ClassroomScreen(db, rng=random.Random(1))
    pupil = Pupil(Client(app), "t")
    pupil.ok({"action": "new"})

    def deep() -> list[int]:
        body = "[" * 1100 + "]" * 1100
        return [pupil.send(None, data=body, content_type="application/json").status_code]

    def stale() -> list[int]:
        legal = Client(app).get("/api/kits/t/live").json["game"]["legal"]
        move = {"action": "move", "move": legal[0]["code"], "version": "an old board"}
        return [pupil.send(move).status_code]

    def unsaid() -> list[int]:
        legal = Client(app).get("/api/kits/t/live").json["game"]["legal"]
        response = Client(app).post(
            "/api/kits/t/play", json={"action": "move", "move": legal[0]["code"]},
            headers={"X-Menace-Token": pupil.token},
        )  # fmt: skip
        pupil.token = response.json.get("token", pupil.token)
        return [response.status_code]

    def both_moves() -> list[int]:
        pages = [Pupil(Client(app), "nim"), Pupil(Client(app), "nim")]
        pages[0].ok({"action": "new"})
        for page in pages:
            page.refresh()
        legal = Client(app).get("/api/kits/nim/live").json["game"]["legal"]
        start, statuses = threading.Barrier(2), [0, 0]

        def send(index: int) -> None:
            start.wait()
            statuses[index] = pages[index].send({"action": "move", "move": legal[0]["code"]}).status_code

        threads = [threading.Thread(target=send, args=(i,)) for i in range(2)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(30)
        return statuses

    def loads() -> list[int]:
        client = Client(app)
        for load in range(1000):
            client.get("/kits/t/play", headers=ELSEWHERE if load % 2 else {})
        legal = client.get("/api/kits/t/live").json["game"]["legal"]
        return [pupil.send({"action": "move", "move": legal[0]["code"]}).status_code]

    def holder_named() -> list[int]:
        store = Store(db)
        try:
            with playing(store, store.kit("t")):
                response = pupil.send({"action": "undo"})
        finally:
            store.close()
        named = str(os.getpid()) in response.text or socket.gethostname() in response.text
        return [500 if named else response.status_code]

    def stalled() -> list[int]:
        httpd = server(db, "127.0.0.1", 0, read_timeout=0.5)
        thread = threading.Thread(target=httpd.serve_forever, daemon=True)
        thread.start()
        sockets = [socket.create_connection(("127.0.0.1", httpd.server_address[1])) for _ in range(20)]
        try:
            for n, sock in enumerate(sockets):
                sock.sendall(b"GET /api/kits HTTP/1.1\r\nHost: 127.0.0.1\r\n" if n % 2 else b"")
            statuses = []
            for sock in sockets:
                sock.settimeout(5)
                try:
                    while sock.recv(4096):
                        pass
                    statuses.append(408)  # closed by the server
                except TimeoutError:
                    statuses.append(0)
        finally:
            for sock in sockets:
                sock.close()
            httpd.shutdown()
            httpd.server_close()
        return statuses

    return [
        ("a body nested 1,100 deep", deep, refused),
        ("a move on an old board", stale, refused),
        ("a move that does not say its board", unsaid, refused),
        ("two moves at once on one Nim board", both_moves, one_played),
        ("1,000 page loads from anywhere, then a move", loads, answered),
        ("a kit in play: the pupil's 409", holder_named, refused),
        ("20 stalled connections", stalled, refused),
    ]


def screen_row(tmp_path: Path) -> tuple[str, int, int, int]:
    """The category's row: (category, cases, server errors, silent acceptances)."""
    cases = screen_cases(tmp_path)
    errors = silent = 0
    for what, case, expected in cases:
        statuses = case()
        if any(status >= 500 for status in statuses):
            errors += 1
            print("server error:", what, statuses)
        elif not expected(statuses):  # taken (or left open) where it should be refused, or the reverse
            silent += 1
            print("not as it should be:", what, statuses)
    return ("the screen as a server", len(cases), errors, silent)
