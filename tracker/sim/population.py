"""The vectorised engine: a population of games played in lockstep, ply by ply, with numpy.

Game i of a round is played by member i of each side; every member plays its games one after another,
so learning carries over from game to game exactly as for a single MENACE. It is kit.match.play_game
for many games at once: a player that resigns loses, and both players settle when all games are over.
"""

from __future__ import annotations

import numpy as np

from tracker.sim.players import SimPlayer
from tracker.sim.tables import LAST_MOVER_LOST, LAST_MOVER_WON, GameTables


def play_round(
    gt: GameTables,
    first: SimPlayer,
    second: SimPlayer,
    n: int,
    rng: np.random.Generator,
    *,
    trace: list[int | None] | None = None,
) -> np.ndarray:
    """Play ``n`` games at once and settle both players; the result from the first player's side
    (1 win, 0 draw, -1 loss) for each game.

    ``trace``, when a list, receives game 0's moves ply by ply as move indices (None: a resignation),
    for checking the engine against the tracker."""
    result = np.zeros(n, np.int8)
    games = np.arange(n)
    codes = np.full(n, gt.start, np.intp)
    players = (first, second)
    for ply in range(gt.max_plies):
        sign = 1 if ply % 2 == 0 else -1  # +1: the first player wins
        moves, resigned = players[ply % 2].choose(codes, games, rng)
        if trace is not None and games.size and games[0] == 0:
            trace.append(None if resigned is not None and resigned[0] else int(moves[0]))
        if resigned is not None and resigned.any():
            result[games[resigned]] = -sign
            going = ~resigned
            games, codes, moves = games[going], codes[going], moves[going]
        codes = gt.child[codes, moves].astype(np.intp)
        state = gt.terminal[codes]
        over = state != 0
        if over.any():
            result[games[state == LAST_MOVER_WON]] = sign
            result[games[state == LAST_MOVER_LOST]] = -sign
            games, codes = games[~over], codes[~over]
        if games.size == 0:
            break
    assert games.size == 0, "a game outlived the longest possible game"
    first.settle(result)
    second.settle(-result)
    return result
