"""Games played on paper typed in afterwards: one game per line, the squares in the order they were played.

Each line becomes the events live play would have made (game_started, drew or moved for each move, a
refill or resignation at an empty box, game_ended with the rules' bead changes), stepped through
``tracker.state.events`` like any other answer. MENACE's bead for a square is found as at the colour prompt
(``tracker.table.squares``). The whole file is one transaction: a line that is not a legal game, or that
needs a bead its box lacks by the tracker's count, stops it with nothing written.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from kit.game import GameError
from kit.i18n import _, n_
from kit.matchbox import when_empty
from kit.rules import EmptyBox
from tracker.state import event_kinds as bodies
from tracker.state import session as sessions
from tracker.state.errors import MenaceError
from tracker.state.events import Event, World, game_ended, refill_rng
from tracker.state.kit_record import KitRecord
from tracker.state.session import Turn
from tracker.state.text import beads_text, move_name
from tracker.store.event_store import Store, new_id, now
from tracker.table.squares import bead_for

RESIGN = "resign"
MAX_LINE = 1000

# A move is a word (a square, a golf letter, a pile's count), or the words of a heaps kit's move as its prompt
# shows it ("2 from 3", "take 2 from the heap of 3", "2/3"): that was read as three moves, '2' not one.
_MOVE = re.compile(
    r"(?:take\s+)?\d+\s*(?:from|f|/|:)\s*(?:the\s+)?(?:heap\s+)?(?:of\s+)?\d+|[^\s,]+", re.IGNORECASE
)


def line_moves(text: str) -> list[str]:
    """A line's moves in order: words apart, commas and spaces between them."""
    return _MOVE.findall(text)


OPPONENT, DRAW = "human", "physical"  # a game on paper: a person played MENACE's boxes and the other side


class RecordRefused(MenaceError):
    """A line could not be recorded; nothing from the file was."""


@dataclass
class Recorded:
    """What a file added to the kit."""

    results: list[str] = field(default_factory=list)


def record_games(store: Store, kit: KitRecord, lines: Iterable[str]) -> Recorded:
    """Records every game of ``lines`` (blank lines and '#' comments skipped) in one transaction; raises
    RecordRefused naming the first line that cannot be recorded, and then nothing is."""
    done = Recorded()
    with store.transaction():
        world = store.world(kit)
        if world.session is not None:
            raise RecordRefused(
                _(
                    "game {number} of kit {kit} is in progress: finish it with `menace play` or drop it with "
                    "`menace discard` first; nothing recorded"
                ).format(number=world.session.number, kit=kit.name)
            )
        for number, line in enumerate(lines, start=1):
            if len(line) > MAX_LINE:
                message = _("line {number} is longer than {limit} characters; nothing recorded")
                raise RecordRefused(message.format(number=number, limit=MAX_LINE))
            text = line.split("#", 1)[0].strip()
            if not text:
                continue
            try:
                world = _record_line(store, world, line_moves(text))
            except GameError as error:
                message = _("line {number}: {error}; nothing recorded")
                raise RecordRefused(message.format(number=number, error=error)) from None
            done.results.append(store.last_result(kit.id))
    return done


def _record_line(store: Store, world: World, words: list[str]) -> World:
    kit = world.kit
    game = kit.catalogue.game
    game_id = new_id()
    world = _apply(store, world, bodies.GameStarted(world.started + 1, game_id, OPPONENT, DRAW))
    forced: list[Any] = []  # MENACE's forced moves the tracker made, which the line may also give
    for index, word in enumerate(words, start=1):
        session = world.session
        assert session is not None
        turn = sessions.turn(kit, session)
        if word.lower() == RESIGN:
            if turn is not Turn.MENACE or forced:
                raise GameError(_("move {index}: only MENACE resigns, at its turn").format(index=index))
            world = _resign(store, world, index)
            continue
        try:
            move = game.parse_move(word)
        except GameError as error:
            raise GameError(_("move {index}: {error}").format(index=index, error=error)) from None
        if forced:
            if move != forced[0]:
                shown = move_name(game, forced[0], "numbers")
                message = _("move {index}: MENACE's only move here was {move}, not {word}")
                raise GameError(message.format(index=index, move=shown, word=word))
            forced.pop(0)
            continue
        if turn is Turn.OVER:
            raise GameError(_("move {index}: the game was over before {word}").format(index=index, word=word))
        try:
            game.play(session.state, move)  # refused here, in the game's own words, if it is not legal
        except GameError as error:
            raise GameError(_("move {index}: {error}").format(index=index, error=error)) from None
        if turn is Turn.MENACE:
            world = _menace_plays(store, world, move, index)
        else:
            world = _apply(store, world, bodies.Moved(kit.code(move), game_id))
        assert world.session is not None
        forced = list(world.session.steps[-1].forced)
    session = world.session
    assert session is not None
    if sessions.turn(kit, session) is not Turn.OVER:
        message = n_(
            "the game is not over after its {count} move",
            "the game is not over after its {count} moves",
            len(words),
        )
        raise GameError(message.format(count=len(words)))
    return _apply(store, world, game_ended(world))


def _menace_plays(store: Store, world: World, move: Any, index: int) -> World:
    kit, session = world.kit, world.session
    assert session is not None and world.mirror is not None
    where = kit.place(session.state.position)
    counts = world.mirror[where.box.id]
    if not sum(counts.values()):  # refilled by the rules; under rules that resign, bead_for names the census
        added = when_empty(kit.rules, where.box.moves, refill_rng(session.game_id, where.box.id))
        if added is not None:
            beads = {str(kit.code(m)): n for m, n in added.items()}
            world = _apply(store, world, bodies.Refilled(session.game_id, where.box.id, beads))
            assert world.mirror is not None
            counts = world.mirror[where.box.id]
    try:
        bead = bead_for(kit, where, move, counts)
    except GameError as error:
        raise GameError(_("move {index}: {error}").format(index=index, error=error)) from None
    return _apply(store, world, bodies.Drew(session.game_id, where.box.id, kit.code(bead), kit.code(move)))


def _resign(store: Store, world: World, index: int) -> World:
    kit, session = world.kit, world.session
    assert session is not None and world.mirror is not None
    box = kit.place(session.state.position).box
    counts = world.mirror[box.id]
    if sum(counts.values()):
        held = beads_text(kit, box, counts, letters=False)
        empty = " ".join(f"{kit.colour(box, m)}=0" for m in box.moves if counts.get(m))
        raise GameError(
            _(
                "move {index}: MENACE resigns only at an empty box, and box {box} holds {beads}; if it was "
                "empty, recount it first: `menace census {box} {census} --kit {kit}`"
            ).format(index=index, box=box.id, beads=held, census=empty, kit=shlex.quote(kit.name))
        )
    if kit.rules.empty_box is not EmptyBox.RESIGN:
        message = _("move {index}: rules {rules} refill an empty box, so MENACE never resigns")
        raise GameError(message.format(index=index, rules=kit.rules_name))
    return _apply(store, world, bodies.Resigned(session.game_id, box.id))


def _apply(store: Store, world: World, body: bodies.Body) -> World:
    data = body.data()
    return store.apply(world, Event(new_id(), world.kit.id, body.kind, now(), data, data["game"]))
