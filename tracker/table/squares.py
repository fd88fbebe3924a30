"""MENACE's move given as the square it played, not the colour drawn: which bead that was.

On a symmetric board the label fits more than one way, so the square a colour lands on depends on how
the label is laid: the operator who says "MENACE played square 3" is right whichever way they laid it.
The bead is the box's bead that some placement of the label puts on that square and that the box holds.
"""

from __future__ import annotations

import shlex
from collections.abc import Mapping
from typing import Any

from kit.game import GameError, State
from kit.i18n import _
from kit.matchbox import Placement
from tracker.state.errors import MenaceError
from tracker.state.kit_record import KitRecord
from tracker.state.session import beads_for
from tracker.state.text import move_name

SQUARE_WORDS = ("square", "sq", "feld")  # "feld 3" for a German operator


class MissingBead(MenaceError):
    """The box holds no bead for the square played: a recount (census) would put the mirror right."""


def bead_for(kit: KitRecord, where: Placement, played: Any, counts: Mapping[Any, int]) -> Any:
    """The bead drawn from ``where``'s box to play ``played`` on the real board: under the tracker's own
    placement if the box holds it, else under the first other placement that fits and whose bead it holds.
    Raises GameError if no bead plays there, MissingBead (naming the census) if the box holds none."""
    game, box = kit.catalogue.game, where.box
    game.play(State(where.position, kit.catalogue.menace), played)  # a taken square: the game says so
    beads = beads_for(kit, where, played)
    if not beads:
        message = _("no bead of box {box} plays {move}")
        raise GameError(message.format(box=box.id, move=move_name(game, played, "numbers")))
    held = [bead for bead in beads if counts.get(bead, 0) >= 1]
    if held:
        return held[0]
    colours = _(" or ").join(kit.colour(box, b) for b in beads)
    raise MissingBead(
        _("box {box} holds no {colours} bead for {move}; if it does, recount it: `{census}`").format(
            box=box.id,
            colours=colours,
            move=move_name(game, played, "numbers"),
            census=census_command(kit, box.id, box.moves, counts, beads[0]),
        )
    )


def census_command(kit: KitRecord, box: int, moves: Any, counts: Mapping[Any, int], drawn: Any) -> str:
    """The census that records the box as holding one more ``drawn`` bead than the tracker counts."""
    words = " ".join(f"{kit.colour(box, m)}={counts.get(m, 0) + (m == drawn)}" for m in moves)
    return f"menace census {box} {words} --kit {shlex.quote(kit.name)}"


def parse_square(kit: KitRecord, text: str) -> Any | None:
    """The move ``text`` gives as a square at the colour prompt ('square 3', 'sq LM', or golf letters that
    name no colour of the palette), or None if it does not give one; raises GameError for 'square' followed
    by something that is not a square."""
    words = text.split()
    if len(words) == 2 and words[0].lower() in SQUARE_WORDS:
        return kit.catalogue.game.parse_move(words[1])
    if len(words) != 1 or words[0].isdigit() or _names_a_colour(kit, words[0]):
        return None  # a bare number is not taken as a square: it could be a bead count
    try:
        return kit.catalogue.game.parse_move(words[0])
    except GameError:
        return None


def _names_a_colour(kit: KitRecord, word: str) -> bool:
    """Whether ``word`` is a colour's letter or the start of its name anywhere in the palette (so the same
    key is never a colour in one box and a square in another)."""
    word = word.lower()
    return any(c.named_by(word) for c in kit.palette.colours)
