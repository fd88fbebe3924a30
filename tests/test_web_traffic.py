"""A class of thirty beside a run at full speed (`menace serve` in a process of its own, on loopback): 30
pages poll once a second for a minute, as the play pages do (the version, then the live JSON without the
boxes and curves, with ETag and gzip), while `menace play` records games in another process, and again
while a run started from the live page does. Every poll must be answered. The latencies and each run's
pace beside the pollers (against its pace alone) are printed with the machine's load: on a quiet 2-core
machine p95 stays under 150 ms and each run keeps at least 75% of its pace (about 10 ms, and 103% and 86%,
on 2026-11-28). A shared machine (CI runs the slow tests side by side) is too noisy to hold those figures
to, so the test asserts a p99 under a second: when every request rebuilt the view from the whole history,
and thirty of them did so at once, the p99 was 2.2 to 3.6 s on a quiet machine."""

from __future__ import annotations

import http.client
import json
import os
import re
import statistics
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.cli import run

pytest.importorskip("werkzeug", reason="the web extra is not installed: pip install '.[web]'")
pytestmark = pytest.mark.slow

ROOT = Path(__file__).parent.parent
PAGES, SECONDS, ALONE_S = 30, 60, 12
SLOWEST_P99_MS = 1000
KIT = "class-a"


class Server:
    """`menace serve` on a free port, in its own process."""

    def __init__(self, db: str) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tracker", "serve", "--db", db, "--port", "0", "--kit", KIT],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT,
        )  # fmt: skip
        line = self.process.stdout.readline()
        assert line.startswith("The classroom screen is at http://127.0.0.1:"), line
        self.port = int(re.search(r"127\.0\.0\.1:(\d+)", line).group(1))

    def get(self, path: str, headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], bytes]:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        try:
            connection.request("GET", path, headers=headers or {})
            answer = connection.getresponse()
            return answer.status, dict(answer.getheaders()), answer.read()
        finally:
            connection.close()

    def post(self, path: str, body: dict, token: str) -> dict:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        try:
            headers = {"Content-Type": "application/json", "X-Menace-Token": token}
            connection.request("POST", path, body=json.dumps(body), headers=headers)
            return json.loads(connection.getresponse().read())
        finally:
            connection.close()

    def close(self) -> None:
        self.process.terminate()
        self.process.communicate(timeout=10)


class Page:
    """A phone's play page polling: the version each second, the live JSON when it moved (ETag, gzip)."""

    def __init__(self, server: Server) -> None:
        self.server, self.version, self.etag = server, None, ""
        self.latencies: list[float] = []
        self.failures: list[str] = []

    def poll_for(self, until: float) -> None:
        tick = time.monotonic()
        while tick < until:
            started = time.monotonic()
            try:
                status, _, body = self.server.get(f"/api/kits/{KIT}/version")
                assert status == 200, status
                version = json.loads(body)["version"]
                if version != self.version:
                    headers = {"Accept-Encoding": "gzip", "If-None-Match": self.etag}
                    status, answered, _ = self.server.get(f"/api/kits/{KIT}/live?boxes=0&curves=0", headers)
                    assert status in (200, 304), status
                    self.version, self.etag = version, answered.get("ETag", "")
                self.latencies.append(time.monotonic() - started)
            except Exception as error:  # noqa: BLE001 - a poll not answered is what the test counts
                self.failures.append(repr(error))
            tick += 1
            time.sleep(max(0.0, tick - time.monotonic()))


def games_a_second(count: Callable[[], int], seconds: float) -> float:
    before, started = count(), time.monotonic()
    time.sleep(seconds)
    return (count() - before) / (time.monotonic() - started)


def beside_pollers(server: Server, count: Callable[[], int], label: str) -> dict[str, float]:
    """The run's pace alone, then beside PAGES pollers for SECONDS; every poll answered."""
    time.sleep(2)  # the run under way
    alone = games_a_second(count, ALONE_S)
    load_before = os.getloadavg()[0]
    pages = [Page(server) for _ in range(PAGES)]
    until = time.monotonic() + SECONDS
    threads = [threading.Thread(target=p.poll_for, args=(until,), daemon=True) for p in pages]
    for thread in threads:
        thread.start()
        time.sleep(1 / PAGES)  # spread over the second, as phones are
    polled = games_a_second(count, SECONDS - 2)
    for thread in threads:
        thread.join(timeout=SECONDS)
    latencies = sorted(x for p in pages for x in p.latencies)
    failures = [f for p in pages for f in p.failures]
    figures = {
        "polls": len(latencies),
        "p50_ms": 1000 * statistics.median(latencies),
        "p95_ms": 1000 * latencies[int(0.95 * len(latencies)) - 1],
        "p99_ms": 1000 * latencies[int(0.99 * len(latencies)) - 1],
        "alone": alone,
        "beside": polled,
        "pace": polled / alone if alone else 0.0,
        "load": max(load_before, os.getloadavg()[0]),
    }
    print(f"\n{label}: " + ", ".join(f"{k} {v:.2f}" for k, v in figures.items()))
    assert failures == [], failures[:5]
    assert len(latencies) >= PAGES * (SECONDS - 3)  # each page about once a second, every poll answered
    assert figures["p99_ms"] < SLOWEST_P99_MS
    return figures


@pytest.fixture
def db(tmp_path) -> str:
    path = str(tmp_path / "m.sqlite3")
    assert run("new", KIT, "--db", path).exit_code == 0
    return path


def test_thirty_pollers_beside_menace_play_in_another_process(db):
    server = Server(db)
    play = subprocess.Popen(
        [sys.executable, "-m", "tracker", "play", "--db", db, "--kit", KIT, "--draw", "digital",
         "--opponent", "random", "--games", "100000", "--brief", "--seed", "1"],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=ROOT,
    )  # fmt: skip

    def count() -> int:
        status, _, body = server.get(f"/api/kits/{KIT}/live?boxes=0")
        return json.loads(body)["totals"]["games"]

    try:
        beside_pollers(server, count, "menace play in another process")
    finally:
        play.terminate()
        play.communicate(timeout=10)
        server.close()


def test_thirty_pollers_beside_a_run_started_from_the_page(db):
    server = Server(db)
    _, _, page = server.get(f"/kits/{KIT}")
    token = re.search(rb'name="menace-token" content="([^"]+)"', page).group(1).decode()
    started = server.post(f"/api/kits/{KIT}/run", {"action": "start", "opponent": "random",
                                                   "games": 100000, "speed": 0}, token)  # fmt: skip
    assert started["run"]["state"] == "running", started

    def count() -> int:
        return json.loads(server.get(f"/api/kits/{KIT}/run")[2])["run"]["played"]

    try:
        beside_pollers(server, count, "a run started from the page")
    finally:
        server.post(f"/api/kits/{KIT}/run", {"action": "stop"}, started["token"])
        server.close()
