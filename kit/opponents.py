"""Opponents that play themselves: uniformly random, and perfect (game-theoretic best play).

A perfect player wins if it can, as quickly as it can; otherwise it draws if it can; otherwise any
move is as good as another. Ties are broken at random by the caller, so it is not predictable.
"""
from __future__ import annotations

import random

from kit.game import Game, State

WIN, DRAW, LOSS = 1, 0, -1
_solved: dict[tuple[str, State], tuple[int, int]] = {}


def solve(game: Game, state: State) -> tuple[int, int]:
    """(value, plies): the value for the player to move with best play on both sides (1, 0 or -1)
    and how many moves the game then lasts."""
    key = (game.name, state)
    if key not in _solved:
        _solved[key] = _solve(game, state)
    return _solved[key]


def _solve(game: Game, state: State) -> tuple[int, int]:
    outcome = game.outcome(state)
    if outcome is not None:
        if outcome.winner is None:
            return DRAW, 0
        return (WIN if outcome.winner == state.to_move else LOSS), 0
    best = None
    for move in game.legal_moves(state):
        value, plies = solve(game, game._apply(state, move))
        # The child's value is the opponent's: negate it. Prefer quick wins and slow losses.
        candidate = (-value, -(plies + 1) if value == LOSS else plies + 1)
        if best is None or candidate > best:
            best = candidate
    assert best is not None, "a game that is not over has a legal move"
    value, key = best
    return value, -key if value == WIN else key


def perfect_moves(game: Game, state: State) -> tuple[int, ...]:
    """Every best move: the quickest wins, else every drawing move, else every legal move."""
    moves = game.legal_moves(state)
    results = {move: solve(game, game._apply(state, move)) for move in moves}
    wins = [m for m in moves if results[m][0] == LOSS]  # the opponent is lost after these
    if wins:
        quickest = min(results[m][1] for m in wins)
        return tuple(m for m in wins if results[m][1] == quickest)
    draws = [m for m in moves if results[m][0] == DRAW]
    return tuple(draws) if draws else moves


def perfect_move(game: Game, state: State, rng: random.Random) -> int:
    return rng.choice(perfect_moves(game, state))


def random_move(game: Game, state: State, rng: random.Random) -> int:
    return rng.choice(game.legal_moves(state))
