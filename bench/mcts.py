"""Benchmark (not a test): seconds per move of MCTS (UCT) on tic-tac-toe, against the aim of under 1 s.

    python bench/mcts.py [--iterations 5000] [--repeats 5]

Times ``MctsPlayer.choose`` from the opening (nine moves, the deepest tree) and from a mid-game position
(X in the centre, O in a corner, X on an edge: six moves left), the best of ``repeats`` runs each with a
fresh seed, so a busy machine shows as spread rather than as a slower figure.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from kit.game import State  # noqa: E402
from kit.games import get_game  # noqa: E402
from kit.mcts import MctsPlayer  # noqa: E402

POSITIONS = {"opening": State(".........", 0), "mid-game": State("O...XX...", 1)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=5000)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    game = get_game("tictactoe")
    player = MctsPlayer(game, args.iterations)
    for name, state in POSITIONS.items():
        times = []
        for seed in range(args.repeats):
            started = time.perf_counter()
            move = player.choose(state, random.Random(seed))
            times.append(time.perf_counter() - started)
            assert move in game.legal_moves(state)
        print(f"mcts:{args.iterations} {name:<9} best {min(times):.3f} s/move, worst {max(times):.3f} s/move "
              f"({args.repeats} runs)")


if __name__ == "__main__":
    main()
