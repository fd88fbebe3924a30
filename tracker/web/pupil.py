"""A pupil in the browser plays the digital MENACE of a kit: an adapter over the table's commands
(tracker.table.commands), so every game is recorded exactly as `menace play --draw digital` records it,
with the same events, rules, undo and resume.

Each request is one change: the pupil's command, then MENACE's draws until it is the pupil's turn again
or the game is over and settled. What the table says of them comes back as the lines the terminal says.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from kit.game import IllegalMoveError
from kit.i18n import _
from tracker.state import session as sessions
from tracker.state.errors import MenaceError
from tracker.state.events import World
from tracker.state.kit_record import KitRecord
from tracker.state.opponents import PERSON
from tracker.state.session import Session, Turn
from tracker.store.event_store import Store, StoreChanged
from tracker.table import commands as c
from tracker.table.corrections import NothingToUndo, plan_undo
from tracker.table.play_table import words
from tracker.web.view import left_by_a_run, playable_in_browser

BEAD_SOURCE = "digital"


class Refused(MenaceError):
    """Not now: the kit's game is elsewhere or over, or another request changed it first (HTTP 409)."""


class BadMove(MenaceError):
    """The move is not one of the pupil's legal moves now (HTTP 400)."""


@dataclass(frozen=True)
class Answer:
    """What a request did: the lines the table said, and the kit's world after it."""

    said: list[str]
    world: World


class Page:
    """One request's changes to a kit: commands decided and committed, and the lines they said."""

    def __init__(
        self, store: Store, world: World, rng: random.Random, say: Callable[..., list[str]] = words
    ) -> None:
        """``say``: a decision's message in lines, the table's words (tracker.table.play_table.words) unless
        the page has its own for some."""
        self.store, self.world, self.rng, self.say = store, world, rng, say
        self.said: list[str] = []

    def carry_out(self, command: c.Command) -> c.Decision:
        decision = c.decide(self.world, command)
        try:
            self.world = self.store.commit(self.world, decision.changes)
        except StoreChanged:
            raise Refused(
                _("another program changed the kit just then, so the move was not recorded: try again")
            ) from None
        kit = self.world.kit
        for message in decision.messages:  # brief: the page draws the board itself
            self.said += self.say(kit, message, brief=True, summary=lambda: self.store.tally(kit))
        return decision

    def menace_moves(self) -> Answer:
        """MENACE draws until it is the pupil's turn, or the game is over and settled."""
        while self.world.session is not None:
            now = sessions.turn(self.world.kit, self.world.session)
            if now is Turn.OPPONENT:
                break
            self.carry_out(c.DigitalDraw(self.rng) if now is Turn.MENACE else c.Settle())
        return self.answer

    @property
    def answer(self) -> Answer:
        return Answer(self.said, self.world)


def new_game(store: Store, kit: KitRecord, rng: random.Random) -> Answer:
    """Starts a game (MENACE draws its first move if it moves first); one game at a time per kit."""
    world = store.world(kit)
    if world.session is not None:
        message = _("game {number} is in progress: finish it, undo or discard it first")
        raise Refused(message.format(number=world.session.number))
    page = Page(store, world, rng)
    page.carry_out(c.StartGame(PERSON, BEAD_SOURCE))
    return page.menace_moves()


def move(store: Store, kit: KitRecord, code: object, rng: random.Random) -> Answer:
    """The pupil's move (its code), then MENACE's reply drawn from the mirror."""
    world = store.world(kit)
    session = _browser_game(world.session)
    if sessions.turn(kit, session) is not Turn.OPPONENT:
        raise Refused(_("not now: it is not the pupil's turn"))
    page = Page(store, world, rng)
    try:
        page.carry_out(c.OpponentMove(move_of(kit, code)))  # checked there, once
    except IllegalMoveError:
        # The API's codes count from 0 (JSON), people's squares from 1: name both, so neither is misread.
        game = kit.catalogue.game
        legal = {kit.code(m): m for m in game.legal_moves(session.state)}
        texts = ", ".join(f"{c} = {game.move_text(m)}" for c, m in legal.items())
        message = _("move code {move} is not a legal move now (legal codes: {moves})")
        raise BadMove(message.format(move=repr(code), moves=texts)) from None
    return page.menace_moves()


def undo(store: Store, kit: KitRecord, rng: random.Random) -> Answer:
    """Takes back moves until it is the pupil's turn again (MENACE's draw and the pupil's move before it);
    right after a game, reopens it first, as `menace undo` does."""
    world = store.world(kit)
    if world.session is None and world.ended is not None:
        _browser_game(world.ended.session)
    elif world.session is not None:
        _browser_game(world.session)
    try:
        plan_undo(world)
    except NothingToUndo as error:
        raise Refused(str(error)) from None
    page = Page(store, world, rng)
    page.carry_out(c.TakeBack())
    while (
        page.world.session is not None
        and sessions.turn(kit, page.world.session) is Turn.MENACE
        and sessions.last_event(page.world.session) is not None
    ):
        page.carry_out(c.TakeBack())
    return page.menace_moves()  # MENACE moves first in this game: it draws again, as at the table on resuming


def discard(store: Store, kit: KitRecord, rng: random.Random) -> Answer:
    """Drops the game in progress; the beads it drew go back into their boxes."""
    world = store.world(kit)
    if world.session is None or not left_by_a_run(world.session):  # a stopped run's game may go too
        _browser_game(world.session)
    page = Page(store, world, rng)
    page.carry_out(c.DiscardGame())
    return page.answer


def move_of(kit: KitRecord, code: object) -> Any:
    """The move whose code the page sent (IllegalMoveError: no move has it); whether it is legal now is
    checked where its event is stepped."""
    if isinstance(code, bool) or not isinstance(code, int):
        raise IllegalMoveError(repr(code))
    try:
        move = kit.move(code)
        if kit.code(move) == code:
            return move
    except (ValueError, TypeError, KeyError, IndexError):
        pass
    raise IllegalMoveError(repr(code))


def _browser_game(session: Session | None) -> Session:
    message = _(
        "game {number} is being played at the table ({draw} draw, {opponent} opponent): finish it there "
        "with `menace play`"
    )
    return game_of_this_page(session, playable_in_browser, message)


def game_of_this_page(
    session: Session | None, playable: Callable[[Session], bool], elsewhere: str
) -> Session:
    """The game in progress, if this page plays its kind (the play page a pupil's, the table page a physical
    one); else Refused, ``elsewhere`` saying where it is played (its number, draw and opponent filled in)."""
    if session is None:
        raise Refused(_("no game is in progress: start a new game"))
    if not playable(session):
        draw = _("physical") if session.bead_source == "physical" else _("digital")
        opponent = session.opponent.shown()
        raise Refused(elsewhere.format(number=session.number, draw=draw, opponent=opponent))
    return session
