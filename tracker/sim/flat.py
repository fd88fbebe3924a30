"""The engines' tables: flat arrays with moves fused into children, cached on disk.

They are read off tracker.sim.tables (the kit's own game walk, catalogue and solver), so they hold the
same rules; only the shape changes, for speed. A move is never looked up as a move during play: a fixed
player's n-th legal (or perfect) move and a MENACE's bead slot lead straight to the child state's code
(``legal_child[code * K + n]``, ``slot_child[code * S + slot]``), and a box's beads are the slots
``box * S .. box * S + S - 1`` of one flat row per member. Building them walks the whole game (about
0.25 s for noughts and crosses); loading them from the cache takes a few milliseconds.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from hashlib import sha256
from typing import Any

import numpy as np

from kit.game import Game
from kit.rules import EmptyBox, KeepOne, Punish, Rules
from tracker.sim.cache import cached_arrays


@dataclass(frozen=True, eq=False)
class PolicyTables:
    """One game's rules for the fixed players: states by code, the start is 0."""

    terminal: np.ndarray  # int8 [N]: tables.ONGOING / LAST_MOVER_WON / LAST_MOVER_LOST / DRAWN
    first_result: np.ndarray  # int8 [N]: a finished game's result for the first player (1, 0, -1); 0 if not
    n_legal: np.ndarray  # int32 [N]
    legal_child: np.ndarray  # int32 [N * K]: the child after the n-th legal move (ascending move index)
    n_perfect: np.ndarray  # int32 [N]
    perfect_child: np.ndarray  # int32 [N * K]: the child after the n-th perfect move (kit.solver)
    ideal_child: np.ndarray  # int32 [N]: the child after kit.solver.ideal_move, -1 where the game is over
    k: int  # moves of the game
    max_plies: int  # the longest game


@dataclass(frozen=True, eq=False)
class MenaceTables:
    """One catalogue's boxes and one preset's rules, for a MENACE on one side."""

    box_of: np.ndarray  # int32 [N]: the 0-based box drawn from, -1 for none (a forced move, or not its turn)
    forced_child: np.ndarray  # int32 [N]: the child after the only legal move where there is no box
    slot_child: np.ndarray  # int32 [N * S]: the child after the move of the box's bead slot s
    n_slots: np.ndarray  # int32 [B]: the box's moves
    initial: np.ndarray  # int32 [B * S]: starting beads, 0 past a box's moves
    first_index: np.ndarray  # int32 [B]: the place of a first-move box among them, -1 for the others
    keeps_one: np.ndarray  # bool [B]: a loss never takes the box's last bead (kit.matchbox.settle)
    change: np.ndarray  # int32 [3]: Rules.change for loss, draw, win (indexed by result + 1)
    floor: int
    refill_beads: int  # 0: an empty box resigns (kit.matchbox.when_empty)
    punish_last: bool  # a defeat changes only the last draw (punish = "last-move")
    slots: int  # S
    boxes: int  # B
    first_boxes: int  # F

    @property
    def keep_any(self) -> bool:
        return bool(self.keeps_one.any())


def rules_key(rules: Rules) -> str:
    """A hash of what ``rules`` say, not what they are called: two files with the same content share a
    cached table, and a file whose content changed never meets its old one."""
    content = {key: value for key, value in rules.as_file().items() if key not in ("title", "description")}
    return sha256(json.dumps(content, sort_keys=True).encode()).hexdigest()[:12]


@cache
def policy_tables(game: Game[Any, Any]) -> PolicyTables:
    def build() -> dict[str, np.ndarray]:
        from tracker.sim.tables import LAST_MOVER_LOST, LAST_MOVER_WON, game_tables

        gt = game_tables(game)
        child = gt.child.astype(np.int64)

        def fused(n: np.ndarray, nth: np.ndarray) -> np.ndarray:
            moves = np.where(nth >= 0, nth, 0)
            out = np.take_along_axis(child, moves, axis=1)
            return np.where(np.arange(nth.shape[1]) < n[:, np.newaxis], out, -1).astype(np.int32).ravel()

        ideal = np.where(gt.ideal >= 0, child[np.arange(len(child)), np.maximum(gt.ideal, 0)], -1)
        # Who won a finished game, from its last mover (the player not to move in it).
        first_moved_last = np.array([state.to_move == 1 for state in gt.states])
        won = np.select([gt.terminal == LAST_MOVER_WON, gt.terminal == LAST_MOVER_LOST], [1, -1], 0)
        first_result = np.where(first_moved_last, won, -won).astype(np.int8)
        return {
            "terminal": gt.terminal, "first_result": first_result, "n_legal": gt.n_legal.astype(np.int32),
            "legal_child": fused(gt.n_legal, gt.nth_legal), "n_perfect": gt.n_perfect.astype(np.int32),
            "perfect_child": fused(gt.n_perfect, gt.nth_perfect), "ideal_child": ideal.astype(np.int32),
            "shape": np.array([child.shape[1], gt.max_plies]),
        }  # fmt: skip

    arrays = cached_arrays(f"policy-{game.spec}", build)
    k, max_plies = (int(v) for v in arrays.pop("shape"))
    return PolicyTables(**arrays, k=k, max_plies=max_plies)


@cache
def menace_tables(game: Game[Any, Any], menace_plays: str, rules: Rules) -> MenaceTables:
    """The tables of a MENACE on ``menace_plays``'s side under ``rules`` (a value: equal rules share them)."""
    from kit.game import Result

    def build() -> dict[str, np.ndarray]:
        from tracker.sim.tables import box_tables, game_tables

        gt, bt = game_tables(game), box_tables(game, menace_plays, rules)
        child = gt.child.astype(np.int64)
        boxed = bt.box_of >= 0
        moves = np.where(bt.slot_move >= 0, bt.slot_move, 0)
        slot_child = np.where(bt.slot_move >= 0, np.take_along_axis(child, moves, axis=1), -1)
        slot_child[~boxed] = -1
        # A state without a box where MENACE is to move has one legal move, which it plays
        # (kit.players.MenacePlayer: the first legal move).
        only = np.where(gt.n_legal > 0, child[np.arange(len(child)), np.maximum(gt.nth_legal[:, 0], 0)], -1)
        first_index = np.full(len(bt.n_slots), -1, np.int32)
        first_index[bt.first_boxes] = np.arange(len(bt.first_boxes))
        if rules.keep_one is KeepOne.FIRST_BOX:
            keeps_one = bt.is_first
        else:
            keeps_one = np.full(len(bt.is_first), rules.keep_one is KeepOne.EVERY_BOX)
        return {
            "box_of": bt.box_of.astype(np.int32), "forced_child": np.where(boxed, -1, only).astype(np.int32),
            "slot_child": slot_child.astype(np.int32).ravel(), "n_slots": bt.n_slots.astype(np.int32),
            "initial": bt.initial.astype(np.int32).ravel(), "first_index": first_index,
            "keeps_one": keeps_one.astype(bool), "slots": np.array(bt.initial.shape[1]),
        }  # fmt: skip

    arrays = cached_arrays(f"menace-{game.spec}-{menace_plays}-{rules_key(rules)}", build)
    slots = int(arrays.pop("slots"))
    return MenaceTables(
        **arrays,
        change=np.array([rules.change(r) for r in (Result.LOSS, Result.DRAW, Result.WIN)], np.int32),
        floor=rules.floor,
        refill_beads=rules.refill_beads if rules.empty_box is EmptyBox.REFILL else 0,
        punish_last=rules.punish is Punish.LAST_MOVE,
        slots=slots,
        boxes=len(arrays["n_slots"]),
        first_boxes=int((arrays["first_index"] >= 0).sum()),
    )
