"""The players of the population engine: MENACEs that learn (beads per member) and fixed opponents.

Each player answers ``choose(codes, games, rng)`` for the games where it is to move, returning the
move index for each and which games it resigns (None: none), and ``settle(results)`` once the games
are over. They are the vectorised forms of kit.players and kit.matchbox: the same rules, many games
at once, with numpy's generator instead of ``random.Random`` (so the same distribution, not the same
games).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

import numpy as np

from kit.game import Result
from kit.players import PlayerSpec
from tracker.sim.tables import BoxTables, GameTables

Choice = tuple[np.ndarray, np.ndarray | None]  # move index per game, and which games resign
FIXED = ("random", "perfect", "ideal", "novice")  # the kit.players kinds that Policy plays


class SimPlayer(Protocol):
    def choose(self, codes: np.ndarray, games: np.ndarray, rng: np.random.Generator) -> Choice: ...

    def settle(self, results: np.ndarray) -> None: ...


@dataclass
class Policy:
    """An opponent that does not learn, one of kit.players' fixed players (``spec`` from parse_player).

    random: RandomPlayer, any legal move. perfect: PerfectPlayer, kit.solver.perfect_moves with ties at
    random. ideal: IdealPlayer, kit.solver.ideal_move. novice:P: NovicePlayer, one uniform number
    decides perfect (below P) or random, another picks within the choice.
    """

    gt: GameTables
    spec: PlayerSpec

    def __post_init__(self) -> None:
        if self.spec.kind not in FIXED:
            raise ValueError(f"the simulator has no fixed player {self.spec}: it plays {', '.join(FIXED)}")

    def choose(self, codes: np.ndarray, games: np.ndarray, rng: np.random.Generator) -> Choice:
        gt, kind = self.gt, self.spec.kind
        if kind == "random":
            return _uniform(gt.n_legal, gt.nth_legal, codes, rng), None
        if kind == "ideal":
            return gt.ideal[codes], None
        if kind == "perfect":
            return _uniform(gt.n_perfect, gt.nth_perfect, codes, rng), None
        perfect = rng.random(codes.size) < self.spec.skill
        n = np.where(perfect, gt.n_perfect[codes], gt.n_legal[codes])
        pick = (rng.random(codes.size) * n).astype(np.intp)
        return np.where(perfect, gt.nth_perfect[codes, pick], gt.nth_legal[codes, pick]), None

    def settle(self, results: np.ndarray) -> None:
        """Nothing to learn."""


def _uniform(
    n_table: np.ndarray, nth_table: np.ndarray, codes: np.ndarray, rng: np.random.Generator
) -> np.ndarray:
    pick = (rng.random(codes.size) * n_table[codes]).astype(np.intp)
    moves: np.ndarray = nth_table[codes, pick]
    return moves


@dataclass
class Menaces:
    """A population of MENACEs on one catalogue: ``beads[member, box, slot]``, each member its own games.

    ``members`` maps game i to the member that plays it (None: member i plays game i). With
    ``learning`` off the beads never change (a trained player in a tournament). ``first_box_empty``
    records the members whose first-move boxes have ever been empty after a game.

    ``log``, when a list, receives what game 0 of each round does with its boxes, in order:
    ("refilled", box, slots added one by one), ("drew", box, slot), ("resigned", box); boxes 0-based.
    It is for checking the engine against the tracker; the normal path pays one ``is None`` per ply.
    """

    gt: GameTables
    bt: BoxTables
    beads: np.ndarray
    learning: bool = True
    members: np.ndarray | None = None
    log: list[tuple[Any, ...]] | None = None
    first_box_empty: np.ndarray = field(init=False)
    _pending: list[tuple[np.ndarray, ...]] = field(default_factory=list, init=False, repr=False)

    @classmethod
    def fresh(cls, gt: GameTables, bt: BoxTables, population: int, **kwargs: Any) -> Menaces:
        beads = np.repeat(bt.initial[np.newaxis], population, axis=0)
        return cls(gt, bt, beads, **kwargs)

    def __post_init__(self) -> None:
        rules = self.bt.rules
        self.first_box_empty = np.zeros(len(self.beads), bool)
        # Rules.change for each result, indexed by result + 1 (-1 loss, 0 draw, 1 win).
        self._change = np.array([rules.change(r) for r in (Result.LOSS, Result.DRAW, Result.WIN)], np.int32)
        # The keep-one test of kit.matchbox.settle, decided once per box.
        if rules.keep_one == "first-box":
            self._keeps_one = self.bt.is_first
        else:
            self._keeps_one = np.full(len(self.bt.is_first), rules.keep_one == "every-box")
        self._keep_any = bool(self._keeps_one.any())  # else settling skips summing the boxes

    def choose(self, codes: np.ndarray, games: np.ndarray, rng: np.random.Generator) -> Choice:
        bt, gt = self.bt, self.gt
        box = bt.box_of[codes].astype(np.intp)
        forced = box < 0
        if not forced.any():
            return self._draw(codes, games, box, rng)
        # A state with one legal move has no box (Catalogue.box_for is None): MENACE plays it.
        moves = gt.nth_legal[codes, 0].astype(np.intp)
        boxed = np.flatnonzero(~forced)
        chosen, resigned = self._draw(codes[boxed], games[boxed], box[boxed], rng)
        moves[boxed] = chosen
        if resigned is None:
            return moves, None
        full = np.zeros(codes.size, bool)
        full[boxed] = resigned
        return moves, full

    def _draw(
        self, codes: np.ndarray, games: np.ndarray, box: np.ndarray, rng: np.random.Generator
    ) -> Choice:
        """kit.matchbox.draw_from for every game at once: refill or resign at an empty box (when_empty),
        then pick a bead in proportion to the counts and set it aside until the game is settled."""
        rows = games if self.members is None else self.members[games]
        counts = self.beads[rows, box]
        cumulative = np.cumsum(counts, axis=1, dtype=np.int32)  # int32: several times faster than int64
        total = cumulative[:, -1]
        resigned = refilled = None
        if not total.all():
            empty = total == 0
            if self.bt.rules.empty_box == "resign":
                resigned = empty
            else:
                refilled = self._refill(rows, box, empty, rng)
                cumulative = np.cumsum(self.beads[rows, box], axis=1, dtype=np.int32)
                total = cumulative[:, -1]
        # kit.matchbox.pick: a ticket below the total, and the first slot whose running total passes it.
        ticket = (rng.random(codes.size) * total).astype(np.int32)
        slot = (cumulative > ticket[:, np.newaxis]).argmax(axis=1)
        if resigned is not None:
            slot[resigned] = 0  # no draw happens; the move is discarded by the caller
        moves = self.bt.slot_move[codes, slot].astype(np.intp)
        if self.log is not None and games.size and games[0] == 0:
            self._log_game0(int(box[0]), int(slot[0]), resigned, refilled)
        if self.learning:
            keep = slice(None) if resigned is None else ~resigned
            games, rows, box, slot = games[keep], rows[keep], box[keep], slot[keep]
            self.beads[rows, box, slot] -= 1
            self._pending.append((games, rows, box, slot))
        return moves, resigned

    def _refill(
        self, rows: np.ndarray, box: np.ndarray, empty: np.ndarray, rng: np.random.Generator
    ) -> np.ndarray:
        """kit.matchbox.when_empty's refill for every empty box: ``refill_beads`` beads of random legal
        colours, one by one. Returns the slots added, [refill_beads, games], -1 where nothing was empty."""
        where = np.flatnonzero(empty)
        r, b = rows[where], box[where]
        added = np.full((self.bt.rules.refill_beads, rows.size), -1, np.intp)
        for i in range(self.bt.rules.refill_beads):
            slot = (rng.random(where.size) * self.bt.n_slots[b]).astype(np.intp)
            np.add.at(self.beads, (r, b, slot), 1)
            added[i, where] = slot
        return added

    def _log_game0(
        self, box: int, slot: int, resigned: np.ndarray | None, refilled: np.ndarray | None
    ) -> None:
        assert self.log is not None
        if refilled is not None and refilled[0, 0] >= 0:
            self.log.append(("refilled", box, tuple(int(s) for s in refilled[:, 0])))
        if resigned is not None and resigned[0]:
            self.log.append(("resigned", box))
        else:
            self.log.append(("drew", box, slot))

    def settle(self, results: np.ndarray) -> None:
        """kit.matchbox.settle for every draw of the games just played; ``results`` from this player's side:
        1 win, 0 draw, -1 loss."""
        if not self.learning:
            return
        floor = self.bt.rules.floor
        if self.bt.rules.punish == "last-move":
            # kit.matchbox.settle's last-move rule: a defeat changes only each game's last draw.
            last = np.full(results.size, -1)
            for index, (games, *_) in enumerate(self._pending):
                last[games] = index
        for index, (games, rows, box, slot) in enumerate(self._pending):
            left = self.beads[rows, box, slot]
            change = self._change[results[games] + 1]
            if self.bt.rules.punish == "last-move":
                change = np.where((results[games] == -1) & (last[games] != index), 0, change)
            after = np.maximum(floor, left + 1 + change)
            if self._keep_any:
                others = self.beads[rows, box].sum(axis=1) - left
                after = np.where(self._keeps_one[box] & (others + after == 0), 1, after)  # the last bead back
            self.beads[rows, box, slot] = after
        self._pending.clear()
        first = self.bt.first_boxes
        if self.members is None:
            self.first_box_empty |= (self.beads[:, first].sum(axis=2) == 0).any(axis=1)
