"""A few MENACEs, one game at a time, through the kit's own match loop: the fastest path for them.

For a handful of members the numpy engine's per-ply array calls cost more than the games; this plays
``kit.players.MenacePlayer`` (drawn from and settled by ``kit.matchbox``) through ``kit.match.play_game``,
the same loop the reference simulator and the tracker use, so no rule is written again here.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import numpy as np

from kit.catalogue import build_catalogue
from kit.game import Game
from kit.match import play_game
from kit.players import MenacePlayer, PlayerSpec, make_player
from kit.rules import Rules
from tracker.sim.chunk import SCORE_BY_RESULT, ChunkResult


def play_members(
    the_game: Game[Any, Any],
    menace_plays: str,
    rules: Rules,
    opponent: PlayerSpec,
    members: int,
    games: int,
    rng: np.random.Generator,
    *,
    spread: bool = False,
    progress: Callable[[int], None] | None = None,
) -> ChunkResult:
    """``members`` fresh MENACEs each play ``games`` games against their own opponent, one after another;
    ``progress`` is told each game played."""
    catalogue = build_catalogue(the_game, menace_plays, rules)
    game, side, spec = catalogue.game, catalogue.menace, opponent
    other = None  # the other side's boxes, built only for an opponent that plays from them
    if spec.needs_catalogue:
        other = build_catalogue(the_game, "second" if menace_plays == "first" else "first", rules)
    first_boxes = sorted(catalogue.first_move_boxes)
    results = np.zeros((games, members), np.int8)
    beads = np.zeros((games, members), np.int32)
    empty = np.zeros(members, bool)
    resigned = refused = 0
    for member, seed in enumerate(rng.integers(2**63, size=members)):
        generator = random.Random(int(seed))
        menace = MenacePlayer(catalogue)
        rival = make_player(spec, game, other)
        players = (menace, rival) if side == 0 else (rival, menace)
        first_counts = [menace.boxes[b] for b in first_boxes]
        member_results, member_beads, member_empty = [], [], False
        for _ in range(games):
            # game.apply, not game.play: the kit's players choose legal moves only, so the check is skipped.
            outcome = play_game(game, players, generator, apply=game.apply, learn=False)
            member_results.append(outcome.result_for(side).reward)
            if outcome.resigned and outcome.winner != side:
                resigned += 1
                refused += not menace.draws  # before its first bead: its first box was empty
            for seat, player in enumerate(players):
                player.learn(outcome.result_for(seat))
            counts = [sum(box.values()) for box in first_counts]
            member_beads.append(sum(counts))
            member_empty = member_empty or min(counts) == 0
            if progress is not None:
                progress(1)
        results[:, member], beads[:, member], empty[member] = member_results, member_beads, member_empty
    tallies = np.stack([(results == r).sum(axis=1) for r in (-1, 0, 1)], axis=1).astype(np.int64)
    lost = results == -1
    last_loss = np.where(lost.any(axis=0), games - np.argmax(lost[::-1], axis=0), 0).astype(np.int32)
    running = SCORE_BY_RESULT[results + 1].cumsum(axis=0, dtype=np.int32) if spread else None
    return ChunkResult(
        tallies,
        beads.sum(axis=1, dtype=np.int64),
        empty,
        last_loss,
        running,
        beads if spread else None,
        resigned=resigned,
        refused=refused,
    )
