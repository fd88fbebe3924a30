"""The protocol every MENACE game implements, and the values it trades in.

A game owns its positions and moves: immutable values of its own (tic-tac-toe: a nine-character board
and a square; Nim: a token count and a take), each with a text form that parses back. It declares its
symmetries as transforms of positions and moves; canonical forms, placements and symmetry-distinct
moves are worked out here, the same way for every game. Nothing outside a game's module knows its
board's shape: the rest of the kit asks the game for text, pictures (``kit.picture``) and move codes.

Games take options. A game object is made from its name and options (``kit.games.get_game("nim",
heaps=(1, 2, 3))``) and has a ``spec``, one line that ``kit.games.game_from_spec`` reads back to the same
object: "nim --heaps 1,2,3", "tictactoe --symmetry none". Only options that differ from their defaults
are written, so a game with default options has its plain name as spec: every store, export, printed kit
and fingerprint made before options existed names its game exactly as before. Stores and kit records
keep the spec where they kept the name; rules presets and palettes belong to the plain name (the game's
family), so "nim --heaps 1,2,3" takes the nim presets.
"""

from __future__ import annotations

import enum
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any, ClassVar, Generic, SupportsInt, TypeVar, cast

from kit.i18n import _
from kit.numerals import number as spoken_number
from kit.picture import MoveMark, Picture

P = TypeVar("P", bound=Hashable)  # a position
M = TypeVar("M", bound=Hashable)  # a move

FIRST, SECOND = 0, 1
SIDES = {"first": FIRST, "second": SECOND}


class GameError(ValueError):
    """Base of every error the kit raises for bad input; the message says what to do."""


class InvalidPositionError(GameError):
    """The text is not a position of this game, or not one reachable in play."""


class InvalidMoveError(GameError):
    """The text is not a move of this game."""


class IllegalMoveError(GameError):
    """The move is not legal in this state."""


class NoMatchboxKit(GameError):
    """The game is too big for matchboxes: no catalogue, printed kit, simulator or perfect player."""


@dataclass(frozen=True, slots=True)
class PositionCount:
    """How many positions a game has (a matchbox kit would need about one box each), and the source."""

    count: int
    source: str  # where the figure comes from, in a few words
    qualifier: str = ""  # "" for an exact count, else "about" or "at most"

    def __str__(self) -> str:
        digits = len(str(self.count)) - 1
        if self.count < 10**15:
            number = spoken_number(self.count)
        elif self.count == 10**digits:
            number = f"10^{digits}"
        else:
            number = f"{spoken_number(self.count / 10**digits, '.1f')} x 10^{digits}"
        if self.qualifier:
            number = f"{_(self.qualifier)} {number}"
        return _("{number} positions ({source})").format(number=number, source=_(self.source))


class Result(enum.Enum):
    """A finished game from one player's side (MENACE's, in the rest of the kit)."""

    WIN = "win"
    DRAW = "draw"
    LOSS = "loss"

    @property
    def reward(self) -> int:
        """+1 for a win, 0 for a draw, -1 for a loss."""
        # Comparisons, not a dict built per call: the simulator asks this once a game.
        return 1 if self is Result.WIN else 0 if self is Result.DRAW else -1


@dataclass(frozen=True, slots=True)
class State(Generic[P]):
    """A position and the player to move (0 = first, 1 = second)."""

    position: P
    to_move: int


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game ended: the winner (0, 1) or None for a draw, and whether the loser resigned."""

    winner: int | None
    resigned: bool = False

    def result_for(self, player: int) -> Result:
        if self.winner is None:
            return Result.DRAW
        return Result.WIN if self.winner == player else Result.LOSS


@dataclass(frozen=True)
class Transform(Generic[P, M]):
    """One symmetry of a game: how it moves a position and a move, and how a person is told about it."""

    name: str
    description: str  # how a label's picture turns onto the real board, e.g. "turned half a turn"
    position: Callable[[P], P]
    move: Callable[[M], M]

    def __repr__(self) -> str:
        return f"<Transform {self.name}>"


def identity() -> Transform[Any, Any]:
    return Transform("identity", "as printed", lambda position: position, lambda move: move)


class Game(ABC, Generic[P, M]):
    """The rules of a two-player game of alternating moves, as MENACE needs them."""

    name: str  # the registry's name, e.g. "tictactoe"; with its options, ``spec``
    # The game's options as spec words ("max-take") and how to read each from text; None marks a flag
    # (an option with no value, e.g. "forced-boxes"). kit.games turns "max-take" into max_take=.
    option_parsers: ClassVar[dict[str, Callable[[str], Any] | None]] = {}
    player_names: tuple[str, str]  # as code and logs write them; _(name) for people
    default_rules: str  # the preset a kit of this game gets unless told otherwise
    default_palette: str
    # The palette whose kits print the fingerprint's own first six digits as their kit code (None: the
    # default palette): a game whose default palette changed keeps the codes printed before.
    plain_code_palette: str | None = None
    default_menace_plays = "first"  # the side MENACE takes unless told otherwise
    notations: tuple[str, ...] = ("numbers",)  # the ways move_text can write a move; the first is the default
    # Why the printed kit is not yet fit for a builder, or None when it is: such a kit is printed only
    # when asked for by name (never by `generate --game all`), with this said as a warning.
    printed_kit_draft: str | None = None
    # Set by a game too big for matchboxes (four-in-a-row, Othello): how many positions it has. Such a
    # game is played by the match loop and MCTS only; everything that needs boxes refuses it in one line.
    no_matchbox_kit: PositionCount | None = None
    # Whether a game can end in a draw: Hexapawn and Nim cannot (tests/test_conformance.py checks it against
    # every reachable state), so their kits' papers, commands and pages never speak of draws.
    can_draw = True

    # Titles are properties, not class attributes: a class body runs at import, before a command has
    # chosen the language people read (kit.i18n).
    @property
    @abstractmethod
    def title(self) -> str:
        """The game's name, in the current language."""

    @property
    def short_title(self) -> str:
        """A word or two where room is short: a label's band, a printed kit's title ("Nim"); the title
        unless the game's is longer."""
        return self.title

    def require_matchbox_kit(self) -> None:
        """Raises NoMatchboxKit, saying how many positions the game has, when it has no matchbox kit."""
        if self.no_matchbox_kit is not None:
            raise NoMatchboxKit(
                _(
                    "no matchbox kit: {game} has {positions}, against 304 boxes for noughts and crosses"
                ).format(game=self.title, positions=self.no_matchbox_kit)
            )

    def options(self) -> dict[str, str]:
        """The options that differ from their defaults, in spec order, as text ("" for a flag that is on)."""
        return {}

    @property
    def spec(self) -> str:
        """The game with its options as one line that kit.games.game_from_spec reads back."""
        words = [self.name]
        for key, value in self.options().items():
            words += [f"--{key}", value] if value else [f"--{key}"]
        return " ".join(words)

    # --- rules -------------------------------------------------------------------------------------
    @abstractmethod
    def initial(self) -> State[P]:
        """The state before the first move."""

    @abstractmethod
    def legal_moves(self, state: State[P]) -> tuple[M, ...]:
        """Legal moves in ascending order of their codes; empty when the game is over."""

    @abstractmethod
    def outcome(self, state: State[P]) -> Outcome | None:
        """The outcome of a finished game, or None while it goes on."""

    @abstractmethod
    def apply(self, state: State[P], move: M) -> State[P]:
        """The state after a move already known to be legal (no check: the hot path of every walk)."""

    def play(self, state: State[P], move: M) -> State[P]:
        """The state after ``move``; raises IllegalMoveError, saying why, when it is not legal."""
        if move not in self.legal_moves(state):
            raise IllegalMoveError(self.illegal_reason(state, move))
        return self.apply(state, move)

    def illegal_reason(self, state: State[P], move: M) -> str:
        """Why ``move`` is not legal in ``state``, in words a player can act on."""
        if self.outcome(state) is not None:
            return _("the game is over")
        choices = ", ".join(self.move_text(m) for m in self.legal_moves(state))
        return _("{move} is not a legal move here: choose one of {choices}").format(
            move=self.move_text(move), choices=choices
        )

    def whose_turn(self, position: P) -> int | None:
        """The player to move in ``position``, or None when the position alone does not say."""
        return None

    # --- text forms: each parses back --------------------------------------------------------------
    @abstractmethod
    def parse_position(self, text: str) -> P:
        """The position written ``text`` (as position_text writes it, or as people type it)."""

    def position_text(self, position: P) -> str:
        return str(position)

    @abstractmethod
    def parse_move(self, text: str) -> M:
        """The move written ``text`` in any of the game's notations; raises InvalidMoveError."""

    @abstractmethod
    def move_text(self, move: M, notation: str = "numbers") -> str:
        """The move as a person types it ("5", "LM", "2"); parse_move reads it back."""

    @abstractmethod
    def move_phrase(self, move: M, notation: str = "numbers") -> str:
        """The move in a sentence after a player's name: "plays square 3 (top right)", "takes 2"."""

    @abstractmethod
    def move_prompt(self, state: State[P]) -> str:
        """What the tracker asks a person for a move, e.g. "Opponent's move (square 1-9)"."""

    def move_code(self, move: M) -> int:
        """The move as a small whole number; JSON files, palettes and the simulator's tables key moves by
        it."""
        return int(cast(SupportsInt, move))  # the default suits games whose moves are ints

    @abstractmethod
    def move_from_code(self, code: int) -> M:
        """The move whose code is ``code``."""

    def rules_summary(self) -> str | None:
        """The game's rules in a few plain sentences, written from its parameters; None if it gives none.

        The printed kit's rules card and fill sheet state them, so helpers play the game MENACE learns."""
        return None

    # --- pictures ----------------------------------------------------------------------------------
    @abstractmethod
    def picture(self, position: P) -> Picture:
        """What a label, the finder and the terminal draw for ``position``."""

    @abstractmethod
    def move_mark(self, move: M) -> MoveMark:
        """Where ``move``'s bead dot goes on a picture of a position where it is legal."""

    def row_words(self, move: M) -> str:
        """A move's words on a label row of its own, short enough to print large: its mark's label unless
        the game has a shorter form that the legend explains."""
        return self.move_mark(move).label

    def label_table(self, moves: Sequence[object]) -> dict[int, list[int]]:
        """A box's moves as a table on its label (a line each with its entries, e.g. heap -> takes), for a
        game that prints them so; empty: a row per move."""
        return {}

    def values_carried_to(self, game: Game[Any, Any], values: dict[Any, float]) -> dict[Any, float] | None:
        """Values (position -> value) learnt on this game, keyed for ``game`` (another game); None when
        they do not carry over, as by default."""
        return None

    # --- symmetry ----------------------------------------------------------------------------------
    @cached_property
    def symmetries(self) -> tuple[Transform[P, M], ...]:
        """The game's symmetry group, identity first; ties in ``canonical`` and ``placements`` go to the
        earliest, so a person is given the simplest instruction."""
        return (identity(),)

    def canonical_key(self, position: P) -> object:
        """The order that picks a class's representative: the smallest key wins."""
        return self.position_text(position)

    def canonical(self, position: P) -> P:
        """The representative of the position's symmetry class (``placements`` gives the transforms)."""
        best, best_key = position, self.canonical_key(position)
        for transform in self.symmetries[1:]:
            image = transform.position(position)
            key = self.canonical_key(image)
            if key < best_key:  # type: ignore[operator]
                best, best_key = image, key
        return best

    def placements(self, representative: P, position: P) -> tuple[Transform[P, M], ...]:
        """Every transform that takes ``representative`` onto ``position``, simplest first."""
        return tuple(t for t in self.symmetries if t.position(representative) == position)

    def stabiliser(self, position: P) -> tuple[Transform[P, M], ...]:
        """The transforms that leave ``position`` as it is (the identity always)."""
        return self.placements(position, position)

    def distinct_moves(self, state: State[P]) -> tuple[M, ...]:
        """The legal moves, one per class of moves that a symmetry of the position maps onto each other;
        each class is represented by its smallest code (Michie's opening box: corner, edge, centre)."""
        moves = self.legal_moves(state)
        keepers = self.stabiliser(state.position)
        if len(keepers) == 1:
            return moves
        return tuple(m for m in moves if all(self.move_code(t.move(m)) >= self.move_code(m) for t in keepers))

    # --- matchboxes --------------------------------------------------------------------------------
    @abstractmethod
    def needs_box(self, state: State[P], menace: int) -> bool:
        """Whether MENACE playing as ``menace`` keeps a matchbox for this state (not over, its turn)."""

    def menace_move_number(self, state: State[P]) -> int | None:
        """MENACE's move number (1 = its first move) in this state; None if the position does not fix it."""
        return None

    def box_order(self, position: P) -> object:
        """The order of boxes within one move number."""
        return self.position_text(position)

    def longest_game(self) -> int:
        """The most moves a game can last (the simulator sizes its loops by it)."""
        return _longest(self, self.initial(), {})


def _longest(game: Game[Any, Any], state: State[Any], seen: dict[State[Any], int]) -> int:
    if state not in seen:
        moves = game.legal_moves(state)
        seen[state] = 1 + max(_longest(game, game.apply(state, m), seen) for m in moves) if moves else 0
    return seen[state]
