"""Walks a game from its start, state by state, optionally folding symmetric positions together.

Game logic in the core, pure Python: a catalogue (``kit.catalogue``) numbers its boxes from it without
networkx, and ``generator.tree`` builds the networkx graphs from these same walks.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from kit.game import Game, State


def walk(game: Game[Any, Any], *, reduce: bool) -> Iterator[tuple[State[Any], Any, State[Any]]]:
    """Every (state, move, child) edge reachable from the start, breadth first.

    With ``reduce``, states are canonical representatives and a move is given in the parent's own
    orientation; the child is the canonical form of the position the move makes.
    """
    start = _canonical_state(game, game.initial()) if reduce else game.initial()
    seen = {start}
    frontier = [start]
    while frontier:
        next_frontier = []
        for state in frontier:
            for move in game.legal_moves(state):
                child = game.apply(state, move)
                if reduce:
                    child = _canonical_state(game, child)
                yield state, move, child
                if child not in seen:
                    seen.add(child)
                    next_frontier.append(child)
        frontier = next_frontier


def states(game: Game[Any, Any], *, reduce: bool) -> list[State[Any]]:
    """Every reachable state (canonical ones with ``reduce``), the start first."""
    start = _canonical_state(game, game.initial()) if reduce else game.initial()
    found = {start: None}
    for _, _, child in walk(game, reduce=reduce):
        found.setdefault(child, None)
    return list(found)


def _canonical_state(game: Game[Any, Any], state: State[Any]) -> State[Any]:
    return State(game.canonical(state.position), state.to_move)
