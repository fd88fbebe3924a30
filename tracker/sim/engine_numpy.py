"""The numpy engine: one chunk of MENACEs plays its games in lockstep, ply by ply.

kit.matchbox's rules on whole arrays. Each box of each member is one row of ``slots`` running totals
(int16 while no box can overflow it, else int32) in one flat array, so a draw gathers the drawn boxes'
rows with one ``take`` and a settlement is one scatter over every draw of the game, from the rows kept at
the draw. A box's last column is its total, so the first-move boxes' beads are read off without summing.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from tracker.sim.chunk import SCORE_BY_RESULT, ChunkResult, Setup
from tracker.sim.flat import MenaceTables, PolicyTables
from tracker.sim.tables import LAST_MOVER_LOST, LAST_MOVER_WON


class _Beads:
    """A chunk of MENACEs on one catalogue: draws during a game, settled when it ends.

    A box's beads are held as running totals over its slots (``cum[member * boxes + box, slot]``), which
    is what a draw needs. A drawn bead is taken out at settlement rather than at the draw: a member
    never meets a box twice in one game (positions only move forward), so nothing in between sees it."""

    def __init__(self, mt: MenaceTables, members: int, games: int) -> None:
        self.mt = mt
        self.dtype = _bead_type(mt, games)
        initial = mt.initial.reshape(mt.boxes, mt.slots).cumsum(axis=1, dtype=self.dtype)
        self.cum = np.tile(initial, (members, 1))  # [members * boxes, slots]
        # The same memory with a box's row as one item: take and put move whole rows at once.
        self.row_type = np.dtype((np.void, self.cum.itemsize * mt.slots))
        self.rows = self.cum.view(self.row_type).ravel()
        self.slot_range = np.arange(mt.slots, dtype=np.int32)
        # upper[s]: 1 in the running totals a bead in slot s counts in (slots s and after).
        self.upper = (self.slot_range >= self.slot_range[:, np.newaxis]).astype(self.dtype)
        # Where each member's first-move boxes keep their totals (the last column), in first_index order.
        first = np.arange(members)[:, np.newaxis] * mt.boxes + np.flatnonzero(mt.first_index >= 0)
        self.first_totals = first * mt.slots + mt.slots - 1
        # Each ply's draws: games, rows, slots, boxes and the rows' running totals as drawn from. Nothing
        # changes a drawn box before the game ends, so settling needs no second gather.
        self.pending: list[tuple[np.ndarray, ...]] = []

    def first_beads(self) -> np.ndarray:
        """[members, first-move boxes] beads in each first-move box."""
        totals: np.ndarray = self.cum.reshape(-1).take(self.first_totals)
        return totals

    def move(self, codes: np.ndarray, games: np.ndarray, u: np.ndarray, rng: np.random.Generator
             ) -> tuple[np.ndarray, np.ndarray | None]:
        """The child of each game's state after MENACE's move, and which games resign (None: none)."""
        mt = self.mt
        box = mt.box_of.take(codes)
        forced = box < 0
        if forced.any():  # one legal move and no box: MENACE plays it
            child = mt.forced_child.take(codes)
            boxed = np.flatnonzero(~forced)
            drawn, resigned = self._draw(codes[boxed], games[boxed], box[boxed], u[boxed], rng)
            child[boxed] = drawn
            if resigned is None:
                return child, None
            full = np.zeros(codes.size, bool)
            full[boxed] = resigned
            return child, full
        return self._draw(codes, games, box, u, rng)

    def _draw(self, codes: np.ndarray, games: np.ndarray, box: np.ndarray, u: np.ndarray,
              rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray | None]:
        """kit.matchbox.draw_from: refill or resign at an empty box, then a bead in proportion to the
        counts."""
        mt = self.mt
        row = games * mt.boxes + box
        cumulative = self._gather(row)
        total = cumulative[:, -1]
        resigned = None
        if not total.all():
            empty = total == 0
            if mt.refill_beads == 0:
                resigned = empty
            else:
                self._refill(row, box, empty, rng)
                cumulative = self._gather(row)
                total = cumulative[:, -1]
        # kit.matchbox.pick: a ticket below the total, and the first slot whose running total passes it.
        ticket = (u * total).astype(np.int32)
        slot = (cumulative > ticket[:, np.newaxis]).argmax(axis=1)
        child = mt.slot_child.take(codes * mt.slots + np.minimum(slot, mt.slots - 1))
        if resigned is not None:
            keep = ~resigned
            self.pending.append((games[keep], row[keep], slot[keep], box[keep], cumulative[keep]))
        else:
            self.pending.append((games, row, slot, box, cumulative))
        return child, resigned

    def _refill(self, row: np.ndarray, box: np.ndarray, empty: np.ndarray, rng: np.random.Generator) -> None:
        """kit.matchbox.when_empty's refill: ``refill_beads`` beads of random legal colours, one by one."""
        where = np.flatnonzero(empty)
        for _ in range(self.mt.refill_beads):
            slot = (rng.random(where.size) * self.mt.n_slots.take(box[where])).astype(np.int32)
            self.cum[row[where]] += self.slot_range >= slot[:, np.newaxis]

    def settle(self, result: np.ndarray) -> None:
        """kit.matchbox.settle for every draw of the games just played (one scatter); ``result`` from this
        side: 1 win, 0 draw, -1 loss."""
        if not self.pending:
            return
        mt = self.mt
        games, row, slot, box, cumulative = (np.concatenate(part) for part in zip(*self.pending, strict=True))
        self.pending.clear()
        outcome = result.take(games)
        change = mt.change.take(outcome + 1)
        draws = np.arange(games.size)
        if mt.punish_last:  # a defeat changes only each game's last draw
            last = np.full(result.size, -1)
            last[games] = draws  # later draws overwrite earlier ones
            change = np.where((outcome == -1) & (last.take(games) != draws), 0, change)
        at = draws * mt.slots + slot
        count = cumulative.take(at) - np.where(slot > 0, cumulative.take(at - 1), 0)
        after = np.maximum(mt.floor, count + change)  # count - 1 left after the draw, then 1 + change
        if mt.keep_any:
            others = cumulative[:, -1] - count  # the box's other colours
            after = np.where(mt.keeps_one.take(box) & (others + after == 0), 1, after)
        cumulative += (after - count).astype(self.dtype)[:, np.newaxis] * self.upper.take(slot, axis=0)
        self.rows.put(row, cumulative.view(self.row_type).ravel())

    def _gather(self, row: np.ndarray) -> np.ndarray:
        """[rows, slots] running totals of the boxes at ``row`` (a copy)."""
        return self.rows.take(row).view(self.dtype).reshape(-1, self.mt.slots)


def _bead_type(mt: MenaceTables, games: int) -> type[np.signedinteger[Any]]:
    """int16 when no box can reach 32,767 beads in ``games`` games, else int32: half the memory to move.

    A game draws from a box at most once, so a box gains at most the largest change (and a refill)
    a game."""
    most = int(mt.initial.reshape(mt.boxes, mt.slots).sum(axis=1).max())
    most += games * (max(int(mt.change.max()), 0) + mt.refill_beads)
    return np.int16 if most <= np.iinfo(np.int16).max else np.int32

class _Policy:
    """A fixed opponent (kit.players' random, perfect, ideal, novice:P) on the fused tables."""

    def __init__(self, pt: PolicyTables, kind: str, skill: float) -> None:
        self.pt, self.kind, self.skill = pt, kind, skill

    def move(self, codes: np.ndarray, games: np.ndarray, u: np.ndarray, rng: np.random.Generator
             ) -> tuple[np.ndarray, None]:
        pt = self.pt
        if self.kind == "ideal":
            return pt.ideal_child.take(codes), None
        if self.kind == "random":
            n, table = pt.n_legal.take(codes), pt.legal_child
        elif self.kind == "perfect":
            n, table = pt.n_perfect.take(codes), pt.perfect_child
        else:  # novice: one number decides perfect or random, another picks within the choice
            perfect = u < self.skill
            u = rng.random(codes.size)
            n = np.where(perfect, pt.n_perfect.take(codes), pt.n_legal.take(codes))
            pick = (u * n).astype(np.int64)
            at = codes * pt.k + pick
            return np.where(perfect, pt.perfect_child.take(at), pt.legal_child.take(at)), None
        return table.take(codes * pt.k + (u * n).astype(np.int64)), None

    def settle(self, result: np.ndarray) -> None:
        """Nothing to learn."""


def play_chunk(setup: Setup, members: int, games: int, rng: np.random.Generator, *, spread: bool = False,
               trace: bool = False) -> ChunkResult:
    """``members`` fresh MENACEs each play ``games`` games against their own opponent."""
    pt = setup.policy
    menace = _Beads(setup.menace, members, games)
    spec = setup.opponent
    rival: _Beads | _Policy
    if setup.rival is not None:
        rival = _Beads(setup.rival, members, games)
    else:
        rival = _Policy(pt, spec.kind, spec.skill)
    sides = (menace, rival) if setup.menace_side == 0 else (rival, menace)
    sign = 1 if setup.menace_side == 0 else -1

    tallies = np.zeros((games, 3), np.int64)
    first_beads = np.zeros(games, np.int64)
    empty = np.zeros(members, bool)
    last_loss = np.zeros(members, np.int32)
    running = np.zeros((games, members), np.int32) if spread else None
    member_first = np.zeros((games, members), np.int32) if spread else None
    score = np.zeros(members, np.int32)
    traces: list[list[int]] | None = [] if trace else None
    everyone = np.arange(members, dtype=np.int64)
    for g in range(games):
        result = np.zeros(members, np.int8)  # from the first player's side
        active = everyone
        codes = np.zeros(members, np.int64)
        moves: list[int] = []
        for ply in range(pt.max_plies):
            u = rng.random(active.size)
            child, resigned = sides[ply % 2].move(codes, active, u, rng)
            ply_sign = 1 if ply % 2 == 0 else -1  # +1: the first player wins
            if traces is not None and active.size and active[0] == 0:
                moves.append(-1 if resigned is not None and resigned[0] else int(child[0]))
            if resigned is not None and resigned.any():
                result[active[resigned]] = -ply_sign
                keep = ~resigned
                active, child = active[keep], child[keep]
            codes = child.astype(np.int64)
            state = pt.terminal.take(codes)
            over = state != 0
            if over.any():
                result[active[state == LAST_MOVER_WON]] = ply_sign
                result[active[state == LAST_MOVER_LOST]] = -ply_sign
                keep = ~over
                active, codes = active[keep], codes[keep]
            if active.size == 0:
                break
        assert active.size == 0, "a game outlived the longest possible game"
        if traces is not None:
            traces.append(moves)
        mine = result * sign
        menace.settle(mine)
        rival.settle(-mine)
        tallies[g] = np.bincount(mine + 1, minlength=3)
        last_loss[mine == -1] = g + 1
        first = menace.first_beads()
        first_beads[g] = first.sum()
        empty |= (first == 0).any(axis=1)
        if running is not None and member_first is not None:
            score += SCORE_BY_RESULT.take(mine + 1)
            running[g] = score
            member_first[g] = first.sum(axis=1)
    beads = None
    if trace:
        beads = np.diff(menace.cum[: setup.menace.boxes], axis=1, prepend=0).ravel().astype(np.int32)
    return ChunkResult(tallies, first_beads, empty, last_loss, running, member_first, traces, beads)
