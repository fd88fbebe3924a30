"""The players who sit at the play table: MENACE drawn by the operator or from the mirror, and a person.

Each is a kit.players Player, so the table's games run through the kit's one match loop; they ask and
tell through the table, and leave the beads to the table's events.
"""

from __future__ import annotations

import difflib
import random
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, Protocol

from kit.game import GameError, IllegalMoveError, State
from kit.i18n import _
from kit.matchbox import Box, Placement, pick
from tracker.state.text import beads_text, label_beside_board, picture_words, shows_cells
from tracker.table.squares import MissingBead, bead_for, census_command, parse_square

if TYPE_CHECKING:
    from kit.game import Game
    from tracker.state.events import Counts
    from tracker.state.kit_record import KitRecord


class Table(Protocol):
    """What the players ask of the play table (tracker.table.play_table.Table), which seats them."""

    kit: KitRecord
    game: Game[Any, Any]

    def say(self, line: str) -> None: ...
    def ask(self, prompt: str, *, passing: Iterable[str] = ()) -> str: ...
    def mirror_counts(self, box: Box) -> Counts: ...
    def empty_box(self, box: Box, counts: Counts) -> bool: ...


class TurnOver(Exception):
    """A command was carried out at a prompt: the turn starts again from what the store now holds."""


class PhysicalDraw:
    """MENACE's side when the operator draws from the real box and types the colour."""

    def __init__(self, table: Table) -> None:
        self.table = table

    def choose(self, state: State[Any], rng: random.Random) -> Any | None:
        table, kit = self.table, self.table.kit
        where = kit.place(state.position)
        box = where.box
        counts = table.mirror_counts(box)
        picture = table.game.picture(box.position)
        if picture.board is None:
            table.say(_("Open box {box} ({tokens}).").format(box=box.id, tokens=picture_words(picture)))
        else:
            opened = (
                _("Open box {box} (MENACE's move {move}). Its label is the right way round.")
                if where.transform.name == "identity"
                else _("Open box {box} (MENACE's move {move}). Its label, {turn}, is the real board.")
            )
            table.say(opened.format(box=box.id, move=box.move_number, turn=where.turn))
            table.say("\n".join(label_beside_board(table.game, where, kit.palette)))
        letters = shows_cells(picture)
        held = beads_text(kit, box.moves, counts, letters=letters)
        table.say(_("  The mirror says it holds: {beads}.").format(beads=held))
        while True:  # re-ask after a typo without drawing the box again
            answer = table.ask(_("Colour drawn (or 'empty'): "))
            if answer.strip().lower() in ("empty", "none", "leer"):
                if table.empty_box(box, counts):
                    return None
                raise TurnOver  # refilled: open the box again and draw
            try:
                square = parse_square(kit, answer)
                if square is not None:  # "square 3": the bead is the one a way of laying the label puts there
                    bead_for(kit, where, square, counts)
                    return square
                bead = kit.parse_colour(answer, box)
            except MissingBead as error:
                table.say(_("  Drift: {error} (or type 'census' here).").format(error=error))
                continue
            except GameError as error:
                table.say(f"  {error}{self._did_you_mean(answer, box)}")
                continue
            if counts.get(bead, 0) < 1:
                table.say(
                    _(
                        "  Drift: the mirror says box {box} has no {colour} beads, but you drew one. Recount "
                        "the box and put the counts right with `{census}` (or type 'census' here)."
                    ).format(
                        box=box.id,
                        colour=kit.colour(bead),
                        census=census_command(kit, box.id, box.moves, counts, bead),
                    )
                )
                continue
            return where.to_real(bead)

    def learn(self, result: Any) -> None:
        """The beads are settled by the table's events, not here."""

    def _did_you_mean(self, answer: str, box: Box) -> str:
        """A near miss ('blakc') is named, never taken: a wrong colour would teach MENACE the wrong move."""
        names = [self.table.kit.colour(m) for m in box.moves]
        close = difflib.get_close_matches(answer.strip().lower(), names, n=1, cutoff=0.6)
        if close:
            return _(" (did you mean {colour}?)").format(colour=close[0])
        word = answer.strip()
        on_squares = shows_cells(self.table.game.picture(box.position))
        if word.isdigit() and on_squares and _is_square(self.table.kit, word):
            hint = _(" (to give MENACE's move as the square it played, type 'square {number}')")
            return hint.format(number=word)
        return ""


def _is_square(kit: KitRecord, word: str) -> bool:
    """Whether "square WORD" names a square of the kit's game."""
    try:
        return parse_square(kit, f"square {word}") is not None
    except GameError:
        return False


class DigitalDraw:
    """MENACE's side when the tracker draws from its mirror of the boxes."""

    def __init__(self, table: Table) -> None:
        self.table = table

    def choose(self, state: State[Any], rng: random.Random) -> Any | None:
        where: Placement = self.table.kit.place(state.position)
        counts = self.table.mirror_counts(where.box)
        if not sum(counts.values()):
            if self.table.empty_box(where.box, counts):
                return None
            counts = self.table.mirror_counts(where.box)  # refilled
        return where.to_real(pick(counts, rng))

    def learn(self, result: Any) -> None:
        """The beads are settled by the table's events, not here."""


class PersonAtTable:
    """The opponent when a person plays: the operator types each move."""

    def __init__(self, table: Table) -> None:
        self.table = table

    def choose(self, state: State[Any], rng: random.Random) -> Any:
        game = self.table.game
        while True:
            answer = self.table.ask(f"{game.move_prompt(state)}: ")
            try:
                move = game.parse_move(answer)
                game.play(state, move)  # only to check it: the table's apply records and plays it
            except (IllegalMoveError, GameError) as error:
                self.table.say(f"  {error}")
                continue
            return move

    def learn(self, result: Any) -> None:
        """A person learns at the table, not here."""
