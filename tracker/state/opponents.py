"""Who plays against MENACE at the table: a person, or any player of kit.players' registry that does not
learn.

Events name the opponent as text ("human", "random", "novice:0.5"); the names are those of
``kit.players.parse_player``, so the tracker, the simulator and the command line agree on them.
"""

from __future__ import annotations

from typing import Any

from kit.game import Game, GameError
from kit.i18n import _
from kit.players import Player, make_player, parse_player, player_usage

HUMAN = "human"


def opponent_name(text: str) -> str:
    """The opponent called ``text``, in its one spelling ("novice:0.50" -> "novice:0.5"); raises GameError."""
    if text.strip() == HUMAN:
        return HUMAN
    try:
        return str(parse_player(text, learners=False))
    except GameError as error:
        raise GameError(f"{error} (or {HUMAN})") from None


def shown_opponent(name: str) -> str:
    """The opponent as a person reads it: a person in the language spoken, a computer player by its name
    (which is also how it is typed)."""
    return _("human") if name == HUMAN else name


def computer_player(name: str, game: Game[Any, Any]) -> Player | None:
    """A fresh player for a computer opponent; None for a person, who types the moves."""
    if name == HUMAN:
        return None
    return make_player(parse_player(name, learners=False), game)


def opponent_help() -> str:
    """The opponents, for --help."""
    return ", ".join([HUMAN, *(usage.split(" ")[0] for usage in player_usage(learners=False))])
