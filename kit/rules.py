"""Reinforcement presets: how many beads a box starts with and how they change, read from TOML files.

Every count in a preset is the net change to the drawn colour relative to before the draw, so
"+3 on a win" means: put the drawn bead back and add three more.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Any

from kit import datafiles
from kit.game import GameError, Result
from kit.games import get_game
from kit.i18n import _


class EmptyBox(StrEnum):
    """What happens when MENACE must draw from an empty box."""

    RESIGN = "resign"  # MENACE resigns: the game is lost
    REFILL = "refill"  # refill_beads random legal beads go in, and one is drawn


class KeepOne(StrEnum):
    """Which boxes a defeat may never empty."""

    NONE = "none"  # any box may empty
    FIRST_BOX = "first-box"  # a first-move box keeps its last bead
    EVERY_BOX = "every-box"  # every box keeps its last bead


class BeadsOn(StrEnum):
    """Which moves a box holds beads for."""

    DISTINCT = "distinct"  # the symmetry-distinct moves
    EVERY = "every"  # every legal square


class Punish(StrEnum):
    """Which of MENACE's draws a defeat punishes."""

    EVERY_MOVE = "every-move"  # every drawn bead (Michie)
    LAST_MOVE = "last-move"  # only the last move's bead; the others go back unchanged (Gardner's HER)


# Each policy is a value (a StrEnum: its text is the preset files' and the kit records' word for it).
EMPTY_BOX_POLICIES = tuple(EmptyBox)
KEEP_ONE_POLICIES = tuple(KeepOne)
BEADS_ON = tuple(BeadsOn)
PUNISH_POLICIES = tuple(Punish)


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
    empty_box: EmptyBox
    refill_beads: int  # with refill: how many random legal beads go in
    keep_one: KeepOne
    beads_on: BeadsOn
    punish: Punish = Punish.EVERY_MOVE
    from_file: bool = False  # a builder's own file, not a shipped preset: a kit keeps a copy (as_file)

    def __post_init__(self) -> None:
        # Policies given as their words (a kit record, a test) become values here, once.
        for name, kind in (
            ("empty_box", EmptyBox),
            ("keep_one", KeepOne),
            ("beads_on", BeadsOn),
            ("punish", Punish),
        ):
            object.__setattr__(self, name, kind(getattr(self, name)))

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
        } | ({"punish": self.punish} if self.punish is not Punish.EVERY_MOVE else {})
        # punish joins only when it is not the old behaviour, so every kit printed before it keeps its
        # fingerprint (Catalogue.fingerprint hashes this dict).

    def as_file(self) -> dict[str, Any]:
        """Every field as a preset file writes it: what a kit keeps of rules that came from a file."""
        fields = {key: value for key, value in self.as_dict().items() if key != "name"}
        return fields | {"title": self.title, "description": self.description, "punish": self.punish}


def preset_names(game: str | None = None) -> list[str]:
    """Names of the shipped presets, for ``game`` if given."""
    return [n for n in datafiles.names("presets") if game is None or load_rules(n).game == game]


def load_rules(name: str, *, game: str | None = None) -> Rules:
    """The preset called ``name``; raises UnknownRulesError, also when it is for another game."""
    data = datafiles.read("presets", name)
    if data is None:
        raise UnknownRulesError(
            _("unknown rules {name!r}: choose one of {names}").format(
                name=name, names=", ".join(preset_names(game))
            )
        )
    rules = rules_from_data(name, data, source=f"preset {name!r}")
    if game is not None and rules.game != game:
        raise UnknownRulesError(
            _("rules {name!r} are for {other}, not {game}: choose one of {names}").format(
                name=name, other=rules.game, game=game, names=", ".join(preset_names(game))
            )
        )
    return rules


def choose_rules(value: str, *, game: str) -> Rules:
    """The rules ``value`` names for a kit of ``game`` (the game's family name): a rules file (one that
    exists, or a name ending in .toml) or a shipped preset."""
    if not datafiles.names_a_file(value):
        return load_rules(value, game=game)
    rules = rules_from_data(Path(value).name, datafiles.read_file(value), source=value, shipped=False)
    if rules.game != game:
        raise UnknownRulesError(
            _("{file}: game is {other!r}, but the kit is {game}: write game = {game!r}").format(
                file=value, other=rules.game, game=game
            )
        )
    return rules


def default_rules(game: str) -> Rules:
    """The preset a kit of ``game`` gets unless told otherwise (the game names it)."""
    the_game = get_game(game)
    the_game.require_matchbox_kit()
    return load_rules(the_game.default_rules)


FIELDS = (
    "game",
    "title",
    "description",
    "initial_beads",
    "win",
    "draw",
    "loss",
    "floor",
    "empty_box",
    "refill_beads",
    "keep_one",
    "beads_on",
    "punish",
)


BEADS_MOST = 1000  # beads a box starts with, or a result adds or takes: a matchbox holds about 90


def rules_from_data(name: str, data: dict[str, Any], *, source: str, shipped: bool = True) -> Rules:
    """Rules from a preset's TOML table, checked field by field (``source`` names it in errors); a file
    of one's own may leave out its title and description."""
    fields = datafiles.Fields(data, source, UnknownRulesError)
    fields.only(FIELDS)
    empty_box = EmptyBox(fields.choice("empty_box", EMPTY_BOX_POLICIES, "resign"))
    if empty_box is EmptyBox.REFILL and "refill_beads" not in data:
        fields.fail('empty_box = "refill" needs refill_beads, a whole number of at least 1')
    return Rules(
        name=name,
        game=fields.text("game"),
        title=fields.text("title", None if shipped else name),
        description=fields.text("description", None if shipped else f"your own rules, from {name}").strip(),
        initial_beads=fields.wholes("initial_beads", least=1, most=BEADS_MOST),
        win=fields.whole("win", most=BEADS_MOST),
        draw=fields.whole("draw", most=BEADS_MOST),
        loss=fields.whole("loss", most=BEADS_MOST),
        floor=fields.whole("floor", 0, least=0, most=BEADS_MOST),
        empty_box=empty_box,
        refill_beads=fields.whole(
            "refill_beads", 0, least=1 if empty_box is EmptyBox.REFILL else 0, most=BEADS_MOST
        ),
        keep_one=KeepOne(fields.choice("keep_one", KEEP_ONE_POLICIES, "none")),
        beads_on=BeadsOn(fields.choice("beads_on", BEADS_ON, "distinct")),
        punish=Punish(fields.choice("punish", PUNISH_POLICIES, "every-move")),
        from_file=not shipped,
    )
