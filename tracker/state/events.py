"""Events and what they do: the one function that turns a logged event into the next state of a kit.

Live play records an event by passing it through ``step`` inside the store's transaction, and
`menace verify` replays the whole log through the same ``step``, so the bead counts on disk and the
replayed ones come from the same code. ``step`` reads an event's body once, into its kind's typed value
(tracker.state.event_kinds), and dispatches on that value.
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass, field
from typing import Any

from kit.game import GameError
from kit.i18n import _
from kit.matchbox import BeadChange, Box, when_empty
from kit.rules import EmptyBox
from tracker.state import event_kinds as bodies
from tracker.state import session as sessions
from tracker.state.kit_record import KitRecord, kit_from_data, kit_name
from tracker.state.opponents import Opponent
from tracker.state.session import BEAD_SOURCES, Session, Turn

Counts = dict[Any, int]  # move (in the box's orientation) -> beads of its colour in the box
Mirror = dict[int, Counts]  # box id -> its counts: the tracker's copy of the physical boxes
Events = list[tuple[str, dict[str, Any]]]  # (kind, data) pairs, as Store.record takes them
BeadCounts = dict[tuple[int, Any], int]  # (box, move) -> beads: what an event sets or adds

KINDS = (
    "kit_created", "game_started", "refilled", "drew", "moved", "resigned", "undone", "game_ended",
    "discarded", "census", "reopened", "renamed", "trained",
)  # fmt: skip


class EventError(GameError):
    """An event that does not fit the state it is applied to."""


@dataclass(frozen=True)
class Event:
    id: str
    kit: str
    kind: str
    at: str  # UTC time, ISO 8601
    data: dict[str, Any]
    game: str | None = None


@dataclass(frozen=True)
class Ended:
    """The game that has just finished, as it stood before its settlement, so it can be reopened."""

    session: Session
    event: str  # id of its game_ended event
    changes: list[list[int]]  # its settlement as the event wrote it: [box, move code, before, after]


@dataclass(frozen=True)
class World:
    """A kit's state: the mirror of its boxes, the game in progress, and how many games it has started."""

    kit: KitRecord
    mirror: Mirror | None  # None: not loaded (a game in progress is being rebuilt from its events)
    session: Session | None = None
    started: int = 0
    head: str | None = None  # id of the kit's last event
    # The game just finished, while nothing has changed a bead since (only a new game started, or that new
    # game discarded before its first move): the game that "reopened" may take back.
    ended: Ended | None = None

    @property
    def loaded_mirror(self) -> Mirror:
        """The mirror, where it is always loaded (a kit's whole log, live play)."""
        assert self.mirror is not None, "the mirror was not loaded"
        return self.mirror


@dataclass(frozen=True)
class Change:
    """What one event did: the new world, the bead counts it set, and the games-table row it wrote."""

    world: World
    beads: BeadCounts = field(default_factory=dict)
    game_row: dict[str, Any] | None = None


def initial_world(event: Event) -> World:
    if event.kind != "kit_created":
        raise EventError(_("a kit's first event must be kit_created, not {kind}").format(kind=event.kind))
    try:  # a field missing or of the wrong type (an edited log) is the event's fault, said as step says it
        kit = kit_from_data(event.kit, event.data)
        mirror = {b.id: dict(zip(b.moves, b.beads, strict=True)) for b in kit.boxes}
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as error:
        if isinstance(error, GameError):
            raise
        raise EventError(
            _("malformed {kind} event: {error}").format(kind=event.kind, error=repr(error))
        ) from None
    return World(kit, mirror, head=event.id)


def refill_rng(game_id: str, box: int) -> random.Random:
    """The seeded generator for refilling ``box`` in a game: the same colours on every replay."""
    return random.Random(f"{game_id}/{box}")


def step(world: World, event: Event) -> Change:
    """Applies ``event`` to ``world``; raises EventError (a GameError) if it does not fit. Its body is
    parsed once, into its kind's typed value (tracker.state.event_kinds), and the step dispatches on that."""
    if event.kind == "kit_created":
        raise EventError(_("the kit already exists"))
    kind = bodies.BODIES.get(event.kind)
    if kind is None:
        raise EventError(_("unknown event kind {kind}").format(kind=repr(event.kind)))
    try:
        return _step(world, event, kind.parse(event.data))
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        if isinstance(error, GameError):
            raise
        raise EventError(
            _("malformed {kind} event: {error}").format(kind=event.kind, error=repr(error))
        ) from None


def _step(world: World, event: Event, body: bodies.Body) -> Change:
    match body:
        case bodies.GameStarted():
            return _game_started(world, event, body)
        case bodies.Refilled():
            return _refilled(world, event, body)
        case bodies.Drew():
            return _drew(world, event, body)
        case bodies.Moved():
            return _moved(world, event, body)
        case bodies.Resigned():
            return _resigned(world, event, body)
        case bodies.Undone():
            return _undone(world, event, body)
        case bodies.GameEnded():
            return _game_ended(world, event, body)
        case bodies.Discarded():
            return _discarded(world, event, body)
        case bodies.Census():
            return _census(world, event, body)
        case bodies.Reopened():
            return _reopened(world, event, body)
        case bodies.Renamed():
            return _renamed(world, event, body)
        case bodies.Trained():
            return _trained(world, event, body)
    raise AssertionError(f"no step for {body!r}")


def _game_started(world: World, event: Event, data: bodies.GameStarted) -> Change:
    if world.session is not None:
        raise EventError(
            _("game {number} is still in progress: finish, undo or discard it first").format(
                number=world.session.number
            )
        )
    number = world.started + 1
    if data.number != number or event.game != data.game:
        raise EventError(
            _("game_started says game {number}, but this is game {number2}").format(
                number=data.number, number2=number
            )
        )
    opponent = _known_opponent(data.opponent)
    if opponent is None or data.draw not in BEAD_SOURCES:
        raise EventError(_("game_started has an unknown opponent or draw"))
    session = sessions.start(world.kit, data.game, number, opponent=opponent, bead_source=data.draw)
    row = {
        "id": data.game,
        "number": number,
        "status": "playing",
        "result": None,
        "opponent": data.opponent,
        "draw": data.draw,
        "started_at": event.at,
        "ended_at": None,
        "moves": "",
        "first_box": None,
    }
    return _next(world, event, session, started=number, row=row, ended=world.ended)


def _known_opponent(name: object) -> Opponent | None:
    """The opponent ``name`` names in its one spelling (human, random, perfect, novice:0.5, menace), or
    None (another spelling, or no opponent)."""
    if not isinstance(name, str):
        return None
    try:
        opponent = Opponent.parse(name, learners=True)  # a run's second MENACE too
    except GameError:
        return None
    return opponent if str(opponent) == name else None


def _refilled(world: World, event: Event, data: bodies.Refilled) -> Change:
    session = _session(world, event, data.game)
    box = _box_now(world, session, data.box)
    if world.kit.rules.empty_box is not EmptyBox.REFILL:
        raise EventError(
            _("rules {rules_name} do not refill an empty box").format(rules_name=world.kit.rules_name)
        )
    added = {world.kit.move(int(code)): n for code, n in data.added.items()}
    if world.mirror is not None:
        if sum(world.mirror[box.id].values()):
            raise EventError(_("box {id} is not empty, so it is not refilled").format(id=box.id))
        expected = when_empty(world.kit.rules, box.moves, refill_rng(session.game_id, box.id))
        if added != expected:
            raise EventError(
                _("box {id} was refilled with {added}, but the rules' draw is {expected}").format(
                    id=box.id, added=added, expected=expected
                )
            )
    return _next(world, event, session, {(box.id, m): n for m, n in added.items()}, relative=True)


def _drew(world: World, event: Event, data: bodies.Drew) -> Change:
    session = _session(world, event, data.game)
    box, move = data.box, world.kit.move(int(data.move))
    # The square is where the bead was played: where the tracker lays the label, or where another way of
    # laying it that fits a symmetric board puts it (sessions.draw checks which).
    square = data.square
    if not isinstance(square, int) or isinstance(square, bool):
        raise EventError(_("a drew event's square is a move code, not {square}").format(square=repr(square)))
    try:
        new = sessions.draw(world.kit, session, box, move, event.id, played=world.kit.move(square))
    except GameError as error:
        raise EventError(str(error)) from None
    if world.mirror is not None and world.mirror[box].get(move, 0) < 1:
        colour = world.kit.colour(box, move)
        message = _("by the tracker's count box {box} holds no {colour} bead")
        raise EventError(message.format(box=box, colour=colour))
    return _next(world, event, new, {(box, move): -1}, relative=True, row=_row(world.kit, new))


def _moved(world: World, event: Event, data: bodies.Moved) -> Change:
    move = world.kit.move(data.square)
    new = sessions.opponent_move(world.kit, _session(world, event, data.game), move, event.id)
    return _next(world, event, new, row=_row(world.kit, new))


def _resigned(world: World, event: Event, data: bodies.Resigned) -> Change:
    """MENACE resigned at an empty box (under rules that resign), or, with ``"by": "opponent"``, the
    opponent resigned at its turn (a second MENACE at an empty box of its own): a win for MENACE."""
    session = _session(world, event, data.game)
    if data.box is None:
        if data.by != "opponent":
            message = _(
                "a resigned event is MENACE's (no 'by') or the opponent's ('by': 'opponent'), not {by}"
            )
            raise EventError(message.format(by=repr(data.by)))
        return _next(world, event, sessions.opponent_resigns(world.kit, session, event.id))
    box = _box_now(world, session, data.box)
    if world.kit.rules.empty_box is not EmptyBox.RESIGN:
        raise EventError(
            _("rules {rules_name} refill an empty box instead of resigning").format(
                rules_name=world.kit.rules_name
            )
        )
    if world.mirror is not None and sum(world.mirror[box.id].values()) > 0:
        raise EventError(_("by the tracker's count box {id} is not empty").format(id=box.id))
    return _next(world, event, sessions.resign(world.kit, session, box.id, event.id))


def _undone(world: World, event: Event, data: bodies.Undone) -> Change:
    session = _session(world, event, data.game)
    if data.event != sessions.last_event(session):
        raise EventError(_("undo must take back the game's last move"))
    new, taken = sessions.undo(world.kit, session)
    back = {(taken.box, taken.bead): 1} if taken is not None and taken.box is not None else None
    return _next(world, event, new, back, relative=True, row=_row(world.kit, new))


def _game_ended(world: World, event: Event, data: bodies.GameEnded) -> Change:
    session = _session(world, event, data.game)
    if sessions.turn(world.kit, session) is not Turn.OVER:
        raise EventError(_("game {number} is not over yet").format(number=session.number))
    result = sessions.result(world.kit, session).value
    if data.result != result:
        raise EventError(
            _("game {number} was a {result} for MENACE, not a {result2}").format(
                number=session.number, result=result, result2=data.result
            )
        )
    beads: BeadCounts = {}
    if world.mirror is not None:
        changes = sessions.settlement(world.kit, session, world.mirror)
        if data.changes != _changes_data(world.kit, changes):
            raise EventError(
                _("game {number}'s bead changes do not follow rules {rules_name}").format(
                    number=session.number, rules_name=world.kit.rules_name
                )
            )
        beads = {(c.box, c.move): c.after for c in changes}
    row = {**_row(world.kit, session), "status": "finished", "result": result, "ended_at": event.at}
    ended = Ended(session, event.id, data.changes)
    change = _next(world, event, None, beads, row=row, ended=ended)
    if change.world.mirror is not None:
        first = change.world.mirror[world.kit.catalogue.first_box]
        row["first_box"] = {world.kit.code(move): n for move, n in first.items()}
    return change


def game_ended(world: World) -> bodies.GameEnded:
    """The game_ended event for the finished game in progress."""
    session, mirror = world.session, world.mirror
    assert session is not None and mirror is not None, "a game in progress, with the mirror loaded"
    changes = sessions.settlement(world.kit, session, mirror)
    result = sessions.result(world.kit, session).value
    return bodies.GameEnded(session.game_id, result, _changes_data(world.kit, changes))


def ended_data(world: World) -> dict[str, Any]:
    """The body of the game_ended event for the finished game in progress."""
    return game_ended(world).data()


def _changes_data(kit: KitRecord, changes: list[BeadChange]) -> list[list[int]]:
    """Bead changes as the game_ended event writes them: [box, move code, before, after]."""
    return [[c.box, kit.code(c.move), c.before, c.after] for c in changes]


def _discarded(world: World, event: Event, data: bodies.Discarded) -> Change:
    session = _session(world, event, data.game)
    back: dict[tuple[int, Any], int] = {}
    for drawn in session.beads_drawn:
        back[drawn] = back.get(drawn, 0) + 1
    row = {**_row(world.kit, session), "status": "discarded", "ended_at": event.at}
    # A game dropped before its first move changed no bead: the game before it may still be reopened.
    ended = world.ended if not session.steps else None
    return _next(world, event, None, back, relative=True, row=row, ended=ended)


def _reopened(world: World, event: Event, data: bodies.Reopened) -> Change:
    """The game just finished is in progress again, its settlement taken back."""
    ended = world.ended
    if world.session is not None or ended is None:
        raise EventError(_("only the game just finished can be reopened, before any bead has changed since"))
    session = ended.session
    if event.game != session.game_id or data.game != session.game_id:
        raise EventError(
            _("the game just finished is game {number}, not the game this event names").format(
                number=session.number
            )
        )
    if data.event != ended.event:
        raise EventError(
            _("reopening game {number} must name its game_ended event").format(number=session.number)
        )
    beads: BeadCounts = {}
    for box, code, before, after in reversed(ended.changes):
        move = world.kit.move(code)
        if world.mirror is not None and world.mirror[box].get(move, 0) != after:
            raise EventError(
                _("box {box} holds {count} {colour} beads, not the {after} that game {number} left").format(
                    box=box,
                    count=world.mirror[box].get(move, 0),
                    colour=world.kit.colour(box, move),
                    after=after,
                    number=session.number,
                )
            )
        beads[(box, move)] = before
    row = {**_row(world.kit, session), "status": "playing", "result": None, "ended_at": None}
    row["first_box"] = None
    return _next(world, event, session, beads, row=row)


def _census(world: World, event: Event, data: bodies.Census) -> Change:
    box = world.kit.box(data.box)
    counts = {world.kit.move(int(code)): n for code, n in data.counts.items()}
    for move, count in counts.items():
        if move not in box.moves:
            raise EventError(
                _("box {id} has no {colour} beads").format(id=box.id, colour=world.kit.colour(box, move))
            )
        if not isinstance(count, int) or isinstance(count, bool) or not 0 <= count <= 9999:
            raise EventError(
                _("a bead count is a whole number from 0 to 9999, not {count}").format(count=repr(count))
            )
    return _next(world, event, world.session, {(box.id, m): n for m, n in counts.items()})


def _renamed(world: World, event: Event, data: bodies.Renamed) -> Change:
    """The kit has another name from now on (`menace import --rename`: its own was taken in this store)."""
    name = data.name
    if not isinstance(name, str) or kit_name(name) != name:
        raise EventError(
            _("{name} is not a kit's name as the store keeps it (trimmed, NFC)").format(name=repr(name))
        )
    change = _next(world, event, world.session, ended=world.ended)
    return Change(dataclasses.replace(change.world, kit=dataclasses.replace(world.kit, name=name)))


def _trained(world: World, event: Event, data: bodies.Trained) -> Change:
    """A kit made by `menace train`: every colour of every box set to the trained MENACE's count, before the
    kit's first game. ``how`` says how it was made (game, side and rules must be the kit's)."""
    kit, how = world.kit, data.how
    if world.session is not None or world.started:
        raise EventError(
            _("kit {name} has played games: only a kit that has not is trained").format(name=kit.name)
        )
    if (how["game"], how["menace_plays"], how["rules"]) != (kit.game, kit.menace_plays, kit.rules_name):
        raise EventError(
            _(
                "the training was of {game}, {menace_plays}, rules {rules}: not of kit {name}'s game, side "
                "and rules"
            ).format(game=how["game"], menace_plays=how["menace_plays"], rules=how["rules"], name=kit.name)
        )
    counts: BeadCounts = {}
    for box_id, code, count in data.counts:
        box, move = kit.box(box_id), kit.move(int(code))
        if move not in box.moves:
            message = _("box {id} has no {colour} beads")
            raise EventError(message.format(id=box.id, colour=kit.colour(box, move)))
        # A far higher limit than a census's: thousands of wins against a weak player add beads by thousands.
        # But one: SQLite holds 64 bits, and a count near 2**63 would overflow at the kit's next win.
        if not isinstance(count, int) or isinstance(count, bool) or not 0 <= count <= MOST_TRAINED:
            raise EventError(
                _("a bead count is a whole number from 0 to {most}, not {count}").format(
                    most=MOST_TRAINED, count=repr(count) if len(repr(count)) < 40 else repr(count)[:40] + "…"
                )
            )
        counts[(box.id, move)] = count
    every = {(b.id, m) for b in kit.boxes for m in b.moves}
    if set(counts) != every or len(data.counts) != len(every):
        raise EventError(_("a trained event gives the count of every colour in every box, once"))
    return _next(world, event, None, counts)


MOST_TRAINED = 10**9  # beads of one colour in a trained box: a billion games' wins; far below 2**63


def _session(world: World, event: Event, game: str | None) -> Session:
    """The game in progress, which the event (``game``: the game its body names) must belong to."""
    if world.session is None:
        raise EventError(_("no game is in progress for kit {name}").format(name=world.kit.name))
    if event.game != world.session.game_id or game != world.session.game_id:
        raise EventError(
            _("the event belongs to another game than game {number}").format(number=world.session.number)
        )
    return world.session


def _box_now(world: World, session: Session, box_id: int) -> Box:
    where = sessions.placement(world.kit, session)
    if box_id != where.box.id:
        raise EventError(
            _("MENACE draws from box {id} now, not box {box_id}").format(id=where.box.id, box_id=box_id)
        )
    return where.box


def _next(
    world: World,
    event: Event,
    session: Session | None,
    counts: BeadCounts | None = None,
    *,
    relative: bool = False,
    started: int | None = None,
    row: dict[str, Any] | None = None,
    ended: Ended | None = None,
) -> Change:
    """The change ``event`` makes: the game now in progress, bead counts set (or with ``relative`` added to),
    and the games-table row it writes. ``ended`` is the game that may be reopened after it (None, unless the
    event is one that keeps it).

    Every handler ends here, so each event builds one World and one Change: verify and import step through
    the whole log, and building them field by field (dataclasses.replace) several times per event was most
    of that time.
    """
    before, mirror, written = world.mirror, world.mirror, {}
    if counts and before is not None:
        mirror = dict(before)  # copy only the boxes that change: the world before stays as it was
        for (box, move), value in counts.items():
            if mirror[box] is before[box]:
                mirror[box] = dict(mirror[box])
            new = mirror[box].get(move, 0) + value if relative else value
            if new < 0:
                raise EventError(
                    _("box {box} would hold {new} beads of {colour}").format(
                        box=box, new=new, colour=world.kit.colour(box, move)
                    )
                )
            mirror[box][move] = written[(box, move)] = new
    started = world.started if started is None else started
    return Change(World(world.kit, mirror, session, started, event.id, ended), written, row)


def _row(kit: KitRecord, session: Session) -> dict[str, Any]:
    """The games-table row's moves so far, as move codes."""
    return {"id": session.game_id, "moves": " ".join(str(kit.code(m)) for m in session.moves)}
