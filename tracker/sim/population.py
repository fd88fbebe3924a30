"""The vectorised engine: a population of games played in lockstep, ply by ply, with numpy.

Game i of a round is played by member i of each side; every member plays its games one after another,
so learning carries over from game to game exactly as for a single MENACE. It is kit.match.play_game
for many games at once: a player that resigns loses, and both players settle when all games are over.

``play_pairings`` plays a given sequence of games between members of one population, where a game's
first and second player are any two members (self-play with a coin for who starts, or the Nim notebook's
stable). It needs boxes that serve either side, as Nim's do (one box per token count). A member's
learning depends only on its own games and their order, so games with no member in common may be played
at once: each game is put in the earliest round after the rounds of both its members' previous games, and
each round is one ``play_round`` with two views of the same beads (one maps round game i to its first
player's member, the other to its second's). No member plays twice in a round, so every member plays
its games one after another, in the order given, exactly as in a loop over the games one by one.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from tracker.sim.players import Menaces, SimPlayer
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


def rounds_of(pairs: np.ndarray, members: int) -> np.ndarray:
    """The round of each game (0-based): the first after the rounds of both its members' previous games."""
    last = [-1] * members
    rounds = np.empty(len(pairs), np.intp)
    for g, (a, b) in enumerate(pairs.tolist()):
        r = max(last[a], last[b]) + 1
        rounds[g] = last[a] = last[b] = r
    return rounds


def play_pairings(
    gt: GameTables, menaces: Menaces, pairs: np.ndarray, rng: np.random.Generator
) -> np.ndarray:
    """Play game g between members ``pairs[g, 0]`` (first) and ``pairs[g, 1]`` (second) of ``menaces``,
    each member's games in order, all learning as ``menaces`` does; the result of each game from its first
    player's side (1 win, 0 draw, -1 loss)."""
    if (pairs[:, 0] == pairs[:, 1]).any():
        raise ValueError("a member cannot play itself: its draws on both sides would share one set of beads")
    rounds = rounds_of(pairs, len(menaces.beads))
    order = np.argsort(rounds, kind="stable")
    starts = np.flatnonzero(np.diff(rounds[order], prepend=-1))
    first, second = replace(menaces, members=None), replace(menaces, members=None)
    first.beads = second.beads = menaces.beads  # two views of one population's beads
    result = np.zeros(len(pairs), np.int8)
    for games in np.split(order, starts[1:]):
        first.members, second.members = pairs[games, 0], pairs[games, 1]
        result[games] = play_round(gt, first, second, len(games), rng)
    return result
