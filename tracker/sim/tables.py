"""Precomputed numpy tables from the kit's own rules and catalogue, indexed by a small integer board code.

The population engine never asks kit.game anything during play; everything it needs (legal moves,
children, outcomes, which box and how its picture lies on the board, the perfect player's moves) is
read off these tables, which are built by walking the kit's game and asking the kit's catalogue and
opponents. So the simulator plays by the same rules as the tracker and the printed kit.

A move is an index 0..K-1 into ``GameTables.moves`` (tic-tac-toe: the square; Nim: take index + 1).
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np

from generator.catalogue import build_catalogue
from kit.matchbox import NotABoxError
from generator.walk import states
from kit.game import Game, State
from kit.games import get_game
from kit.solver import LOSS, perfect_moves, solve

# Terminal codes, from the side of the player who made the last move.
ONGOING, LAST_MOVER_WON, LAST_MOVER_LOST, DRAWN = 0, 1, 2, 3
_CELL = {".": 0, "X": 1, "O": 2}


def encode(game: Game, position: str) -> int:
    """The board code of a position: base 3 over the squares for tic-tac-toe, the token count for Nim."""
    if isinstance(position, int):
        return position
    return sum(_CELL[mark] * 3**square for square, mark in enumerate(position))


@dataclass(frozen=True, eq=False)
class GameTables:
    """The rules of one game as arrays over board codes; -1 marks "no such move"."""

    game: Game
    moves: tuple[int, ...]  # the kit's move for each move index
    start: int
    max_plies: int
    child: np.ndarray  # [codes, K] code after the move, -1 if illegal
    terminal: np.ndarray  # [codes] ONGOING / LAST_MOVER_WON / LAST_MOVER_LOST / DRAWN
    n_legal: np.ndarray  # [codes]
    nth_legal: np.ndarray  # [codes, K] the legal moves first, ascending
    n_perfect: np.ndarray
    nth_perfect: np.ndarray  # kit.opponents.perfect_moves
    n_ideal: np.ndarray
    nth_ideal: np.ndarray  # the Nim notebook's ideal player: the best take, else take 1

    def move_index(self, move: int) -> int:
        return self.moves.index(move)


@dataclass(frozen=True, eq=False)
class BoxTables:
    """One catalogue's boxes as arrays: which box serves a board and the real move of each bead slot."""

    catalogue: object
    box_of: np.ndarray  # [codes] 0-based box index where this MENACE is to move, -1 if none (forced or not its turn)
    slot_move: np.ndarray  # [codes, S] move index on the real board of the box's slot s, -1 past its moves
    n_slots: np.ndarray  # [boxes]
    initial: np.ndarray  # [boxes, S] starting beads, 0 past the box's moves
    first_boxes: np.ndarray  # boxes MENACE can meet at its first move

    @property
    def rules(self):
        return self.catalogue.rules


@cache
def game_tables(game_name: str) -> GameTables:
    game = get_game(game_name)
    all_states = states(game, reduce=False)
    moves = tuple(sorted({m for s in all_states for m in game.legal_moves(s)}))
    size = max(encode(game, s.position) for s in all_states) + 1
    k = len(moves)
    child = np.full((size, k), -1, np.int32)
    terminal = np.zeros(size, np.int8)
    tables = {name: np.full((size, k), -1, np.int8) for name in ("legal", "perfect", "ideal")}
    counts = {name: np.zeros(size, np.int8) for name in tables}
    for state in all_states:
        code = encode(game, state.position)
        outcome = game.outcome(state)
        if outcome is not None:
            last_mover = 1 - state.to_move
            terminal[code] = DRAWN if outcome.winner is None else (
                LAST_MOVER_WON if outcome.winner == last_mover else LAST_MOVER_LOST
            )
            continue
        legal = game.legal_moves(state)
        best = perfect_moves(game, state)
        lost = solve(game, state)[0] == LOSS
        chosen = {"legal": legal, "perfect": best, "ideal": (legal[0],) if lost else best[:1]}
        for name, picks in chosen.items():
            counts[name][code] = len(picks)
            tables[name][code, : len(picks)] = [moves.index(m) for m in picks]
        for move in legal:
            child[code, moves.index(move)] = encode(game, game.apply(state, move).position)
    return GameTables(
        game, moves, encode(game, game.initial().position), game.longest_game(),
        child, terminal, counts["legal"], tables["legal"], counts["perfect"], tables["perfect"],
        counts["ideal"], tables["ideal"],
    )


@cache
def box_tables(game_name: str, menace_plays: str, rules_name: str | None) -> BoxTables:
    catalogue = build_catalogue(game_name, menace_plays, rules_name)
    gt = game_tables(game_name)
    game = catalogue.game
    slots = max(len(b.moves) for b in catalogue.boxes)
    size = len(gt.terminal)
    box_of = np.full(size, -1, np.int16)
    slot_move = np.full((size, slots), -1, np.int8)
    for state in states(game, reduce=False):
        code = encode(game, state.position)
        mine = game.whose_turn(state.position) in (None, catalogue.menace)
        if not mine or gt.terminal[code] != ONGOING:
            continue
        try:
            placement = catalogue.place(state.position)
        except NotABoxError:
            continue  # one legal move: MENACE plays it without a box
        box_of[code] = placement.box.id - 1
        slot_move[code, : len(placement.box.moves)] = [gt.move_index(placement.to_real(m)) for m in placement.box.moves]
    initial = np.zeros((len(catalogue.boxes), slots), np.int32)
    for i, box in enumerate(catalogue.boxes):
        initial[i, : len(box.beads)] = box.beads
    n_slots = np.array([len(b.moves) for b in catalogue.boxes], np.int8)
    return BoxTables(catalogue, box_of, slot_move, n_slots, initial, _first_boxes(gt, box_of, catalogue.menace))


def _first_boxes(gt: GameTables, box_of: np.ndarray, menace: int) -> np.ndarray:
    """Boxes of the positions MENACE can face at its first move."""
    codes = np.array([gt.start])
    if menace == 1:
        codes = np.unique(gt.child[gt.start][gt.child[gt.start] >= 0])
    boxes = box_of[codes]
    return np.unique(boxes[boxes >= 0]).astype(np.intp)
