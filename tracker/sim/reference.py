"""The reference simulator: kit players through the kit's one match loop, one game at a time.

It plays by ``kit.matchbox`` and ``kit.players`` directly, so it is the oracle the engines are tested
against; it is slow, and meant to be.
"""

from __future__ import annotations

import random
from typing import Any

from kit.catalogue import build_catalogue
from kit.game import Game
from kit.match import play_game
from kit.players import MenacePlayer, PlayerSpec, RandomSpec, make_player
from kit.rules import Rules

RANDOM = RandomSpec()


def reference_run(
    game_name: str | Game[Any, Any],
    *,
    menace_plays: str = "first",
    rules: Rules | None = None,
    opponent: PlayerSpec = RANDOM,
    games: int,
    seed: int,
) -> list[int]:
    """One MENACE's results, game by game, from its side: 1 win, 0 draw, -1 loss."""
    catalogue = build_catalogue(game_name, menace_plays, rules)
    game = catalogue.game
    rng = random.Random(seed)
    spec = opponent
    other = build_catalogue(game_name, "second" if menace_plays == "first" else "first", catalogue.rules)
    rival = make_player(spec, game, other)
    menace = MenacePlayer(catalogue)
    side = catalogue.menace
    players = (menace, rival) if side == 0 else (rival, menace)
    return [play_game(game, players, rng).result_for(side).reward for _ in range(games)]
