"""Trained kits: a MENACE trained in memory (by self-play or against any player) and kept as a kit whose
history is one "trained" event saying how it was made, so it can be played, printed and verified."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from kit.catalogue import build_catalogue
from kit.design import in_palette
from kit.game import Game
from kit.matchbox import Catalogue
from kit.palettes import Palette
from kit.players import MenacePlayer, MenaceSpec, PlayerSpec
from kit.rules import Rules
from tracker.lab.matches import run_match
from tracker.state.event_kinds import Trained
from tracker.state.events import World
from tracker.state.kit_record import KitRecord, kit_name
from tracker.store.event_store import Store, new_id

SELF = "self"  # the opponent for self-play: a second fresh MENACE with the same rules on the other side


@dataclass(frozen=True)
class Training:
    """How a MENACE was trained, its results (from its side) and the beads it ended with."""

    game: str
    menace_plays: str
    rules: str
    opponent: str  # as parse_player writes it, or "self"
    games: int
    seed: int
    wins: int
    draws: int
    losses: int
    counts: dict[int, dict[Any, int]]  # box id -> move -> beads
    catalogue: Catalogue = field(compare=False)  # the trained MENACE's boxes, with the rules read once

    def how(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "menace_plays": self.menace_plays,
            "rules": self.rules,
            "opponent": self.opponent,
            "games": self.games,
            "seed": self.seed,
        }

    def event(self, kit: KitRecord) -> Trained:
        """The kit's "trained" event: how, results, and [box, move code, beads] for every colour."""
        counts = [[b.id, kit.code(m), self.counts[b.id][m]] for b in kit.boxes for m in b.moves]
        return Trained(self.how(), counts, {"win": self.wins, "draw": self.draws, "loss": self.losses})

    def event_data(self, kit: KitRecord) -> dict[str, Any]:
        return self.event(kit).data()


def train(
    game: Game[Any, Any],
    menace_plays: str,
    rules: Rules | None,
    opponent: PlayerSpec | None,
    *,
    games: int,
    seed: int | None,
    progress: Callable[[int], None] | None = None,
) -> Training:
    """A fresh MENACE of ``game`` playing ``menace_plays`` under ``rules`` (None: the game's default)
    learns from ``games`` games against ``opponent`` (tracker.cli.train reads it: None for self-play, a
    second MENACE on the same rules); without a seed one is drawn and kept, so the run can be repeated."""
    catalogue = build_catalogue(game, menace_plays, rules)
    rival = MenaceSpec() if opponent is None else opponent
    seed = random.SystemRandom().randrange(2**31) if seed is None else seed
    seat = 0 if menace_plays == "first" else 1
    specs = (MenaceSpec(), rival) if seat == 0 else (rival, MenaceSpec())
    # The rules travel to the match as the value read once: a "menace" seat plays by them.
    own = {seat: catalogue.rules} | ({1 - seat: catalogue.rules} if opponent is None else {})
    result = run_match(game, *specs, games=games, seed=seed, menace_rules=own, progress=progress)
    trained = result.players[seat]
    assert isinstance(trained, MenacePlayer)
    rival_name = SELF if opponent is None else (result.first, result.second)[1 - seat]
    wins, losses = (result.first_wins, result.second_wins)[:: 1 if seat == 0 else -1]
    return Training(
        game.spec,
        menace_plays,
        catalogue.rules.name,
        rival_name,
        games,
        seed,
        wins,
        result.draws,
        losses,
        {box: dict(counts) for box, counts in trained.boxes.items()},
        catalogue,
    )


def save_trained_kit(store: Store, name: str, palette: Palette | None, training: Training) -> World:
    """Creates the kit called ``name`` (its beads in ``palette``, None: the game's default) and records its
    training, in one transaction (all or nothing)."""
    name = kit_name(name)
    design = in_palette(training.catalogue, palette)  # the rules of a file are kept by the kit
    kit = KitRecord.made(new_id(), name, design)
    with store.transaction():
        world = store.create_kit(kit)
        return store.record(world, [training.event(kit).pair()])


def keep_or_save_trained_kit(
    store: Store, name: str, palette: Palette, training: Training
) -> KitRecord | None:
    """Saves the trained kit ``name`` unless a kit of that name is in ``store``: that one is kept as it is
    and returned (None: saved now). A lesson's trained MENACE goes in the store as its labels print it."""
    taken = store.kit_called(name)
    if taken is not None:
        return store.kit(taken)
    save_trained_kit(store, name, palette, training)
    return None
