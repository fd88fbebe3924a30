"""Times the everyday read commands on a 2,000-game kit beside two references, in one run (not a test).

Run: python bench/everyday.py [--runs 15] [--store PATH] [--games 2000] [--before DIR]. Without --store, a
store of GAMES games is built first (bench/make_store.py). Each command is a whole process, as a teacher
starts it (`python -m tracker`, from this checkout), with Python's bytecode cache on (as an installed
menace-kit has it). With --before, the same commands also run from DIR, another checkout of the code (an
earlier commit: git archive COMMIT | tar -x -C DIR), for a before-and-after in the same conditions. The
commands take turns, one run of each in every round, so a busy machine slows them alike; min and median wall
time are printed with the load average at the start and the end, since a figure from a shared machine means
little without it, and the median CPU time (user and system), which a busy machine stretches far less.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from make_store import main as make_store  # noqa: E402  (bench/ is not a package)
from startup import environment  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
MENACE = [sys.executable, "-m", "tracker"]


def commands(store: str, before: str | None) -> list[tuple[str, list[str], Path]]:
    """(label, command, folder it runs in): the references, then each command from here and ``before``."""
    kit = ["--db", store, "--kit", "bench"]
    rows = [
        ("python -c pass", [sys.executable, "-c", "pass"], ROOT),
        ("menace --version", [*MENACE, "--version"], ROOT),
    ]
    everyday = (("stats", ["stats", *kit]), ("box 1", ["box", "1", *kit]), ("games", ["games", *kit]))
    for label, args in everyday:
        rows.append((f"menace {label}", [*MENACE, *args], ROOT))
        if before is not None:
            rows.append((f"  before: {label}", [*MENACE, *args], Path(before)))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--store", help="a store with a kit called bench (default: build one)")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--before", help="another checkout of the code to time the same commands from")
    args = parser.parse_args()
    store = args.store
    if store is None:
        store = str(Path(tempfile.mkdtemp()) / "everyday.sqlite3")
        make_store(store, args.games)
    env = environment()
    rows = commands(store, args.before)
    for _, command, folder in rows:  # writes the bytecode, and checks each command works
        subprocess.run(command, check=True, capture_output=True, env=env, cwd=folder)
    times: dict[str, list[float]] = {label: [] for label, _, _ in rows}
    cpu: dict[str, list[float]] = {label: [] for label, _, _ in rows}  # user + system: less load-bound
    start_load = os.getloadavg()
    for _ in range(args.runs):
        for label, command, folder in rows:
            used, start = _children_cpu(), time.perf_counter()
            subprocess.run(
                command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, cwd=folder
            )
            times[label].append(time.perf_counter() - start)
            cpu[label].append(_children_cpu() - used)
    end_load = os.getloadavg()
    when = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    print(
        f"{when}, {os.cpu_count()} cores, {args.runs} runs each, "
        f"load average {start_load[0]:.2f} at the start, {end_load[0]:.2f} at the end"
    )
    for label, measured in times.items():
        low, middle = min(measured) * 1000, statistics.median(measured) * 1000
        spent = statistics.median(cpu[label]) * 1000
        print(f"{label:<18} min {low:6.1f} ms   median {middle:6.1f} ms   cpu median {spent:6.1f} ms")


def _children_cpu() -> float:
    """CPU seconds (user and system) of the finished child processes so far."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


if __name__ == "__main__":
    main()
