"""The tracker's names for players: who plays against MENACE at the table (a person, or any player of
kit.players' registry that does not learn), and kit:NAME, a kit of the store, which the tracker adds to
that registry.

Events name the opponent as text ("human", "random", "novice:0.5"); the names are those of
``kit.players.parse_player``, so the tracker, the simulator and the command line agree on them. Every
tracker path that reads a player's name imports this module (events, the play table, `menace match`), so
kit:NAME is registered before any name is read.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Self

from kit.game import Game, GameError
from kit.i18n import _
from kit.matchbox import Catalogue
from kit.players import Player, PlayerSpec, make_player, parse_player, player_usage, register

HUMAN = "human"


@register
@dataclass(frozen=True)
class KitSpec(PlayerSpec):
    """kit:NAME: a kit of the store, playing its own side from the beads it holds."""

    kind = "kit"
    usage = "kit:NAME"
    learns = True  # with --learn its games are recorded in the store
    name: str

    @classmethod
    def parse(cls, argument: str) -> Self:
        if argument.strip():
            return cls(argument.strip())
        raise GameError(_("kit:NAME needs the name of a kit in the store, e.g. kit:class-7b"))

    def __str__(self) -> str:
        return f"kit:{self.name}"

    def make(self, game: Game[Any, Any], catalogue: Catalogue | None) -> Player:
        # A kit's beads and side are in the store, which a spec does not hold: `menace match` seats it
        # (tracker.lab.kit_players.kit_player), and no other command takes a player that learns from a kit.
        text = _("{spec} is a kit in the tracker's store: only the tracker makes it (menace match)")
        raise GameError(text.format(spec=self))


@dataclass(frozen=True)
class Opponent:
    """Who plays against MENACE in a game at the table: a person (``spec`` None) or a computer player.

    Read once from its name (``Opponent.parse``, where the command line, the page or an event gives it) and
    written back with ``str`` ("human", "random", "novice:0.5"), the name events and the games table keep."""

    spec: PlayerSpec | None = None

    @classmethod
    def parse(cls, text: str, *, learners: bool = False) -> Opponent:
        """The opponent called ``text``; raises GameError. With ``learners``, also a fresh player that learns
        from game to game (menace, menace:RULES, q), as a run on the classroom screen takes: the table keeps
        it while it plays. A kit of the store (kit:NAME) plays only at `menace match`."""
        if text.strip() == HUMAN:
            return PERSON
        try:
            spec = parse_player(text, learners=learners)
        except GameError as error:
            raise GameError(_("{error} (or {human})").format(error=error, human=HUMAN)) from None
        if isinstance(spec, KitSpec):
            raise GameError(
                _("{spec} is a kit in the tracker's store: it plays other kits at `menace match`").format(
                    spec=spec
                )
            )
        return cls(spec)

    def __str__(self) -> str:
        return HUMAN if self.spec is None else str(self.spec)

    @property
    def person(self) -> bool:
        """Whether a person plays (and types the moves)."""
        return self.spec is None

    @property
    def learns(self) -> bool:
        """Whether it learns from game to game (its state outlives a game)."""
        return self.spec is not None and self.spec.learns

    def shown(self) -> str:
        """As a person reads it: a person in the language spoken, a computer player by its name (which is
        also how it is typed)."""
        return _("human") if self.spec is None else str(self.spec)

    def player(self, game: Game[Any, Any], catalogue: Catalogue | None = None) -> Player | None:
        """A fresh player for a computer opponent (one that learns plays from ``catalogue``, its side's
        boxes); None for a person, who types the moves."""
        return None if self.spec is None else make_player(self.spec, game, catalogue)


PERSON = Opponent()


def opponent_name(text: str, *, learners: bool = False) -> str:
    """The opponent called ``text``, in its one spelling ("novice:0.50" -> "novice:0.5"); raises GameError
    (Opponent.parse says which it takes)."""
    return str(Opponent.parse(text, learners=learners))


def shown_opponent(name: str) -> str:
    """The opponent as a person reads it: a person in the language spoken, a computer player by its name
    (which is also how it is typed)."""
    return _("human") if name == HUMAN else name


def opponent_help() -> str:
    """The opponents, for --help."""
    return ", ".join([HUMAN, *(usage.split(" ")[0] for usage in player_usage(learners=False))])
