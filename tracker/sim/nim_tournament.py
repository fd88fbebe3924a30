"""The Nim notebook's tournament: make six players by the notebook's procedure, then a round robin.

The notebook's procedure (facts.md, "The Nim notebook"), by self-play:
- floor1: the first of a pair of fresh `nim` MENACEs (floor 1) after 10,000 games against each other,
  a fair coin choosing who moves first each game, both learning.
- part-trained: the first of such a pair after 100 games.
- floor0: the *second* of a pair of `nim-floor0` MENACEs after 10,000 such games.
- stable: ten fresh `nim-floor0` MENACEs play 100,000 games, each between two members drawn at random
  (the first drawn moves first), both learning; then member 0.
- untrained: a fresh `nim` MENACE; ideal: kit.solver.ideal_move (1, 1, 2, 3, 1, 1, 2, 3, 1 at 1..9).
- The table: every ordered pair of players plays 10,000 games, nobody learning; first-player wins.

All these games are played by ``population.play_pairings``: the learners of one rule set are one
population (the 10,000-game pair, the 100-game pair; the floor-0 pair and the stable), and a game is a
pair of members. One box per token count serves either side, so a member can move first or second. Games
with no member in common are played in the same round, so the pairs and the stable train side by side,
while each member still plays its own games one after another in the drawn order.

Interpretations, where the notebook leaves a choice: the stable's two members are distinct (drawn
without replacement); all randomness comes from one numpy generator, so a seed gives the same table but
not the notebook's games.

``training_opponent="random"`` keeps the earlier reading: every learner trains against a uniformly
random player, alternating first and second, the stable is ten such learners and a random member plays
each table game.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from kit.players import PlayerSpec
from tracker.sim.players import Menaces, Policy, SimPlayer
from tracker.sim.population import play_pairings, play_round
from tracker.sim.tables import box_tables, game_tables

PLAYERS = ("floor1", "floor0", "stable", "part-trained", "untrained", "ideal")
STABLE_SIZE = 10
TRAINING_OPPONENTS = ("self", "random")
DEFAULTS = {  # training, part-training games by training opponent
    "self": (10_000, 100),
    "random": (2_000, 30),
}
STABLE_TRAINING = 100_000


@dataclass(frozen=True)
class Tournament:
    players: tuple[str, ...]
    wins: np.ndarray  # [first player, second player] first-player wins
    games: int
    training: int
    part_training: int
    training_opponent: str = "self"
    stable_training: int = STABLE_TRAINING


@dataclass(frozen=True)
class Training:
    """What self-play did: the population's beads after, each game's pair of members and its result."""

    beads: np.ndarray  # [member, box, slot]
    pairs: np.ndarray  # [game, 2] first member, second member
    results: np.ndarray  # [game] from the first member's side


def coin_pairs(a: int, b: int, games: int, rng: np.random.Generator) -> np.ndarray:
    """Games between members a and b, a fair coin choosing who moves first in each."""
    a_first = rng.random(games) < 0.5
    return np.where(a_first[:, np.newaxis], [a, b], [b, a])


def stable_pairs(first_member: int, size: int, games: int, rng: np.random.Generator) -> np.ndarray:
    """Games between two distinct members of a stable drawn at random, the first drawn moving first."""
    a = rng.integers(size, size=games)
    b = (a + rng.integers(1, size, size=games)) % size  # uniform over the other members
    return np.stack([a, b], axis=1) + first_member


def self_play(rules: str, schedule: list[np.ndarray], members: int, rng: np.random.Generator) -> Training:
    """Fresh MENACEs with ``rules`` play the concatenated ``schedule`` of member pairs, all learning."""
    gt = game_tables("nim")
    population = Menaces.fresh(gt, box_tables("nim", "first", rules), members)
    pairs = np.concatenate(schedule) if schedule else np.zeros((0, 2), np.intp)
    results = play_pairings(gt, population, pairs, rng)
    return Training(population.beads, pairs, results)


def self_play_players(
    training: int, part_training: int, stable_training: int, rng: np.random.Generator
) -> dict[str, tuple[str, np.ndarray]]:
    """The five MENACE players' rules and beads ([1, box, slot]) made by the notebook's self-play."""
    # floor 1: members 0, 1 train `training` games, members 2, 3 `part_training`, side by side.
    floor1 = self_play("nim", [coin_pairs(0, 1, training, rng), coin_pairs(2, 3, part_training, rng)], 4, rng)
    # floor 0: members 0, 1 are the pair; 2..11 the stable.
    floor0 = self_play("nim-floor0", [coin_pairs(0, 1, training, rng),
                                      stable_pairs(2, STABLE_SIZE, stable_training, rng)],
                       2 + STABLE_SIZE, rng)  # fmt: skip
    fresh = box_tables("nim", "first", "nim").initial[np.newaxis]
    return {
        "floor1": ("nim", floor1.beads[[0]]),
        "floor0": ("nim-floor0", floor0.beads[[1]]),  # the second of its pair
        "stable": ("nim-floor0", floor0.beads[[2]]),  # stable member 0
        "part-trained": ("nim", floor1.beads[[2]]),
        "untrained": ("nim", fresh.copy()),
    }


def train_against_random(rules: str, members: int, games: int, rng: np.random.Generator) -> np.ndarray:
    """Beads of ``members`` MENACEs after ``games`` games each against random, alternating sides."""
    gt = game_tables("nim")
    learners = Menaces.fresh(gt, box_tables("nim", "first", rules), members)
    random = Policy(gt, PlayerSpec("random"))
    for g in range(games):
        first, second = (learners, random) if g % 2 == 0 else (random, learners)
        play_round(gt, first, second, members, rng)
    return learners.beads


def against_random_players(
    training: int, part_training: int, rng: np.random.Generator
) -> dict[str, tuple[str, np.ndarray]]:
    """The earlier reading: learners trained against random; the stable is ten of them."""
    return {
        "floor1": ("nim", train_against_random("nim", 1, training, rng)),
        "floor0": ("nim-floor0", train_against_random("nim-floor0", 1, training, rng)),
        "stable": ("nim-floor0", train_against_random("nim-floor0", STABLE_SIZE, training, rng)),
        "part-trained": ("nim", train_against_random("nim", 1, part_training, rng)),
        "untrained": ("nim", train_against_random("nim", 1, 0, rng)),
    }


def round_robin(beads: dict[str, tuple[str, np.ndarray]], games: int, rng: np.random.Generator) -> np.ndarray:
    """First-player wins of every ordered pair of PLAYERS over ``games`` games, nobody learning; a player
    with several members (the against-random stable) plays each game with one drawn at random."""
    gt = game_tables("nim")

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
    return wins


def tournament(*, games: int = 10_000, training: int | None = None, part_training: int | None = None,
               stable_training: int = STABLE_TRAINING, training_opponent: str = "self",
               seed: int | None = None) -> Tournament:
    """Make the six players (by self-play, or against random) and play the round robin."""
    if training_opponent not in TRAINING_OPPONENTS:
        raise ValueError(f"training opponent must be one of {TRAINING_OPPONENTS}, not {training_opponent!r}")
    default_training, default_part = DEFAULTS[training_opponent]
    training = default_training if training is None else training
    part_training = default_part if part_training is None else part_training
    rng = np.random.default_rng(seed)
    if training_opponent == "self":
        beads = self_play_players(training, part_training, stable_training, rng)
    else:
        beads = against_random_players(training, part_training, rng)
    return Tournament(PLAYERS, round_robin(beads, games, rng), games, training, part_training,
                      training_opponent, stable_training)


def table_lines(result: Tournament) -> list[str]:
    """The round-robin table as text: rows first player, columns second player."""
    width = max(len(p) for p in result.players) + 2
    if result.training_opponent == "self":
        how = [f"Trained by self-play, a coin for who starts: {result.training:,} games "
               f"(part-trained: {result.part_training:,}).",
               f"The stable is member 0 of {STABLE_SIZE} floor-0 MENACEs after {result.stable_training:,} "
               "games between random pairs."]
    else:
        how = [f"Trained against random, alternating sides: {result.training:,} games "
               f"(part-trained: {result.part_training:,}).",
               f"The stable is {STABLE_SIZE} floor-0 MENACEs, a random member each game."]
    lines = [
        f"First-player wins out of {result.games:,} games (rows: first player, columns: second player).",
        *how,
        "",
        " " * width + "".join(p.rjust(width) for p in result.players),
    ]
    for name, row in zip(result.players, result.wins, strict=True):
        lines.append(name.ljust(width) + "".join(f"{int(v):>{width}}" for v in row))
    return lines
