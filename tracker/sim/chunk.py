"""What both engines are given and give back for one chunk of the population.

A run is cut into chunks of members so that memory does not grow with the population; each chunk has
its own generator, spawned from the run's seed, so a seeded run on one engine always gives the same
figures. Member i of a chunk plays every game of that chunk's game i, one game after another.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from kit.players import NoviceSpec, PlayerSpec
from kit.score import SCORES
from tracker.sim.flat import MenaceTables, PolicyTables

# A fixed opponent's kind as a number, for the compiled engine: kit.players' random, perfect, ideal, novice.
POLICY_KINDS = {"random": 0, "perfect": 1, "ideal": 2, "novice": 3}
# Michie's running score (kit.score), indexed by result + 1; engine_numba's kernel spells the same numbers out
SCORE_BY_RESULT = np.array([SCORES["loss"], SCORES["draw"], SCORES["win"]], np.int32)


def policy_skill(spec: PlayerSpec) -> float:
    """A novice's probability of a perfect move; 1 for the other fixed players, which never read it."""
    return spec.skill if isinstance(spec, NoviceSpec) else 1.0


@dataclass(frozen=True, eq=False)
class Setup:
    """One simulation's tables: the game, the MENACE studied, and its opponent (fixed, or a MENACE)."""

    policy: PolicyTables
    menace: MenaceTables
    menace_side: int  # 0: MENACE moves first
    opponent: PlayerSpec
    rival: MenaceTables | None  # the opponent's boxes when it is a learning MENACE


@dataclass(frozen=True, eq=False)
class ChunkResult:
    """What one chunk of ``members`` MENACEs did over ``games`` games, from MENACE's side."""

    tallies: np.ndarray  # int64 [games, 3]: losses, draws, wins in each game
    first_beads: np.ndarray  # int64 [games]: first-move boxes' beads after each game, summed over members
    first_box_empty: np.ndarray  # bool [members]: a first-move box was empty after some game
    last_loss: np.ndarray  # int32 [members]: the game (1-based) of the last defeat, 0 if none
    running: np.ndarray | None  # int32 [games, members]: running score after each game, when spread
    member_first_beads: np.ndarray | None  # int32 [games, members]: first-move boxes' beads, when spread
    # Member 0's games, when traced: each a list of the state codes after every ply, -1 for a resignation.
    trace: list[list[int]] | None = None
    beads: np.ndarray | None = None  # member 0's beads [boxes * slots] after its games, when traced
    resigned: int = 0  # games the MENACE studied resigned (a box it had to draw from was empty)
    # Of those, the games it resigned at its first move, its first box empty: where Scroggs' MENACE
    # "refuses to play" and plays no more games, the simulator counts each as a defeat.
    refused: int = 0
