"""Symmetries of a rectangular board of cells as permutations, for games to build their transforms from.

Cells are numbered in reading order from the top left. A permutation's ``perm[i]`` is the cell that cell
``i`` moves to. A game turns these into ``kit.game.Transform`` values that move its own positions and
moves; the generic canonical forms and placements live in ``kit.game``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from operator import itemgetter


@dataclass(frozen=True, slots=True)
class Permutation:
    """One symmetry of a board: where every cell goes, with its name and a plain-words description."""

    name: str
    perm: tuple[int, ...]
    description: str

    def __call__(self, cell: int) -> int:
        return self.perm[cell]

    def then(self, other: Permutation) -> tuple[int, ...]:
        """The cells' images when ``self`` is applied first and ``other`` second."""
        return tuple(other.perm[p] for p in self.perm)

    def inverse(self) -> tuple[int, ...]:
        inverse = [0] * len(self.perm)
        for cell, image in enumerate(self.perm):
            inverse[image] = cell
        return tuple(inverse)

    def text_mover(self) -> Callable[[str], str]:
        """A function moving every character of a one-character-per-cell text the way ``perm`` says."""
        gather = itemgetter(*self.inverse())  # each target cell reads its source cell
        return lambda text: "".join(gather(text))


def _from_coordinates(
    name: str, description: str, size: int, f: Callable[[int, int], tuple[int, int]]
) -> Permutation:
    perm = []
    for cell in range(size * size):
        r, c = f(*divmod(cell, size))
        perm.append(size * r + c)
    return Permutation(name, tuple(perm), description)


def square_symmetries(size: int) -> tuple[Permutation, ...]:
    """The eight symmetries of a size x size board (the dihedral group D4): identity, the turns, the flips."""
    n = size - 1
    table: list[tuple[str, str, Callable[[int, int], tuple[int, int]]]] = [
        ("identity", "as printed", lambda r, c: (r, c)),
        ("rot90", "turned a quarter turn clockwise", lambda r, c: (c, n - r)),
        ("rot180", "turned half a turn", lambda r, c: (n - r, n - c)),
        ("rot270", "turned a quarter turn anticlockwise", lambda r, c: (n - c, r)),
        ("mirror", "flipped left to right (mirror image)", lambda r, c: (r, n - c)),
        ("flip", "flipped top to bottom", lambda r, c: (n - r, c)),
        ("diagonal", "flipped over the diagonal from top-left to bottom-right", lambda r, c: (c, r)),
        (
            "antidiagonal",
            "flipped over the diagonal from top-right to bottom-left",
            lambda r, c: (n - c, n - r),
        ),
    ]
    return tuple(_from_coordinates(name, words, size, f) for name, words, f in table)
