"""What a position looks like, as data: the printed kit and the terminal draw these, whatever the game.

A game turns a position into a picture and says where each move's bead goes on it; drawing code reads
only these values, so it never needs to know which game it draws.
"""

from __future__ import annotations

from dataclasses import dataclass


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


@dataclass(frozen=True, slots=True)
class Heaps:
    """Piles of tokens: ``tokens[i]`` left of ``start[i]`` in heap i."""

    tokens: tuple[int, ...]
    start: tuple[int, ...]


Picture = Grid | Heaps


@dataclass(frozen=True, slots=True)
class MoveMark:
    """Where a move's bead dot goes on a picture: a Grid cell, or, for Heaps, a row of its own."""

    cell: int | None  # Grid: the cell the move plays into; None: the picture has no place for it
    label: str  # a few words for a move drawn as a row of its own, e.g. "take 2"
    # Games whose pieces move (Hexapawn): the cell the piece leaves. The printed kit then draws the move
    # as an arrow from ``origin`` to ``cell``, since several moves can end on one cell.
    origin: int | None = None
