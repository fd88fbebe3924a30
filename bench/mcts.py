"""Benchmark (not a test): MCTS iterations per second from each game's opening, mcts:N (compiled and the
pure-Python reference) beside OpenSpiel's MCTSBot (C++ and Python) in one run.

    python bench/mcts.py [--iterations 5000] [--rounds 3] [--games tictactoe,connect4,othello,ultimate]
                         [--engines compiled,python,openspiel-c++,openspiel-python] [--markdown]

Each engine searches one move from the opening of each game, ``rounds`` times, the rounds interleaved
(every engine once, then every engine again), so a change in the shared machine's load falls on all of
them; the figures are iterations per CPU second (the process's own time, which other users' work
affects far less than the clock), min / median / max of the rounds, each beside OpenSpiel's C++ bot's
in the same run with the goal for mcts:N (at least its speed on tic-tac-toe and four-in-a-row, half of
it on Othello and ultimate), under the date, the machine and its load before and after; --markdown
prints the table to paste into the docs. Each engine searches once untimed first (numba loads or
compiles its code).

One iteration is the same work in all four, as read in OpenSpiel 2.0.2 (python/algorithms/mcts.py,
MCTSBot.mcts_search and _apply_tree_policy; the C++ MCTSBot::MCTSearch does the same): a walk down the
tree by UCT to a node not evaluated before (OpenSpiel makes a node's children when it first passes
through it, in shuffled order, and an unvisited child is chosen first: one new node an iteration, as
kit.mcts's expansion of one untried move at random), one random playout to the end
(RandomRolloutEvaluator with n_rollouts=1), and a backup along the path. OpenSpiel scores a win 1 and a
loss -1 where kit.mcts scores 1 and 0, so its UCT constant 2 is kit.mcts's 1 (the same choices); its
solver is off, as mcts:N's is by default, so every engine runs all its iterations.

OpenSpiel is a benchmark-only dependency (``pip install open_spiel==2.0.2``, not one of the package's
extras): without it the bench says so and times mcts:N alone; without numba, the compiled search is
left out, said the same way.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from stamp import Row, header, load, table  # noqa: E402

from kit.games import get_game  # noqa: E402
from kit.mcts import MctsPlayer  # noqa: E402

OPENSPIEL_NAMES = {"tictactoe": "tic_tac_toe", "connect4": "connect_four", "othello": "othello",
                   "ultimate": "ultimate_tic_tac_toe"}  # fmt: skip
ENGINES = ("compiled", "python", "openspiel-c++", "openspiel-python")
OPENSPIEL_UCT_C = 2.0  # kit.mcts's exploration constant 1, for rewards of -1..1 instead of 0..1
GOALS = {"tictactoe": ">= 1.0x", "connect4": ">= 1.0x", "othello": ">= 0.5x", "ultimate": ">= 0.5x"}

Search = Callable[[int], Any]  # one timed search from the opening, given a seed; returns the move


def compiled_search(name: str, iterations: int) -> Search | None:
    try:
        from tracker.sim import mcts_kernels
    except ImportError:
        return None
    from tracker.sim.mcts_compiled import CompiledMctsPlayer

    game = get_game(name)
    player = CompiledMctsPlayer(mcts_kernels, game, iterations, 1.0, False, False)
    return lambda seed: player.choose(game.initial(), random.Random(seed))


def python_search(name: str, iterations: int) -> Search:
    game = get_game(name)
    player = MctsPlayer(game, iterations)
    return lambda seed: player.choose(game.initial(), random.Random(seed))


def openspiel_search(name: str, iterations: int, *, cpp: bool) -> Search | None:
    try:
        import numpy as np
        import pyspiel
        from open_spiel.python.algorithms import mcts
    except ImportError:
        return None
    game = pyspiel.load_game(OPENSPIEL_NAMES[name])

    def search(seed: int) -> Any:
        if cpp:
            evaluator = pyspiel.RandomRolloutEvaluator(1, seed)
            bot = pyspiel.MCTSBot(game, evaluator, OPENSPIEL_UCT_C, iterations, 10_000, False, seed, False)
        else:
            evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed))
            bot = mcts.MCTSBot(
                game,
                OPENSPIEL_UCT_C,
                iterations,
                evaluator,
                solve=False,
                random_state=np.random.RandomState(seed),
            )
        return bot.step(game.new_initial_state())

    return search


def engines_for(name: str, iterations: int, wanted: list[str]) -> dict[str, Search]:
    makers: dict[str, Callable[[], Search | None]] = {
        "compiled": lambda: compiled_search(name, iterations),
        "python": lambda: python_search(name, iterations),
        "openspiel-c++": lambda: openspiel_search(name, iterations, cpp=True),
        "openspiel-python": lambda: openspiel_search(name, iterations, cpp=False),
    }
    found = {}
    for engine in wanted:
        search = makers[engine]()
        if search is None:
            why = (
                "numba is not installed (pip install '.[fast]')"
                if engine == "compiled"
                else "OpenSpiel is not installed (pip install open_spiel==2.0.2)"
            )
            print(f"  {engine}: left out, {why}", file=sys.stderr)
        else:
            found[engine] = search
    return found


def label(engine: str, iterations: int) -> str:
    return {
        "compiled": f"mcts:{iterations}",
        "python": f"mcts:{iterations}:python",
        "openspiel-c++": "OpenSpiel MCTSBot (C++)",
        "openspiel-python": "OpenSpiel MCTSBot (Python)",
    }[engine]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=5000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--games", default=",".join(OPENSPIEL_NAMES))
    parser.add_argument("--engines", default=",".join(ENGINES))
    parser.add_argument("--markdown", action="store_true", help="the table as Markdown, for the docs")
    args = parser.parse_args()
    wanted = [engine for engine in args.engines.split(",") if engine]
    if unknown := set(wanted) - set(ENGINES):
        parser.error(f"unknown engines {sorted(unknown)}: choose from {', '.join(ENGINES)}")
    started_load = load()
    rows = []
    for name in args.games.split(","):
        print(f"{name}, from the opening:", file=sys.stderr)
        searches = engines_for(name, args.iterations, wanted)
        for search in searches.values():
            search(0)  # untimed: numba loads its code, OpenSpiel loads the game
        rates: dict[str, list[float]] = {engine: [] for engine in searches}
        for round_ in range(1, args.rounds + 1):
            for engine, search in searches.items():
                started = time.process_time()
                search(round_)
                rates[engine].append(args.iterations / (time.process_time() - started))
        for engine, found in rates.items():
            reference = rates.get("openspiel-c++")
            ratio = statistics.median(found) / statistics.median(reference) if reference else None
            if engine == "openspiel-c++":
                reference = None  # the reference itself
            versus = label("openspiel-c++", args.iterations) if reference else ""
            goal = GOALS.get(name, "") if engine == "compiled" else ""
            figure = f"{name}, {args.iterations:,} iterations from the opening"
            rows.append(
                Row(
                    figure,
                    label(engine, args.iterations),
                    found,
                    "iterations/CPU s",
                    versus,
                    reference,
                    goal,
                    ratio,
                )
            )
    lines = header(args.rounds, started_load)
    lines.append("command: python bench/mcts.py " + " ".join(sys.argv[1:]))
    if args.markdown:
        lines = [f"{line}  " for line in lines] + [""]
    print("\n".join(lines + table(rows, args.markdown)))


if __name__ == "__main__":
    main()
