"""Monte Carlo tree search (UCT), as the MCTS course plays it, on any game of the registry.

Each iteration walks down the tree by w/n + c * sqrt(ln(n_parent) / n) while every move of a node has
been tried, expands one untried move, plays uniformly random moves to the end, and backs up: every node
on the path gets a play, and a win for the player who made the node's move (a draw is half a win to
both). The move played is the root's most-played child. A fresh tree is grown for every move, so the
player learns nothing across moves or games; all randomness comes from the ``rng`` it is given.
"""

from __future__ import annotations

import math
import random
from typing import Any

from kit.game import Game, Result, State


class Node:
    """A state in the search tree: the move that led here, who made it, and its plays and wins."""

    __slots__ = ("children", "mover", "move", "parent", "plays", "state", "untried", "wins")

    def __init__(self, state: State[Any], untried: list[Any], parent: Node | None, move: Any) -> None:
        self.state = state
        self.parent = parent
        self.move = move
        self.mover = 1 - state.to_move  # the player whose move made this state
        self.untried = untried
        self.children: list[Node] = []
        self.plays = 0
        self.wins = 0.0


def search(game: Game[Any, Any], state: State[Any], iterations: int, explore: float,
           rng: random.Random) -> Node:
    """The root of a UCT tree grown from ``state`` by ``iterations`` iterations."""
    legal, apply, outcome = game.legal_moves, game.apply, game.outcome
    root = Node(state, list(legal(state)), None, None)
    for _ in range(iterations):
        node = root
        # Selection: while every move has been tried, the child with the best upper confidence bound.
        while not node.untried and node.children:
            log_n = math.log(node.plays)
            best, best_value = node.children[0], -math.inf
            for child in node.children:
                value = child.wins / child.plays + explore * math.sqrt(log_n / child.plays)
                if value > best_value:
                    best, best_value = child, value
            node = best
        # Expansion: one untried move, chosen at random.
        if node.untried:
            move = node.untried.pop(rng.randrange(len(node.untried)))
            after = apply(node.state, move)
            child = Node(after, list(legal(after)), node, move)
            node.children.append(child)
            node = child
        # Simulation: uniformly random moves to the end (moves come from legal_moves, so apply, not play).
        rollout = node.state
        while (result := outcome(rollout)) is None:
            rollout = apply(rollout, rng.choice(legal(rollout)))
        # Backpropagation.
        walk: Node | None = node
        while walk is not None:
            walk.plays += 1
            if result.winner is None:
                walk.wins += 0.5
            elif result.winner == walk.mover:
                walk.wins += 1.0
            walk = walk.parent
    return root


class MctsPlayer:
    """UCT with ``iterations`` iterations per move and exploration constant ``explore`` (the course's c)."""

    def __init__(self, game: Game[Any, Any], iterations: int, explore: float = 1.0) -> None:
        if iterations < 1:
            raise ValueError("MCTS needs at least one iteration")
        self.game, self.iterations, self.explore = game, iterations, explore

    def choose(self, state: State[Any], rng: random.Random) -> Any:
        root = search(self.game, state, self.iterations, self.explore, rng)
        # The most-played child; ties go to the first expanded.
        return max(root.children, key=lambda child: child.plays).move

    def learn(self, result: Result) -> None:
        """Nothing to learn: every move grows a fresh tree."""
