"""What a position looks like, as data: the printed kit and the terminal draw these, whatever the game.

A game turns a position into a picture and says where each move's bead goes on it; drawing code reads
only these values, so it never needs to know which game it draws.

Pictures come in kinds (``Grid``, ``Heaps``). Code never asks which kind it holds; it asks one of two
things instead:
- ``picture.board``: the board of cells that moves sit on (a Grid), or None when moves are rows of their
  own. Everything that works on cells (squares, arrows, the finder's key, cell names) reads this, so a
  new kind with cells need only say which Grid they form.
- a ``ByKind`` registry, one per job, kept in the layer that owns the job: drawing on the printed kit
  (``generator.drawing.DRAWERS``), words on paper (``generator.documents.wording.PAPER_WORDS``), lines
  at the terminal (``tracker.state.text.TERMINAL``), the web screen's JSON (``tracker.web.view.VIEWS``).
So a new kind of picture is its own module (a frozen dataclass with ``board``, which makes it a
``Picture``) plus one registration per job; a registry's error names the job and the kind it lacks.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Grid:
    """A board of cells, row by row from the top left; ``marks`` holds each cell's piece ("" when empty)."""

    rows: int
    columns: int
    marks: tuple[str, ...]
    # Names of the rows (top first) and columns (left first) when moves are written by coordinates
    # (Hexapawn: ranks 3-1, files a-c); empty when a move is written as the one cell it plays into.
    row_names: tuple[str, ...] = ()
    column_names: tuple[str, ...] = ()
    # Cells per side of the blocks the board is drawn in (ultimate tic-tac-toe's local boards: 3); 0: none.
    block: int = 0
    caption: str = ""  # a line drawn under the board at the terminal (Othello: the discs each side has)

    def cell(self, row: int, column: int) -> str:
        return self.marks[row * self.columns + column]

    @property
    def board(self) -> Grid:
        """The cells moves sit on: the grid itself."""
        return self


@dataclass(frozen=True, slots=True)
class Heaps:
    """Piles of tokens: ``tokens[i]`` left of ``start[i]`` in heap i."""

    tokens: tuple[int, ...]
    start: tuple[int, ...]

    @property
    def board(self) -> None:
        """No cells: each take is a row of its own beside the counters."""
        return None


class Picture(Protocol):
    """Any kind of picture: all the core asks of one is whether its moves sit on a board of cells."""

    @property
    def board(self) -> Grid | None: ...


class ByKind(Generic[T]):
    """One job's entry for each kind of picture (a drawing function, a wording...), found by the picture's
    type; a kind without an entry is refused with the job's name, so a new kind shows what it lacks."""

    def __init__(self, job: str) -> None:
        self.job = job
        self._entries: dict[type, T] = {}

    def register(self, kind: type, entry: T) -> None:
        self._entries[kind] = entry

    def of(self, picture: object) -> T:
        for kind in type(picture).__mro__:
            if kind in self._entries:
                return self._entries[kind]
        raise LookupError(f"no {self.job} for a {type(picture).__name__} picture: register one for its kind")


@dataclass(frozen=True, slots=True)
class MoveMark:
    """Where a move's bead dot goes on a picture: a Grid cell, or, for Heaps, a row of its own."""

    cell: int | None  # Grid: the cell the move plays into; None: the picture has no place for it
    label: str  # a few words for a move drawn as a row of its own, e.g. "take 2"
    # Games whose pieces move (Hexapawn): the cell the piece leaves. The printed kit then draws the move
    # as an arrow from ``origin`` to ``cell``, since several moves can end on one cell.
    origin: int | None = None
