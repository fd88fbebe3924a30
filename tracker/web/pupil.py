"""A pupil in the browser plays the digital MENACE of a kit: the play table (tracker.table) with a browser
standing in for the person at the table, so every game is recorded exactly as `menace play --draw digital`
records it, with the same events, rules, undo and resume.

Each request is one answer: the table runs until it asks the pupil for the next move, and stops there
(the game stays in the store, as after 'quit' at a terminal).
"""

from __future__ import annotations

import random
import re

from kit.i18n import _
from tracker.state import session as sessions
from tracker.state.errors import MenaceError
from tracker.state.events import World
from tracker.state.kit_record import KitRecord
from tracker.state.opponents import HUMAN, shown_opponent
from tracker.state.session import Session, Turn
from tracker.store.event_store import Store
from tracker.table.corrections import NothingToUndo, plan_undo
from tracker.table.play_table import Table
from tracker.web.view import playable_in_browser

BEAD_SOURCE = "digital"


class Refused(MenaceError):
    """Not now: the kit's game is elsewhere or over, or another request changed it first (HTTP 409)."""


class BadMove(MenaceError):
    """The move is not one of the pupil's legal moves now (HTTP 400)."""


class WaitForPupil(Exception):
    """The table asks for the pupil's next move: this request is done."""


class Browser:
    """The table's operator: answers with the pupil's one move, and keeps what the table says."""

    def __init__(self, *answers: str) -> None:
        self.answers = list(answers)
        self.said: list[str] = []

    def ask(self, prompt: str) -> str:
        if not self.answers:
            raise WaitForPupil
        return self.answers.pop(0)

    def say(self, line: str) -> None:
        self.said.append(line)


def new_game(store: Store, kit: KitRecord, rng: random.Random) -> list[str]:
    """Starts a game (MENACE draws its first move if it moves first); one game at a time per kit."""
    session = store.world(kit).session
    if session is not None:
        message = _("game {number} is in progress: finish it, undo or discard it first")
        raise Refused(message.format(number=session.number))
    return _play_on(_table(store, store.world(kit), Browser(), rng))


def move(store: Store, kit: KitRecord, code: object, rng: random.Random) -> list[str]:
    """The pupil's move (its code), then MENACE's reply drawn from the mirror."""
    world = store.world(kit)
    session = _browser_game(world.session)
    if sessions.turn(kit, session) is not Turn.OPPONENT:
        raise Refused(_("not now: it is not the pupil's turn"))
    game = kit.catalogue.game
    legal = {kit.code(m): m for m in game.legal_moves(session.state)}
    if isinstance(code, bool) or not isinstance(code, int) or code not in legal:
        # The API's codes count from 0 (JSON), people's squares from 1: name both, so neither is misread.
        texts = ", ".join(f"{c} = {game.move_text(m)}" for c, m in legal.items())
        message = _("move code {move} is not a legal move now (legal codes: {moves})")
        raise BadMove(message.format(move=repr(code), moves=texts))
    table = _table(store, world, Browser(game.move_text(legal[code])), rng)
    said = _play_on(table)
    now = table.world.session
    if now is not None and now.game_id == session.game_id and len(now.steps) <= len(session.steps):
        # The table read the store again (StoreChanged) and asked for the move again: it was not recorded.
        raise Refused(_("another program changed the kit just then, so the move was not recorded: try again"))
    return said


def undo(store: Store, kit: KitRecord, rng: random.Random) -> list[str]:
    """Takes back moves until it is the pupil's turn again (MENACE's draw and the pupil's move before it);
    right after a game, reopens it first, as `menace undo` does."""
    browser = Browser()
    table = _table(store, store.world(kit), browser, rng)
    world = table.world
    if world.session is None and world.ended is not None:
        _browser_game(world.ended.session)
    elif world.session is not None:
        _browser_game(world.session)
    try:
        plan_undo(world)
    except NothingToUndo as error:
        raise Refused(str(error)) from None
    table.undo()
    while (
        table.world.session is not None
        and sessions.turn(kit, table.world.session) is Turn.MENACE
        and sessions.last_event(table.world.session) is not None
    ):
        table.undo()
    if table.world.session is not None and sessions.turn(kit, table.world.session) is not Turn.OPPONENT:
        _play_on(table)  # MENACE moves first in this game: it draws again, as at the table on resuming
    return browser.said


def discard(store: Store, kit: KitRecord, rng: random.Random) -> list[str]:
    """Drops the game in progress; the beads it drew go back into their boxes."""
    browser = Browser("y")  # the table asks to be sure; the page asked already
    table = _table(store, store.world(kit), browser, rng)
    _browser_game(table.world.session)
    table.discard()
    return browser.said


def _table(store: Store, world: World, browser: Browser, rng: random.Random) -> Table:
    """The table as `menace play --draw digital` sets it against a person; brief: the page draws the board."""
    return Table(store, world, browser, bead_source=BEAD_SOURCE, opponent=HUMAN, rng=rng, brief=True)


def _play_on(table: Table) -> list[str]:
    """Runs the table until it waits for the pupil or the game is over and settled."""
    operator = table.operator
    assert isinstance(operator, Browser)
    try:
        table.play_game()
    except WaitForPupil:
        pass
    # Each request resumes the game, so what the table says on resuming tells the pupil nothing new.
    resuming = [_sentence(said) for said in _resuming()]
    return [line for line in operator.said if not any(sentence.fullmatch(line) for sentence in resuming)]


def _resuming() -> list[str]:
    """What tracker.table.play_table says on resuming a game, in the language spoken."""
    return [
        _("Resuming game {number} of kit {kit} ({draw} draw, {opponent} opponent)."),
        _("  Beads out on top of their boxes: {beads}."),
    ]


def _sentence(said: str) -> re.Pattern[str]:
    """A sentence with its fields matching anything."""
    return re.compile(".*".join(re.escape(part) for part in re.split(r"\{\w+\}", said)))


def _browser_game(session: Session | None) -> Session:
    if session is None:
        raise Refused(_("no game is in progress: start a new game"))
    if not playable_in_browser(session):
        message = _(
            "game {number} is being played at the table ({draw} draw, {opponent} opponent): finish it there "
            "with `menace play`"
        )
        draw = _("physical") if session.bead_source == "physical" else _("digital")
        opponent = shown_opponent(session.opponent)
        raise Refused(message.format(number=session.number, draw=draw, opponent=opponent))
    return session
