"""Undo and discard: the two ways to correct the game in progress, for `menace undo`/`menace discard` and
the play prompt alike.

Each builds the event to record from a kit's world and says what the operator must do with the beads;
the callers only word it for their place (a one-shot command or a line at the prompt).
"""

from __future__ import annotations

from dataclasses import dataclass

from tracker import session as sessions
from tracker.errors import MenaceError
from tracker.events import Events, World
from tracker.session import Session, Step


class NoGameInProgress(MenaceError):
    """The kit has no game in progress to correct."""


class NothingToUndo(MenaceError):
    """The game in progress has no move (or resignation) to take back."""


@dataclass(frozen=True)
class Undo:
    """Taking back the last move of ``session``: the step taken back, or None for MENACE's resignation."""

    session: Session
    taken: Step | None

    @property
    def events(self) -> Events:
        last = sessions.last_event(self.session)
        return [("undone", {"game": self.session.game_id, "event": last})]


@dataclass(frozen=True)
class Discard:
    """Dropping ``session``: every bead it drew goes back into its box."""

    session: Session

    @property
    def events(self) -> Events:
        return [("discarded", {"game": self.session.game_id})]

    @property
    def beads_back(self) -> list[Step]:
        return self.session.draws


def plan_undo(world: World) -> Undo:
    """What undo does now; raises NoGameInProgress or NothingToUndo."""
    session = _in_progress(world, "undo")
    if sessions.last_event(session) is None:
        raise NothingToUndo(f"game {session.number} has no move yet: there is nothing to undo")
    return Undo(session, None if session.resigned else session.steps[-1])


def plan_discard(world: World) -> Discard:
    """What discard does now; raises NoGameInProgress."""
    return Discard(_in_progress(world, "discard"))


def _in_progress(world: World, what: str) -> Session:
    if world.session is None:
        raise NoGameInProgress(f"kit {world.kit.name} has no game in progress: there is nothing to {what}")
    return world.session
