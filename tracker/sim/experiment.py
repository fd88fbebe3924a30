"""`simulate`: a population of MENACEs, each playing N games against its own opponent, summarised.

The running score is Michie's: +3 for a win, +1 for a draw, -1 for a defeat, whatever the game.
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

import numpy as np

from kit.game import SIDES, GameError
from kit.games import game_from_spec
from kit.players import parse_player
from kit.rules import load_rules
from tracker.sim.players import Menaces, Policy, SimPlayer
from tracker.sim.population import play_round
from tracker.sim.tables import box_tables, game_tables

SCORE = {"win": 3, "draw": 1, "loss": -1}
BAND = (10, 90)  # percentiles of the population drawn as a band in the report
_SCORE_BY_RESULT = np.array([SCORE["loss"], SCORE["draw"], SCORE["win"]], np.int32)  # indexed by result + 1


@dataclass(frozen=True)
class Simulation:
    """What a population did, game by game; counts are summed over the population, from MENACE's side."""

    game: str
    menace_plays: str
    rules: str
    opponent: str
    games: int
    population: int
    seed: int | None
    wins: np.ndarray  # [games] wins in game g across the population
    draws: np.ndarray
    losses: np.ndarray
    curve: np.ndarray  # [games] mean running score after each game
    band: tuple[np.ndarray, np.ndarray] | None  # the running score's BAND percentiles, when asked for
    first_box: np.ndarray  # [games] mean beads in MENACE's first-move box(es) after each game
    first_box_band: tuple[np.ndarray, np.ndarray] | None
    first_box_empty: int  # members whose first-move box was ever empty after a game
    last_loss: np.ndarray  # [population] the game (1-based) of each member's last defeat, 0 if none
    seconds: float  # playing time, tables already built

    @property
    def games_per_s(self) -> float:
        return self.games * self.population / self.seconds if self.seconds else float("inf")

    def stopped_losing(self, tail: float = 0.2) -> dict[str, int]:
        """Members with no defeat in the last ``tail`` of the games, and the game after which they never
        lost."""
        quiet = self.last_loss <= self.games * (1 - tail)
        games = self.last_loss[quiet] + 1
        summary = {"runs": int(quiet.sum()), "tail_games": int(self.games * tail)}
        if games.size:
            summary |= {f"p{q}": int(np.percentile(games, q, method="lower")) for q in (10, 50, 90)}
        return summary

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "menace_plays": self.menace_plays,
            "rules": self.rules,
            "opponent": self.opponent,
            "games": self.games,
            "population": self.population,
            "seed": self.seed,
            "wins": int(self.wins.sum()),
            "draws": int(self.draws.sum()),
            "losses": int(self.losses.sum()),
            "first_box_empty": self.first_box_empty,
            "curve": [round(float(v), 4) for v in self.curve],
            "games_per_s": round(self.games_per_s),
            "score": SCORE,
            "stopped_losing": self.stopped_losing(),
        }


def simulate(
    game: str,
    *,
    menace_plays: str = "first",
    rules: str | None = None,
    opponent: str = "random",
    games: int,
    population: int = 1,
    seed: int | None = None,
    spread: bool = False,
) -> Simulation:
    """Run ``population`` MENACEs for ``games`` games each; ``spread`` also keeps the population bands."""
    if games < 1 or population < 1:
        raise GameError("--games and --population must be at least 1")
    the_game = game_from_spec(game)
    game = the_game.spec
    if menace_plays not in SIDES:
        raise GameError(f"unknown side {menace_plays!r}: MENACE plays first or second")
    rules_name = load_rules(the_game.default_rules if rules is None else rules, game=the_game.name).name
    spec = parse_player(opponent)
    gt = game_tables(game)
    menace = Menaces.fresh(gt, box_tables(game, menace_plays, rules_name), population)
    rival: SimPlayer
    if spec.learns:  # a MENACE of its own, on the other side's boxes
        other_side = "second" if menace_plays == "first" else "first"
        rival = Menaces.fresh(gt, box_tables(game, other_side, rules_name), population)
    else:
        rival = Policy(gt, spec)
    first_player, second_player = (menace, rival) if menace_plays == "first" else (rival, menace)
    sign = 1 if menace_plays == "first" else -1
    rng = np.random.default_rng(seed)

    tallies = np.zeros((games, 3), np.int64)  # losses, draws, wins per game
    mean_score = np.zeros(games)
    first_box = np.zeros(games)
    running = np.zeros(population, np.int32)
    last_loss = np.zeros(population, np.int32)
    band = np.zeros((2, games))  # the running score's BAND percentiles, kept with ``spread``
    box_band = np.zeros((2, games))  # the same for the first-move boxes' beads
    first = menace.bt.first_boxes
    started = time.perf_counter()
    for g in range(games):
        result = play_round(gt, first_player, second_player, population, rng) * sign
        tallies[g] = np.bincount(result + 1, minlength=3)
        last_loss[result == -1] = g + 1
        score = _SCORE_BY_RESULT[result + 1]
        mean_score[g] = score.mean()
        beads = menace.beads[:, first].sum(axis=(1, 2))
        first_box[g] = beads.mean() / len(first)
        if spread:
            running += score
            band[:, g] = np.percentile(running, BAND)
            box_band[:, g] = np.percentile(beads / len(first), BAND)
    seconds = time.perf_counter() - started
    return Simulation(
        game, menace_plays, rules_name, opponent, games, population, seed,
        wins=tallies[:, 2], draws=tallies[:, 1], losses=tallies[:, 0], curve=np.cumsum(mean_score),
        band=(band[0], band[1]) if spread else None, first_box=first_box,
        first_box_band=(box_band[0], box_band[1]) if spread else None,
        first_box_empty=int(menace.first_box_empty.sum()), last_loss=last_loss, seconds=seconds,
    )  # fmt: skip
