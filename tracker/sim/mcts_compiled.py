"""The compiled MCTS as a kit player: kit positions turned into the kernels' words, a tree of arrays per
move (or kept between moves), and ``compiled_mcts``, which kit.mcts tries before its own search.

The kernels (tracker.sim.mcts_kernels) need numba; this module imports them, and with them numba and
numpy, only when a player is made, so naming an MCTS player costs nothing at start-up. Without numba, or
for a game the kernels do not play (Nim, Hexapawn), ``compiled_mcts`` answers None and kit.mcts plays.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

from kit.game import Game, Result, State
from kit.i18n import _
from kit.mcts import Chooser

GAME_CODES = {"tictactoe": 0, "connect4": 1, "othello": 2, "ultimate": 3}  # as mcts_kernels numbers them
HALT_SLICE = 20_000  # iterations a search with a ``halt`` makes between two questions to it
_LOW54 = (1 << 54) - 1  # ultimate: boards 0-5's cells in the first word, boards 6-8's in the next


def words(game: Game[Any, Any], state: State[Any]) -> list[int]:
    """The kernels' six words for ``state``'s position (mcts_kernels' docstring gives the layout)."""
    position = state.position
    if game.name == "tictactoe":
        return [
            sum(1 << i for i, mark in enumerate(position) if mark == "X"),
            sum(1 << i for i, mark in enumerate(position) if mark == "O"),
            0,
            0,
            0,
            0,
        ]
    if game.name in ("connect4", "othello"):
        return [position[0], position[1], 0, 0, 0, 0]
    x, o, active, x_won, o_won, finished = position
    return [x & _LOW54, o & _LOW54, x >> 54, o >> 54, active + 1, x_won | o_won << 9 | finished << 18]


@cache
def _kernels() -> ModuleType | None:
    """The kernels, or None without numba; the first time they are compiled, one line on stderr says so."""
    try:
        from tracker.sim import mcts_kernels
    except ImportError:  # no numba: the fast extra is not installed
        return None
    index = _cache_index(mcts_kernels.search)
    if index is not None and not index.exists():
        print(
            _("compiling the MCTS search (once, about 20 s; numba caches it in {folder})...").format(
                folder=index.parent
            ),
            file=sys.stderr,
            flush=True,
        )
    return mcts_kernels


def _cache_index(kernel: Any) -> Path | None:
    """The index file of numba's cache for ``kernel`` (missing until its first compilation), or None if this
    numba does not say where it is."""
    try:
        return Path(kernel._cache._cache_file._index_path)
    except AttributeError:
        return None


class CompiledMctsPlayer:
    """kit.mcts.MctsPlayer's search, compiled: ``iterations`` iterations a move, exploration ``explore``,
    with the solver and tree reuse as asked. Its random numbers are seeded from the ``rng`` it is given,
    so a seeded match plays the same games again."""

    def __init__(
        self,
        kernels: ModuleType,
        game: Game[Any, Any],
        iterations: int,
        explore: float,
        solver: bool,
        reuse: bool,
    ) -> None:
        self.kernels, self.game, self.code = kernels, game, GAME_CODES[game.name]
        self.iterations, self.explore, self.solver, self.reuse = iterations, explore, solver, reuse
        self._kept: tuple[Any, ...] | None = None  # with reuse: the tree's arrays, rows used, chosen row
        # The root's plays after the last search: the kept ones too, with reuse; with the solver, fewer than
        # the iterations when it proved the root.
        self.root_plays = 0
        self.halt: Callable[[], bool] | None = None  # set by a caller that may give up waiting (a run)

    def _arrays(self, rows: int) -> tuple[Any, ...]:
        import numpy as np

        k = self.kernels
        return (
            np.empty((rows, k.LINKS), np.int32),
            np.empty((rows, k.WORDS), np.uint64),
            np.empty((rows, int(k.MAX_MOVES[self.code])), np.int64),
            np.zeros(rows, np.float64),
        )

    def _fresh(self, state: State[Any]) -> tuple[tuple[Any, ...], int]:
        """A tree of one node, ``state``, with room for a search: its arrays and the rows used."""
        import numpy as np

        arrays, here = self._arrays(self.iterations + 1), np.array(words(self.game, state), np.uint64)
        return arrays, self.kernels.start(self.code, *arrays[:3], here, state.to_move, self.solver)

    def _tree(self, state: State[Any]) -> tuple[tuple[Any, ...], int]:
        """The arrays to search in, with the root in row 0, and the rows used."""
        import numpy as np

        k, here = self.kernels, np.array(words(self.game, state), np.uint64)
        if self._kept is not None:
            arrays, used, chosen = self._kept
            below = k.find_child(arrays[0], arrays[1], chosen, here, state.to_move)
            if below >= 0:
                fresh = self._arrays(used + self.iterations + 1)
                return fresh, k.copy_subtree(*arrays, below, *fresh)
        return self._fresh(state)

    def choose(self, state: State[Any], rng: random.Random) -> Any:
        import numpy as np

        arrays, used = self._tree(state)
        seed = np.array([rng.getrandbits(64) | 1], np.uint64)  # xorshift's state must not be zero
        if self.halt is None:
            grown = self.kernels.search(
                self.code, *arrays, 0, used, self.iterations, self.explore, self.solver, seed
            )
        else:  # a slice at a time, asking between them: the tree and the seed carry on where they were
            grown, left = used, self.iterations
            while left > 0 and not self.halt():
                grown = self.kernels.search(
                    self.code, *arrays, 0, grown, min(left, HALT_SLICE), self.explore, self.solver, seed
                )
                left -= HALT_SLICE
        self.root_plays = int(arrays[0][0, self.kernels.PLAYS])
        chosen = self.kernels.best_child(arrays[0], 0)
        if self.reuse:
            self._kept = (arrays, grown, chosen)
        return self.game.move_from_code(int(arrays[0][chosen, self.kernels.MOVE]))

    def tree(self, state: State[Any], rng: random.Random) -> list[tuple[int, int, float]]:
        """The root's children after a fresh search from ``state``: (move code, plays, wins) in the order
        they were expanded, as kit.mcts.search's root gives them (for the tests)."""
        import numpy as np

        k = self.kernels
        arrays, used = self._fresh(state)
        k.search(
            self.code,
            *arrays,
            0,
            used,
            self.iterations,
            self.explore,
            self.solver,
            np.array([rng.getrandbits(64) | 1], np.uint64),
        )
        links, wins, found = arrays[0], arrays[3], []
        child = int(links[0, k.FIRST_CHILD])
        while child >= 0:
            found.append((int(links[child, k.MOVE]), int(links[child, k.PLAYS]), float(wins[child])))
            child = int(links[child, k.NEXT])
        return found

    def learn(self, result: Result) -> None:
        """Nothing to learn: a new game starts a fresh tree."""
        self._kept = None


def compiled_mcts(
    game: Game[Any, Any], iterations: int, explore: float, solver: bool, reuse: bool
) -> Chooser | None:
    """The compiled player for ``game``, or None where there is none (no numba, or a game off bitboards)."""
    if game.name not in GAME_CODES:
        return None
    kernels = _kernels()
    if kernels is None:
        return None
    return CompiledMctsPlayer(kernels, game, iterations, explore, solver, reuse)
