"""The Nim notebook's tournament: train six players by the notebook's methods, then a round robin.

Our reading of the notebook, stated because it is not written down there in code:
- floor 1: one MENACE with the `nim` preset; floor 0: one with `nim-floor0`.
- stable: ten `nim-floor0` MENACEs. Each member learns from its own games only (all ten are trained
  side by side, each for the full training); in the table every game is played by a member chosen at
  random, so the stable plays like its average member.
- part-trained: a `nim` MENACE trained for only a few games; untrained: a fresh `nim` MENACE.
- ideal: takes (n - 1) mod 4 when that is a legal take, and 1 when its position is lost.
- Training is against a uniformly random opponent, alternating first and second, so every box is met
  from both sides; the same boxes serve either side (one box per token count).
- In the round robin nobody learns: each cell measures the trained players as they are.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from kit.players import PlayerSpec
from tracker.sim.players import Menaces, Policy, SimPlayer
from tracker.sim.population import play_round
from tracker.sim.tables import box_tables, game_tables

PLAYERS = ("floor 1", "floor 0", "stable", "part-trained", "untrained", "ideal")
STABLE_SIZE = 10


@dataclass(frozen=True)
class Tournament:
    players: tuple[str, ...]
    wins: np.ndarray  # [first player, second player] first-player wins
    games: int
    training: int
    part_training: int


def train(rules: str, members: int, games: int, rng: np.random.Generator) -> np.ndarray:
    """Beads of ``members`` MENACEs after ``games`` games each against random, alternating sides."""
    gt = game_tables("nim")
    learners = Menaces.fresh(gt, box_tables("nim", "first", rules), members)
    random = Policy(gt, PlayerSpec("random"))
    for g in range(games):
        first, second = (learners, random) if g % 2 == 0 else (random, learners)
        play_round(gt, first, second, members, rng)
    return learners.beads


def tournament(*, games: int = 10_000, training: int = 2_000, part_training: int = 30,
               seed: int | None = None) -> Tournament:
    rng = np.random.default_rng(seed)
    gt = game_tables("nim")
    beads = {
        "floor 1": ("nim", train("nim", 1, training, rng)),
        "floor 0": ("nim-floor0", train("nim-floor0", 1, training, rng)),
        "stable": ("nim-floor0", train("nim-floor0", STABLE_SIZE, training, rng)),
        "part-trained": ("nim", train("nim", 1, part_training, rng)),
        "untrained": ("nim", train("nim", 1, 0, rng)),
    }

    def player(name: str) -> SimPlayer:
        if name == "ideal":
            return Policy(gt, PlayerSpec("ideal"))
        rules, stock = beads[name]
        members = rng.integers(len(stock), size=games)
        return Menaces(gt, box_tables("nim", "first", rules), stock, learning=False, members=members)

    wins = np.zeros((len(PLAYERS), len(PLAYERS)), np.int64)
    for i, first in enumerate(PLAYERS):
        for j, second in enumerate(PLAYERS):
            wins[i, j] = (play_round(gt, player(first), player(second), games, rng) == 1).sum()
    return Tournament(PLAYERS, wins, games, training, part_training)


def table_lines(result: Tournament) -> list[str]:
    """The round-robin table as text: rows first player, columns second player."""
    width = max(len(p) for p in result.players) + 2
    lines = [
        f"First-player wins out of {result.games:,} games (rows: first player, columns: second player).",
        f"Trained against random, alternating sides: {result.training:,} games "
        f"(part-trained: {result.part_training:,}); the stable is {STABLE_SIZE} floor-0 MENACEs.",
        "",
        " " * width + "".join(p.rjust(width) for p in result.players),
    ]
    for name, row in zip(result.players, result.wins, strict=True):
        lines.append(name.ljust(width) + "".join(f"{int(v):>{width}}" for v in row))
    return lines
