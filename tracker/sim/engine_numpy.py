"""The numpy engine: a chunk of MENACEs plays its games in lockstep, every game at every ply.

kit.matchbox's rules on whole arrays. A game that is over stays in the lockstep: its state leads to
itself whatever the move, and where MENACE draws from no box (the game is over, or its one legal move is
forced) it draws from an empty stand-in box whose draw leads on, as an empty box's leads to the
resignation; neither is ever settled. So a ply is the same few array calls over the whole chunk whatever
has happened, with no game picked out or dropped; a resignation is a state too.

Each box of each member is one row of running totals (int16 while no box can overflow it, else int32),
box by box (``row = box * members + member``), so the members' first draws read one stretch of memory.
A row's column 0 is always 0 and column c the beads of slots 0..c-1, so the drawn slot's beads are
always the difference of two columns, and the last column is the box's total. A draw gathers rows with
one ``take`` (at ply 0, where every game is at the start, it copies the start box's rows as they lie),
copies their 64-bit words out word by word, so that every step after reads memory in order, and finds
its column with integer arithmetic on those words (the total is the last word's top lane), from a random
32-bit number (two from each of the generator's 64-bit outputs, for the plies that draw); a settlement
adds one precomputed row of changes per draw and puts the rows back. A game's outcome for MENACE is
0, 1 or 2 (a defeat, a draw, a win), as the rules' changes are indexed."""

from __future__ import annotations

import math
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

import numpy as np

from kit.players import PlayerSpec
from tracker.sim.chunk import SCORE_BY_RESULT, ChunkResult, Setup, policy_skill
from tracker.sim.flat import MenaceTables, PolicyTables

_PROBE = 64
_LITTLE_ENDIAN = sys.byteorder == "little"
Opponent = tuple[PlayerSpec, MenaceTables | None]  # a player's kind, and its boxes if it learns
MAX_COLOURS = 63  # a box's colours at most: its row (the slots, then the total) is at most 64 columns


@dataclass(frozen=True, eq=False)
class _Steps:
    """A game's tables for the lockstep: two more states (the first, the second player resigned), and
    every finished state leading to itself whatever the move."""

    over: np.ndarray  # bool [N + 2]: the game is over
    first_result: np.ndarray  # int8 [N + 2]: a finished game's result for the first player
    resigned: tuple[int, int]  # the state after the first, the second player resigns
    n_legal: np.ndarray  # [N + 2]: 0 where the game is over
    legal_child: np.ndarray  # intp [(N + 2) * K]: a finished state's every move leads to itself
    n_perfect: np.ndarray
    perfect_child: np.ndarray
    ideal_child: np.ndarray  # intp [N + 2]
    k: int
    reach: tuple[np.ndarray, ...]  # the unfinished states a game can be in at each ply
    # The legal moves that every unfinished state at a ply has (noughts and crosses: 9 - ply), 0 where they
    # differ: where they agree, a random move needs no count of each game's moves.
    legal_at: tuple[int, ...]


@cache
def _steps(pt: PolicyTables) -> _Steps:
    size, k = len(pt.terminal), pt.k
    resigned = (size, size + 1)
    itself = np.arange(size + 2)
    over = np.append(pt.terminal != 0, [True, True])

    def fused(table: np.ndarray, width: int) -> np.ndarray:
        out = np.full((size + 2, width), -1, np.intp)
        out[:size] = table.reshape(size, width)
        out[over] = itself[over, np.newaxis]
        return out.ravel()

    reach = [np.zeros(1, np.intp)]
    for _ in range(pt.max_plies - 1):
        children = pt.legal_child.reshape(size, k)[reach[-1]]
        reach.append(np.setdiff1d(children[children >= 0], np.flatnonzero(over)))
    counts = [np.unique(pt.n_legal[states]) for states in reach]
    legal_at = tuple(int(count[0]) if len(count) == 1 else 0 for count in counts)
    return _Steps(
        over, np.append(pt.first_result, np.array([-1, 1], np.int8)), resigned,
        np.append(pt.n_legal, [0, 0]), fused(pt.legal_child, k), np.append(pt.n_perfect, [0, 0]),
        fused(pt.perfect_child, k), fused(pt.ideal_child, 1), k, tuple(reach), legal_at,
    )  # fmt: skip


@dataclass(frozen=True, eq=False)
class _Boxes:
    """One catalogue's boxes for the lockstep. Box ``boxes`` is the stand-in: empty, as a box is once it
    runs dry, but its column W (see _Beads.move) leads to the forced move or keeps a finished game."""

    box: np.ndarray  # intp [N + 2]: the box MENACE draws from in a state, the stand-in where none
    # intp [(N + 2) * (W + 1)]: the child after the bead counted in column c (slot c - 1); in column W
    # (an empty box: its draws are never settled) the resignation, or the stand-in's move where no box.
    child: np.ndarray
    initial: np.ndarray  # [boxes + 1, W] running totals of a fresh box
    keeps_one: np.ndarray  # bool [boxes + 1]
    width: int  # W: slots + 1, rounded up to a multiple of 8 (the columns past the slots hold the total)


@cache
def _boxes(mt: MenaceTables, steps: _Steps, side: int) -> _Boxes:
    size, slots = len(mt.box_of), mt.slots
    width = -(-(slots + 1) // 8) * 8  # a row is whole 64-bit words of int16 or int32 (see _Beads.move)
    if slots > MAX_COLOURS:  # a row's words (16 of int16, 32 of int32) share one word's lanes for their count
        raise ValueError(f"the numpy engine draws from boxes of at most {MAX_COLOURS} colours, not {slots}")
    box = np.append(np.where(mt.box_of >= 0, mt.box_of, mt.boxes), [mt.boxes, mt.boxes]).astype(np.intp)
    child = np.full((size + 2, width + 1), -1, np.intp)
    child[:size, 1 : slots + 1] = mt.slot_child.reshape(size, slots)
    # The stand-in's move: the forced move, or staying put once the game is over.
    stand_in = np.append(np.where(mt.forced_child >= 0, mt.forced_child, np.arange(size)), steps.resigned)
    no_box = box == mt.boxes
    child[:, width] = np.where(no_box, stand_in, steps.resigned[side])
    beads = np.zeros((mt.boxes + 1, width), np.int64)
    beads[: mt.boxes, 1 : slots + 1] = mt.initial.reshape(mt.boxes, slots)
    return _Boxes(box, child.ravel(), beads.cumsum(axis=1), np.append(mt.keeps_one, False), width)


class _Beads:
    """A chunk of MENACEs on one catalogue: draws during a game, settled when it ends.

    A drawn bead is taken out at settlement rather than at the draw: a member never meets a box twice
    in one game (positions only move forward), so nothing in between sees it."""

    def __init__(self, mt: MenaceTables, steps: _Steps, side: int, members: int, games: int) -> None:
        self.mt, self.members, self.resigned = mt, members, steps.resigned[side]
        self.tables = tb = _boxes(mt, steps, side)
        # The plies where it draws: its own, but for any where every game is over or forced (noughts and
        # crosses' ninth), which it plays from the stand-in's one table without a draw.
        self.draws_at = [
            ply % 2 == side and bool((tb.box[reach] < mt.boxes).any())
            for ply, reach in enumerate(steps.reach)
        ]
        self.alone = tb.child.reshape(-1, tb.width + 1)[:, -1].copy()
        max_draws = sum(self.draws_at)
        self.dtype = _bead_type(mt, games)
        width = tb.width
        # The same memory with a box's row as one item: take and put move whole rows at once.
        self.row_type = np.dtype((np.void, np.dtype(self.dtype).itemsize * width))
        size = (mt.boxes + 1) * members
        self.memory = _spare_memory(size * self.row_type.itemsize)
        self.rows = self.memory[: size * self.row_type.itemsize].view(self.row_type)
        self.rows.reshape(mt.boxes + 1, members)[...] = tb.initial.astype(self.dtype).view(self.row_type)
        self.store = self.rows.view(self.dtype).reshape(mt.boxes + 1, members, width)
        self.stand_in = mt.boxes * members  # the first of the stand-in box's rows
        self.row_of_box = tb.box * members
        self.member = np.arange(members, dtype=np.intp)
        self.first = np.flatnonzero(mt.first_index >= 0)
        # Each draw of the game: its row, the column of its bead, and the row's totals as drawn from.
        # Nothing changes a drawn box before the game ends, so settling needs no second gather.
        self.row = np.empty((max_draws, members), np.intp)
        self.column = np.empty((max_draws, members), np.intp)
        self.drawn = np.empty((max_draws, members, width), self.dtype)
        self.drawn_rows = self.drawn.view(self.row_type)[..., 0]
        self.words = self.drawn.view(np.uint64)  # [draws, members, words of a row]
        bits = 8 * np.dtype(self.dtype).itemsize
        # A number times ``lanes`` is in every lane of a word.
        self.lanes = np.uint64(sum(1 << shift for shift in range(0, 64, bits)))
        self.top = self.lanes << np.uint64(bits - 1)  # each lane's top bit
        self.last_lane = np.uint64(64 - bits)  # where a word's last lane starts
        self.ticket = np.empty(members, np.uint64)
        # A drawn row's words laid out word by word: every step on them then reads memory in order.
        self.by_word = np.empty((self.words.shape[-1], members), np.uint64)
        self.bits = np.empty(members, np.uint64)
        self.at_child = np.empty(members, np.intp)
        self.stride = width + 1
        self.draws = 0
        self.at = (np.arange(max_draws * members, dtype=np.intp) * width).reshape(max_draws, members)
        # Settling's work space, kept: a fresh array of a few hundred KB is handed back to the system
        # when freed, and costs a page fault every 4 KB when made again.
        self.key = np.empty((max_draws, members), np.intp)
        self.spare = np.empty((max_draws, members), np.intp)
        self.increments = np.empty((max_draws, members), self.row_type)
        # A settlement's change to a row, by (bead change - lowest) * (W + 1) + column: the columns from
        # the bead's on, none for column W (an empty box, the stand-in). A bead changes by at least the
        # lowest change and at most the highest, or floor - 1 when the floor lifts it, or 0 when keep-one
        # puts the last bead back.
        self.lowest = min(int(mt.change.min()), 0)
        highest = max(int(mt.change.max()), mt.floor - 1, 0)
        delta = np.arange(self.lowest, highest + 1)[:, np.newaxis, np.newaxis]
        bead = np.arange(width + 1)[:, np.newaxis]
        steps_table = delta * (np.arange(width) >= bead)  # [delta, bead's column, column]
        self.changes = np.ascontiguousarray(steps_table.astype(self.dtype)).view(self.row_type).ravel()
        self.change_key = (mt.change.astype(np.intp) - self.lowest) * self.stride  # by outcome
        # A drawn colour holds at least the bead drawn, so unless the floor can lift it or keep-one put
        # a last bead back, its change is the rule's and settling needs no bead counts.
        self.counts_matter = mt.keep_any or mt.floor > 1 + int(mt.change.min())

    def needs_number(self, ply: int) -> bool:
        return self.draws_at[ply]

    def first_beads(self) -> np.ndarray:
        """[first-move boxes, members] beads in each first-move box."""
        totals: np.ndarray = self.store[self.first, :, -1]
        return totals

    def move(self, codes: np.ndarray, r: np.ndarray, rng: np.random.Generator, ply: int) -> np.ndarray:
        """The state after MENACE's move in every game (a resignation state where it resigns); ``r`` holds
        a random 32-bit number for each game (as uint64). At ply 0 every game is at the start (code 0)."""
        if not self.draws_at[ply]:
            alone: np.ndarray = self.alone.take(codes)
            return alone
        tb, d = self.tables, self.draws
        self.draws += 1
        # mode="clip": with "raise", take into ``out`` goes through a temporary copy (the indices are
        # always in range here: every state has a box or the stand-in).
        if ply == 0:  # every game at the start: one box, whose members' rows lie side by side
            start = int(self.row_of_box[0])
            row = np.add(self.member, start, out=self.row[d])
            self.drawn_rows[d] = self.rows[start : start + self.members]
        else:
            row = self.row_of_box.take(codes, out=self.row[d], mode="clip")
            row += self.member
            self.rows.take(row, out=self.drawn_rows[d], mode="clip")
        cumulative = self.drawn[d]
        if self.mt.refill_beads and not cumulative[:, -1].all():
            empty = cumulative[:, -1] == 0
            empty &= row < self.stand_in
            if empty.any():
                self._refill(row, empty, rng)
                self.rows.take(row, out=self.drawn_rows[d], mode="clip")
        # kit.matchbox.pick: a ticket below the total, and the first column whose running total passes it,
        # which is the number of columns that do not (column 0 among them). A row is read as 64-bit words
        # of lanes: the ticket in every lane with the lane's top bit set, less the word, keeps a lane's top
        # bit where its column is at most the ticket, and those bits are counted. An empty box's ticket is
        # 0, which every column passes: its column is the width, whose child is the resignation (or, from
        # the stand-in, the forced move; or the finished game itself).
        words = self.by_word
        np.copyto(words, self.words[d].T)  # one copy in order, where each step below read across the rows
        if _LITTLE_ENDIAN:  # the box's total, its last column, is the last word's top lane, read in order
            ticket = np.right_shift(words[-1], self.last_lane, out=self.ticket)
            ticket *= r
        else:  # pragma: no cover - x86 and ARM are little-endian
            ticket = np.multiply(r, cumulative[:, -1], out=self.ticket, dtype=np.uint64, casting="unsafe")
        ticket >>= np.uint64(32)
        ticket *= self.lanes
        ticket |= self.top
        column = self.column[d]
        # Word j's top bits moved j places down share a word with the others' (a lane has room for as many
        # words as it has bits): one count of bits for them all.
        bits = np.subtract(ticket, words[0], out=self.bits)
        bits &= self.top
        for word in range(1, len(words)):
            lanes = np.subtract(ticket, words[word], out=words[word])
            lanes &= self.top
            lanes >>= np.uint64(word)
            bits |= lanes
        np.bitwise_count(bits, out=column)
        at = np.multiply(codes, self.stride, out=self.at_child)
        at += column
        child: np.ndarray = tb.child.take(at)
        return child

    def _refill(self, row: np.ndarray, empty: np.ndarray, rng: np.random.Generator) -> None:
        """kit.matchbox.when_empty's refill: ``refill_beads`` beads of random legal colours, one by one."""
        where = row[empty]
        slots = self.mt.n_slots.take(where // self.members)
        columns = np.arange(self.tables.width)
        store = self.store.reshape(-1, self.tables.width)
        for _ in range(self.mt.refill_beads):
            slot = (rng.random(where.size) * slots).astype(np.intp)
            store[where] += columns > slot[:, np.newaxis]

    def settle(self, outcome: np.ndarray) -> None:
        """kit.matchbox.settle for every draw of the games just played; ``outcome`` (intp) from this side:
        2 a win, 1 a draw, 0 a defeat (the result + 1, as MenaceTables.change is indexed)."""
        d, mt = self.draws, self.mt
        self.draws = 0
        row, column, drawn = self.row[:d], self.column[:d], self.drawn[:d]
        key, spare = self.key[:d], self.spare[:d]
        width = self.tables.width
        if not (mt.punish_last or self.counts_matter):  # every draw of a game changes by the rule's change
            np.add(column, self.change_key.take(outcome), out=key)
        else:
            real = column < width  # a bead was drawn (not from an empty box or the stand-in)
            change = mt.change.take(outcome).astype(self.dtype)
            if mt.punish_last:  # a defeat changes only each game's last real draw
                last = d - 1 - real[::-1].argmax(axis=0)
                later = np.arange(d)[:, np.newaxis] != last
                change = np.where((outcome == 0) & later, 0, change).astype(self.dtype)
            shift = change
            if self.counts_matter:
                totals = drawn.reshape(-1)
                at = np.add(self.at[:d], column, out=key)
                # mode="clip": column W is past its row (its count is not used).
                count = totals.take(at, mode="clip") - totals.take(np.subtract(at, 1, out=spare), mode="clip")
                after = np.maximum(count + change, mt.floor)  # count - 1 left after the draw, then 1 + change
                if mt.keep_any:
                    others = drawn[..., -1] - count  # the box's other colours
                    keeps = self.tables.keeps_one.take(np.floor_divide(row, self.members, out=spare))
                    after = np.where(keeps & (others + after == 0), 1, after)
                shift = np.where(real, after - count, 0)  # and column W's change is none whatever the shift
            np.add((shift - self.lowest) * self.stride, column, out=key)
        changes = self.changes.take(key, out=self.increments[:d], mode="clip")
        drawn += changes.view(self.dtype).reshape(drawn.shape)
        self.rows[row] = self.drawn_rows[:d]


# The bead stores of the last chunk, for the next: a fresh one costs a page fault every 4 KB, which for
# a million MENACEs playing 10 games each is a fifth of the time.
_SPARE: list[np.ndarray] = []


def _spare_memory(size: int) -> np.ndarray:
    """At least ``size`` bytes for a bead store, a spare one if one is big enough."""
    for i, memory in enumerate(_SPARE):
        if memory.size >= size:
            return _SPARE.pop(i)
    return np.empty(size, np.uint8)


def _bead_type(mt: MenaceTables, games: int) -> type[np.signedinteger[Any]]:
    """int16 when no box can reach 32,767 beads in ``games`` games, else int32: half the memory to move.

    A game draws from a box at most once, so a box gains at most the largest change (and a refill)
    a game."""
    most = int(mt.initial.reshape(mt.boxes, mt.slots).sum(axis=1).max())
    most += games * (max(int(mt.change.max()), 0) + mt.refill_beads)
    return np.int16 if most <= np.iinfo(np.int16).max else np.int32


class _Policy:
    """A fixed opponent (kit.players' random, perfect, ideal, novice:P) on the fused tables."""

    def __init__(self, steps: _Steps, kind: str, skill: float) -> None:
        self.steps, self.kind = steps, kind
        # kit.players' novice plays perfectly when a uniform number in [0, 1) is below its skill: a random
        # 32-bit number below skill * 2**32.
        self.skill = np.uint64(math.ceil(skill * 2**32))
        self.n_legal = steps.n_legal.astype(np.uint64)
        self.n_perfect = steps.n_perfect.astype(np.uint64)

    def needs_number(self, ply: int) -> bool:
        return self.kind != "ideal"

    def move(self, codes: np.ndarray, r: np.ndarray, rng: np.random.Generator, ply: int) -> np.ndarray:
        st = self.steps
        if self.kind == "ideal":
            return st.ideal_child.take(codes)
        if self.kind == "random":
            if st.legal_at[ply]:  # as many moves in every game still running; a finished one stays put
                pick = np.multiply(r, np.uint64(st.legal_at[ply]))
                pick >>= np.uint64(32)
                at = np.multiply(codes, st.k)
                at += pick.view(np.intp)
                spread: np.ndarray = st.legal_child.take(at)
                return spread
            n, table = self.n_legal.take(codes), st.legal_child
        elif self.kind == "perfect":
            n, table = self.n_perfect.take(codes), st.perfect_child
        else:  # novice: one number decides perfect or random, another picks within the choice
            perfect = r < self.skill
            r = _random_words(rng, (1, codes.size))[0]
            n = np.where(perfect, self.n_perfect.take(codes), self.n_legal.take(codes))
            at = codes * st.k + _below(r, n)
            child: np.ndarray = np.where(perfect, st.perfect_child.take(at), st.legal_child.take(at))
            return child
        moved: np.ndarray = table.take(codes * st.k + _below(r, n))
        return moved


def _below(r: np.ndarray, n: np.ndarray) -> np.ndarray:
    """A uniform choice below ``n`` from random 32-bit numbers ``r`` (both uint64), as intp."""
    n *= r
    n >>= np.uint64(32)
    return n.view(np.intp)


def _random_words(
    rng: np.random.Generator, shape: tuple[int, int], out: np.ndarray | None = None
) -> np.ndarray:
    """Random 32-bit numbers (as uint64) of ``shape``: two from each of the generator's 64-bit outputs.

    A row of outputs at a time into ``out`` (kept from game to game): a fresh array of a few hundred KB
    is handed back to the system when freed, and costs a page fault every 4 KB when made again."""
    rows, members = shape
    half = (rows + 1) // 2
    words = np.empty((2 * half, members), np.uint64) if out is None else out[: 2 * half]
    for row in range(half):
        raw = rng.bit_generator.random_raw(members)
        np.bitwise_and(raw, np.uint64(0xFFFFFFFF), out=words[row])
        np.right_shift(raw, np.uint64(32), out=words[half + row])
    return words[:rows]


def play_chunk(
    setup: Setup,
    members: int,
    games: int,
    rng: np.random.Generator,
    *,
    spread: bool = False,
    trace: bool = False,
    later: Mapping[int, Opponent] | None = None,
) -> ChunkResult:
    """``members`` fresh MENACEs each play ``games`` games against their own opponent; from each game
    (0-based) that ``later`` names, against a fresh player of the kind it gives (a class's run after its
    games against another player)."""
    pt = setup.policy
    steps = _steps(pt)
    plies, side = pt.max_plies, setup.menace_side
    menace = _Beads(setup.menace, steps, side, members, games)

    def seated(opponent: Opponent) -> tuple[_Beads | _Policy, ...]:
        spec, tables = opponent
        rival: _Beads | _Policy
        if tables is not None:
            rival = _Beads(tables, steps, 1 - side, members, games)
        else:
            rival = _Policy(steps, spec.kind, policy_skill(spec))
        return (menace, rival) if side == 0 else (rival, menace)

    def numbered(sides: tuple[_Beads | _Policy, ...]) -> list[int]:
        """The row of the game's random numbers each ply reads: only the plies that draw have one."""
        drawing = [sides[ply % 2].needs_number(ply) for ply in range(plies)]
        return [sum(drawing[:ply]) if draws else 0 for ply, draws in enumerate(drawing)]

    sides = seated((setup.opponent, setup.rival))
    rival = sides[1 - side]
    number_row = numbered(sides)
    # A finished state's outcome for MENACE, as the rules' changes are indexed: 0 a defeat, 1 a draw, 2 a win.
    outcome_of = (steps.first_result * np.int8(1 if side == 0 else -1) + 1).astype(np.intp)
    start = np.zeros(members, np.intp)  # every game's first state; the moves only read it
    start.flags.writeable = False

    tallies = np.zeros((games, 3), np.int64)
    first_beads = np.zeros(games, np.int64)
    empty = np.zeros(members, bool)
    last_loss = np.zeros(members, np.int32)
    running = np.zeros((games, members), np.int32) if spread else None
    member_first = np.zeros((games, members), np.int32) if spread else None
    score = np.zeros(members, np.int32)
    traces: list[list[int]] | None = [] if trace else None
    resigned = refused = 0
    spare_numbers = np.empty((plies + 1, members), np.uint64)
    for g in range(games):
        if later and g in later:
            sides = seated(later[g])
            rival = sides[1 - side]
            number_row = numbered(sides)
        codes = start
        numbers = _random_words(rng, (max(number_row) + 1, members), spare_numbers)
        moves: list[int] = []
        for ply in range(plies):
            codes = sides[ply % 2].move(codes, numbers[number_row[ply]], rng, ply)
            if ply == side:  # MENACE's first move: an empty first box resigns before any bead is drawn
                refused += int(np.count_nonzero(codes == steps.resigned[side]))
            if traces is not None and (not moves or not steps.over[moves[-1]]):
                moves.append(int(codes[0]))
            # The first few games first: while one of them runs, the chunk's games are not all over.
            if steps.over.take(codes[:_PROBE]).all() and steps.over.take(codes).all():
                break
        else:
            assert steps.over.take(codes).all(), "a game outlived the longest possible game"
        if traces is not None:
            traces.append([-1 if code in steps.resigned else code for code in moves])
        outcome = outcome_of.take(codes)
        resigned += int(np.count_nonzero(codes == steps.resigned[side]))
        menace.settle(outcome)
        if isinstance(rival, _Beads):
            rival.settle(2 - outcome)
        # Outcomes are 0, 1 and 2: their count of non-zero ones and their sum tell the three counts apart
        # in two passes, where bincount took four.
        nonzero, total = int(np.count_nonzero(outcome)), int(outcome.sum())
        tallies[g] = members - nonzero, 2 * nonzero - total, total - nonzero
        if nonzero < members:
            np.putmask(last_loss, outcome == 0, g + 1)
        first = menace.first_beads()
        first_beads[g] = first.sum()
        empty |= (first == 0).any(axis=0)
        if running is not None and member_first is not None:
            score += SCORE_BY_RESULT.take(outcome)
            running[g] = score
            member_first[g] = first.sum(axis=0)
    beads = None
    if trace:
        beads = np.diff(menace.store[: setup.menace.boxes, 0], axis=1).ravel().astype(np.int32)
    _SPARE[:] = [player.memory for player in sides if isinstance(player, _Beads)]
    return ChunkResult(
        tallies, first_beads, empty, last_loss, running, member_first, traces, beads, resigned, refused
    )
