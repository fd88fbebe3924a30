"""The game tree as a networkx DiGraph, in full or reduced by symmetry, and its GraphML export.

Nodes and edges carry only text and numbers, whatever the game: a position as its position_text and a
move as its move code, the forms the kit's JSON files use, so GraphML (which stores only plain values)
can hold any game.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import networkx as nx

from kit.game import Game, State
from kit.matchbox import Catalogue
from kit.walk import walk


def node_id(game: Game[Any, Any], state: State[Any]) -> str:
    """A readable node name: the position's text and the player to move, e.g. 'X...O..../X'."""
    return f"{game.position_text(state.position)}/{game.player_names[state.to_move]}"


def game_tree(game: Game[Any, Any], *, reduce: bool = False) -> nx.DiGraph:
    """Every reachable state as a node and every legal move as an edge.

    With ``reduce``, nodes are canonical positions, and an edge carries every move of the parent (in
    the parent's orientation) that leads to that child; ``moves`` is a space-separated list of move codes.
    """
    graph = nx.DiGraph(game=game.name, reduced=reduce)
    start = game.initial()
    if reduce:
        start = State(game.canonical(start.position), start.to_move)
    _add_node(graph, game, start)
    for parent, move, child in walk(game, reduce=reduce):
        if node_id(game, child) not in graph:
            _add_node(graph, game, child)
        edge = (node_id(game, parent), node_id(game, child))
        code = str(game.move_code(move))
        if graph.has_edge(*edge):
            graph.edges[edge]["moves"] += f" {code}"
        else:
            graph.add_edge(*edge, moves=code)
    return graph


def mark_boxes(graph: nx.DiGraph, catalogue: Catalogue) -> nx.DiGraph:
    """Sets ``box`` on every node of a reduced tree that is a matchbox of ``catalogue`` (0 elsewhere)."""
    game = catalogue.game
    ids = {game.position_text(box.position): box.id for box in catalogue.boxes}
    for _, data in graph.nodes(data=True):
        # A position that does not say whose turn it is has one box for either side (Nim).
        either_side = game.whose_turn(game.parse_position(data["position"])) is None
        is_box = data["to_move"] == catalogue.menace or either_side
        data["box"] = ids.get(data["position"], 0) if is_box and not data["outcome"] else 0
    return graph


def write_graphml(graph: nx.DiGraph, path: Path) -> None:
    nx.write_graphml(graph, path)


def _add_node(graph: nx.DiGraph, game: Game[Any, Any], state: State[Any]) -> None:
    outcome = game.outcome(state)
    if outcome is None:
        result = ""
    elif outcome.winner is None:
        result = "draw"
    else:
        result = f"{game.player_names[outcome.winner]} wins"
    position = game.position_text(state.position)
    graph.add_node(node_id(game, state), position=position, to_move=state.to_move, outcome=result)
