"""Reinforcement presets: how many beads a box starts with and how they change, read from TOML files.

Every count in a preset is the net change to the drawn colour relative to before the draw, so
"+3 on a win" means: put the drawn bead back and add three more.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from kit import datafiles
from kit.game import GameError, Result

EMPTY_BOX_POLICIES = ("resign", "refill")
KEEP_ONE_POLICIES = ("none", "first-box", "every-box")
BEADS_ON = ("distinct", "every")
PUNISH_POLICIES = ("every-move", "last-move")


class UnknownRulesError(GameError):
    """No preset of that name, or a preset file that does not make sense."""


@dataclass(frozen=True)
class Rules:
    """One named, documented reinforcement preset."""

    name: str
    game: str
    title: str
    description: str
    initial_beads: tuple[int, ...]  # by MENACE's move number; the last value serves later moves
    win: int
    draw: int
    loss: int
    floor: int  # no colour's count goes below this after a game
    empty_box: str  # "resign" or "refill"
    refill_beads: int  # with "refill": how many random legal beads go in
    keep_one: str  # which boxes may never be emptied by a loss: none, first-box, every-box
    beads_on: str  # "distinct" (symmetry-distinct moves) or "every" legal square
    # Which draws a defeat punishes: "every-move" (Michie) or "last-move" (Gardner's HER: only the bead of
    # MENACE's last move is confiscated, the drawn beads of its earlier moves go back unchanged).
    punish: str = "every-move"

    def initial_count(self, move_number: int | None) -> int:
        """Beads per move in a box at MENACE's ``move_number`` (None: the position does not fix it)."""
        index = (move_number or 1) - 1
        return self.initial_beads[min(index, len(self.initial_beads) - 1)]

    def change(self, result: Result) -> int:
        # A comparison, not a dict built per call: settling every game of a long log calls this per draw.
        if result is Result.WIN:
            return self.win
        return self.draw if result is Result.DRAW else self.loss

    def as_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "game": self.game,
            "initial_beads": list(self.initial_beads),
            "win": self.win,
            "draw": self.draw,
            "loss": self.loss,
            "floor": self.floor,
            "empty_box": self.empty_box,
            "refill_beads": self.refill_beads,
            "keep_one": self.keep_one,
            "beads_on": self.beads_on,
        } | ({"punish": self.punish} if self.punish != "every-move" else {})
        # punish joins only when it is not the old behaviour, so every kit printed before it keeps its
        # fingerprint (Catalogue.fingerprint hashes this dict).


def preset_names(game: str | None = None) -> list[str]:
    """Names of the shipped presets, for ``game`` if given."""
    return [n for n in datafiles.names("presets") if game is None or load_rules(n).game == game]


def load_rules(name: str, *, game: str | None = None) -> Rules:
    """The preset called ``name``; raises UnknownRulesError, also when it is for another game."""
    data = datafiles.read("presets", name)
    if data is None:
        raise UnknownRulesError(f"unknown rules {name!r}: choose one of {', '.join(preset_names(game))}")
    rules = _parse(name, data)
    if game is not None and rules.game != game:
        raise UnknownRulesError(
            f"rules {name!r} are for {rules.game}, not {game}: choose one of {', '.join(preset_names(game))}"
        )
    return rules


def default_rules(game: str) -> Rules:
    """The preset a kit of ``game`` gets unless told otherwise (the game names it)."""
    from kit.games import get_game  # the registry imports every game; presets are read without it

    the_game = get_game(game)
    the_game.require_matchbox_kit()
    return load_rules(the_game.default_rules)


def _parse(name: str, data: dict[str, Any]) -> Rules:
    rules = Rules(
        name=name,
        game=data["game"],
        title=data["title"],
        description=data["description"].strip(),
        initial_beads=tuple(data["initial_beads"]),
        win=data["win"],
        draw=data["draw"],
        loss=data["loss"],
        floor=data.get("floor", 0),
        empty_box=data.get("empty_box", "resign"),
        refill_beads=data.get("refill_beads", 0),
        keep_one=data.get("keep_one", "none"),
        beads_on=data.get("beads_on", "distinct"),
        punish=data.get("punish", "every-move"),
    )
    problems = [
        f"empty_box must be one of {EMPTY_BOX_POLICIES}" * (rules.empty_box not in EMPTY_BOX_POLICIES),
        f"keep_one must be one of {KEEP_ONE_POLICIES}" * (rules.keep_one not in KEEP_ONE_POLICIES),
        f"beads_on must be one of {BEADS_ON}" * (rules.beads_on not in BEADS_ON),
        f"punish must be one of {PUNISH_POLICIES}" * (rules.punish not in PUNISH_POLICIES),
        "initial_beads must be positive" * (not rules.initial_beads or min(rules.initial_beads) < 1),
        "refill needs refill_beads >= 1" * (rules.empty_box == "refill" and rules.refill_beads < 1),
        "floor must be 0 or more" * (rules.floor < 0),
    ]
    if any(problems):
        raise UnknownRulesError(f"preset {name!r} is malformed: {'; '.join(p for p in problems if p)}")
    return rules
