"""The compiled engine (numba; ``pip install '.[fast]'`` in the project's folder): one member at a time.

The same tables and the same kit.matchbox rules as the numpy engine, written as loops: a member's beads
(a count per slot and a total per box, as the C peer keeps them) stay in the processor's cache while it
plays every game, and its random numbers come from its own xorshift64* generator, seeded from the run's
numpy generator. The kernel is compiled ahead of time (numba's pycc) into a Python module in the user's
cache folder (tracker.sim.cache); later runs load it without importing numba, whose start-up (about 0.6 s
of CPU: the import and loading its cached code) used to cost more than the games. Without a C compiler
the kernel is compiled just in time, once: numba's cache (``cache=True``) keeps it, and later runs load
it from there (the import and the load, no compilation). The first ``--engine auto`` run does not wait
for either: it plays on numpy, and build_later's detached process compiles once it has played.
``--engine numba`` compiles in the foreground and says so.
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import os
import sys
import warnings
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np

from tracker.sim.cache import ROOT, cache_dir, code_cache, use_code_cache
from tracker.sim.chunk import POLICY_KINDS, ChunkResult, Setup, policy_skill
from tracker.sim.flat import MenaceTables

DONE = -1  # the state code of a finished game in the trace's place of a resignation
ONGOING, LAST_MOVER_WON, LAST_MOVER_LOST = 0, 1, 2


U = np.uint64  # an index known not to be negative (play_members says why)


def _step(x: np.uint64) -> np.uint64:
    """xorshift64*'s next state (kept in a local, so that the loop holds it in a register)."""
    x ^= x >> np.uint64(12)
    x ^= x << np.uint64(25)
    x ^= x >> np.uint64(27)
    return x


def _below(x: np.uint64, n: int) -> int:
    """A whole number in [0, n) from the state ``x`` (multiply-shift on the output's top 32 bits)."""
    return int((((x * np.uint64(0x2545F4914F6CDD1D)) >> np.uint64(32)) * np.uint64(n)) >> np.uint64(32))


def _settle(beads, totals, keeps_one, change, rules, slots, who, outcome, drawn, count):  # type: ignore[no-untyped-def]
    """MENACE ``who``'s draws of one game settled for ``outcome`` (kit.matchbox.settle: 1 won, -1 lost)."""
    for d in range(count):
        at = U(drawn[who, d])
        box = at // slots
        before = beads[who, at]
        step = change[who, outcome + 1]
        if rules[who, 2] == 1 and outcome == -1 and d < count - 1:
            step = 0  # punish only the last move
        # The drawn bead was left in the box: before - 1 left after the draw, then 1 + change.
        # A box is never met twice in one game, so nothing in between saw the difference.
        after = max(rules[who, 0], before + step)
        if keeps_one[who, box] and totals[who, box] - before + after == 0:
            after = 1  # the box's last bead goes back
        beads[who, at] = after
        totals[who, box] += after - before


def _start_totals(initial, slots):  # type: ignore[no-untyped-def]
    """Each side's beads per box at the start: a count per slot and a total per box, as the C peer keeps
    them."""
    totals = np.zeros((2, initial.shape[1] // slots), np.int32)
    for who in range(2):
        for box in range(totals.shape[1]):
            totals[who, box] = initial[who, box * slots : box * slots + slots].sum()
    return totals


def play_members(games, seeds, game, opponent, boxes, sides, out):  # type: ignore[no-untyped-def]
    """Each member (one per seed) plays ``games`` games; figures are added into the output arrays.

    game: info[code] (terminal, n_legal, n_perfect, ideal child), legal_child, perfect_child, K, max plies.
    opponent: a fixed player's kind (POLICY_KINDS) and skill. boxes: the MENACE tables stacked, [0] the
    studied MENACE's and [1] its rival's (a copy of [0] when the opponent is fixed), with S slots per box
    in both: box_info[who, code] (box, forced child), slot_child[who, code * S + slot], n_slots[who, box],
    initial[who, box * S + slot], keeps_one[who, box], change[who, result + 1], rules[who] (floor, refill
    beads (0: resign), punish the last move only (0/1)), and the first-move boxes. sides: the side
    MENACE plays (0: first) and whether the rival is a MENACE. out: tallies, first_beads, empty,
    last_loss, running, member_first, trace, final, resigned (two counts: the studied MENACE's
    resignations, and those before it drew any bead in its game, when its first box was empty);
    ``running`` and ``member_first`` are [games, members] or [0, 0] when not kept; ``trace`` is [games,
    max_plies] for member 0 or [0, 0], and then ``final`` receives member 0's beads.

    Two loops, one against a fixed player and one against a second MENACE, and the tables read with
    unsigned indices (``U``: numba wraps a negative signed index around, a compare on every read, and
    these are never negative): against random, a sixth more games a second than one loop for both with
    signed indices (6.6M against 5.6M on one core of the machine the docs name). A ply (a MENACE's draw or
    the fixed player's move) is written out in the loops, not in a helper: numba counts references to the
    arrays a helper takes on every call, and helpers for the draw and a game's figures, even inlined,
    made the loop a quarter slower. The settlement, a helper taking the arrays it changes, costs nothing
    measurable.
    """
    if sides[1]:
        _against_menace(games, seeds, game, boxes, sides[0], out)  # type: ignore[no-untyped-call]
    else:
        _against_policy(games, seeds, game, opponent, boxes, sides[0], out)  # type: ignore[no-untyped-call]


def _against_policy(games, seeds, game, opponent, boxes, menace_side, out):  # type: ignore[no-untyped-def]
    """play_members against a fixed player: MENACE is side 0 of the stacked tables."""
    info, legal_child, perfect_child, k, max_plies = game
    kind, skill = opponent
    box_info, slot_child, n_slots, initial, keeps_one, change, rules, first_boxes = boxes
    tallies, first_beads, empty, last_loss, running, member_first, trace, final, resigned = out
    slots = U(initial.shape[1] // n_slots.shape[1])  # unsigned: an unsigned index times it stays one
    drawn = np.zeros((1, max_plies), np.int64)  # where MENACE's draws were: box * S + slot
    # One set of boxes, reset for each member: a short run (a million members, ten games each) would
    # otherwise spend its time making them.
    beads = initial[:1].copy()
    start_totals = _start_totals(initial, int(slots))[:1]  # type: ignore[no-untyped-call]
    totals = start_totals.copy()
    for member in range(seeds.size):
        x = seeds[member]
        beads[:] = initial[:1]
        totals[:] = start_totals
        tracing = member == 0 and trace.shape[0] > 0
        score = 0
        for g in range(games):
            code = U(0)
            draws = 0
            result = 0  # from the first player's side
            for ply in range(max_plies):
                side = ply % 2
                if side == menace_side:
                    box = box_info[0, code, 0]
                    if box < 0:
                        child = box_info[0, code, 1]  # one legal move and no box: MENACE plays it
                    else:
                        box = U(box)
                        row = box * slots
                        if totals[0, box] == 0 and rules[0, 1] > 0:
                            for _ in range(rules[0, 1]):
                                x = _step(x)
                                beads[0, row + U(_below(x, n_slots[0, box]))] += 1
                            totals[0, box] += rules[0, 1]
                        if totals[0, box] == 0:
                            child = -1
                        else:
                            x = _step(x)
                            ticket = _below(x, totals[0, box])
                            at = row
                            while ticket >= beads[0, at]:
                                ticket -= beads[0, at]
                                at += U(1)
                            drawn[0, draws] = at
                            draws += 1
                            child = slot_child[0, code * slots + at - row]
                elif kind == 2:  # ideal
                    child = info[code, 3]
                else:
                    x = _step(x)
                    if kind == 3:  # novice: one number decides perfect or random, the next picks the move
                        perfect = _below(x, 1 << 32) / 4294967296.0 < skill
                        x = _step(x)
                    else:
                        perfect = kind == 1
                    if perfect:
                        child = perfect_child[code * U(k) + U(_below(x, info[code, 2]))]
                    else:  # random
                        child = legal_child[code * U(k) + U(_below(x, info[code, 1]))]
                sign = 1 if side == 0 else -1
                if tracing:
                    trace[g, ply] = child
                if child < 0:  # resigned
                    result = -sign
                    if side == menace_side:
                        resigned[0] += 1
                        if draws == 0:  # before its first bead: it refused to play
                            resigned[1] += 1
                    break
                code = U(child)
                state = info[code, 0]
                if state != ONGOING:
                    if state == LAST_MOVER_WON:
                        result = sign
                    elif state == LAST_MOVER_LOST:
                        result = -sign
                    break
            mine = result if menace_side == 0 else -result
            _settle(beads, totals, keeps_one, change, rules, slots, 0, mine, drawn, draws)  # type: ignore[no-untyped-call]
            tallies[g, mine + 1] += 1
            if mine == -1:
                last_loss[member] = g + 1
            in_first = 0
            for f in range(first_boxes.size):
                in_first += totals[0, first_boxes[f]]
                if totals[0, first_boxes[f]] == 0:
                    empty[member] = True
            first_beads[g] += in_first
            score += 3 if mine == 1 else 1 if mine == 0 else -1
            if running.shape[0] > 0:
                running[g, member] = score
                member_first[g, member] = in_first
        if tracing:
            final[:] = beads[0]


def _against_menace(games, seeds, game, boxes, menace_side, out):  # type: ignore[no-untyped-def]
    """play_members against a second MENACE (side 1 of the stacked tables), both learning."""
    info, _, _, _, max_plies = game
    box_info, slot_child, n_slots, initial, keeps_one, change, rules, first_boxes = boxes
    tallies, first_beads, empty, last_loss, running, member_first, trace, final, resigned = out
    slots = U(initial.shape[1] // n_slots.shape[1])  # unsigned: an unsigned index times it stays one
    draws = np.zeros(2, np.int64)
    drawn = np.zeros((2, max_plies), np.int64)  # where each side's draws were: box * S + slot
    beads = initial.copy()
    start_totals = _start_totals(initial, int(slots))  # type: ignore[no-untyped-call]
    totals = start_totals.copy()
    for member in range(seeds.size):
        x = seeds[member]
        beads[:] = initial
        totals[:] = start_totals
        tracing = member == 0 and trace.shape[0] > 0
        score = 0
        for g in range(games):
            code = U(0)
            draws[0] = draws[1] = 0
            result = 0  # from the first player's side
            for ply in range(max_plies):
                side = ply % 2
                who = 0 if side == menace_side else 1
                box = box_info[who, code, 0]
                if box < 0:
                    child = box_info[who, code, 1]  # one legal move and no box: MENACE plays it
                else:
                    box = U(box)
                    row = box * slots
                    if totals[who, box] == 0 and rules[who, 1] > 0:
                        for _ in range(rules[who, 1]):
                            x = _step(x)
                            beads[who, row + U(_below(x, n_slots[who, box]))] += 1
                        totals[who, box] += rules[who, 1]
                    if totals[who, box] == 0:
                        child = -1
                    else:
                        x = _step(x)
                        ticket = _below(x, totals[who, box])
                        at = row
                        while ticket >= beads[who, at]:
                            ticket -= beads[who, at]
                            at += U(1)
                        drawn[who, draws[who]] = at
                        draws[who] += 1
                        child = slot_child[who, code * slots + at - row]
                sign = 1 if side == 0 else -1
                if tracing:
                    trace[g, ply] = child
                if child < 0:  # resigned
                    result = -sign
                    if who == 0:
                        resigned[0] += 1
                        if draws[0] == 0:  # before its first bead: it refused to play
                            resigned[1] += 1
                    break
                code = U(child)
                state = info[code, 0]
                if state != ONGOING:
                    if state == LAST_MOVER_WON:
                        result = sign
                    elif state == LAST_MOVER_LOST:
                        result = -sign
                    break
            mine = result if menace_side == 0 else -result
            for who in range(2):  # each side's draws settled from its own side
                outcome = mine if who == 0 else -mine
                _settle(beads, totals, keeps_one, change, rules, slots, who, outcome, drawn, draws[who])  # type: ignore[no-untyped-call]
            tallies[g, mine + 1] += 1
            if mine == -1:
                last_loss[member] = g + 1
            in_first = 0
            for f in range(first_boxes.size):
                in_first += totals[0, first_boxes[f]]
                if totals[0, first_boxes[f]] == 0:
                    empty[member] = True
            first_beads[g] += in_first
            score += 3 if mine == 1 else 1 if mine == 0 else -1
            if running.shape[0] > 0:
                running[g, member] = score
                member_first[g, member] = in_first
        if tracing:
            final[:] = beads[0]


def _narrow(setup: Setup) -> bool:
    """Whether the game's state codes and box numbers fit in 16 bits, as every game's with a kit does:
    then its tables are read as int16. Noughts and crosses' children then fit in a core's cache with
    room to spare: a tenth more games a second, on one core and on two."""
    return max(len(setup.policy.terminal), *_layout(setup)) < 2**15


def _args(setup: Setup) -> tuple[object, ...]:
    """The tables as play_members takes them (game, opponent, boxes, sides), with fixed types: the codes
    int16 where they fit (_narrow), else int32."""
    mt, pt, rt = setup.menace, setup.policy, _rival(setup)
    codes = np.int16 if _narrow(setup) else np.int32
    # One row per state, so that a ply reads one cache line rather than four arrays.
    info = np.stack([pt.terminal, pt.n_legal, pt.n_perfect, pt.ideal_child], axis=1).astype(codes)
    boxes, slots = _layout(setup)

    def padded(per_box: np.ndarray, rows: int, width: int, fill: int = 0) -> np.ndarray:
        """[rows * width] as [rows, slots], ``fill`` past the width; then flat again."""
        out = np.full((rows, slots), fill, per_box.dtype)
        out[:, :width] = per_box.reshape(rows, width)
        return out.ravel()

    def stack(parts: tuple[np.ndarray, np.ndarray], size: int, fill: int = 0) -> np.ndarray:
        out = np.full((2, size), fill, parts[0].dtype)
        for who, part in enumerate(parts):
            out[who, : part.size] = part
        return out

    states = len(pt.terminal)
    box_info = np.stack([np.stack([t.box_of, t.forced_child], axis=1) for t in (mt, rt)]).astype(codes)
    slot_child = np.stack([padded(t.slot_child, states, t.slots, -1) for t in (mt, rt)]).astype(codes)
    initial = stack(
        (padded(mt.initial, mt.boxes, mt.slots), padded(rt.initial, rt.boxes, rt.slots)), boxes * slots
    )
    game = (
        info,
        pt.legal_child.astype(codes),
        pt.perfect_child.astype(codes),
        np.int64(pt.k),
        np.int64(pt.max_plies),
    )
    opponent = (np.int64(POLICY_KINDS.get(setup.opponent.kind, 0)), policy_skill(setup.opponent))
    tables = (
        box_info, slot_child, stack((mt.n_slots, rt.n_slots), boxes), initial,
        stack((mt.keeps_one, rt.keeps_one), boxes), np.stack([mt.change, rt.change]).astype(np.int64),
        np.stack([_rules(mt), _rules(rt)]), np.flatnonzero(mt.first_index >= 0),
    )  # fmt: skip
    return game, opponent, tables, (np.int64(setup.menace_side), setup.rival is not None)


def _rival(setup: Setup) -> MenaceTables:
    """The rival's tables: its own when it is a MENACE, else the studied MENACE's (unused)."""
    return setup.rival if setup.rival is not None else setup.menace


def _layout(setup: Setup) -> tuple[int, int]:
    """Boxes and slots per box of the stacked tables (the larger of the two sides')."""
    mt, rt = setup.menace, _rival(setup)
    return max(mt.boxes, rt.boxes), max(mt.slots, rt.slots)


def _rules(t: MenaceTables) -> np.ndarray:
    """floor, refill beads (0: resign), punish the last move only (0/1)."""
    return np.array([t.floor, t.refill_beads, int(t.punish_last)], np.int64)


# play_members as numba's ahead-of-time compiler exports it: C-contiguous arrays of fixed types, bundled in
# tuples as _args makes them; C, the codes' type, is i2 (_narrow), else i4.
_GAME = "Tuple((C[:, ::1], C[::1], C[::1], i8, i8))"  # info, legal_child, perfect_child, K, max plies
_OPPONENT = "Tuple((i8, f8))"  # kind, skill
# box_info, slot_child, n_slots, initial, keeps_one, change, rules, first boxes
_BOXES = (
    "Tuple((C[:, :, ::1], C[:, ::1], i4[:, ::1], i4[:, ::1], b1[:, ::1], i8[:, ::1], i8[:, ::1], i8[::1]))"
)
_SIDES = "Tuple((i8, b1))"  # MENACE's side, the rival is a MENACE
# tallies, first_beads, empty, last_loss, running, member_first, trace, final, resigned
_OUT = "Tuple((i8[:, ::1], i8[::1], b1[::1], i4[::1], i4[:, ::1], i4[:, ::1], i8[:, ::1], i4[::1], i8[::1]))"
_SIGNATURE = f"void(i8, u8[::1], {_GAME}, {_OPPONENT}, {_BOXES}, {_SIDES}, {_OUT})"
_NARROW, _WIDE = _SIGNATURE.replace("C[", "i2["), _SIGNATURE.replace("C[", "i4[")
_HELPERS = ("_step", "_below", "_settle", "_start_totals")  # inlined where they are called
_LOOPS = ("_against_policy", "_against_menace")  # play_members calls one of them


def _module_name() -> str:
    """The compiled module's name: a hash of this file and numpy's version, so a change compiles anew."""
    digest = hashlib.sha256(Path(__file__).read_bytes() + np.__version__.encode()).hexdigest()[:16]
    return f"menace_kernel_{digest}"


def _module_path() -> Path:
    return code_cache() / (_module_name() + importlib.machinery.EXTENSION_SUFFIXES[0])


def compiled() -> bool:
    """Whether the kernel loads without compiling: built ahead of time (then in milliseconds, without
    numba), or, where there is no C compiler, compiled once into numba's own cache."""
    path = _module_path()
    return path.exists() or _jit_marker(path).exists()


def _failed_marker(path: Path) -> Path:
    """Left when building the module failed here (no C compiler): later runs do not try again."""
    return path.with_name(path.name + ".failed")


def _jit_marker(path: Path) -> Path:
    """Left once numba's just-in-time compiler has compiled the kernel into its cache (no C compiler)."""
    return path.with_name(path.name + ".jit")


def _load(path: Path) -> ModuleType | None:
    """The compiled module at ``path``, or None when it is missing or does not load."""
    spec = importlib.util.spec_from_file_location(_module_name(), path)
    if spec is None or spec.loader is None or not path.exists():
        return None
    module = importlib.util.module_from_spec(spec)
    try:
        spec.loader.exec_module(module)
    except ImportError:
        return None
    return module


def _jit() -> Any:
    """Import numba and compile the kernel just in time (numba's own cache keeps it)."""
    import numba

    use_code_cache()
    namespace = globals()  # play_members calls these by name: numba must find them compiled
    for name in _HELPERS:
        if not isinstance(namespace[name], numba.core.registry.CPUDispatcher):
            namespace[name] = numba.njit(cache=True, inline="always")(namespace[name])
    for name in _LOOPS:
        if not isinstance(namespace[name], numba.core.registry.CPUDispatcher):
            namespace[name] = numba.njit(cache=True)(namespace[name])
    return numba.njit(cache=True)(play_members)


def _build(path: Path) -> None:
    """Compile the kernel ahead of time into a Python module at ``path`` (it needs a C compiler)."""
    import tempfile  # here, as subprocess below: a run that loads the kernel needs neither (10 ms)

    _jit()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # numba's pycc says it may be deprecated one day
        from numba import pycc

        with tempfile.TemporaryDirectory(dir=path.parent) as folder:
            compiler: Any = getattr(pycc, "CC")(_module_name())  # noqa: B009 (untyped, not re-exported)
            compiler.output_dir = folder
            compiler.target_cpu = "host"  # the machine it runs on: the cache is the user's own
            compiler.export("play_members", _NARROW)(play_members)
            compiler.compile()
            os.replace(Path(folder) / path.name, path)  # whole or not at all, even with two at once


def _lock_path(path: Path) -> Path:
    return path.with_name(path.name + ".lock")


@contextmanager
def _one_builder(path: Path) -> Iterator[None]:
    """Hold the build's lock file: two runs started together (two terminals, a class's laptops sharing a
    home folder, test workers) build the kernel once, the second waiting for the first and loading it."""
    try:
        import fcntl
    except ImportError:  # Windows: no advisory locks; at worst both build, and os.replace keeps one whole
        yield
        return
    with open(_lock_path(path), "w") as lock:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            print("waiting for another run compiling the numba engine...", file=sys.stderr, flush=True)
            fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def _compile(path: Path) -> ModuleType | None:
    """The module built ahead of time at ``path`` (None where it cannot be: numba's just-in-time compiler
    will do). The caller holds the build's lock."""
    module = _load(path)  # built by another process while this one waited
    if module is None and not _failed_marker(path).exists():
        try:
            _build(path)
        except Exception:  # noqa: BLE001 (no compiler, or a numba without pycc: the slower start will do)
            _failed_marker(path).touch()
        module = _load(path)
    return module


@cache
def _kernel(narrow: bool = True) -> Callable[..., None]:
    """play_members compiled, for int16 codes (``narrow``) or int32: the module built ahead of time when
    there is one (loading it needs neither numba nor its start-up), else built now and said so on stderr;
    numba's just-in-time compiler when the module cannot be built (no C compiler), and for int32 codes."""
    path = _module_path()
    if not narrow:
        return _wide_kernel(path)
    module, said = _load(path), False
    if module is None and not _failed_marker(path).exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        with _one_builder(path):
            if _load(path) is None and not _failed_marker(path).exists():
                said = _say_compiling(path)
            module = _compile(path)
    if module is None:
        if not said and not _jit_marker(path).exists():
            _say_compiling(path)  # numba's compiler, at the first call
        return _jit()  # type: ignore[no-any-return]
    kernel: Callable[..., None] = module.play_members
    return kernel


def _wide_kernel(path: Path) -> Callable[..., None]:
    """play_members for int32 codes: a game of 32,768 positions or more (Nim with 16 heaps of five, no
    game with a kit), too rare for the module built ahead of time to take twice the compiler's time for.
    numba's just-in-time compiler builds it the first time, said on stderr, into its cache."""
    marker = path.with_name(path.name + ".wide")
    if not marker.exists():
        _say_compiling(path)
    kernel = _jit()
    kernel.compile(_WIDE)  # loaded from numba's cache after the first time
    marker.parent.mkdir(parents=True, exist_ok=True)
    marker.touch()
    return kernel  # type: ignore[no-any-return]


_BEGIN_FD = "MENACE_BUILD_BEGIN_FD"  # the pipe on which a background builder waits for its run to end


def build_later() -> Callable[[], None]:
    """Have the kernel compiled for the next run by a detached process, at the lowest priority, which
    begins when the call returned is made (once this run has played: the compiler would otherwise take a
    core from it) or when this process ends. The build's lock is taken here and handed to the builder,
    so a run that starts meanwhile never builds too (an explicit --engine numba waits for it); nothing is
    started when another run is building already."""
    try:
        import fcntl
    except ImportError:  # Windows: no lock to hand over nor descriptors to pass; --engine numba builds it
        raise OSError("no background build here") from None
    import subprocess  # here: a run that finds the kernel built never starts a process

    path = _module_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(_lock_path(path), "w") as lock:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return lambda: None  # another run is building it
        wait, begin = os.pipe()
        # The builder finds this package where this process did, and the same cache folder.
        paths = [str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])]
        env = {
            **os.environ,
            "PYTHONPATH": os.pathsep.join(paths),
            "MENACE_CACHE_DIR": str(cache_dir()),
            _BEGIN_FD: str(wait),
        }
        code = "from tracker.sim.engine_numba import build_here; build_here()"
        try:
            quiet = subprocess.DEVNULL
            subprocess.Popen(
                [sys.executable, "-c", code],
                stdin=quiet,
                stdout=quiet,
                stderr=quiet,
                env=env,
                pass_fds=(lock.fileno(), wait),
                start_new_session=True,
            )
        except OSError:
            os.close(begin)
            raise
        finally:
            os.close(wait)
    # Closing this process's copy of the lock leaves it held by the builder's until the builder ends.
    return lambda: os.close(begin)


def build_here() -> None:
    """The background build (build_later's process), once its run has played: the module ahead of time,
    or where there is no C compiler, numba's just-in-time code, compiled once into its cache."""
    if hasattr(os, "nice"):
        os.nice(19)  # the user's own work comes first
    if _BEGIN_FD in os.environ:
        wait = int(os.environ[_BEGIN_FD])
        while os.read(wait, 1):  # nothing is written: the run closes its end when it has played (or ends)
            pass
        os.close(wait)
    path = _module_path()
    if _compile(path) is None:
        from kit.games import get_game
        from kit.players import RandomSpec
        from kit.rules import load_rules
        from tracker.sim.flat import menace_tables, policy_tables

        game = get_game("tictactoe")  # any tables will do: the kernel has one signature
        menace = menace_tables(game, "first", load_rules(game.default_rules))
        setup = Setup(policy_tables(game), menace, 0, RandomSpec(), None)
        out = _outputs(setup, 1, 1, spread=False, trace=False)
        _jit()(np.int64(1), np.ones(1, np.uint64), *_args(setup), out)
        _jit_marker(path).touch()


def _say_compiling(path: Path) -> bool:
    print(f"compiling the numba engine (once; cached in {path.parent})...", file=sys.stderr, flush=True)
    return True


def compile_once(setup: Setup) -> None:
    """Compile (or load from the cache) before the timing starts; say so on stderr the first time."""
    play_chunk(setup, 1, 1, np.random.default_rng(0))  # numba's just-in-time path compiles at its first call
    path = _module_path()
    if not path.exists():
        _jit_marker(path).touch()  # numba's cache holds it now: auto may choose numba


def play_chunk(
    setup: Setup,
    members: int,
    games: int,
    rng: np.random.Generator,
    *,
    spread: bool = False,
    trace: bool = False,
) -> ChunkResult:
    """``members`` fresh MENACEs each play ``games`` games against their own opponent."""
    seeds = rng.integers(1, 2**63, size=members).astype(np.uint64)  # xorshift's state must not be 0
    out = _outputs(setup, members, games, spread=spread, trace=trace)
    tallies, first_beads, empty, last_loss, running, member_first, moves, final, resigned = out
    _kernel(_narrow(setup))(np.int64(games), seeds, *_args(setup), out)
    boxes, slots = _layout(setup)
    traces = [[int(c) for c in row if c != -2] for row in moves] if trace else None
    mt = setup.menace
    beads = final.reshape(boxes, slots)[: mt.boxes, : mt.slots].ravel()
    return ChunkResult(
        tallies,
        first_beads,
        empty,
        last_loss,
        running if spread else None,
        member_first if spread else None,
        traces,
        beads if trace else None,
        int(resigned[0]),
        int(resigned[1]),
    )


def _outputs(setup: Setup, members: int, games: int, *, spread: bool, trace: bool) -> tuple[np.ndarray, ...]:
    """play_members's output arrays, zeroed (its docstring says what each holds)."""
    shape = (games, members) if spread else (0, 0)
    boxes, slots = _layout(setup)
    return (
        np.zeros((games, 3), np.int64),
        np.zeros(games, np.int64),
        np.zeros(members, np.bool_),
        np.zeros(members, np.int32),
        np.zeros(shape, np.int32),
        np.zeros(shape, np.int32),
        np.full((games, setup.policy.max_plies) if trace else (0, 0), -2, np.int64),
        np.zeros(boxes * slots, np.int32),  # member 0's beads in the stacked layout
        np.zeros(2, np.int64),
    )
