"""The matchbox rules every part of the kit shares: draws, refills and settling a game."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from kit.game import Result
from kit.matchbox import Draw, instruction, pick, settle, when_empty
from kit.rules import load_rules


def one_draw(left_of_colour: int, left_in_box: int, *, first_move: bool = False) -> list[Draw]:
    draw = Draw(box=7, move=4, left_of_colour=left_of_colour, left_in_box=left_in_box, first_move=first_move)
    return [draw]


@pytest.mark.parametrize(
    "rules, result, left, after, words",
    [
        ("michie", Result.WIN, 2, 6, "put the red bead back and add 3 red"),
        ("michie", Result.DRAW, 2, 4, "put the red bead back and add 1 red"),
        ("michie", Result.LOSS, 2, 2, "keep the red bead out (confiscated)"),
        ("golf", Result.WIN, 0, 2, "put the red bead back and add 1 red"),
        ("golf", Result.DRAW, 0, 1, "put the red bead back"),
        ("nim", Result.LOSS, 0, 1, "put the red bead back"),  # floor 1
        ("nim", Result.LOSS, 2, 2, "keep the red bead out (confiscated)"),
    ],
)
def test_settle_known_answers(rules, result, left, after, words):
    (change,) = settle(load_rules(rules), one_draw(left, left + 5), result)
    assert (change.before, change.after) == (left, after)
    assert instruction(change, "red") == words


def test_keep_one_policies():
    # The box held a single bead, which was drawn and lost.
    assert settle(load_rules("michie"), one_draw(0, 0, first_move=True), Result.LOSS)[0].after == 0
    assert settle(load_rules("open-day"), one_draw(0, 0, first_move=True), Result.LOSS)[0].after == 1
    assert settle(load_rules("open-day"), one_draw(0, 0, first_move=False), Result.LOSS)[0].after == 0
    assert settle(load_rules("nim-floor0"), one_draw(0, 0), Result.LOSS)[0].after == 1
    assert settle(load_rules("nim-floor0"), one_draw(0, 2), Result.LOSS)[0].after == 0  # other colours remain


def test_pick_is_proportional_to_beads():
    rng = random.Random(5)
    counts = Counter(pick({0: 1, 1: 3, 4: 0}, rng) for _ in range(40_000))
    assert counts[4] == 0
    assert 0.72 < counts[1] / 40_000 < 0.78


def test_an_empty_box_is_refilled_with_random_legal_beads_or_resigns():
    added = when_empty(load_rules("golf"), (2, 5, 7), random.Random(3))
    assert added is not None and sum(added.values()) == 3 and set(added) <= {2, 5, 7}
    assert when_empty(load_rules("michie"), (2, 5, 7), random.Random(3)) is None
