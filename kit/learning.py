"""MENACE's bead arithmetic: drawing from a box, refilling an empty one, and settling after a game.

This is the one rules engine: the tracker, its replay check and the simulators all call it, so the
physical and the digital MENACE cannot drift apart. A box is a dict {move: beads now in the box};
a drawn bead is out of the box (set aside) until the game is settled.
"""
from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from kit.game import Result
from kit.rules import Rules


@dataclass(frozen=True, slots=True)
class Draw:
    """A bead drawn during a game, with what was left in its box right after the draw."""

    box: int
    move: int
    left_of_colour: int  # beads of the drawn colour still in the box
    left_in_box: int  # all beads still in the box
    first_move: bool  # the box is one of MENACE's first-move boxes


@dataclass(frozen=True, slots=True)
class BeadChange:
    """What settling a game does to one drawn colour of one box."""

    box: int
    move: int
    before: int  # beads of that colour in the box now (the drawn one set aside)
    after: int  # beads of that colour in the box once settled

    @property
    def put_in(self) -> int:
        """Beads of the colour to put into the box, the drawn one included (negative: take out)."""
        return self.after - self.before


def initial_box(rules: Rules, moves: Iterable[int], move_number: int | None) -> dict[int, int]:
    """A fresh box: the preset's count of beads for every move that gets beads."""
    count = rules.initial_count(move_number)
    return {move: count for move in moves}


def pick(counts: Mapping[int, int], rng: random.Random) -> int:
    """A move drawn at random in proportion to its beads; the box must not be empty."""
    ticket = rng.randrange(sum(counts.values()))
    for move, count in sorted(counts.items()):
        ticket -= count
        if ticket < 0:
            return move
    raise AssertionError("unreachable: the ticket is below the total")


def refill(rules: Rules, moves: tuple[int, ...], rng: random.Random) -> dict[int, int]:
    """Beads to put into an empty box under a "refill" preset: random legal colours."""
    added: dict[int, int] = {}
    for _ in range(rules.refill_beads):
        move = rng.choice(moves)
        added[move] = added.get(move, 0) + 1
    return added


def settle(rules: Rules, draws: Iterable[Draw], result: Result) -> list[BeadChange]:
    """The bead change for every draw of a finished game, from MENACE's ``result``."""
    changes = []
    for draw in draws:
        after = max(rules.floor, draw.left_of_colour + 1 + rules.change(result))
        others = draw.left_in_box - draw.left_of_colour
        keeps_one = rules.keep_one == "every-box" or (rules.keep_one == "first-box" and draw.first_move)
        if keeps_one and others + after == 0:
            after = 1  # the box's last bead always goes back
        changes.append(BeadChange(draw.box, draw.move, draw.left_of_colour, after))
    return changes


def instruction(change: BeadChange, colour: str) -> str:
    """What the operator does with one box's beads, in physical terms."""
    if change.put_in > 0:
        text = f"put the {colour} bead back"
        more = change.put_in - 1
        return text + (f" and add {more} {colour}" if more else "")
    if change.put_in == 0:
        return f"keep the {colour} bead out (confiscated)"
    return f"keep the {colour} bead out and take out {-change.put_in} more {colour}"
