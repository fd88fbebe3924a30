"""Matchboxes and their beads: the one statement of MENACE's rules, for every game.

A box holds beads for the moves of one canonical position; a catalogue is a kit's boxes with the way a
real position finds its box. Drawing, refilling an empty box or resigning, settling after a game (the
floor, keep-one) and which boxes count as first-move boxes are written here once: the tracker, its
replay check, the reports and the reference simulator call these functions, and the numpy engine is
tested against them game for game.

Counts are dicts {move: beads now in the box}; a drawn bead is out of its box (set aside) until the
game is settled.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any, NamedTuple

from kit.game import SIDES, Game, GameError, Result, State, Transform
from kit.i18n import _, n_
from kit.rules import EmptyBox, KeepOne, Punish, Rules


class NotABoxError(GameError):
    """A position that has no matchbox: finished, the other side to move, or only one move left."""


@dataclass(frozen=True)
class Box:
    """One matchbox: its number, the position drawn on it, and the moves that get beads."""

    id: int
    position: Any  # the game's canonical position
    move_number: int | None  # MENACE's move number, None when the position does not fix it
    moves: tuple[Any, ...]  # in the box's own orientation
    beads: tuple[int, ...]  # starting beads for each of ``moves``

    def initial_counts(self) -> dict[Any, int]:
        return dict(zip(self.moves, self.beads, strict=True))

    @cached_property
    def order(self) -> tuple[Any, ...]:
        """The moves in ascending order: the order ``pick`` runs its tickets over."""
        return tuple(sorted(self.moves))


@dataclass(frozen=True)
class Placement:
    """A box found for a real position, and how its picture lies on that position."""

    box: Box
    position: Any  # the real position
    transform: Transform[Any, Any]  # takes the box's picture onto the real position

    @property
    def turn(self) -> str:
        """How the label's picture turns onto the real board, in plain words."""
        return _(self.transform.description)

    def to_real(self, move: Hashable) -> Any:
        """The move on the real board of a bead, given in the box's orientation."""
        return self.transform.move(move)


@dataclass(frozen=True)
class Catalogue:
    """A kit's boxes for one game, MENACE's side and one rules preset."""

    game: Game[Any, Any]
    menace_plays: str  # "first" or "second"
    rules: Rules
    boxes: tuple[Box, ...]

    @property
    def menace(self) -> int:
        return SIDES[self.menace_plays]

    @cached_property
    def fingerprint(self) -> str:
        """A short hash of the game, side, rules and box list: a printed kit and a store that share it
        match."""
        payload = {
            "game": self.game.spec,  # a game with default options: its plain name, as before options
            "menace_plays": self.menace_plays,
            "rules": self.rules.as_dict(),
            "boxes": [
                [b.id, self.game.position_text(b.position), self.move_codes(b.moves), list(b.beads)]
                for b in self.boxes
            ],
        }
        return hashlib.sha256(json.dumps(payload, sort_keys=True).encode()).hexdigest()[:12]

    def move_codes(self, moves: Iterable[Hashable]) -> list[int]:
        return [self.game.move_code(m) for m in moves]

    def box(self, box_id: int) -> Box:
        if not 1 <= box_id <= len(self.boxes):
            raise NotABoxError(
                _("there is no box {number}: boxes are numbered 1 to {last}").format(
                    number=box_id, last=len(self.boxes)
                )
            )
        return self.boxes[box_id - 1]

    def locate(self, text: str) -> Placement:
        """The box for a real position typed as text; raises NotABoxError or GameError."""
        return self.place(self.game.parse_position(text))

    def place(self, position: Hashable) -> Placement:
        """The box for a real position and how its picture lies on it; raises NotABoxError."""
        game = self.game
        shown = game.position_text(position)
        turn = game.whose_turn(position)
        names = game.player_names
        state = State(position, self.menace if turn is None else turn)
        if game.outcome(state) is not None:
            raise NotABoxError(_("{position} is a finished game: no box is needed").format(position=shown))
        if turn is not None and turn != self.menace:
            raise NotABoxError(
                _("in {position} it is {player}'s turn, but this MENACE plays {menace}").format(
                    position=shown, player=_(names[turn]), menace=_(names[self.menace])
                )
            )
        representative = game.canonical(position)
        box = self._by_position.get(representative)
        if box is None:
            moves = game.legal_moves(state)
            if len(moves) == 1:
                only = game.move_text(moves[0])
                raise NotABoxError(
                    _("{position} leaves MENACE one move, {move}: it has no box").format(
                        position=shown, move=only
                    )
                )
            raise NotABoxError(_("{position} has no box in this kit").format(position=shown))
        return Placement(box, position, game.placements(representative, position)[0])

    def box_for(self, state: State[Any]) -> Placement | None:
        """The box MENACE draws from in ``state`` (its turn), or None when its only legal move needs none.

        Kept per catalogue once found: every MENACE made from it meets the same positions, and placing one
        by symmetry costs more than the rest of a move."""
        if state in self._placements:
            return self._placements[state]
        found = self.place(state.position) if self.game.needs_box(state, self.menace) else None
        self._placements[state] = found
        return found

    @cached_property
    def _placements(self) -> dict[State[Any], Placement | None]:
        return {}

    @cached_property
    def _by_position(self) -> dict[Any, Box]:
        return {box.position: box for box in self.boxes}

    @cached_property
    def first_move_boxes(self) -> frozenset[int]:
        """Every box MENACE can meet at its first move (tic-tac-toe first: box 1; second: three boxes)."""
        return frozenset(
            self.place(state.position).box.id for state in first_move_states(self.game, self.menace)
        )

    def is_first_move_box(self, box_id: int) -> bool:
        """The one meaning of "first-move box" in the kit: a box MENACE can meet at its first move."""
        return box_id in self.first_move_boxes

    @property
    def first_box(self) -> int:
        """The lowest-numbered first-move box: the opening box when MENACE moves first."""
        return min(self.first_move_boxes)

    def to_json(self) -> dict[str, Any]:
        """The catalogue as JSON: positions as text, moves as codes (tic-tac-toe squares 0-8)."""
        game = self.game
        return {
            "game": game.spec,
            "menace_plays": self.menace_plays,
            "rules": self.rules.name,
            "fingerprint": self.fingerprint,
            "boxes": [
                {
                    "id": b.id,
                    "position": game.position_text(b.position),
                    "move_number": b.move_number,
                    "moves": self.move_codes(b.moves),
                    "beads": {str(game.move_code(m)): n for m, n in zip(b.moves, b.beads, strict=True)},
                }
                for b in self.boxes
            ],
        }


def first_move_states(game: Game[Any, Any], menace: int) -> list[State[Any]]:
    """The states in which MENACE makes its first move with a box: every way the game can reach MENACE
    before it has moved (forced moves, which need no box, are not first moves)."""
    found: list[State[Any]] = []
    frontier, seen = [game.initial()], set()
    while frontier:
        state = frontier.pop()
        if state in seen or game.outcome(state) is not None:
            continue
        seen.add(state)
        if state.to_move == menace:
            if game.needs_box(state, menace):
                found.append(state)
            continue
        frontier += [game.apply(state, move) for move in game.legal_moves(state)]
    return found


# --- beads ----------------------------------------------------------------------------------------
class Draw(NamedTuple):
    """A bead drawn during a game, with what was left in its box right after the draw.

    A named tuple, not a frozen dataclass: one is made per move of every simulated game, and a tuple
    is made several times faster."""

    box: int
    move: Any
    left_of_colour: int  # beads of the drawn colour still in the box
    left_in_box: int  # all beads still in the box
    first_move: bool  # the box is a first-move box (Catalogue.is_first_move_box)


@dataclass(frozen=True, slots=True)
class BeadChange:
    """What settling a game does to one drawn colour of one box."""

    box: int
    move: Any
    before: int  # beads of that colour in the box now (the drawn one set aside)
    after: int  # beads of that colour in the box once settled

    @property
    def put_in(self) -> int:
        """Beads of the colour to put into the box, the drawn one included (negative: take out)."""
        return self.after - self.before


def pick(counts: Mapping[Any, int], rng: random.Random) -> Any:
    """A move drawn at random in proportion to its beads; the box must not be empty.

    The tickets run over the moves in ascending order, whatever order ``counts`` was built in, so a
    seeded draw is the same in the tracker, its replay and the simulator."""
    return pick_in_order(counts, sorted(counts), sum(counts.values()), rng)


def pick_in_order(counts: Mapping[Any, int], order: Iterable[Any], total: int, rng: random.Random) -> Any:
    """``pick`` given the moves already sorted (``order``: every key of ``counts``, ascending) and the
    beads' ``total``, so that a box's order is sorted once, not at every draw."""
    ticket = rng.randrange(total)
    for move in order:
        ticket -= counts[move]
        if ticket < 0:
            return move
    raise AssertionError("unreachable: the ticket is below the total")


def when_empty(rules: Rules, moves: tuple[Any, ...], rng: random.Random) -> dict[Any, int] | None:
    """What an empty box does: None when MENACE resigns, else the beads to put in (random legal colours)."""
    if rules.empty_box is EmptyBox.RESIGN:
        return None
    added: dict[Any, int] = {}
    for _refill in range(rules.refill_beads):
        move = rng.choice(moves)
        added[move] = added.get(move, 0) + 1
    return added


def draw_from(
    counts: dict[Any, int], box: Box, rules: Rules, rng: random.Random, *, first_move: bool
) -> Draw | None:
    """Draws a bead from ``counts`` (changed in place: refilled if empty, the bead taken out); None:
    resign."""
    total = sum(counts.values())  # counts are never negative, so 0 is an empty box
    if not total:
        added = when_empty(rules, box.moves, rng)
        if added is None:
            return None
        for move, n in added.items():
            counts[move] = counts.get(move, 0) + n
        total = sum(counts.values())
    # The box's own sorted moves, unless the counts hold others (then sorted here, as pick does).
    order = box.order if len(counts) == len(box.order) else sorted(counts)
    move = pick_in_order(counts, order, total, rng)
    left = counts[move] - 1
    counts[move] = left
    return Draw(box.id, move, left, total - 1, first_move)


def settle(rules: Rules, draws: Iterable[Draw], result: Result) -> list[BeadChange]:
    """The bead change for every draw of a finished game, from MENACE's ``result``.

    With ``punish = "last-move"`` a defeat changes only the last draw (after a resignation: the draw
    before it); the beads of earlier draws go back as they came out."""
    draws = list(draws)
    return [
        BeadChange(draw.box, draw.move, draw.left_of_colour, after)
        for draw, after in zip(draws, settled_counts(rules, draws, result), strict=True)
    ]


def settled_counts(rules: Rules, draws: list[Draw], result: Result) -> list[int]:
    """For each draw, how many beads of its colour its box holds once the game is settled (``settle``
    without the records: the simulator settles every game it plays)."""
    afters = []
    for index, draw in enumerate(draws):
        spared = rules.punish is Punish.LAST_MOVE and result is Result.LOSS and index < len(draws) - 1
        after = max(rules.floor, draw.left_of_colour + 1 + (0 if spared else rules.change(result)))
        others = draw.left_in_box - draw.left_of_colour
        keep_one = rules.keep_one
        keeps_one = keep_one is KeepOne.EVERY_BOX or (keep_one is KeepOne.FIRST_BOX and draw.first_move)
        if keeps_one and others + after == 0:
            after = 1  # the box's last bead always goes back
        afters.append(after)
    return afters


def instruction(change: BeadChange, colour: str) -> str:
    """What the operator does with one box's beads, in physical terms."""
    colour = _(colour)
    more = change.put_in - 1
    if more > 0:
        text = "put the {colour} bead back and add {more} {colour}"  # English needs no plural: German does
        return n_(text, text, more).format(colour=colour, more=more)
    if more == 0:
        return _("put the {colour} bead back").format(colour=colour)
    if change.put_in == 0:
        return _("keep the {colour} bead out (confiscated)").format(colour=colour)
    text = "keep the {colour} bead out and take out {more} more {colour}"
    return n_(text, text, -change.put_in).format(colour=colour, more=-change.put_in)
