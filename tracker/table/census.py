"""Reading a recount of a physical box: COLOUR=COUNT words, as `menace census` and the play prompt take."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from kit.game import GameError
from kit.i18n import _
from kit.matchbox import Box
from kit.numerals import whole_number
from kit.shown import shown
from tracker.state.kit_record import KitRecord

MAX_BEADS = 9999


def parse_counts(kit: KitRecord, box: Box, words: Sequence[str]) -> dict[Any, int]:
    """{move: count} from words like 'red=2', 'r=2' or 'red:2'; raises GameError naming the bad word."""
    if not words:
        raise GameError(
            _("give the counts as COLOUR=COUNT, e.g. {colour}=2").format(colour=kit.colour(box, box.moves[0]))
        )
    counts: dict[Any, int] = {}
    for word in words:
        name, sep, number = word.replace(":", "=").partition("=")
        if not sep or not number.strip().isdigit() or not number.strip().isascii():
            message = _("{word} is not COLOUR=COUNT (e.g. {colour}=2)")
            raise GameError(message.format(word=repr(shown(word)), colour=kit.colour(box, box.moves[0])))
        move = kit.parse_colour(name, box)
        count = whole_number(number)
        if count is None or count > MAX_BEADS:
            message = _("{count} beads will not fit in a matchbox: give at most {most}")
            raise GameError(message.format(count=shown(number.strip()), most=MAX_BEADS))
        if move in counts:
            raise GameError(_("{colour} is given twice").format(colour=kit.colour(box, move)))
        counts[move] = count
    return counts
