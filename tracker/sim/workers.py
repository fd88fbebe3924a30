"""A population spread over the machine's cores: one worker process per share of the members.

Each worker plays its share in chunks, as one process does, on its own seed stream: the run's
SeedSequence spawns one child per worker and each worker's child spawns one per chunk, so a run with the
same seed and the same number of workers gives the same figures, and every member still has a stream of
its own. A run with one worker keeps the one-process layout (a child per chunk of the whole population),
so its figures are those of a run without workers. The workers are forked, so they start at once with
the tables, the engine and its compiled code already loaded; where fork is missing, one process plays.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from typing import Protocol, TypeVar

import numpy as np

from tracker.sim.chunk import ChunkResult

PER_WORKER = 500_000  # games in all a worker is given at least: its fork costs milliseconds, these ~0.1 s


class Adds(Protocol):
    def add(self, part: ChunkResult) -> None: ...


S = TypeVar("S", bound=Adds)
Play = Callable[[int, np.random.Generator], ChunkResult]


def all_cores() -> int:
    """The cores this process may run on."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1  # pragma: no cover - macOS and Windows


def worker_count(jobs: int, population: int, games: int) -> int:
    """Workers for a run: at most ``jobs``, one per member at most, and each with PER_WORKER games in all
    or more (a short run is over before workers would start); one where processes cannot be forked."""
    if "fork" not in multiprocessing.get_all_start_methods():
        return 1  # pragma: no cover - Windows
    return max(1, min(jobs, population, population * games // PER_WORKER))


def shares(population: int, workers: int) -> list[int]:
    """The members each worker plays: as even as whole members allow, the larger shares first."""
    base, extra = divmod(population, workers)
    return [base + (1 if w < extra else 0) for w in range(workers)]


def play_share(play: Play, summary: S, members: int, chunk: int, stream: np.random.SeedSequence) -> S:
    """``members`` played in chunks of ``chunk``, each on a child of ``stream``, added into ``summary``."""
    for index, child in enumerate(stream.spawn((members + chunk - 1) // chunk)):
        summary.add(play(min(chunk, members - index * chunk), np.random.default_rng(child)))
    return summary


# What the forked workers play, set by the parent just before it forks them (a closure cannot be pickled).
_job: tuple[Play, Callable[[], Adds], int] | None = None


def _work(members: int, stream: np.random.SeedSequence) -> Adds:
    assert _job is not None, "a worker runs only in a fork of play_spread"
    play, new_summary, chunk = _job
    return play_share(play, new_summary(), members, chunk, stream)


def play_spread(play: Play, new_summary: Callable[[], S], population: int, chunk: int, seed: int | None,
                workers: int) -> list[S]:
    """The population's summaries, one per worker, in worker order (each worker's members in order)."""
    global _job
    sizes = shares(population, workers)
    streams = np.random.SeedSequence(seed).spawn(workers)
    chunk = max(1, min(chunk, sizes[0]))  # every worker plays its share in chunks of the same size
    _job = (play, new_summary, chunk)
    try:
        context = multiprocessing.get_context("fork")
        with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
            return list(pool.map(_work, sizes, streams))  # type: ignore[arg-type]
    finally:
        _job = None
