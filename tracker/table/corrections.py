"""Undo and discard: the two ways to correct the game in progress, for `menace undo`/`menace discard` and
the play prompt alike. Undo right after a game reopens it: its settlement and its last move are taken
back, and the game is in progress again (so discard can then drop it).

Each builds the event to record from a kit's world and says what the operator must do with the beads;
the callers only word it for their place (a one-shot command or a line at the prompt).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from kit.i18n import _, n_
from kit.matchbox import BeadChange, instruction
from tracker.state import event_kinds as bodies
from tracker.state import session as sessions
from tracker.state.errors import MenaceError
from tracker.state.events import Ended, Events, World
from tracker.state.kit_record import KitRecord
from tracker.state.session import Session, Step
from tracker.state.text import move_name


class NoGameInProgress(MenaceError):
    """The kit has no game in progress to correct."""


class NothingToUndo(MenaceError):
    """The game in progress has no move (or resignation) to take back."""


@dataclass(frozen=True)
class Undo:
    """Taking back the last move of ``session``: the step taken back, or None for a resignation (MENACE's,
    or the opponent's).

    With ``reopened``, the session is the game just finished: its settlement is taken back first (and
    ``dropped``, the next game if it was started but has no move yet, is dropped before that)."""

    session: Session
    taken: Step | None
    reopened: Ended | None = None
    dropped: Session | None = None

    @property
    def events(self) -> Events:
        game = self.session.game_id
        events: Events = []
        if self.dropped is not None:
            events.append(bodies.Discarded(self.dropped.game_id).pair())
        if self.reopened is not None:
            events.append(bodies.Reopened(game, self.reopened.event).pair())
        events.append(bodies.Undone(game, sessions.last_event(self.session)).pair())
        return events

    def settlement_back(self, kit: KitRecord) -> list[BeadChange]:
        """The bead changes of the reopened game's settlement (none if it is not reopened)."""
        changes = self.reopened.changes if self.reopened is not None else []
        return [BeadChange(box, kit.move(code), before, after) for box, code, before, after in changes]


@dataclass(frozen=True)
class Discard:
    """Dropping ``session``: every bead it drew goes back into its box."""

    session: Session

    @property
    def events(self) -> Events:
        return [bodies.Discarded(self.session.game_id).pair()]

    @property
    def beads_back(self) -> list[Step]:
        return self.session.draws


def plan_undo(world: World) -> Undo:
    """What undo does now; raises NoGameInProgress or NothingToUndo."""
    ended, current = world.ended, world.session
    if ended is not None and (current is None or sessions.last_event(current) is None):
        finished = ended.session
        taken = None if finished.resigned else finished.steps[-1]
        return Undo(finished, taken, reopened=ended, dropped=current)
    session = _in_progress(world, "undo")
    if sessions.last_event(session) is None:
        message = _("game {number} has no move yet: there is nothing to undo")
        raise NothingToUndo(message.format(number=session.number))
    return Undo(session, None if session.resigned else session.steps[-1])


def plan_discard(world: World) -> Discard:
    """What discard does now; raises NoGameInProgress."""
    return Discard(_in_progress(world, "discard"))


def settle_instruction(change: BeadChange, colour: str) -> str:
    """The line that tells the operator what to do with one box's beads at the end of a game."""
    return _("  box {box}: {instruction}").format(box=change.box, instruction=instruction(change, colour))


def reverse_instruction(change: BeadChange, colour: str, square: str = "") -> str:
    """The line that tells the operator how to take one box's settlement back: the box as it was, and the
    drawn bead out of it again, as during the game; with ``square``, where that bead played."""
    line = _reverse_line(change, colour)
    return line + _("; that bead played {square}").format(square=square) if square else line


def _reverse_line(change: BeadChange, colour: str) -> str:
    put_in, box = change.put_in, change.box
    if put_in == 1:
        return _("  box {box}: take the {colour} bead out again (as drawn)").format(box=box, colour=colour)
    if put_in > 1:
        out = n_(
            "  box {box}: take out {count} {colour}: one as drawn, {spare} back to the spare beads",
            "  box {box}: take out {count} {colour}: one as drawn, {spare} back to the spare beads",
            put_in - 1,
        )
        return out.format(box=box, colour=colour, count=put_in, spare=put_in - 1)
    if put_in == 0:
        return _(
            "  box {box}: take one {colour} bead from the spare beads for the one drawn (it was confiscated)"
        ).format(box=box, colour=colour)
    back = n_(
        "  box {box}: put {count} {colour} back in, and take one {colour} bead from the spare beads for the "
        "one drawn (it was confiscated)",
        "  box {box}: put {count} {colour} back in, and take one {colour} bead from the spare beads for the "
        "one drawn (it was confiscated)",
        -put_in,
    )
    return back.format(box=box, colour=colour, count=-put_in)


def undo_lines(kit: KitRecord, undo: Undo) -> list[str]:
    """What the operator does after ``undo`` is recorded, every box, bead and square named: the reopened
    game's boxes as they were, then the move taken back, and MENACE's forced move after it, if any."""
    game, number = kit.catalogue.game, undo.session.number
    lines = []
    if undo.reopened is not None:
        lines.append(
            _("Reopened game {number}: its bead changes are taken back, box by box:").format(number=number)
        )
        played = {step.box: step.played for step in undo.session.steps if step.box is not None}
        for change in undo.settlement_back(kit):
            square = move_name(game, played[change.box], "numbers") if change.box in played else ""
            lines.append(reverse_instruction(change, kit.colour(change.box, change.move), square))
    taken = undo.taken
    if taken is None:
        if undo.session.resigned_by == "opponent":
            lines.append(_("Took back the opponent's resignation in game {number}.").format(number=number))
        else:
            lines.append(_("Took back MENACE's resignation in game {number}.").format(number=number))
        return lines
    square = move_name(game, taken.played, "numbers")
    if taken.box is not None:
        message = _(
            "Took back MENACE's move in game {number}, {square}: put the {colour} bead back in box {box}."
        )
        colour = kit.colour(taken.box, taken.bead)
        lines.append(message.format(number=number, square=square, colour=colour, box=taken.box))
    else:
        lines.append(
            _("Took back the opponent's move in game {number}, {square}.").format(
                number=number, square=square
            )
        )
    if taken.forced:
        forced = ", ".join(move_name(game, move, "numbers") for move in taken.forced)
        lines.append(
            _(
                "Took back MENACE's forced move after it too, {squares}: it comes again once the move "
                "is put right."
            ).format(squares=forced)
        )
    return lines


def _in_progress(world: World, what: str) -> Session:
    if world.session is None:
        message = {
            "undo": _("kit {kit} has no game in progress: there is nothing to undo"),
            "discard": _("kit {kit} has no game in progress: there is nothing to discard"),
        }[what]
        raise NoGameInProgress(message.format(kit=world.kit.name))
    return world.session


def beads_out(world: World) -> list[tuple[int, Any]]:
    """(box, bead) for every bead out on top of its box: drawn in the game in progress, not yet settled."""
    return world.session.beads_drawn if world.session is not None else []


def out_on_top_text(kit: KitRecord, world: World, box: int) -> str | None:
    """The line that tells someone looking at (or recounting) ``box`` that beads of it are out on top."""
    out = [bead for b, bead in beads_out(world) if b == box]
    if not out or world.session is None:
        return None
    colours = ", ".join(f"1 {kit.colour(box, bead)}" for bead in out)
    return _(
        "  and {beads} out on top of the box, drawn in game {number}: not counted here (nor in a census), it "
        "goes back in if the game is discarded"
    ).format(beads=colours, number=world.session.number)
