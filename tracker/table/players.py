"""MENACE's physical draw at the terminal: which box to open, and the bead an answer names.

The terminal's play table (tracker.table.play_table) says these lines and reads the answer into a
DrawBead command; the move it plays is checked once, where its event is stepped.
"""

from __future__ import annotations

import difflib
from typing import Any

from kit.game import GameError
from kit.i18n import _, in_every_language
from kit.matchbox import Box, Placement
from tracker.state.events import Counts
from tracker.state.kit_record import KitRecord
from tracker.state.text import beads_text, label_beside_board, picture_words, shows_cells
from tracker.table.squares import MissingBead, bead_for, census_command, parse_square


class NotADraw(Exception):
    """An answer that names no bead MENACE can have drawn; its text is the line that says why."""


class DrawnNoneHeld(NotADraw):
    """Drift: a bead of a colour the tracker counts none of in the box; its text sends the terminal's user to
    a census, and ``box`` and ``colour`` let another front end say it its own way."""

    def __init__(self, text: str, box: Box, colour: str) -> None:
        super().__init__(text)
        self.box, self.colour = box, colour


def empty_words() -> frozenset[str]:
    """What the operator may type for an empty box, in any language the table speaks ('empty', 'leer')."""
    return in_every_language("empty") | {"none"}


def which_box(kit: KitRecord, where: Placement, counts: Counts) -> list[str]:
    """Which box to open, how its label lies on the board, and what the tracker counts in it."""
    game, box = kit.catalogue.game, where.box
    picture = game.picture(box.position)
    lines = []
    if picture.board is None:
        lines.append(_("Open box {box} ({tokens}).").format(box=box.id, tokens=picture_words(picture)))
    else:
        opened = (
            _("Open box {box} (MENACE's move {move}). Its label is the right way round.")
            if where.transform.name == "identity"
            else _("Open box {box} (MENACE's move {move}). Its label, {turn}, is the real board.")
        )
        lines.append(opened.format(box=box.id, move=box.move_number, turn=where.turn))
        lines.append("\n".join(label_beside_board(game, where, kit)))
    held = beads_text(kit, box, counts, letters=shows_cells(picture))
    lines.append(_("  By the tracker's count it holds: {beads}.").format(beads=held))
    return lines


def drawn_move(kit: KitRecord, answer: str, where: Placement, counts: Counts) -> Any:
    """The move on the real board that the answer (a colour, or "square N") stands for; raises NotADraw
    with the line that says why it is none."""
    box = where.box
    try:
        square = parse_square(kit, answer)
        if square is not None:  # "square 3": the bead is the one a way of laying the label puts there
            bead_for(kit, where, square, counts)
            return square
        bead = kit.parse_colour(answer, box)
    except MissingBead as error:
        raise NotADraw(_("  Drift: {error} (or type 'census' here).").format(error=error)) from None
    except GameError as error:
        raise NotADraw(f"  {error}{_did_you_mean(kit, answer, box)}") from None
    if counts.get(bead, 0) < 1:
        colour = kit.colour(box, bead)
        raise DrawnNoneHeld(
            _(
                "  Drift: by the tracker's count box {box} has no {colour} beads, but you drew one. "
                "Recount the box and put the counts right with `{census}` (or type 'census' here)."
            ).format(box=box.id, colour=colour, census=census_command(kit, box.id, box.moves, counts, bead)),
            box,
            colour,
        )
    return where.to_real(bead)


def _did_you_mean(kit: KitRecord, answer: str, box: Box) -> str:
    """A near miss ('blakc') is named, never taken: a wrong colour would teach MENACE the wrong move."""
    names = [kit.colour(box, m) for m in box.moves]
    close = difflib.get_close_matches(answer.strip().lower(), names, n=1, cutoff=0.6)
    if close:
        return _(" (did you mean {colour}?)").format(colour=close[0])
    word = answer.strip()
    on_squares = shows_cells(kit.catalogue.game.picture(box.position))
    if word.isdigit() and on_squares and _is_square(kit, word):
        hint = _(" (to give MENACE's move as the square it played, type 'square {number}')")
        return hint.format(number=word)
    return ""


def _is_square(kit: KitRecord, word: str) -> bool:
    """Whether "square WORD" names a square of the kit's game."""
    try:
        return parse_square(kit, f"square {word}") is not None
    except GameError:
        return False
