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
from kit.i18n import _, in_every_language
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
    """A command was carried out at a prompt: the turn starts again from what the store now holds.

    An exception, not a return value: a command (undo, discard, census) can change the game under the match
    loop at any prompt of any player, and kit.match.play_game knows only moves and resignations, so the table
    stops that loop here and starts it again from the store."""


class NotADraw(Exception):
    """An answer that names no bead MENACE can have drawn; its text is the line that says why."""


def empty_words() -> frozenset[str]:
    """What the operator may type for an empty box, in any language the table speaks ('empty', 'leer')."""
    return in_every_language("empty") | {"none"}


class PhysicalDraw:
    """MENACE's side when the operator draws from the real box and types the colour."""

    def __init__(self, table: Table) -> None:
        self.table = table

    def choose(self, state: State[Any], rng: random.Random) -> Any | None:
        where = self.table.kit.place(state.position)
        while True:  # once more after a refill: the box is opened again and drawn from
            counts = self.table.mirror_counts(where.box)
            self._say_which_box(where, counts)
            move = self._ask_for_draw(where, counts)
            if move is not None:
                return move
            if self.table.empty_box(where.box, counts):
                return None

    def _say_which_box(self, where: Placement, counts: Counts) -> None:
        """Which box to open, how its label lies on the board, and what the tracker counts in it."""
        table, kit, box = self.table, self.table.kit, where.box
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
            table.say("\n".join(label_beside_board(table.game, where, kit)))
        held = beads_text(kit, box, counts, letters=shows_cells(picture))
        table.say(_("  By the tracker's count it holds: {beads}.").format(beads=held))

    def _ask_for_draw(self, where: Placement, counts: Counts) -> Any | None:
        """The move of the bead the operator says they drew, or None when they found the box empty; a typo
        or a drift is explained and asked again, without opening the box again."""
        while True:
            answer = self.table.ask(_("Colour drawn (or 'empty'): "))
            if answer.strip().lower() in empty_words():
                return None
            try:
                return self._drawn_move(answer, where, counts)
            except NotADraw as why:
                self.table.say(str(why))

    def _drawn_move(self, answer: str, where: Placement, counts: Counts) -> Any:
        """The move on the real board that the answer (a colour, or "square N") stands for; raises NotADraw
        with the line that says why it is none."""
        kit, box = self.table.kit, where.box
        try:
            square = parse_square(kit, answer)
            if square is not None:  # "square 3": the bead is the one a way of laying the label puts there
                bead_for(kit, where, square, counts)
                return square
            bead = kit.parse_colour(answer, box)
        except MissingBead as error:
            raise NotADraw(_("  Drift: {error} (or type 'census' here).").format(error=error)) from None
        except GameError as error:
            raise NotADraw(f"  {error}{self._did_you_mean(answer, box)}") from None
        if counts.get(bead, 0) < 1:
            raise NotADraw(
                _(
                    "  Drift: by the tracker's count box {box} has no {colour} beads, but you drew one. "
                    "Recount the box and put the counts right with `{census}` (or type 'census' here)."
                ).format(
                    box=box.id,
                    colour=kit.colour(box, bead),
                    census=census_command(kit, box.id, box.moves, counts, bead),
                )
            )
        return where.to_real(bead)

    def learn(self, result: Any) -> None:
        """The beads are settled by the table's events, not here."""

    def _did_you_mean(self, answer: str, box: Box) -> str:
        """A near miss ('blakc') is named, never taken: a wrong colour would teach MENACE the wrong move."""
        names = [self.table.kit.colour(box, m) for m in box.moves]
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
