"""The multi-row Nim seed's question answered with statistics: does a value table learnt on fewer heaps
speed up Q-learning on more?

For each seed two Q-learners first learn the smaller game against each other; then, on the bigger game,
two learners play the same number of games three ways: from scratch (baseline), starting from the
smaller game's tables with zero heaps put in front of the keys (a), and as (a) with epsilon divided by 3
in positions of the smaller game (b). The first player always moves first, as in the seed. The arms of one
seed share its games' random numbers, so their differences are paired.
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from kit.game import Game
from kit.i18n import _
from kit.match import play_game
from kit.qlearn import DEFAULT_GAMMA, DEFAULT_LR, QLearner, Values, padded, smaller_divide
from tracker.lab.matches import CURVE_WINDOW, running_mean

ARMS = ("baseline", "a", "b")
ARM_TITLES = {
    "baseline": "from scratch",
    "a": "(a) table padded with zero heaps",
    "b": "(b) as (a), epsilon / 3 in states of the smaller game",
}
Z95 = 1.96  # the band is the mean's 95% confidence interval: mean +- 1.96 standard errors


Divide = Callable[[Any], float]


def play_learners(
    game: Game[Any, Any],
    games: int,
    rng: random.Random,
    *,
    starts: Sequence[Values] = ({}, {}),
    divide: Divide | None = None,
    lr: float = DEFAULT_LR,
    gamma: float = DEFAULT_GAMMA,
) -> tuple[list[int], tuple[QLearner, QLearner]]:
    """Two Q-learners (each from a copy of its start table) play ``games`` games, the first always moving
    first; returns the first's reward per game, and the learners."""
    learners = (
        QLearner(game, lr, gamma, dict(starts[0]), divide=divide),
        QLearner(game, lr, gamma, dict(starts[1]), divide=divide),
    )
    for learner in learners:
        learner.plan(games)
    rewards = [play_game(game, learners, rng).result_for(0).reward for _ in range(games)]
    return rewards, learners


@dataclass(frozen=True)
class Band:
    """An arm's curves over the seeds: each seed's running mean, and their mean with its 95% band."""

    curves: list[list[float]]

    @property
    def mean(self) -> list[float]:
        return [statistics.fmean(column) for column in zip(*self.curves, strict=True)]

    def _half_width(self) -> list[float]:
        if len(self.curves) < 2:
            return [0.0] * len(self.curves[0])
        return [Z95 * statistics.stdev(c) / math.sqrt(len(c)) for c in zip(*self.curves, strict=True)]

    @property
    def low(self) -> list[float]:
        return [m - h for m, h in zip(self.mean, self._half_width(), strict=True)]

    @property
    def high(self) -> list[float]:
        return [m + h for m, h in zip(self.mean, self._half_width(), strict=True)]


def reach(curve: Sequence[float], level: float, *, start: int = 0) -> int | None:
    """The first game (1-based) from ``start`` on whose running mean is at least ``level``, or None."""
    return next((i + 1 for i in range(start, len(curve)) if curve[i] >= level), None)


@dataclass(frozen=True)
class Study:
    """Every arm's curves, and what reaching ``level`` took."""

    games: int
    seeds: int
    level: float
    window: int
    arms: dict[str, Band]

    def reached(self, arm: str) -> list[int | None]:
        """Per seed, the game at which its curve first reached the level (after one full window)."""
        return [reach(c, self.level, start=self.skip) for c in self.arms[arm].curves]

    @property
    def skip(self) -> int:
        # A curve over fewer games than the window is noise (its first value is one game's reward).
        return min(self.window, self.games) - 1

    def mean_reached(self, arm: str) -> int | None:
        """The game at which the mean curve first reached the level."""
        return reach(self.arms[arm].mean, self.level, start=self.skip)

    def saved(self, arm: str) -> tuple[float, float, int] | None:
        """Games saved against the baseline to reach the level, paired by seed over the seeds where both
        reached it: (mean, 95% half-width, how many seeds), or None if no seed counts."""
        pairs = [
            (b, t)
            for b, t in zip(self.reached("baseline"), self.reached(arm), strict=True)
            if b is not None and t is not None
        ]
        if not pairs:
            return None
        differences = [b - t for b, t in pairs]
        half = Z95 * statistics.stdev(differences) / math.sqrt(len(pairs)) if len(pairs) > 1 else 0.0
        return statistics.fmean(differences), half, len(pairs)


def transfer_study(
    bigger: Game[Any, Any],
    smaller: Game[Any, Any],
    smaller_heaps: tuple[int, ...],
    *,
    games: int,
    seeds: int,
    seed: int,
    level: float,
    pretrain: int | None = None,
    window: int = CURVE_WINDOW,
    lr: float = DEFAULT_LR,
    gamma: float = DEFAULT_GAMMA,
    progress: Callable[[str], None] = lambda line: None,
) -> Study:
    """Runs the three arms over ``seeds`` seeds; positions of both games are sorted tuples of heaps."""
    heaps = len(bigger.initial().position)
    curves: dict[str, list[list[float]]] = {arm: [] for arm in ARMS}

    for k in range(seeds):
        _rewards, learnt = play_learners(
            smaller, pretrain or games, random.Random(f"{seed}:{k}:smaller"), lr=lr, gamma=gamma
        )
        starts = [{padded(p, heaps): v for p, v in learner.values.items()} for learner in learnt]
        arms: dict[str, tuple[Sequence[Values], Divide | None]] = {
            "baseline": (({}, {}), None),
            "a": (starts, None),
            "b": (starts, smaller_divide(smaller_heaps)),
        }
        for arm, (tables, divide) in arms.items():
            rewards, _learnt = play_learners(
                bigger, games, random.Random(f"{seed}:{k}"), starts=tables, divide=divide, lr=lr, gamma=gamma
            )
            curves[arm].append(running_mean(rewards, window))
        progress(_("seed {number} of {seeds} done").format(number=k + 1, seeds=seeds))
    return Study(games, seeds, level, window, {arm: Band(c) for arm, c in curves.items()})
