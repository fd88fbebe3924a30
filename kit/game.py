"""The game interface that every MENACE game implements, and the values it trades in.

A position is the game's own text (tic-tac-toe: nine characters; Nim: the tokens left) and a move is
an int (a square, or a number of tokens taken). A ``State`` adds whose turn it is, because a Nim
position alone does not say.
"""
from __future__ import annotations

import enum
from abc import ABC, abstractmethod
from dataclasses import dataclass

from kit.symmetry import Symmetry

FIRST, SECOND = 0, 1
SIDES = {"first": FIRST, "second": SECOND}


class GameError(ValueError):
    """Base of every error a game raises for bad input; the message says what to do."""


class InvalidPositionError(GameError):
    """The text is not a position of this game, or not one reachable in play."""


class IllegalMoveError(GameError):
    """The move is not legal in this state."""


class Result(enum.Enum):
    """A finished game from one player's side (MENACE's, in the rest of the kit)."""

    WIN = "win"
    DRAW = "draw"
    LOSS = "loss"


@dataclass(frozen=True, slots=True)
class State:
    """A position and the player to move (0 = first, 1 = second)."""

    position: str
    to_move: int


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game ended: the winner (0, 1) or None for a draw."""

    winner: int | None

    def result_for(self, player: int) -> Result:
        if self.winner is None:
            return Result.DRAW
        return Result.WIN if self.winner == player else Result.LOSS


class Game(ABC):
    """Rules of a two-player game of alternating moves, as MENACE needs them."""

    name: str
    title: str
    player_names: tuple[str, str]

    @abstractmethod
    def initial(self) -> State:
        """The state before the first move."""

    @abstractmethod
    def legal_moves(self, state: State) -> tuple[int, ...]:
        """Legal moves in ascending order; empty when the game is over."""

    @abstractmethod
    def outcome(self, state: State) -> Outcome | None:
        """The outcome of a finished game, or None while it goes on."""

    @abstractmethod
    def _apply(self, state: State, move: int) -> State:
        """The state after a move already known to be legal."""

    def play(self, state: State, move: int) -> State:
        """The state after ``move``; raises IllegalMoveError when it is not legal."""
        if move not in self.legal_moves(state):
            raise IllegalMoveError(
                f"{self.move_text(move)} is not a legal move in {state.position}: "
                f"choose one of {', '.join(self.move_text(m) for m in self.legal_moves(state))}"
            )
        return self._apply(state, move)

    # Positions and moves as text.
    @abstractmethod
    def parse_position(self, text: str) -> str:
        """The position for ``text`` in normal form; raises InvalidPositionError."""

    def move_text(self, move: int) -> str:
        return str(move)

    # Symmetry: games without any use the trivial group through these defaults.
    def canonical(self, position: str) -> tuple[str, Symmetry | None]:
        """The representative of the position's symmetry class and the symmetry that makes it."""
        return position, None

    def placements(self, representative: str, position: str) -> tuple[Symmetry | None, ...]:
        """Every symmetry that takes ``representative`` onto ``position``, simplest first."""
        return (None,) if representative == position else ()

    def map_move(self, move: int, symmetry: Symmetry | None) -> int:
        """The move ``move`` of a position becomes under ``symmetry``."""
        return move

    def distinct_moves(self, state: State) -> tuple[int, ...]:
        """The legal moves, counting once those that a symmetry of the position maps onto each other."""
        return self.legal_moves(state)

    def whose_turn(self, position: str) -> int | None:
        """The player to move in ``position``, or None when the position alone does not say."""
        return None

    # Matchboxes.
    @abstractmethod
    def needs_box(self, state: State, menace: int) -> bool:
        """Whether MENACE playing as ``menace`` keeps a matchbox for this canonical state."""

    @abstractmethod
    def menace_move_number(self, state: State) -> int | None:
        """MENACE's move number (1 = its first move) in this state, or None if the position does not fix it."""

    def sort_key(self, position: str) -> object:
        """Order of boxes within one move number."""
        return position
