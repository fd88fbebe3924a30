"""How long `menace` takes to answer, as a person waits for it: a whole process, start to exit.

Run: python bench/startup.py [--runs 20] [-- ARGS...]; prints min / median / max wall time per command.
This is a benchmark, not a test: machines are noisy, so it reports rather than asserts. Commands run with
Python's bytecode cache on (as an installed menace-kit has it, whatever PYTHONDONTWRITEBYTECODE says
here): compiling our modules from source on every start would be most of what is measured.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

COMMANDS = [
    ["--help"],
    ["find", "X...O...."],
    ["boxes", "--json"],
    ["play", "--help"],
    ["simulate", "--help"],
    ["simulate", "--population", "1", "--games", "20000", "--seed", "1", "--json"],
]


def environment() -> dict[str, str]:
    """This environment with the bytecode cache allowed."""
    return {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def measure(command: list[str], runs: int) -> list[float]:
    menace = shutil.which("menace", path=str(Path(sys.executable).parent)) or "menace"
    env = environment()
    subprocess.run([menace, *command], check=True, capture_output=True, env=env)  # writes the bytecode
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([menace, *command], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                       env=env)  # fmt: skip
        times.append(time.perf_counter() - start)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("command", nargs="*", help="one command to time instead of the default set")
    args = parser.parse_args()
    for command in [args.command] if args.command else COMMANDS:
        times = measure(command, args.runs)
        print(
            f"menace {' '.join(command):<64} min {min(times) * 1000:6.1f} ms   "
            f"median {statistics.median(times) * 1000:6.1f} ms   max {max(times) * 1000:6.1f} ms"
        )


if __name__ == "__main__":
    main()
