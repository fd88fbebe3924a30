"""The table on a phone: the person at a group's matchboxes records a physical game from the browser, an
adapter over the table's commands (tracker.table.commands), so every game is recorded exactly as `menace
play` with a physical draw records it: the same events, rules, take-back, discard and resume.

The person opens the box the page names, draws a bead and taps its colour (DrawBead), or says the box is
empty (EmptyBox: MENACE resigns, or the box is refilled, by the kit's rules), and taps the opponent's move
on the real board (OpponentMove). Nothing is drawn for them: each request is one command, and a game
that ends is settled at once, its bead changes shown as a checklist.
"""

from __future__ import annotations

import random
from typing import Any

from kit.game import GameError, IllegalMoveError
from kit.i18n import _
from tracker.state import session as sessions
from tracker.state.events import World
from tracker.state.kit_record import KitRecord
from tracker.state.opponents import PERSON
from tracker.state.session import Session, Turn
from tracker.state.text import beads_text
from tracker.store.event_store import Store
from tracker.table import commands as c
from tracker.table.census import parse_counts
from tracker.table.corrections import NothingToUndo, plan_undo
from tracker.table.play_table import words
from tracker.table.players import DrawnNoneHeld, NotADraw, drawn_move
from tracker.web.pupil import Answer, BadMove, Page, Refused, game_of_this_page, move_of
from tracker.web.view import playable_at_table

BEAD_SOURCE = "physical"
EMPTY = "empty"  # the colour the page sends for a box found empty


class Drift(BadMove):
    """The box on the table is not as the tracker counts it (a bead drawn of a colour it counts none of):
    the page opens its recount."""


def new_game(store: Store, kit: KitRecord, rng: random.Random) -> Answer:
    """Starts a physical game against a person at the table; one game at a time per kit."""
    world = store.world(kit)
    if world.session is not None:
        message = _("game {number} is in progress: finish it, undo or discard it first")
        raise Refused(message.format(number=world.session.number))
    page = table_page(store, world, rng)
    page.carry_out(c.StartGame(PERSON, BEAD_SOURCE))
    return page.answer


def draw(store: Store, kit: KitRecord, colour: object, rng: random.Random) -> Answer:
    """The bead drawn from the open box, by its colour's name (as the terminal takes it: a name, its letter
    or a unique start), or "empty" for a box found empty."""
    world = store.world(kit)
    session = at_the_table(world.session)
    if sessions.turn(kit, session) is not Turn.MENACE:
        raise Refused(_("not now: it is the opponent's move, not MENACE's"))
    if not isinstance(colour, str) or not colour.strip():
        raise BadMove(_('a draw names the bead\'s "colour" (or "empty" for an empty box)'))
    page = table_page(store, world, rng)
    if colour.strip().lower() == EMPTY:
        page.carry_out(c.EmptyBox())  # a box the tracker counts beads in is drift: said, nothing recorded
        return page.answer
    where = kit.place(session.state.position)
    try:
        move = drawn_move(kit, colour, where, world.loaded_mirror[where.box.id])
    except DrawnNoneHeld as drift:  # the terminal's words send it to `menace census`
        message = _(
            "By the tracker's count box {box} has no {colour} beads, but you drew one. Count the beads in it "
            'and save the counts under "Recount this box", then tap the colour again.'
        )
        raise Drift(message.format(box=drift.box.id, colour=drift.colour)) from None
    except NotADraw as why:
        raise BadMove(str(why).strip()) from None
    page.carry_out(c.DrawBead(move))
    return page.answer


def census(store: Store, kit: KitRecord, counts: object, rng: random.Random) -> Answer:
    """The open box recounted: {"counts": {COLOUR: beads, ...}} with the box's colours as the page names
    them (a colour not given keeps its count), recorded as `menace census` records it."""
    world = store.world(kit)
    session = at_the_table(world.session)
    if sessions.turn(kit, session) is not Turn.MENACE:
        raise Refused(_("not now: a box is recounted while it is open, at MENACE's move"))
    if not isinstance(counts, dict) or not counts:
        raise BadMove(_('a recount gives the open box\'s "counts", e.g. {"red": 2, "blue": 0}'))
    box = sessions.placement(kit, session).box
    for name, count in counts.items():
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            message = _("{colour}: a count of beads is a whole number, 0 or more, not {value}")
            raise BadMove(message.format(colour=str(name)[:40], value=repr(count)[:40]))
    try:
        recounted = parse_counts(kit, box, [f"{name}={count}" for name, count in counts.items()])
    except GameError as error:
        raise BadMove(str(error)) from None
    page = table_page(store, world, rng)
    page.carry_out(c.Census(recounted))
    return page.answer


def table_words(kit: KitRecord, message: c.Message, **options: Any) -> list[str]:
    """The table's words for a decision's message (tracker.table.play_table.words), but drift said the
    phone's way: the terminal's words send it to `menace census`, the phone has its recount."""
    if not isinstance(message, c.StillHolds):
        return words(kit, message, **options)
    held = beads_text(kit, message.box, message.counts, letters=False)
    said = _(
        "By the tracker's count box {box} still holds {beads}. Count the beads in it and save the counts "
        'under "Recount this box" (0 for a colour it has none of); then say again what you find.'
    )
    return [said.format(box=message.box.id, beads=held)]


def table_page(store: Store, world: World, rng: random.Random) -> Page:
    return Page(store, world, rng, say=table_words)


def move(store: Store, kit: KitRecord, code: object, rng: random.Random) -> Answer:
    """The opponent's move on the real board (its code)."""
    world = store.world(kit)
    session = at_the_table(world.session)
    if sessions.turn(kit, session) is not Turn.OPPONENT:
        raise Refused(_("not now: MENACE moves next: open its box and draw a bead"))
    page = table_page(store, world, rng)
    try:
        page.carry_out(c.OpponentMove(move_of(kit, code)))
    except IllegalMoveError:
        game = kit.catalogue.game
        legal = {kit.code(m): m for m in game.legal_moves(session.state)}
        texts = ", ".join(f"{code_} = {game.move_text(m)}" for code_, m in legal.items())
        message = _("move code {move} is not a legal move now (legal codes: {moves})")
        raise BadMove(message.format(move=repr(code), moves=texts)) from None
    return page.answer


def undo(store: Store, kit: KitRecord, rng: random.Random) -> Answer:
    """Takes back the last move, MENACE's or the opponent's (its bead goes back in its box); right after a
    game, reopens it (the bead changes are taken back), as `undo` at the terminal does."""
    world = store.world(kit)
    at_the_table(
        world.session
        if world.session is not None
        else world.ended.session
        if world.ended is not None
        else None
    )
    try:
        plan_undo(world)
    except NothingToUndo as error:
        raise Refused(str(error)) from None
    page = table_page(store, world, rng)
    page.carry_out(c.TakeBack())
    return page.answer


def discard(store: Store, kit: KitRecord, rng: random.Random) -> Answer:
    """Drops the game in progress; the beads it drew go back into their boxes."""
    world = store.world(kit)
    at_the_table(world.session)
    page = table_page(store, world, rng)
    page.carry_out(c.DiscardGame())
    return page.answer


def at_the_table(session: Session | None) -> Session:
    message = _(
        "game {number} is not a game at the table ({draw} draw, {opponent} opponent): finish it where "
        "it was started"
    )
    return game_of_this_page(session, playable_at_table, message)
