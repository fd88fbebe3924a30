"""The Nim notebook's tournament: make six players by the notebook's procedure, then a round robin.

The Nim notebook's procedure, by self-play:
- floor1: the first of a pair of fresh `nim` MENACEs (floor 1) after 10,000 games against each other,
  a fair coin choosing who moves first each game, both learning.
- part-trained: the first of such a pair after 100 games.
- floor0: the *second* of a pair of `nim-floor0` MENACEs after 10,000 such games.
- stable: ten fresh `nim-floor0` MENACEs play 100,000 games, each between two members drawn at random
  (the first drawn moves first), both learning; then member 0.
- untrained: a fresh `nim` MENACE; ideal: kit.solver.ideal_move (1, 1, 2, 3, 1, 1, 2, 3, 1 at 1..9).
- The table: every ordered pair of players plays 10,000 games, nobody learning; first-player wins.

Every game is played by kit.match.play_game with kit.players' MENACE (kit.matchbox draws and settles),
one game at a time: the tracker's loop and the simulator's reference, so no rule is written again here.
Nim's boxes (one per token count) serve either side, so one MENACE can move first in one game and second
in the next, and a member of a pair or of the stable plays its games in the order drawn.

Interpretations, where the notebook leaves a choice: the stable's two members are distinct (drawn
without replacement); all randomness comes from one ``random.Random``, so a seed gives the same table
but not the notebook's games.

``training_opponent="random"`` keeps the earlier reading: every learner trains against a uniformly
random player, alternating first and second, the stable is ten such learners and a random member plays
each table game.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from kit.catalogue import build_catalogue
from kit.game import Game
from kit.match import play_game
from kit.players import IdealPlayer, MenacePlayer, Player, RandomPlayer
from kit.rules import load_rules

PLAYERS = ("floor1", "floor0", "stable", "part-trained", "untrained", "ideal")
STABLE_SIZE = 10
TRAINING_OPPONENTS = ("self", "random")
DEFAULTS = {  # training, part-training games by training opponent
    "self": (10_000, 100),
    "random": (2_000, 30),
}
STABLE_TRAINING = 100_000
Pair = tuple[int, int]  # the members moving first and second
# Told the games just played, for a progress bar: the command line passes its bar's update.
Progress = Callable[[int], None]


def _none(games: int) -> None:
    """No one is watching."""


@dataclass(frozen=True)
class Tournament:
    players: tuple[str, ...]
    wins: tuple[tuple[int, ...], ...]  # [first player][second player] first-player wins
    games: int
    training: int
    part_training: int
    training_opponent: str = "self"
    stable_training: int = STABLE_TRAINING


@dataclass(frozen=True)
class Training:
    """What self-play did: the members afterwards, each game's pair of members and its result."""

    members: list[MenacePlayer]
    pairs: list[Pair]
    results: list[int]  # from the first member's side: 1 win, -1 loss (Nim has no draws)


# A trained player: its members (one, or the against-random stable), each a MENACE with its beads.
Trained = list[MenacePlayer]


def nim() -> Game[Any, Any]:
    return build_catalogue("nim").game


def fresh(rules: str) -> MenacePlayer:
    return MenacePlayer(build_catalogue("nim", "first", load_rules(rules)))  # Nim's boxes serve either side


def coin_pairs(a: int, b: int, games: int, rng: random.Random) -> list[Pair]:
    """Games between members a and b, a fair coin choosing who moves first in each."""
    return [(a, b) if rng.random() < 0.5 else (b, a) for _ in range(games)]


def stable_pairs(first_member: int, size: int, games: int, rng: random.Random) -> list[Pair]:
    """Games between two distinct members of a stable drawn at random, the first drawn moving first."""
    pairs = []
    for _ in range(games):
        a = rng.randrange(size)
        b = (a + rng.randrange(1, size)) % size  # uniform over the other members
        pairs.append((first_member + a, first_member + b))
    return pairs


def self_play(
    rules: str, schedule: list[list[Pair]], members: int, rng: random.Random, progress: Progress = _none
) -> Training:
    """Fresh MENACEs with ``rules`` play the concatenated ``schedule`` of member pairs, all learning."""
    game, population = nim(), [fresh(rules) for _ in range(members)]
    pairs = [pair for part in schedule for pair in part]
    results = []
    for a, b in pairs:
        # game.apply, not game.play: the kit's players choose legal moves only, so the check is skipped.
        outcome = play_game(game, (population[a], population[b]), rng, apply=game.apply)
        results.append(outcome.result_for(0).reward)
        progress(1)
    return Training(population, pairs, results)


def self_play_players(
    training: int, part_training: int, stable_training: int, rng: random.Random, progress: Progress = _none
) -> dict[str, Trained]:
    """The five MENACE players made by the notebook's self-play."""
    # floor 1: members 0, 1 train `training` games, members 2, 3 `part_training`.
    floor1 = self_play(
        "nim", [coin_pairs(0, 1, training, rng), coin_pairs(2, 3, part_training, rng)], 4, rng, progress
    )
    # floor 0: members 0, 1 are the pair; 2..11 the stable.
    floor0 = self_play("nim-floor0", [coin_pairs(0, 1, training, rng),
                                      stable_pairs(2, STABLE_SIZE, stable_training, rng)],
                       2 + STABLE_SIZE, rng, progress)  # fmt: skip
    return {
        "floor1": floor1.members[:1],
        "floor0": floor0.members[1:2],  # the second of its pair
        "stable": floor0.members[2:3],  # stable member 0
        "part-trained": floor1.members[2:3],
        "untrained": [fresh("nim")],
    }


def train_against_random(
    rules: str, members: int, games: int, rng: random.Random, progress: Progress = _none
) -> Trained:
    """``members`` MENACEs after ``games`` games each against random, alternating sides."""
    game = nim()
    learners, opponent = [fresh(rules) for _ in range(members)], RandomPlayer(game)
    for learner in learners:
        for g in range(games):
            play_game(game, (learner, opponent) if g % 2 == 0 else (opponent, learner), rng, apply=game.apply)
            progress(1)
    return learners


def against_random_players(
    training: int, part_training: int, rng: random.Random, progress: Progress = _none
) -> dict[str, Trained]:
    """The earlier reading: learners trained against random; the stable is ten of them."""
    return {
        "floor1": train_against_random("nim", 1, training, rng, progress),
        "floor0": train_against_random("nim-floor0", 1, training, rng, progress),
        "stable": train_against_random("nim-floor0", STABLE_SIZE, training, rng, progress),
        "part-trained": train_against_random("nim", 1, part_training, rng, progress),
        "untrained": train_against_random("nim", 1, 0, rng, progress),
    }


def frozen(members: Trained) -> list[Player]:
    """Copies of ``members`` that no longer learn (a side's own, so a player meeting itself shares no
    beads; a copy that does not learn puts back every bead it draws)."""
    return [MenacePlayer(one.catalogue, {box: dict(counts) for box, counts in one.boxes.items()},
                         learning=False) for one in members]  # fmt: skip


def first_player_wins(
    first: Sequence[Player],
    second: Sequence[Player],
    games: int,
    rng: random.Random,
    progress: Progress = _none,
) -> int:
    """The first player's wins in ``games`` games, nobody learning; a side with several members plays each
    game with one drawn at random."""
    game, wins = nim(), 0
    for _ in range(games):
        players = (
            first[rng.randrange(len(first))] if len(first) > 1 else first[0],
            second[rng.randrange(len(second))] if len(second) > 1 else second[0],
        )
        wins += play_game(game, players, rng, apply=game.apply).winner == 0
        progress(1)
    return wins


def round_robin(
    trained: dict[str, Trained],
    games: int,
    rng: random.Random,
    names: Sequence[str] = PLAYERS,
    progress: Progress = _none,
) -> tuple[tuple[int, ...], ...]:
    """First-player wins of every ordered pair of ``names`` over ``games`` games, nobody learning; a
    player with several members (the against-random stable) plays each game with one drawn at random."""
    ideal: list[Player] = [IdealPlayer(nim())]

    def side(name: str) -> Sequence[Player]:
        return ideal if name == "ideal" else frozen(trained[name])

    return tuple(tuple(first_player_wins(side(first), side(second), games, rng, progress)
                       for second in names)
                 for first in names)  # fmt: skip


def tournament(
    *,
    games: int = 10_000,
    training: int | None = None,
    part_training: int | None = None,
    stable_training: int = STABLE_TRAINING,
    training_opponent: str = "self",
    seed: int | None = None,
    progress: Progress = _none,
) -> Tournament:
    """Make the six players (by self-play, or against random) and play the round robin; ``progress`` is
    told each game played, tournament_games of them in all."""
    if training_opponent not in TRAINING_OPPONENTS:
        raise ValueError(f"training opponent must be one of {TRAINING_OPPONENTS}, not {training_opponent!r}")
    default_training, default_part = DEFAULTS[training_opponent]
    training = default_training if training is None else training
    part_training = default_part if part_training is None else part_training
    rng = random.Random(seed)
    if training_opponent == "self":
        trained = self_play_players(training, part_training, stable_training, rng, progress)
    else:
        trained = against_random_players(training, part_training, rng, progress)
    wins = round_robin(trained, games, rng, progress=progress)
    return Tournament(PLAYERS, wins, games, training, part_training, training_opponent, stable_training)


def tournament_games(
    *,
    games: int = 10_000,
    training: int | None = None,
    part_training: int | None = None,
    stable_training: int = STABLE_TRAINING,
    training_opponent: str = "self",
) -> int:
    """The games a tournament plays, training and round robin, as its ``progress`` counts them."""
    default_training, default_part = DEFAULTS.get(training_opponent, DEFAULTS["self"])
    training = default_training if training is None else training
    part_training = default_part if part_training is None else part_training
    if training_opponent == "self":  # two pairs train, then a pair and the stable
        made = training + part_training + training + stable_training
    else:  # floor1, floor0, the stable's members and part-trained, each on its own
        made = (2 + STABLE_SIZE) * training + part_training
    return made + len(PLAYERS) ** 2 * games


def table_lines(result: Tournament) -> list[str]:
    """The round-robin table as text: rows first player, columns second player."""
    width = max(len(p) for p in result.players) + 2
    if result.training_opponent == "self":
        how = [
            f"Trained by self-play, a coin for who starts: {result.training:,} games "
            f"(part-trained: {result.part_training:,}).",
            f"The stable is member 0 of {STABLE_SIZE} floor-0 MENACEs after {result.stable_training:,} "
            "games between random pairs.",
        ]
    else:
        how = [
            f"Trained against random, alternating sides: {result.training:,} games "
            f"(part-trained: {result.part_training:,}).",
            f"The stable is {STABLE_SIZE} floor-0 MENACEs, a random member each game.",
        ]
    lines = [
        f"First-player wins out of {result.games:,} games (rows: first player, columns: second player).",
        *how,
        "",
        " " * width + "".join(p.rjust(width) for p in result.players),
    ]
    for name, row in zip(result.players, result.wins, strict=True):
        lines.append(name.ljust(width) + "".join(f"{int(v):>{width}}" for v in row))
    return lines
