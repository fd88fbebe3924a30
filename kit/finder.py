"""A box's finder key: a few characters that stay the same when the board is turned or flipped, so that a
person can go straight to a box's group in the finder (and check it on the label) before matching pictures.

The key counts the pieces on each orbit of cells under the game's symmetries, smallest orbits first. For
noughts and crosses the orbits are the centre, the four corners and the four edges, so "X/XXO/O" is an X in
the centre, two X's and an O on the corners and an O on an edge ('-': nothing there). A turn or flip moves
a piece only within its orbit, so every board of a box has the box's key.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from functools import cache
from typing import Any

from kit.game import Game, State
from kit.picture import Grid

SAMPLE = 400  # positions that pin down how each symmetry moves the cells: a few plies of play are plenty
EMPTY_ORBIT = "-"

Orbits = tuple[tuple[int, ...], ...]


def finder_key(game: Game[Any, Any], position: Hashable) -> str | None:
    """The position's key ("X/XXO/O"), the same for every position of its symmetry class; None for a game
    not pictured as a grid, or whose symmetries do not just move cells about."""
    orbits = cell_orbits(game)
    if orbits is None:
        return None
    marks = _marks(game, position)
    assert marks is not None
    return "/".join(
        "".join(sorted((marks[c] for c in o if marks[c]), reverse=True)) or EMPTY_ORBIT for o in orbits
    )


@cache
def cell_orbits(game: Game[Any, Any]) -> Orbits | None:
    """The cells that the game's symmetries carry onto each other, smallest groups first (then in reading
    order); None when a symmetry is not a rearrangement of the grid's cells, or when no symmetry moves any
    cell (a raw board: its key would be the whole board, one box a group)."""
    start = game.picture(game.initial().position).board
    if start is None:
        return None
    samples = _sample(game)
    moves = [_cell_map(game, t.position, samples, start) for t in game.symmetries]
    if any(move is None for move in moves):
        return None
    found: dict[int, set[int]] = {cell: {cell} for cell in range(start.rows * start.columns)}
    for move in moves:
        assert move is not None
        for cell, image in enumerate(move):
            if found[cell] is not found[image]:  # merge the two orbits
                merged = found[cell] | found[image]
                for member in merged:
                    found[member] = merged
    orbits = {tuple(sorted(orbit)) for orbit in found.values()}
    if all(len(orbit) == 1 for orbit in orbits):
        return None
    return tuple(sorted(orbits, key=lambda orbit: (len(orbit), orbit)))


def _cell_map(
    game: Game[Any, Any], transform: Callable[[Any], Any], samples: list[Any], grid: Grid
) -> tuple[int, ...] | None:
    """The cell permutation of the grid (a turn or flip) that ``transform`` makes of every sample: cell i's
    mark goes to cell map[i]; None when no turn or flip of the grid does."""
    for candidate in _grid_symmetries(grid.rows, grid.columns):
        if all(_moved(_marks(game, p), candidate) == _marks(game, transform(p)) for p in samples):
            return candidate
    return None


def _moved(marks: tuple[str, ...] | None, cells: tuple[int, ...]) -> tuple[str, ...] | None:
    if marks is None:
        return None
    moved = [""] * len(marks)
    for cell, image in enumerate(cells):
        moved[image] = marks[cell]
    return tuple(moved)


def _grid_symmetries(rows: int, columns: int) -> list[tuple[int, ...]]:
    """Every turn and flip that maps a rows x columns grid onto itself, as cell permutations."""

    def perm(f: Callable[[int, int], tuple[int, int]], width: int) -> tuple[int, ...]:
        return tuple(
            f(*divmod(cell, columns))[0] * width + f(*divmod(cell, columns))[1]
            for cell in range(rows * columns)
        )

    last_r, last_c = rows - 1, columns - 1
    found = [
        perm(lambda r, c: (r, c), columns),
        perm(lambda r, c: (r, last_c - c), columns),
        perm(lambda r, c: (last_r - r, c), columns),
        perm(lambda r, c: (last_r - r, last_c - c), columns),
    ]
    if rows == columns:
        found += [
            perm(lambda r, c: (c, r), rows),
            perm(lambda r, c: (last_c - c, last_r - r), rows),
            perm(lambda r, c: (c, last_r - r), rows),
            perm(lambda r, c: (last_c - c, r), rows),
        ]
    return found


def _marks(game: Game[Any, Any], position: Any) -> tuple[str, ...] | None:
    board = game.picture(position).board
    return board.marks if board is not None else None


def _sample(game: Game[Any, Any]) -> list[Any]:
    """Positions from the first plies of play, breadth first."""
    seen: dict[Any, None] = {}
    frontier: list[State[Any]] = [game.initial()]
    while frontier and len(seen) < SAMPLE:
        following = []
        for state in frontier:
            if state.position in seen:
                continue
            seen[state.position] = None
            following += [game.apply(state, move) for move in game.legal_moves(state)]
        frontier = following
    return list(seen)
