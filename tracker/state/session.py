"""A game in progress against MENACE, as a pure state machine over the kit's rules.

The session knows whose turn it is, which box MENACE draws from and how that box's picture lies on
the real board, and plays forced moves (a position with one empty square has no box). It holds no
bead counts: those belong to the mirror, and ``tracker.state.events`` joins the two. Live play and
`menace verify` both move sessions through these functions, so they cannot disagree.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from kit.game import GameError, Result, State
from kit.i18n import _
from kit.matchbox import BeadChange, Draw, Placement, settle
from tracker.state.kit_record import KitRecord
from tracker.state.opponents import Opponent
from tracker.state.text import move_name

# Where MENACE's beads are drawn: the person draws from the real box, or the tracker from its mirror.
BEAD_SOURCES = ("physical", "digital")


class Turn(enum.Enum):
    """Who acts next in a game."""

    MENACE = "menace"  # a bead is drawn from a box
    OPPONENT = "opponent"  # the opponent moves on the real board
    OVER = "over"  # finished (or resigned), waiting to be settled


@dataclass(frozen=True)
class Step:
    """One accepted move, by MENACE (with its box and bead) or the opponent, and the forced moves after it."""

    event: str  # id of the event that made it
    actor: str  # "menace" or "opponent"
    played: Any  # the move on the real board
    box: int | None = None
    bead: Any = None  # MENACE's bead: the move in the box's own orientation
    forced: tuple[Any, ...] = ()  # MENACE moves without a box that followed at once
    before: State[Any] | None = None  # the game's state just before the move, so no one replays to find it


@dataclass(frozen=True)
class Session:
    game_id: str
    number: int
    opponent: Opponent  # a person, or a computer player such as random or novice:0.5
    bead_source: str  # BEAD_SOURCES: physical or digital (the event's "draw")
    state: State[Any]
    steps: tuple[Step, ...] = ()
    resigned: str | None = None  # id of the resign event
    resigned_box: int | None = None  # the box MENACE resigned at (None: the opponent resigned)
    resigned_by: str | None = None  # who resigned: "menace" (at an empty box) or "opponent"

    @property
    def draws(self) -> list[Step]:
        return [s for s in self.steps if s.box is not None]

    @property
    def beads_drawn(self) -> list[tuple[int, Any]]:
        """(box, bead) for every bead MENACE drew in this game, in order."""
        return [(s.box, s.bead) for s in self.steps if s.box is not None]

    @property
    def moves(self) -> list[int]:
        """Every move on the real board, in order, forced ones included."""
        return [m for s in self.steps for m in (s.played, *s.forced)]


def start(kit: KitRecord, game_id: str, number: int, *, opponent: Opponent, bead_source: str) -> Session:
    return Session(game_id, number, opponent, bead_source, kit.catalogue.game.initial())


def turn(kit: KitRecord, session: Session) -> Turn:
    if session.resigned or kit.catalogue.game.outcome(session.state) is not None:
        return Turn.OVER
    return Turn.MENACE if session.state.to_move == kit.catalogue.menace else Turn.OPPONENT


def placement(kit: KitRecord, session: Session) -> Placement:
    """The box MENACE draws from now and how its picture lies on the real board."""
    _expect(kit, session, Turn.MENACE)
    return kit.place(session.state.position)


def draw(kit: KitRecord, session: Session, box: int, bead: Any, event: str, played: Any = None) -> Session:
    """MENACE played ``bead`` (a move in the box's orientation) drawn from ``box``: on the real board, on
    ``played`` if given (where the label, laid another way that also fits the board, puts the bead), else
    where the tracker's own placement of the label puts it."""
    where = placement(kit, session)
    if box != where.box.id:
        raise GameError(
            _("MENACE draws from box {box} now, not box {other}").format(box=where.box.id, other=box)
        )
    game = kit.catalogue.game
    if bead not in where.box.moves:
        raise GameError(
            _("box {box} has no bead for {move}").format(box=box, move=move_name(game, bead, "numbers"))
        )
    if played is None:
        played = where.to_real(bead)
    elif bead not in beads_for(kit, where, played):
        shown = move_name(game, where.to_real(bead), "numbers")
        raise GameError(
            _(
                "the {colour} bead of box {box} plays {move} on the real board (or a square the board's "
                "symmetry makes the same), not {played}"
            ).format(
                colour=kit.colour(box, bead), box=box, move=shown, played=move_name(game, played, "numbers")
            )
        )
    state, forced = _forced(kit, checked_move(kit, session.state, played))
    return _played(session, state, Step(event, "menace", played, box, bead, forced, session.state))


def checked_move(kit: KitRecord, state: State[Any], move: Any) -> State[Any]:
    """The state after ``move``: the one place a move at the table is checked (IllegalMoveError if it is not
    legal). Every move, MENACE's or the opponent's, typed, drawn or clicked, reaches it once, as its event is
    stepped; replaying a stored game steps through it again."""
    return kit.catalogue.game.play(state, move)


def beads_for(kit: KitRecord, where: Placement, played: Any) -> list[Any]:
    """The box's beads that play ``played`` on the real board under some placement of its label onto it,
    the tracker's own placement first. One bead, where beads are on symmetry-distinct moves; with beads on
    every square (golf), each placement that fits a symmetric board may put a different bead there."""
    game = kit.catalogue.game
    beads: list[Any] = []
    for transform in game.placements(where.box.position, where.position):
        beads += [b for b in where.box.moves if transform.move(b) == played and b not in beads]
    return beads


def opponent_move(kit: KitRecord, session: Session, move: Any, event: str) -> Session:
    """The opponent played ``move`` on the real board."""
    _expect(kit, session, Turn.OPPONENT)
    state, forced = _forced(kit, checked_move(kit, session.state, move))
    return _played(session, state, Step(event, "opponent", move, forced=forced, before=session.state))


def resign(kit: KitRecord, session: Session, box: int, event: str) -> Session:
    where = placement(kit, session)
    if box != where.box.id:
        raise GameError(
            _("MENACE draws from box {box} now, not box {other}").format(box=where.box.id, other=box)
        )
    return replace(session, resigned=event, resigned_box=box, resigned_by="menace")


def opponent_resigns(kit: KitRecord, session: Session, event: str) -> Session:
    """The opponent resigned at its turn (a second MENACE at an empty box): MENACE wins."""
    _expect(kit, session, Turn.OPPONENT)
    return replace(session, resigned=event, resigned_box=None, resigned_by="opponent")


def undo(kit: KitRecord, session: Session) -> tuple[Session, Step | None]:
    """The session without its last move (or its resignation), and the step taken back (None: the
    resignation)."""
    if session.resigned:
        return replace(session, resigned=None, resigned_box=None, resigned_by=None), None
    if not session.steps:
        raise GameError(_("nothing to undo: no move has been made in this game yet"))
    steps = session.steps[:-1]
    game = kit.catalogue.game
    state = game.initial()
    for step in steps:
        for move in (step.played, *step.forced):
            state = game.play(state, move)
    return replace(session, state=state, steps=steps), session.steps[-1]


def last_event(session: Session) -> str | None:
    """The id of the event that ``undo`` takes back."""
    if session.resigned:
        return session.resigned
    return session.steps[-1].event if session.steps else None


def result(kit: KitRecord, session: Session) -> Result:
    _expect(kit, session, Turn.OVER)
    if session.resigned:
        return Result.WIN if session.resigned_by == "opponent" else Result.LOSS
    outcome = kit.catalogue.game.outcome(session.state)
    assert outcome is not None, "the game is over"
    return outcome.result_for(kit.catalogue.menace)


def settlement(kit: KitRecord, session: Session, mirror: Mapping[int, Mapping[Any, int]]) -> list[BeadChange]:
    """The bead change for every box used in a finished game, from the mirror's counts now."""
    draws = [
        Draw(
            box,
            bead,
            mirror[box][bead],
            sum(mirror[box].values()),
            first_move=kit.catalogue.is_first_move_box(box),
        )
        for box, bead in session.beads_drawn
    ]
    return settle(kit.rules, draws, result(kit, session))


def _played(session: Session, state: State[Any], step: Step) -> Session:
    """The session after one more step. Built directly, not with dataclasses.replace: replaying a long log
    makes one of these per move, and replace() cost more than the move itself."""
    return Session(
        session.game_id,
        session.number,
        session.opponent,
        session.bead_source,
        state,
        (*session.steps, step),
        session.resigned,
        session.resigned_box,
        session.resigned_by,
    )


def _forced(kit: KitRecord, state: State[Any]) -> tuple[State[Any], tuple[int, ...]]:
    """Plays MENACE's moves that have no box (one legal move left), so the operator never has to."""
    game, menace = kit.catalogue.game, kit.catalogue.menace
    forced: list[int] = []
    while game.outcome(state) is None and state.to_move == menace and not game.needs_box(state, menace):
        (move,) = game.legal_moves(state)
        forced.append(move)
        state = game.play(state, move)
    return state, tuple(forced)


def _expect(kit: KitRecord, session: Session, wanted: Turn) -> None:
    now = turn(kit, session)
    if now is not wanted:
        text = {
            Turn.MENACE: _("not now: it is MENACE's turn"),
            Turn.OPPONENT: _("not now: it is the opponent's turn"),
            Turn.OVER: _("not now: the game is over"),
        }
        raise GameError(text[now])
