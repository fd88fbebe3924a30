"""Where a typical MENACE would be: the running score that 80% of simulated MENACEs reach, game by game,
with a kit's rules against the opponents the kit met, in the order it met them, and the chance that the
first box empties. The classroom screen draws it behind the kit's own running score.

A population of fresh MENACEs plays on the numpy engine (one seeded process, so the band is the same for
everyone); from each game where the kit changed opponent, every member meets a fresh player of that kind.
Answers are cached as small JSON files beside the simulator's tables, named by everything they depend on.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from kit.game import SIDES, Game, GameError
from kit.players import MenaceSpec, PlayerSpec
from kit.rules import Rules, load_rules
from tracker.sim.cache import cache_dir, source_fingerprint
from tracker.sim.chunk import Setup
from tracker.sim.engine_numpy import Opponent, play_chunk
from tracker.sim.experiment import BAND, CHUNK, SPREAD_CELLS, Histograms
from tracker.sim.flat import MenaceTables, menace_tables, policy_tables, rules_key

POPULATION = 1_000  # enough for the band's edges to move by about a point from one seed to another
SEED = 1
Schedule = Sequence[tuple[PlayerSpec, int]]  # (opponent, games) in the order they were played


def typical_band(
    the_game: Game[Any, Any],
    menace_plays: str,
    rules: Rules,
    schedule: Schedule,
    *,
    population: int = POPULATION,
    seed: int = SEED,
) -> dict[str, Any]:
    """The running score's BAND percentiles after each game of ``schedule`` for ``population`` fresh
    MENACEs, and the share of them whose first-move box was ever empty (from the cache when there)."""
    games = sum(count for _opponent, count in schedule)
    if games < 1 or any(count < 1 for _opponent, count in schedule):
        raise GameError("a typical band needs at least one game against each opponent")
    key = json.dumps(
        [
            the_game.spec,
            menace_plays,
            rules_key(rules),
            [[str(o), n] for o, n in schedule],
            population,
            seed,
            source_fingerprint(),
        ]
    )
    path = cache_dir() / f"typical-{hashlib.sha256(key.encode()).hexdigest()[:20]}.json"
    try:
        cached: dict[str, Any] = json.loads(path.read_text())
        return cached
    except (OSError, ValueError):
        pass
    answer = _simulated(the_game, menace_plays, rules, schedule, games, population, seed)
    _write(path, answer)
    return answer


def _simulated(
    the_game: Game[Any, Any],
    menace_plays: str,
    rules: Rules,
    schedule: Schedule,
    games: int,
    population: int,
    seed: int,
) -> dict[str, Any]:
    the_game.require_matchbox_kit()
    other_side = "second" if menace_plays == "first" else "first"
    opponents: dict[int, Opponent] = {}
    start = 0
    for spec, count in schedule:
        if spec.kind not in ("random", "perfect", "ideal", "novice", "menace"):
            raise GameError(f"the simulator cannot play {spec}")
        opponents[start] = (spec, _rival_tables(the_game, other_side, spec) if spec.learns else None)
        start += count
    first_spec, first_rival = opponents.pop(0)
    setup = Setup(
        policy_tables(the_game),
        menace_tables(the_game, menace_plays, rules),
        SIDES[menace_plays],
        first_spec,
        first_rival,
    )
    chunk = max(1, min(CHUNK, SPREAD_CELLS // games))  # as `simulate` cuts a population it keeps bands for
    scores = Histograms(games)
    empty = 0
    children = np.random.SeedSequence(seed).spawn((population + chunk - 1) // chunk)
    for index, child in enumerate(children):
        members = min(chunk, population - index * chunk)
        part = play_chunk(setup, members, games, np.random.default_rng(child), spread=True, later=opponents)
        assert part.running is not None
        scores.add(part.running)
        empty += int(part.first_box_empty.sum())
    low, high = scores.percentiles(BAND)
    return {
        "band": list(BAND),
        "low": [round(float(v), 2) for v in low],
        "high": [round(float(v), 2) for v in high],
        "first_box_empty": round(empty / population, 4),
        "population": population,
        "seed": seed,
        "games": games,
        "opponents": [[str(spec), count] for spec, count in schedule],
    }


def _rival_tables(the_game: Game[Any, Any], side: str, spec: PlayerSpec) -> MenaceTables:
    """A second MENACE's boxes on the rules the play table gives it: its own preset (menace:PRESET), else
    the game's default, whatever the kit's rules."""
    named = spec.rules if isinstance(spec, MenaceSpec) else None
    return menace_tables(the_game, side, load_rules(named or the_game.default_rules, game=the_game.name))


def _write(path: Path, answer: dict[str, Any]) -> None:
    """Written to a temporary name and renamed: a reader never meets half a file."""
    try:
        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
        with os.fdopen(handle, "w") as out:
            json.dump(answer, out)
        os.replace(temporary, path)
    except OSError:
        pass  # a cache that cannot be written only costs time
