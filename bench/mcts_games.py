"""Benchmark (not a test): seconds per move of MCTS on the bigger games, against the aims (four-in-a-row
under 2 s at mcts:2000).

    python bench/mcts_games.py [--iterations 2000] [--repeats 3] [--games connect4,othello,ultimate]

Times ``MctsPlayer.choose`` from the opening (the longest random playouts) and from a position after 10
random moves (seed 1), the best and worst of ``repeats`` runs with fresh seeds, so a busy machine shows
as spread rather than as a slower figure, and the best CPU time, which is what the move costs a machine
that nothing else is using (on the shared 2-core machine the wall time can be several times more). Also
the random playouts per second (CPU time) from the opening, which is what an iteration mostly costs.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from kit.game import Game, State  # noqa: E402
from kit.games import get_game  # noqa: E402
from kit.mcts import MctsPlayer  # noqa: E402

OPENING_MOVES = 10  # random moves before the "mid-game" position


def positions(game: Game, seed: int = 1) -> dict[str, State]:
    rng, state = random.Random(seed), game.initial()
    for _ in range(OPENING_MOVES):
        state = game.apply(state, rng.choice(game.legal_moves(state)))
    assert game.outcome(state) is None
    return {"opening": game.initial(), f"after {OPENING_MOVES}": state}


def playouts_per_second(game: Game, seconds: float = 1.0) -> float:
    rng, done, started = random.Random(0), 0, time.process_time()
    while time.process_time() - started < seconds:
        state = game.initial()
        while game.outcome(state) is None:
            state = game.apply(state, rng.choice(game.legal_moves(state)))
        done += 1
    return done / (time.process_time() - started)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=2000)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--games", default="connect4,othello,ultimate")
    args = parser.parse_args()
    for name in args.games.split(","):
        game = get_game(name)
        player = MctsPlayer(game, args.iterations)
        print(f"{name}: {playouts_per_second(game):,.0f} random playouts/s from the opening")
        for where, state in positions(game).items():
            times, cpu = [], []
            for seed in range(args.repeats):
                started, started_cpu = time.perf_counter(), time.process_time()
                move = player.choose(state, random.Random(seed))
                times.append(time.perf_counter() - started)
                cpu.append(time.process_time() - started_cpu)
                assert move in game.legal_moves(state)
            print(
                f"  mcts:{args.iterations} {where:<9} best {min(times):.3f} s/move, "
                f"worst {max(times):.3f} s/move, best CPU {min(cpu):.3f} s ({args.repeats} runs)"
            )


if __name__ == "__main__":
    main()
