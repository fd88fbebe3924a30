"""Benchmark (not a test): games per second of the simulator's paths beside a hobby MENACE, in one run.

    python bench/simulate.py [--population 10000] [--games 200] [--single-games 20000]

All paths play tic-tac-toe, MENACE first with Michie's 4/3/2/1 and +3/+1/-1, against a uniformly
random opponent: the numpy population engine, one MENACE through the kit's own match loop (the
reference the engine is tested against), and the hobby MENACE (bench/hobby_menace.py), which runs in
the same process just before and after the others, so the ratios are fair on a noisy machine. Peak
memory is the process's maximum RSS.
"""

from __future__ import annotations

import argparse
import resource
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import hobby_menace  # noqa: E402

from tracker.sim.experiment import simulate  # noqa: E402
from tracker.sim.reference import reference_run  # noqa: E402


def rate(games: int, run: Callable[[], object]) -> float:
    started = time.perf_counter()
    run()
    return games / (time.perf_counter() - started)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--population", type=int, default=10_000)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--single-games", type=int, default=20_000)
    args = parser.parse_args()
    single = args.single_games

    simulate("tictactoe", games=2, population=10, seed=0)  # build the tables once, outside the timing
    reference_run("tictactoe", games=10, seed=0)
    hobby_before = rate(single, lambda: hobby_menace.run(single, 1))
    sim = simulate("tictactoe", games=args.games, population=args.population, seed=1)
    population = sim.games_per_s
    reference = rate(single, lambda: reference_run("tictactoe", games=single, seed=1))
    hobby_after = rate(single, lambda: hobby_menace.run(single, 1))
    hobby = (hobby_before + hobby_after) / 2
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024

    print(f"{'path':<46}{'games/s':>12}{'x hobby':>10}")
    rows = [
        (f"population engine ({args.population:,} x {args.games:,} games)", population),
        ("one MENACE, kit match loop (the reference)", reference),
        ("hobby dict-of-lists MENACE (mean of 2 runs)", hobby),
    ]
    for name, value in rows:
        print(f"{name:<46}{value:>12,.0f}{value / hobby:>10.1f}")
    print(f"hobby runs: {hobby_before:,.0f} and {hobby_after:,.0f} games/s")
    print(f"peak memory (max RSS): {peak_mb:,.0f} MB")


if __name__ == "__main__":
    main()
