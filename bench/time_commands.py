"""Times every command on a store (not a test): python bench/time_commands.py STORE [RUNS].

Each command runs as a fresh process, as a teacher would start it; the median wall time of RUNS
runs is printed. Commands that change the store run on a copy. Also checks that no numpy,
networkx or reportlab module is loaded on the play path.
"""

from __future__ import annotations

import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

MENACE = [sys.executable, "-m", "tracker"]
HEAVY = ("numpy", "networkx", "reportlab")


def timed(args: list[str], stdin: str = "", runs: int = 5) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        done = subprocess.run(MENACE + args, input=stdin, capture_output=True, text=True)
        times.append(time.perf_counter() - start)
        if done.returncode not in (0, 1) or "Traceback" in done.stderr:
            raise SystemExit(f"{args}: {done.returncode} {done.stderr[-300:]}")
    return statistics.median(times)


def main(store: str, runs: int) -> None:
    work = Path(tempfile.mkdtemp())
    copy = str(work / "copy.sqlite3")
    shutil.copy(store, copy)
    db = ["--db", copy, "--kit", "bench"]
    rows = [
        ("menace --help", ["--help"], ""),
        ("kits --json", ["kits", "--json", "--db", copy], ""),
        ("box 1 --json", ["box", "1", "--json", *db], ""),
        ("boxes --kit bench", ["boxes", "--kit", "bench", *db], ""),
        ("stats --json", ["stats", "--json", *db], ""),
        ("games --last 20", ["games", "--last", "20", *db], ""),
        ("census 1 red=4", ["census", "1", "red=4", *db], ""),
        ("play: one answer (draw) then quit", ["play", *db], "k\nquit\n"),
        ("play: undo then quit", ["play", *db], "undo\nquit\n"),
        ("new kit2", ["new", "kit2", "--db", copy], ""),
        ("verify (replays all events)", ["verify", *db], ""),
        ("export --format jsonl", ["export", *db, "--out", str(work / "e.jsonl")], ""),
        ("report --out r.pdf", ["report", "--kit", "bench", *db, "--out", str(work / "r.pdf")], ""),
    ]
    for label, args, stdin in rows:
        if args[0] == "new":
            print(f"{timed(args, stdin, runs=1):8.3f} s  {label}")
            continue
        print(f"{timed(args, stdin, runs):8.3f} s  {label}", flush=True)
    for label, args in (("undo", ["undo", *db]), ("discard", ["discard", *db])):
        times = []
        for _ in range(runs):
            subprocess.run(MENACE + ["play", *db], input="k\nquit\n", capture_output=True, text=True)
            times.append(timed(args, runs=1))
        print(f"{statistics.median(times):8.3f} s  {label}")
    subprocess.run(MENACE + ["discard", *db], capture_output=True)
    for label, opponent in (
        ("play: whole game, digital vs random", "random"),
        ("play: whole game, digital vs perfect", "perfect"),
    ):
        seconds = timed(["play", "--draw", "digital", "--opponent", opponent, "--brief", *db], runs=runs)
        print(f"{seconds:8.3f} s  {label}")
    other = str(work / "other.sqlite3")
    export = str(work / "e.jsonl")
    print(f"{timed(['import', '--db', other, export], runs=1):8.3f} s  import (whole export, new store)")
    print(f"{timed(['import', '--db', other, export], runs=runs):8.3f} s  import again (nothing new)")
    probe = (
        "import sys; from tracker.cli.main import main\n"
        "try:\n"
        "    main(['play', '--db', sys.argv[1], '--draw', 'digital', '--opponent', 'perfect', '--brief',"
        " '--kit', 'bench'])\n"
        "except SystemExit: pass\n"
        f"print([m for m in sys.modules if m.split('.')[0] in {HEAVY!r}])"
    )
    loaded = subprocess.run(
        [sys.executable, "-c", probe, copy], capture_output=True, text=True
    ).stdout.splitlines()[-1]
    print(f"heavy modules loaded by a whole game of play: {loaded}")


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 5)
