"""Trained kits: a MENACE trained in memory (by self-play or against any player) and kept as a kit whose
history is one "trained" event saying how it was made, so it can be played, printed and verified."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from generator.catalogue import build_catalogue
from kit.game import GameError
from kit.i18n import _
from kit.palettes import choose_palette
from kit.players import MenacePlayer
from kit.rules import Rules
from tracker.lab.matches import run_match
from tracker.state.events import World
from tracker.state.kit_record import KitRecord, kit_name
from tracker.state.opponents import HUMAN
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
    chosen: Rules | None = field(default=None, compare=False)  # the rules read (a file's, kept by the kit)

    def how(self) -> dict[str, Any]:
        return {"game": self.game, "menace_plays": self.menace_plays, "rules": self.rules,
                "opponent": self.opponent, "games": self.games, "seed": self.seed}

    def event_data(self, kit: KitRecord) -> dict[str, Any]:
        """The kit's "trained" event: how, results, and [box, move code, beads] for every colour."""
        return {
            "how": self.how(),
            "results": {"win": self.wins, "draw": self.draws, "loss": self.losses},
            "counts": [[b.id, kit.code(m), self.counts[b.id][m]] for b in kit.boxes for m in b.moves],
        }


def train(game: str, menace_plays: str, rules: str | None, opponent: str, *, games: int,
          seed: int | None) -> Training:
    """A fresh MENACE of ``game`` playing ``menace_plays`` learns from ``games`` games against ``opponent``
    (a player's name, or "self"); without a seed one is drawn and kept, so the run can be repeated."""
    if opponent.strip() == HUMAN:
        raise GameError(_("menace train plays against a computer player (or self): play a person with "
                          "`menace play`"))
    catalogue = build_catalogue(game, menace_plays, rules)
    menace = f"menace:{rules if catalogue.rules.from_file else catalogue.rules.name}"  # a file by its path
    rival = menace if opponent.strip() == SELF else opponent
    seed = random.SystemRandom().randrange(2**31) if seed is None else seed
    seat = 0 if menace_plays == "first" else 1
    names = (menace, rival) if seat == 0 else (rival, menace)
    result = run_match(game, *names, games=games, seed=seed)
    trained = result.players[seat]
    assert isinstance(trained, MenacePlayer)
    rival_name = SELF if opponent.strip() == SELF else (result.first, result.second)[1 - seat]
    wins, losses = (result.first_wins, result.second_wins)[:: 1 if seat == 0 else -1]
    return Training(game, menace_plays, catalogue.rules.name, rival_name, games, seed, wins, result.draws,
                    losses, {box: dict(counts) for box, counts in trained.boxes.items()}, catalogue.rules)


def save_trained_kit(store: Store, name: str, palette: str | None, training: Training) -> World:
    """Creates the kit called ``name`` and records its training, in one transaction (all or nothing)."""
    name = kit_name(name)
    catalogue = build_catalogue(training.game, training.menace_plays, training.chosen or training.rules)
    chosen = choose_palette(palette or catalogue.game.default_palette, game=catalogue.game.name)
    codes = catalogue.move_codes(m for b in catalogue.boxes for m in b.moves)
    chosen.check_covers(codes, catalogue.game.spec)
    kit = KitRecord.made(new_id(), name, training.game, catalogue, chosen)
    with store.transaction():
        world = store.create_kit(kit)
        return store.record(world, [("trained", training.event_data(kit))])
