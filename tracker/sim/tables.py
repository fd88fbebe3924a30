"""Precomputed numpy tables from the kit's own rules and catalogue, indexed by a small integer state code.

The population engine never asks kit.game anything during play; everything it needs (legal moves,
children, outcomes, which box and how its picture lies on the board, the perfect and ideal players'
moves) is read off these tables, which are built by walking the kit's game and asking the kit's
catalogue and solver. So the simulator plays by the same rules as the tracker and the printed kit, for
any game in the registry: nothing here knows a board's shape.

A state's code is its place in the walk of every reachable state (the start is 0). A move is an index
into ``GameTables.move_codes``, the game's move codes in ascending order (tic-tac-toe: the square;
Nim: take 1, 2, 3 are indices 0, 1, 2).
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from functools import cache
from typing import Any

import numpy as np

from kit.catalogue import build_catalogue
from kit.game import Game, State
from kit.matchbox import Catalogue
from kit.rules import Rules
from kit.solver import ideal_move, perfect_moves
from kit.walk import states

# Terminal codes, from the side of the player who made the last move.
ONGOING, LAST_MOVER_WON, LAST_MOVER_LOST, DRAWN = 0, 1, 2, 3


@dataclass(frozen=True, eq=False)
class GameTables:
    """The rules of one game as arrays over state codes; -1 marks "no such move"."""

    game: Game[Any, Any]
    states: tuple[State[Any], ...]  # the state of each code
    codes: dict[State[Any], int]  # the code of each state
    move_codes: tuple[int, ...]  # the game's move code of each move index, ascending
    max_plies: int
    child: np.ndarray  # [codes, K] code after the move, -1 if illegal
    terminal: np.ndarray  # [codes] ONGOING / LAST_MOVER_WON / LAST_MOVER_LOST / DRAWN
    n_legal: np.ndarray  # [codes]
    nth_legal: np.ndarray  # [codes, K] the legal moves first, ascending
    n_perfect: np.ndarray
    nth_perfect: np.ndarray  # kit.solver.perfect_moves
    ideal: np.ndarray  # [codes] kit.solver.ideal_move, -1 where the game is over

    start = 0  # the walk begins at the start

    def move_index(self, move: Hashable) -> int:
        return self.move_codes.index(self.game.move_code(move))

    def move(self, index: int) -> Any:
        """The game's move for a move index."""
        return self.game.move_from_code(self.move_codes[index])


@dataclass(frozen=True, eq=False)
class BoxTables:
    """One catalogue's boxes as arrays: which box serves a state and the real move of each bead slot.

    A box's slots are its moves in the catalogue's order (``Box.moves``), so slot s of box b is the bead
    for ``catalogue.boxes[b].moves[s]``."""

    catalogue: Catalogue
    box_of: np.ndarray  # [codes] 0-based box MENACE draws from (Catalogue.box_for), -1 if none
    slot_move: np.ndarray  # [codes, S] move index on the real board of the box's slot s, -1 past its moves
    n_slots: np.ndarray  # [boxes]
    initial: np.ndarray  # [boxes, S] starting beads, 0 past the box's moves
    first_boxes: np.ndarray  # 0-based: Catalogue.first_move_boxes
    is_first: np.ndarray  # [boxes] bool: Catalogue.is_first_move_box

    @property
    def rules(self) -> Rules:
        return self.catalogue.rules


@cache
def game_tables(game: Game[Any, Any]) -> GameTables:
    game.require_matchbox_kit()
    walk = states(game, reduce=False)
    codes = {state: code for code, state in enumerate(walk)}
    move_codes = tuple(sorted({game.move_code(m) for s in walk for m in game.legal_moves(s)}))
    index = {code: i for i, code in enumerate(move_codes)}
    size, k = len(walk), len(move_codes)
    child = np.full((size, k), -1, np.int32)
    terminal = np.zeros(size, np.int8)
    n_legal, n_perfect = np.zeros(size, np.int16), np.zeros(size, np.int16)
    nth_legal, nth_perfect = np.full((size, k), -1, np.int16), np.full((size, k), -1, np.int16)
    ideal = np.full(size, -1, np.int16)
    for code, state in enumerate(walk):
        outcome = game.outcome(state)
        if outcome is not None:
            last_mover = 1 - state.to_move
            if outcome.winner is None:
                terminal[code] = DRAWN
            else:
                terminal[code] = LAST_MOVER_WON if outcome.winner == last_mover else LAST_MOVER_LOST
            continue
        legal = [index[game.move_code(m)] for m in game.legal_moves(state)]
        best = [index[game.move_code(m)] for m in perfect_moves(game, state)]
        n_legal[code], nth_legal[code, : len(legal)] = len(legal), legal
        n_perfect[code], nth_perfect[code, : len(best)] = len(best), best
        ideal[code] = index[game.move_code(ideal_move(game, state))]
        for move in game.legal_moves(state):
            child[code, index[game.move_code(move)]] = codes[game.apply(state, move)]
    return GameTables(
        game, tuple(walk), codes, move_codes, game.longest_game(), child, terminal,
        n_legal, nth_legal, n_perfect, nth_perfect, ideal,
    )  # fmt: skip


@cache
def box_tables(game: Game[Any, Any], menace_plays: str, rules: Rules) -> BoxTables:
    catalogue = build_catalogue(game, menace_plays, rules)
    gt = game_tables(catalogue.game)
    slots = max(len(b.moves) for b in catalogue.boxes)
    size = len(gt.states)
    box_of = np.full(size, -1, np.int32)
    slot_move = np.full((size, slots), -1, np.int16)
    for code, state in enumerate(gt.states):
        # Catalogue.box_for says which states have a box: tic-tac-toe's only on MENACE's side; Nim's on
        # either side, since a count does not say whose turn it is (the Nim tournament's MENACEs play both).
        placement = catalogue.box_for(state) if gt.terminal[code] == ONGOING else None
        if placement is None:
            continue  # not MENACE's box, or one legal move that MENACE plays without a box
        box_of[code] = placement.box.id - 1
        real = [gt.move_index(placement.to_real(m)) for m in placement.box.moves]
        slot_move[code, : len(real)] = real
    initial = np.zeros((len(catalogue.boxes), slots), np.int32)
    for i, box in enumerate(catalogue.boxes):
        initial[i, : len(box.beads)] = box.beads
    n_slots = np.array([len(b.moves) for b in catalogue.boxes], np.int16)
    first_boxes = np.array(sorted(catalogue.first_move_boxes), np.intp) - 1
    is_first = np.array([catalogue.is_first_move_box(b.id) for b in catalogue.boxes], bool)
    return BoxTables(catalogue, box_of, slot_move, n_slots, initial, first_boxes, is_first)
