"""The store survives SIGKILL at random moments and two processes writing at once.

Real subprocesses of `python -m tracker`, because only a real kill tests a real crash.
"""

from __future__ import annotations

import random
import signal
import sqlite3
import subprocess
import sys
import time

import pytest
from click.testing import CliRunner

from tracker.cli.main import main
from tracker.store.event_store import Store
from tracker.store.replay import verify


def menace(db: str, *args: str) -> list[str]:
    return [sys.executable, "-m", "tracker", *args, "--db", db]


def finished(db: str, kit: str | None = None) -> int:
    connection = sqlite3.connect(db, timeout=10)
    try:
        query = "SELECT count(*) FROM games g JOIN kits k ON k.id = g.kit WHERE g.status = 'finished'"
        return connection.execute(
            query + (" AND k.name = ?" if kit else ""), (kit,) if kit else ()
        ).fetchone()[0]
    finally:
        connection.close()


@pytest.mark.parametrize(
    ("games", "least_kills"), [(25, 3), pytest.param(200, 10, marks=pytest.mark.slow)], ids=["25", "200"]
)
def test_sigkill_at_random_points_loses_no_finished_game(tmp_path, games, least_kills):
    db = str(tmp_path / "m.sqlite3")
    assert CliRunner().invoke(main, ["new", "k", "--db", db]).exit_code == 0
    rng = random.Random(11)
    kills = announced = 0
    before = 0
    while finished(db) < games:
        left = games - finished(db)
        process = subprocess.Popen(
            [
                sys.executable,
                "-u",
                *menace(
                    db,
                    "play",
                    "--draw",
                    "digital",
                    "--opponent",
                    "random",
                    "--games",
                    str(left),
                    "--seed",
                    str(rng.randrange(10**6)),
                )[1:],
            ],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        # Kill at a random point: after a random number of output lines, plus a random sliver of time.
        out_lines = []
        for _ in range(rng.randint(1, 120)):
            line = process.stdout.readline()
            if not line:
                break
            out_lines.append(line)
        time.sleep(rng.uniform(0, 0.01))
        if process.poll() is None:
            process.send_signal(signal.SIGKILL)
            kills += 1
        rest, err = process.communicate()
        out = "".join(out_lines) + rest
        assert "Traceback" not in err
        announced += out.count("Recorded.")  # games the operator was told are recorded
        now = finished(db)
        assert now >= before and now >= announced, (now, before, announced)
        before = now
    assert finished(db) == games and kills >= least_kills
    problems, checked = verify(Store(db))
    assert problems == [] and checked["games"] == games
    print(f"\n{kills} SIGKILLs during {games} games; {checked['events']} events verified")


def test_two_processes_playing_into_one_store_lose_nothing(tmp_path):
    db = str(tmp_path / "m.sqlite3")
    for name in ("a", "b"):
        CliRunner().invoke(main, ["new", name, "--db", db])
    common = ["play", "--draw", "digital", "--opponent", "random", "--brief", "--games", "40"]
    runs = [
        subprocess.Popen(
            menace(db, *common, "--kit", name, "--seed", str(seed)),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for name, seed in (("a", 1), ("b", 2))
    ]
    # a third process: census corrections of kit b while b plays are refused in one line (the table would
    # not know of them); one made after b's table has closed is taken
    for count in range(20):
        result = CliRunner().invoke(main, ["census", "--db", db, "--kit", "b", "300", f"yellow={count + 1}"])
        refused = result.exit_code == 2 and "is in play at a table" in result.output
        assert result.exit_code == 0 or (refused and result.output.count("\n") == 1), result.output
    outputs = [p.communicate() for p in runs]
    assert all(p.returncode == 0 for p in runs), outputs
    assert finished(db, "a") == 40 and finished(db, "b") == 40
    problems, _ = verify(Store(db))
    assert problems == []


def test_two_processes_on_the_same_kit_stay_consistent(tmp_path):
    db = str(tmp_path / "m.sqlite3")
    CliRunner().invoke(main, ["new", "k", "--db", db])
    common = ["play", "--draw", "digital", "--opponent", "random", "--brief", "--games", "25"]
    runs = [
        subprocess.Popen(
            menace(db, *common, "--seed", str(seed)),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for seed in (1, 2)
    ]
    outputs = [p.communicate() for p in runs]
    assert all("Traceback" not in err for _, err in outputs), outputs
    # The one that comes second while the other plays is refused at once (tracker.table.play_lock); one that
    # comes after goes on with the next games.
    for process, (_, err) in zip(runs, outputs, strict=True):
        assert process.returncode == 0 or (process.returncode == 2 and "is already in play" in err), err
    recorded = sum(out.count("Recorded.") for out, _ in outputs)
    assert finished(db) == recorded >= 25
    problems, _ = verify(Store(db))
    assert problems == []
