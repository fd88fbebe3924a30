"""The eight symmetries of the 3x3 board (the dihedral group D4) as square permutations.

Squares are numbered 0-8 in reading order. A symmetry's ``perm[i]`` is the square that square ``i``
moves to; ``transform(board, s)`` moves every piece that way.
"""
from __future__ import annotations

from dataclasses import dataclass
from operator import itemgetter


@dataclass(frozen=True, slots=True)
class Symmetry:
    """One symmetry of the square: a permutation of the nine squares with a plain-words description."""

    name: str
    perm: tuple[int, ...]
    description: str

    def __call__(self, square: int) -> int:
        return self.perm[square]

    def then(self, other: Symmetry) -> Symmetry:
        """The symmetry that applies ``self`` first and ``other`` second."""
        return _BY_PERM[tuple(other.perm[p] for p in self.perm)]

    def inverse(self) -> Symmetry:
        inv = [0] * 9
        for square, image in enumerate(self.perm):
            inv[image] = square
        return _BY_PERM[tuple(inv)]

    def __repr__(self) -> str:
        return f"SYMMETRIES[{GROUP.index(self)}]  # {self.name}"


def _from_coordinates(name: str, description: str, f) -> Symmetry:
    perm = []
    for square in range(9):
        r, c = f(*divmod(square, 3))
        perm.append(3 * r + c)
    return Symmetry(name, tuple(perm), description)


# Order matters: ties in ``canonical`` and ``placements`` go to the earliest, so the simplest
# instruction ("as printed", then turns, then flips) is the one a person is given.
GROUP: tuple[Symmetry, ...] = (
    _from_coordinates("identity", "as printed", lambda r, c: (r, c)),
    _from_coordinates("rot90", "turned a quarter turn clockwise", lambda r, c: (c, 2 - r)),
    _from_coordinates("rot180", "turned half a turn", lambda r, c: (2 - r, 2 - c)),
    _from_coordinates("rot270", "turned a quarter turn anticlockwise", lambda r, c: (2 - c, r)),
    _from_coordinates("mirror", "flipped left to right (mirror image)", lambda r, c: (r, 2 - c)),
    _from_coordinates("flip", "flipped top to bottom", lambda r, c: (2 - r, c)),
    _from_coordinates(
        "diagonal", "flipped over the diagonal from top-left to bottom-right", lambda r, c: (c, r)
    ),
    _from_coordinates(
        "antidiagonal",
        "flipped over the diagonal from top-right to bottom-left",
        lambda r, c: (2 - c, 2 - r),
    ),
)
IDENTITY = GROUP[0]
_BY_PERM = {s.perm: s for s in GROUP}
# transform() reads the source square of every target square: the inverse permutation.
_GATHER = {s.name: itemgetter(*s.inverse().perm) for s in GROUP}
_NON_IDENTITY = [(s, _GATHER[s.name]) for s in GROUP[1:]]


def transform(board: str, symmetry: Symmetry) -> str:
    """The board with every piece moved by ``symmetry``."""
    return "".join(_GATHER[symmetry.name](board))


def canonical(board: str) -> tuple[str, Symmetry]:
    """The lexicographically smallest image of ``board`` and the symmetry that makes it."""
    best, best_symmetry = board, IDENTITY
    for symmetry, gather in _NON_IDENTITY:
        image = "".join(gather(board))
        if image < best:
            best, best_symmetry = image, symmetry
    return best, best_symmetry


def stabiliser(board: str) -> tuple[Symmetry, ...]:
    """The symmetries that leave ``board`` unchanged (always includes the identity)."""
    return tuple(s for s in GROUP if transform(board, s) == board)


def distinct_squares(board: str, squares: tuple[int, ...]) -> tuple[int, ...]:
    """One square per class of ``squares`` that a symmetry of ``board`` maps onto each other.

    Each class is represented by its smallest square, as Michie's opening box held one colour each for
    corner (0), edge (1) and centre (4).
    """
    symmetries = stabiliser(board)
    chosen = []
    for square in sorted(squares):
        if all(s.perm[square] >= square for s in symmetries):
            chosen.append(square)
    return tuple(chosen)
