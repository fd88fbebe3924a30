"""Monte Carlo tree search (UCT), as the MCTS course plays it, on any game of the registry.

Each iteration walks down the tree by w/n + c * sqrt(ln(n_parent) / n) while every move of a node has
been tried, expands one untried move, plays uniformly random moves to the end, and backs up: every node
on the path gets a play, and a win for the player who made the node's move (a draw is half a win to
both). The move played is the root's most-played child. A fresh tree is grown for every move, so the
player learns nothing across moves or games; all randomness comes from the ``rng`` it is given.

Two options, both off by default (the learner studies' figures were measured without them):
- ``solver`` (MCTS-Solver, Winands, Bjoernsson and Saito 2008): a finished position is a proven value
  for the player who moved into it (win 1, draw 1/2, loss 0); a node one of whose children is a proven win
  for the player to move there is a proven loss for its own mover, and a node whose children are all
  tried and proven takes the best of them. Selection treats a proven child's value as its score and does
  not walk into a proven node (its value is backed up as the playout's result); a proven root ends the
  search, and the move played is a proven win if there is one, else the most-played child that is not a
  proven loss.
- ``reuse``: the subtree under the position the opponent's reply reached is kept for the next move (its
  plays count, and ``iterations`` more are added); a new game starts a fresh tree.

This is the reference; the tracker installs a compiled search of the same UCT (``install_compiled``)
for the games it has on bitboards, and ``mcts:N:python`` asks for this one.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any, Protocol

from kit.game import Game, Result, State

WIN, DRAW, LOSS = 1.0, 0.5, 0.0  # a proven value, for the node's mover
HALT_EVERY = 256  # iterations between two questions to a search's ``halt``


class Node:
    """A state in the search tree: the move that led here, who made it, its plays and wins, and (with
    the solver) its proven value for its mover, or None."""

    __slots__ = ("children", "mover", "move", "parent", "plays", "proven", "state", "untried", "wins")

    def __init__(self, state: State[Any], untried: list[Any], parent: Node | None, move: Any) -> None:
        self.state = state
        self.parent = parent
        self.move = move
        self.mover = 1 - state.to_move  # the player whose move made this state
        self.untried = untried
        self.children: list[Node] = []
        self.plays = 0
        self.wins = 0.0
        self.proven: float | None = None


def new_root(game: Game[Any, Any], state: State[Any]) -> Node:
    """A tree of one node, ``state``, for ``search`` to grow."""
    return Node(state, list(game.legal_moves(state)), None, None)


def search(
    game: Game[Any, Any],
    state: State[Any],
    iterations: int,
    explore: float,
    rng: random.Random,
    *,
    solver: bool = False,
    root: Node | None = None,
    halt: Callable[[], bool] | None = None,
) -> Node:
    """The root of a UCT tree grown from ``state`` by ``iterations`` iterations (fewer when the solver
    proves the root, or when ``halt``, asked every HALT_EVERY iterations, says to give up), on ``root`` when
    given (a kept tree whose state is ``state``)."""
    legal, apply, outcome = game.legal_moves, game.apply, game.outcome
    if root is None:
        root = new_root(game, state)
    for done in range(iterations):
        if root.proven is not None:
            break  # only the solver proves a node
        if halt is not None and not done % HALT_EVERY and halt():
            break
        node = root
        # Selection: while every move has been tried, the child with the best upper confidence bound.
        while not node.untried and node.children and node.proven is None:
            log_n = math.log(node.plays)
            best, best_value = node.children[0], -math.inf
            for child in node.children:
                if child.proven is not None:
                    value = child.proven
                else:
                    value = child.wins / child.plays + explore * math.sqrt(log_n / child.plays)
                if value > best_value:
                    best, best_value = child, value
            node = best
        # Expansion: one untried move, chosen at random.
        if node.untried and node.proven is None:
            move = node.untried.pop(rng.randrange(len(node.untried)))
            after = apply(node.state, move)
            child = Node(after, list(legal(after)), node, move)
            node.children.append(child)
            node = child
            if solver and (ended := outcome(after)) is not None:
                child.proven = _value_for(ended.winner, child.mover)
        # Simulation: uniformly random moves to the end (moves come from legal_moves, so apply, not play);
        # a proven node's value stands for its playout.
        if node.proven is not None:
            winner = _winner_of(node.proven, node.mover)
        else:
            rollout = node.state
            while (result := outcome(rollout)) is None:
                rollout = apply(rollout, rng.choice(legal(rollout)))
            winner = result.winner
        # Backpropagation.
        walk: Node | None = node
        while walk is not None:
            walk.plays += 1
            if winner is None:
                walk.wins += 0.5
            elif winner == walk.mover:
                walk.wins += 1.0
            walk = walk.parent
        if node.proven is not None:
            _prove_up(node.parent)
    return root


def _value_for(winner: int | None, mover: int) -> float:
    return DRAW if winner is None else WIN if winner == mover else LOSS


def _winner_of(value: float, mover: int) -> int | None:
    return None if value == DRAW else mover if value == WIN else 1 - mover


def _prove_up(node: Node | None) -> None:
    """The solver's step: proofs carried up from a newly proven child while they settle each node."""
    while node is not None and node.proven is None:
        values = [child.proven for child in node.children]
        if WIN in values:  # the player to move here has a proven win: the node's mover has lost
            node.proven = LOSS
        elif not node.untried and None not in values:
            node.proven = 1.0 - max(v for v in values if v is not None)
        else:
            return
        node = node.parent


def best_child(root: Node) -> Node:
    """The move to play: the most-played child (ties to the first expanded); first, with the solver, a
    proven win, and never a proven loss while another child is left."""

    def rank(child: Node) -> int:
        return 2 if child.proven == WIN else 0 if child.proven == LOSS else 1

    return max(root.children, key=lambda child: (rank(child), child.plays))


def kept_subtree(last: Node | None, state: State[Any]) -> Node | None:
    """The node under ``last`` (the child this player chose) whose state is ``state``, cut loose."""
    if last is None:
        return None
    for child in last.children:
        if child.state == state:
            child.parent = None
            return child
    return None


class MctsPlayer:
    """UCT with ``iterations`` iterations per move and exploration constant ``explore`` (the course's c),
    with the solver and tree reuse as asked."""

    def __init__(
        self,
        game: Game[Any, Any],
        iterations: int,
        explore: float = 1.0,
        *,
        solver: bool = False,
        reuse: bool = False,
    ) -> None:
        if iterations < 1:
            raise ValueError("MCTS needs at least one iteration")
        self.game, self.iterations, self.explore = game, iterations, explore
        self.solver, self.reuse = solver, reuse
        self._last: Node | None = None  # with reuse: the child chosen last move
        self.halt: Callable[[], bool] | None = None  # set by a caller that may give up waiting (a run)

    def choose(self, state: State[Any], rng: random.Random) -> Any:
        kept = kept_subtree(self._last, state) if self.reuse else None
        root = search(
            self.game,
            state,
            self.iterations,
            self.explore,
            rng,
            solver=self.solver,
            root=kept,
            halt=self.halt,
        )
        chosen = best_child(root)
        if self.reuse:
            self._last = chosen
        return chosen.move

    def learn(self, result: Result) -> None:
        """Nothing to learn: a new game starts a fresh tree."""
        self._last = None


class Chooser(Protocol):
    def choose(self, state: State[Any], rng: random.Random) -> Any: ...

    def learn(self, result: Result) -> None: ...


# Makes a faster player of the same search for a game, or None where it has none (the tracker's
# compiled search, when numba is there); arguments as MctsPlayer's.
CompiledMaker = Callable[[Game[Any, Any], int, float, bool, bool], Chooser | None]
_compiled: list[CompiledMaker] = []


def install_compiled(maker: CompiledMaker) -> None:
    """Makes ``mcts_player`` try ``maker`` first (once: installing the same maker again changes nothing)."""
    if maker not in _compiled:
        _compiled.append(maker)


def mcts_player(
    game: Game[Any, Any],
    iterations: int,
    explore: float = 1.0,
    *,
    solver: bool = False,
    reuse: bool = False,
    python: bool = False,
) -> Chooser:
    """An MCTS player: a compiled one where one is installed for ``game``, unless ``python`` asks for this
    module's, the reference."""
    if iterations < 1:
        raise ValueError("MCTS needs at least one iteration")
    if not python:
        for maker in _compiled:
            player = maker(game, iterations, explore, solver, reuse)
            if player is not None:
                return player
    return MctsPlayer(game, iterations, explore, solver=solver, reuse=reuse)
