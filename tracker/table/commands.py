"""The table's commands: what can be done to a kit's game at the table, decided against the kit's world.

A game at the table is the pure state machine of ``tracker.state.session`` plus these commands. ``decide``
takes the kit's world and one command value and gives back a ``Decision``: the events to record, the world
they step it to (each event stepped once, by ``tracker.state.events.step``, where a move is checked for
legality in its one place) and what to tell the person, as message values, never sentences. The store
records a decision with ``Store.commit`` and hands back its world; the front ends (the terminal's play
table, the browser's pupil, runs from the classroom screen, the lab's recorded matches) each make commands
from their input and word the messages for their place.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from kit.game import GameError
from kit.i18n import _
from kit.matchbox import BeadChange, Box, pick, when_empty
from kit.players import Player
from tracker.state import event_kinds as bodies
from tracker.state import session as sessions
from tracker.state.events import Change, Counts, Event, Events, World, game_ended, refill_rng, step
from tracker.state.opponents import Opponent
from tracker.state.session import Session, Turn
from tracker.store.event_store import new_id, now
from tracker.table.corrections import Discard as DiscardPlan
from tracker.table.corrections import NothingToUndo, plan_discard, plan_undo
from tracker.table.corrections import Undo as UndoPlan
from tracker.table.squares import bead_for

# --- commands ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class StartGame:
    """Start the kit's next game against ``opponent`` (tracker.state.opponents); MENACE's beads drawn
    ``bead_source`` (physical or digital)."""

    opponent: Opponent
    bead_source: str


@dataclass(frozen=True)
class DrawBead:
    """MENACE's move: the bead drawn from the open box, given as the move it plays on the real board (a
    physical bead read from its colour or square, or one the adapter drew)."""

    move: Any


@dataclass(frozen=True)
class DigitalDraw:
    """MENACE's move drawn by the tracker from its mirror of the open box, with ``rng``; an empty box is
    refilled (and drawn from) or resigns, by the kit's rules."""

    rng: random.Random


@dataclass(frozen=True)
class EmptyBox:
    """The person found the open box empty."""


@dataclass(frozen=True)
class OpponentMove:
    """The opponent's move on the real board."""

    move: Any


@dataclass(frozen=True)
class OpponentResigns:
    """The opponent resigned at its turn (a second MENACE at an empty box): MENACE wins."""


@dataclass(frozen=True)
class Settle:
    """Apply the bead changes of the finished game (at once, or when the person confirms them)."""


@dataclass(frozen=True)
class TakeBack:
    """Take back the last move of the game in progress (or reopen the game just finished)."""


@dataclass(frozen=True)
class DiscardGame:
    """Drop the game in progress; the beads it drew go back into their boxes."""


@dataclass(frozen=True)
class Census:
    """The open box was recounted: it holds ``counts`` (move in the box's orientation -> beads)."""

    counts: Counts


Command = (
    StartGame
    | DrawBead
    | DigitalDraw
    | EmptyBox
    | OpponentMove
    | OpponentResigns
    | Settle
    | TakeBack
    | DiscardGame
    | Census
)

# --- messages ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class GameStarted:
    number: int


@dataclass(frozen=True)
class MenaceDrew:
    """MENACE drew ``bead`` from ``box`` and plays ``move`` on the real board (``digital``: the tracker
    drew it)."""

    box: int
    bead: Any
    move: Any
    before: World  # the world the bead was drawn in (how the board looked)
    digital: bool


@dataclass(frozen=True)
class OpponentMoved:
    opponent: Opponent
    move: Any


@dataclass(frozen=True)
class Forced:
    """MENACE's last move had no box: the tracker played it."""

    move: Any


@dataclass(frozen=True)
class BoardNow:
    """The board after a move."""

    world: World


@dataclass(frozen=True)
class StillHolds:
    """Drift: the box is said to be empty, but by the tracker's count it still holds beads."""

    box: Box
    counts: Counts


@dataclass(frozen=True)
class Refilled:
    box: Box
    added: Counts


@dataclass(frozen=True)
class Resigned:
    box: Box


@dataclass(frozen=True)
class OpponentResigned:
    opponent: Opponent


@dataclass(frozen=True)
class GameOver:
    """The game is over; its bead changes, box by box (applied by a Settle, at once unless confirmed)."""

    world: World
    changes: tuple[BeadChange, ...]


@dataclass(frozen=True)
class Recorded:
    """The finished game's bead changes are applied."""


@dataclass(frozen=True)
class NothingToTakeBack:
    pass


@dataclass(frozen=True)
class TookBack:
    plan: UndoPlan


@dataclass(frozen=True)
class Discarded:
    plan: DiscardPlan


@dataclass(frozen=True)
class Recounted:
    box: Box
    counts: Counts


Message = (
    GameStarted
    | MenaceDrew
    | OpponentMoved
    | Forced
    | BoardNow
    | StillHolds
    | Refilled
    | Resigned
    | OpponentResigned
    | GameOver
    | Recorded
    | NothingToTakeBack
    | TookBack
    | Discarded
    | Recounted
)


@dataclass(frozen=True)
class Decision:
    """What a command does: the events to record, each with the change it makes (stepped once), and the
    messages for the person. ``world`` is the world after them."""

    before: World
    changes: tuple[tuple[Event, Change], ...]
    messages: tuple[Message, ...]

    @property
    def world(self) -> World:
        return self.changes[-1][1].world if self.changes else self.before

    @property
    def events(self) -> list[Event]:
        return [event for event, _change in self.changes]

    @property
    def ended(self) -> bool:
        """Whether it applied a finished game's bead changes."""
        return any(event.kind == "game_ended" for event in self.events)


# --- deciding ---------------------------------------------------------------------------------------------


def decide(world: World, command: Command, *, confirm: bool = False) -> Decision:
    """The events ``command`` records in ``world`` and what to say; raises GameError when it does not fit
    (an illegal move: IllegalMoveError, from the one check). ``confirm``: a finished game waits for a Settle
    instead of being settled at once."""
    return _Decider(world, confirm).decide(command)


class _Decider:
    """One decision being built: events are stepped as they are added, so later ones see the world after."""

    def __init__(self, world: World, confirm: bool) -> None:
        self.before = self.world = world
        self.kit = world.kit
        self.confirm = confirm
        self.changes: list[tuple[Event, Change]] = []
        self.messages: list[Message] = []

    def decide(self, command: Command) -> Decision:
        if isinstance(command, StartGame):
            number = self.world.started + 1
            self.add(bodies.GameStarted(number, new_id(), str(command.opponent), command.bead_source))
            self.messages.append(GameStarted(number))
        elif isinstance(command, DrawBead):
            self.draw(command.move, digital=False)
        elif isinstance(command, DigitalDraw):
            self.digital_draw(command.rng)
        elif isinstance(command, EmptyBox):
            self.empty_box()
        elif isinstance(command, OpponentMove):
            session = self.session()
            self.add(bodies.Moved(self.kit.code(command.move), session.game_id))
            self.messages.append(OpponentMoved(session.opponent, command.move))
            self.after_move()
        elif isinstance(command, OpponentResigns):
            session = self.session()
            self.add(bodies.Resigned(session.game_id, by="opponent"))
            self.messages.append(OpponentResigned(session.opponent))
            self.after_move(board=False)
        elif isinstance(command, Settle):
            self.settle()
        elif isinstance(command, TakeBack):
            try:
                plan = plan_undo(self.world)
            except NothingToUndo:
                self.messages.append(NothingToTakeBack())
            else:
                self.add_all(plan.events)
                self.messages.append(TookBack(plan))
        elif isinstance(command, DiscardGame):
            discarded = plan_discard(self.world)
            self.add_all(discarded.events)
            self.messages.append(Discarded(discarded))
        elif isinstance(command, Census):
            box = self.open_box()
            counts = {str(self.kit.code(m)): n for m, n in command.counts.items()}
            self.add(bodies.Census(box.id, counts))
            self.messages.append(Recounted(box, self.world.loaded_mirror[box.id]))
        return Decision(self.before, tuple(self.changes), tuple(self.messages))

    # --- MENACE's draw ---
    def draw(self, move: Any, *, digital: bool) -> None:
        session = self.session()
        before = self.world
        where = self.kit.place(session.state.position)
        bead = bead_for(self.kit, where, move, self.world.loaded_mirror[where.box.id])
        self.add(bodies.Drew(session.game_id, where.box.id, self.kit.code(bead), self.kit.code(move)))
        self.messages.append(MenaceDrew(where.box.id, bead, move, before, digital))
        self.after_move()

    def digital_draw(self, rng: random.Random) -> None:
        where = self.kit.place(self.session().state.position)
        if not sum(self.world.loaded_mirror[where.box.id].values()) and self.empty_box():
            return  # resigned
        self.draw(where.to_real(pick(self.world.loaded_mirror[where.box.id], rng)), digital=True)

    def empty_box(self) -> bool:
        """The open box found empty: refilled, or MENACE resigns (True); drift if it still holds beads."""
        session = self.session()
        box = self.open_box()
        counts = self.world.loaded_mirror[box.id]
        if sum(counts.values()):
            self.messages.append(StillHolds(box, counts))
            return False
        added = when_empty(self.kit.rules, box.moves, refill_rng(session.game_id, box.id))
        if added is None:
            self.messages.append(Resigned(box))
            self.add(bodies.Resigned(session.game_id, box.id))
            self.after_move(board=False)
            return True
        self.messages.append(Refilled(box, added))
        added_data = {str(self.kit.code(m)): n for m, n in added.items()}
        self.add(bodies.Refilled(session.game_id, box.id, added_data))
        return False

    # --- after a move ---
    def after_move(self, *, board: bool = True) -> None:
        """Forced moves and the board after a move; a game it ends is settled at once unless confirmed."""
        session = self.session()
        if board:
            for move in session.steps[-1].forced:
                self.messages.append(Forced(move))
            self.messages.append(BoardNow(self.world))
        if not self.confirm and sessions.turn(self.kit, session) is Turn.OVER:
            self.messages.append(GameOver(self.world, tuple(self.settlement())))
            self.settle()

    def settle(self) -> None:
        self.add(game_ended(self.world))
        self.messages.append(Recorded())

    def settlement(self) -> list[BeadChange]:
        return sessions.settlement(self.kit, self.session(), self.world.loaded_mirror)

    # --- the world as it is now ---
    def session(self) -> Session:
        if self.world.session is None:
            raise GameError(_("no game is in progress: start a new game"))
        return self.world.session

    def open_box(self) -> Box:
        return sessions.placement(self.kit, self.session()).box

    def add(self, body: bodies.Body) -> None:
        self.add_data(*body.pair())

    def add_data(self, kind: str, data: dict[str, Any]) -> None:
        """Steps the event ``kind`` with the body ``data`` (as written by tracker.state.event_kinds)."""
        event = Event(new_id(), self.kit.id, kind, now(), data, data.get("game"))
        change = step(self.world, event)
        self.changes.append((event, change))
        self.world = change.world

    def add_all(self, events: Events) -> None:
        for kind, data in events:
            self.add_data(kind, data)


# --- computers at the table -----------------------------------------------------------------------------


def computers_command(world: World, opponent: Player | None, rng: random.Random) -> Command | None:
    """The next command of a game where the tracker draws MENACE's beads and a computer plays the opponent:
    a digital draw, the computer's move, its resignation (it chose no move), or the settlement of a finished
    game. None: a person's move is wanted (``opponent`` None)."""
    session = world.session
    assert session is not None, "a game in progress"
    now_ = sessions.turn(world.kit, session)
    if now_ is Turn.OVER:
        return Settle()
    if now_ is Turn.MENACE:
        return DigitalDraw(rng)
    if opponent is None:
        return None
    move = opponent.choose(session.state, rng)
    return OpponentResigns() if move is None else OpponentMove(move)
