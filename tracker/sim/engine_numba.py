"""The compiled engine (numba, ``pip install 'menace-kit[fast]'``): one member at a time, all its games.

The same tables and the same kit.matchbox rules as the numpy engine, written as loops: a member's beads
(a count per slot and a total per box, as the C peer keeps them) stay in the processor's cache while it
plays every game, and its random numbers come from its own xorshift64* generator, seeded from the run's
numpy generator. The compiled code is cached in the user's cache folder (tracker.sim.cache), so only the
first run compiles.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

import numba
import numpy as np

from tracker.sim.cache import cache_dir
from tracker.sim.chunk import POLICY_KINDS, ChunkResult, Setup
from tracker.sim.flat import MenaceTables

# Where the compiled code goes: $NUMBA_CACHE_DIR if the user set it, else our cache folder (numba's default,
# beside this file, may not be writable). numba reads it when the functions below are decorated.
if not getattr(numba.config, "CACHE_DIR", ""):
    setattr(numba.config, "CACHE_DIR", str(cache_dir() / "numba"))  # noqa: B010 (typed without it)
_CODE_CACHE = Path(getattr(numba.config, "CACHE_DIR"))  # noqa: B009
DONE = -1  # the state code of a finished game in the trace's place of a resignation
ONGOING, LAST_MOVER_WON, LAST_MOVER_LOST = 0, 1, 2


@numba.njit(cache=True, inline="always")
def _below(state: np.ndarray, n: int) -> int:
    """xorshift64*: a whole number in [0, n), advancing ``state[0]`` (multiply-shift on the top 32 bits)."""
    x = state[0]
    x ^= x >> np.uint64(12)
    x ^= x << np.uint64(25)
    x ^= x >> np.uint64(27)
    state[0] = x
    return int((((x * np.uint64(0x2545F4914F6CDD1D)) >> np.uint64(32)) * np.uint64(n)) >> np.uint64(32))


@numba.njit(cache=True, inline="always")
def _uniform(state: np.ndarray) -> float:
    """A number in [0, 1) with 32 random bits."""
    return _below(state, 1 << 32) / 4294967296.0


@numba.njit(cache=True)
def _menace_move(  # type: ignore[no-untyped-def]
    code, info, beads, totals, slot_child, n_slots, refill, slots, rng, draw_box, draw_slot, draws, side
):
    """A MENACE's move from ``code``: the child, or -1 to resign; each draw is recorded in draw_box/slot."""
    box = info[code, 1]
    if box < 0:
        return info[code, 3]  # one legal move and no box: MENACE plays it
    row = box * slots
    if totals[box] == 0:
        if refill == 0:
            return -1
        for _ in range(refill):  # kit.matchbox.when_empty: random legal colours, one by one
            beads[row + _below(rng, n_slots[box])] += 1
        totals[box] += refill
    ticket = _below(rng, totals[box])
    slot = 0
    while ticket >= beads[row + slot]:
        ticket -= beads[row + slot]
        slot += 1
    draw_box[side, draws[side]] = box
    draw_slot[side, draws[side]] = slot
    draws[side] += 1
    return slot_child[code * slots + slot]


@numba.njit(cache=True)
def _settle(  # type: ignore[no-untyped-def]
    beads, totals, draw_box, draw_slot, count, result, change, floor, keeps_one, punish_last, slots
):
    """kit.matchbox.settle for one side's draws of one game; ``result`` from its side (-1, 0, 1). The drawn
    bead is taken out here rather than at the draw: a box is never met twice in one game."""
    for d in range(count):
        box = draw_box[d]
        at = box * slots + draw_slot[d]
        before = beads[at]
        step = change[result + 1]
        if punish_last and result == -1 and d < count - 1:
            step = 0
        after = max(floor, before + step)  # before - 1 left after the draw, then 1 + change
        if keeps_one[box] and totals[box] - before + after == 0:
            after = 1  # the box's last bead goes back
        beads[at] = after
        totals[box] += after - before


@numba.njit(cache=True)
def play_members(  # type: ignore[no-untyped-def]
    games, seeds, menace_side, info, max_plies,
    m_info, m_slot_child, m_n_slots, m_initial, m_first_boxes, m_keeps_one, m_change, m_rules,
    rival_is_menace, r_info, r_slot_child, r_n_slots, r_initial, r_keeps_one, r_change, r_rules,
    kind, skill, legal_child, perfect_child, k,
    tallies, first_beads, empty, last_loss, running, member_first, trace, final,
):
    """Each member (one per seed) plays ``games`` games; figures are added into the output arrays.

    info[code]: terminal, n_legal, n_perfect, ideal child. m_info / r_info[code]: (unused), box, (unused),
    forced child. m_rules / r_rules: floor, refill beads (0: resign), punish last move (0/1), slots.
    ``running`` and ``member_first`` are [games, members] or [0, 0] when not kept; ``trace`` is
    [games, max_plies] for member 0 or [0, 0], and then ``final`` receives member 0's beads."""
    m_slots, r_slots = m_rules[3], r_rules[3]
    rng = np.zeros(1, np.uint64)
    draws = np.zeros(2, np.int64)
    boxes = np.zeros((2, max_plies), np.int64)
    slots = np.zeros((2, max_plies), np.int64)
    # One set of boxes per side, reset for each member: a short run (a million members, ten games each)
    # would otherwise spend its time making them.
    beads, rival = m_initial.copy(), r_initial.copy()
    m_totals = m_initial.reshape(m_initial.size // m_slots, m_slots).sum(axis=1).astype(np.int32)
    r_totals = r_initial.reshape(r_initial.size // r_slots, r_slots).sum(axis=1).astype(np.int32)
    totals, rival_totals = m_totals.copy(), r_totals.copy()
    for member in range(seeds.size):
        rng[0] = seeds[member]
        beads[:] = m_initial
        totals[:] = m_totals
        if rival_is_menace:
            rival[:] = r_initial
            rival_totals[:] = r_totals
        score = 0
        for g in range(games):
            code = 0
            draws[0] = draws[1] = 0
            result = 0  # from the first player's side
            for ply in range(max_plies):
                side = ply % 2
                if side == menace_side:
                    child = _menace_move(code, m_info, beads, totals, m_slot_child, m_n_slots, m_rules[1],
                                         m_slots, rng, boxes, slots, draws, 0)
                elif rival_is_menace:
                    child = _menace_move(code, r_info, rival, rival_totals, r_slot_child, r_n_slots,
                                         r_rules[1], r_slots, rng, boxes, slots, draws, 1)
                elif kind == 2:  # ideal
                    child = info[code, 3]
                elif kind == 1 or (kind == 3 and _uniform(rng) < skill):  # perfect (novice: sometimes)
                    child = perfect_child[code * k + _below(rng, info[code, 2])]
                else:  # random
                    child = legal_child[code * k + _below(rng, info[code, 1])]
                sign = 1 if side == 0 else -1
                if member == 0 and trace.shape[0] > 0:
                    trace[g, ply] = child
                if child < 0:  # resigned
                    result = -sign
                    break
                code = child
                state = info[code, 0]
                if state != ONGOING:
                    if state == LAST_MOVER_WON:
                        result = sign
                    elif state == LAST_MOVER_LOST:
                        result = -sign
                    break
            mine = result if menace_side == 0 else -result
            _settle(beads, totals, boxes[0], slots[0], draws[0], mine, m_change, m_rules[0], m_keeps_one,
                    m_rules[2] == 1, m_slots)
            if rival_is_menace:
                _settle(rival, rival_totals, boxes[1], slots[1], draws[1], -mine, r_change, r_rules[0],
                        r_keeps_one, r_rules[2] == 1, r_slots)
            tallies[g, mine + 1] += 1
            if mine == -1:
                last_loss[member] = g + 1
            in_first = 0
            for box in m_first_boxes:
                in_first += totals[box]
                if totals[box] == 0:
                    empty[member] = True
            first_beads[g] += in_first
            if running.shape[0] > 0:
                score += 3 if mine == 1 else 1 if mine == 0 else -1
                running[g, member] = score
                member_first[g, member] = in_first
        if member == 0 and trace.shape[0] > 0:
            final[:] = beads


def _args(setup: Setup) -> tuple[object, ...]:
    """The tables as play_members takes them, with fixed types (one compiled signature)."""
    mt, pt = setup.menace, setup.policy
    rt = setup.rival if setup.rival is not None else mt  # unused when the opponent is fixed
    # One row per state, so that a ply reads one cache line rather than four arrays.
    info = np.stack([pt.terminal, pt.n_legal, pt.n_perfect, pt.ideal_child], axis=1).astype(np.int32)

    def menace(t: MenaceTables) -> tuple[object, ...]:
        rows = np.stack([t.box_of, t.box_of, t.box_of, t.forced_child], axis=1).astype(np.int32)
        return rows, t.slot_child, t.n_slots, t.initial

    return (
        np.int64(setup.menace_side), info, np.int64(pt.max_plies),
        *menace(mt), np.flatnonzero(mt.first_index >= 0), mt.keeps_one, mt.change.astype(np.int64),
        _rules(mt), setup.rival is not None,
        *menace(rt), rt.keeps_one, rt.change.astype(np.int64), _rules(rt),
        np.int64(POLICY_KINDS.get(setup.opponent.kind, 0)), float(setup.opponent.skill),
        pt.legal_child, pt.perfect_child, np.int64(pt.k),
    )  # fmt: skip


def _rules(t: MenaceTables) -> np.ndarray:
    """floor, refill beads (0: resign), punish the last move only (0/1), slots per box."""
    return np.array([t.floor, t.refill_beads, int(t.punish_last), t.slots], np.int64)


def compile_once(setup: Setup) -> None:
    """Compile (or load from the cache) before the timing starts; say so on stderr the first time."""
    if play_members.signatures:
        return
    source = os.path.getmtime(__file__)
    if not any(index.stat().st_mtime >= source for index in _CODE_CACHE.rglob("engine_numba*.nbi")):
        print(f"compiling the numba engine (once; cached in {_CODE_CACHE})...", file=sys.stderr, flush=True)
    play_chunk(setup, 1, 1, np.random.default_rng(0))


def play_chunk(setup: Setup, members: int, games: int, rng: np.random.Generator, *, spread: bool = False,
               trace: bool = False) -> ChunkResult:
    """``members`` fresh MENACEs each play ``games`` games against their own opponent."""
    seeds = rng.integers(1, 2**63, size=members).astype(np.uint64)  # xorshift's state must not be 0
    tallies = np.zeros((games, 3), np.int64)
    first_beads = np.zeros(games, np.int64)
    empty = np.zeros(members, np.bool_)
    last_loss = np.zeros(members, np.int32)
    shape = (games, members) if spread else (0, 0)
    running, member_first = np.zeros(shape, np.int32), np.zeros(shape, np.int32)
    moves = np.full((games, setup.policy.max_plies) if trace else (0, 0), -2, np.int64)
    final = np.zeros(setup.menace.initial.size, np.int32)
    compiled: Any = play_members  # numba's Dispatcher type does not know the signature
    compiled(np.int64(games), seeds, *_args(setup), tallies, first_beads, empty, last_loss, running,
             member_first, moves, final)
    traces = [[int(c) for c in row if c != -2] for row in moves] if trace else None
    return ChunkResult(tallies, first_beads, empty, last_loss, running if spread else None,
                       member_first if spread else None, traces, final if trace else None)
