"""Game-theoretic values by exhaustive search, and the perfect player's choice of moves.

A perfect player wins if it can, as quickly as it can; otherwise it draws if it can; otherwise any
move is as good as another. Ties are broken at random by the caller, so it is not predictable.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any
from weakref import WeakKeyDictionary

from kit.game import Game, State

WIN, DRAW, LOSS = 1, 0, -1
_solved: WeakKeyDictionary[Game[Any, Any], dict[State[Any], tuple[int, int]]] = WeakKeyDictionary()


def solve(game: Game[Any, Any], state: State[Any]) -> tuple[int, int]:
    """(value, plies): the value for the player to move with best play on both sides (1, 0 or -1)
    and how many moves the game then lasts."""
    game.require_matchbox_kit()  # a game that big cannot be searched to the end
    table = _solved.setdefault(game, {})
    if state not in table:
        table[state] = _solve(game, state)
    return table[state]


def _solve(game: Game[Any, Any], state: State[Any]) -> tuple[int, int]:
    outcome = game.outcome(state)
    if outcome is not None:
        if outcome.winner is None:
            return DRAW, 0
        return (WIN if outcome.winner == state.to_move else LOSS), 0
    best = None
    for move in game.legal_moves(state):
        value, plies = solve(game, game.apply(state, move))
        # The child's value is the opponent's: negate it. Prefer quick wins and slow losses.
        candidate = (-value, -(plies + 1) if value == LOSS else plies + 1)
        if best is None or candidate > best:
            best = candidate
    assert best is not None, "a game that is not over has a legal move"
    value, key = best
    return value, -key if value == WIN else key


def perfect_moves(game: Game[Any, Any], state: State[Any]) -> tuple[Any, ...]:
    """Every best move: the quickest wins, else every drawing move, else every legal move."""
    moves = game.legal_moves(state)
    results: dict[Hashable, tuple[int, int]] = {move: solve(game, game.apply(state, move)) for move in moves}
    wins = [m for m in moves if results[m][0] == LOSS]  # the opponent is lost after these
    if wins:
        quickest = min(results[m][1] for m in wins)
        return tuple(m for m in wins if results[m][1] == quickest)
    draws = [m for m in moves if results[m][0] == DRAW]
    return tuple(draws) if draws else moves


def ideal_move(game: Game[Any, Any], state: State[Any]) -> Any:
    """The Nim notebook's ideal player, for any game: the first best move, or the first legal move when
    the position is lost (single-pile Nim: take 1, 1, 2, 3, 1, 1, 2, 3, 1 at 1..9 tokens)."""
    if solve(game, state)[0] == LOSS:
        return game.legal_moves(state)[0]
    return perfect_moves(game, state)[0]
