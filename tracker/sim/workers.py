"""A population spread over the machine's cores: one worker process per share of the members.

Each worker plays its share in chunks, as one process does, on its own seed stream: the run's
SeedSequence spawns one child per worker and each worker's child spawns one per chunk, so a run with the
same seed and the same number of workers gives the same figures, and every member still has a stream of
its own. A run with one worker keeps the one-process layout (a child per chunk of the whole population),
so its figures are those of a run without workers. This process is the first worker, and the others are
forked, so they start at once with the tables, the engine and its compiled code already loaded; where
fork is missing, one process plays. Each is a plain os.fork with a pipe that brings its summary back
pickled: multiprocessing and concurrent.futures (with logging, socket, ...) took longer to import than
the workers take to start.
"""

from __future__ import annotations

import os
import pickle
import signal
from collections.abc import Callable
from functools import partial
from typing import Protocol, TypeVar, cast

import numpy as np

from tracker.sim.chunk import ChunkResult
from tracker.state.errors import MenaceError

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
    if not hasattr(os, "fork"):
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


def play_spread(
    play: Play, new_summary: Callable[[], S], population: int, chunk: int, seed: int | None, workers: int
) -> list[S]:
    """The population's summaries, one per worker, in worker order (each worker's members in order). A
    worker's error is raised here; a worker that dies without its summary is a WorkerLost."""
    sizes = shares(population, workers)
    streams = np.random.SeedSequence(seed).spawn(workers)
    chunk = max(1, min(chunk, sizes[0]))  # every worker plays its share in chunks of the same size
    started: list[tuple[int, int]] = []  # each worker's process and the pipe its summary comes back on
    try:
        for members, stream in zip(sizes[1:], streams[1:], strict=True):
            started.append(_fork(partial(play_share, play, new_summary(), members, chunk, stream)))
        # The first share is played here meanwhile: one fork fewer, and this process would only wait.
        results = [play_share(play, new_summary(), sizes[0], chunk, streams[0])]
        while started:
            pid, pipe = started.pop(0)
            results.append(cast(S, _collect(pid, pipe)))
        return results
    finally:  # an error here or in a worker: the others are stopped, not left playing
        for pid, pipe in started:
            os.close(pipe)
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)


class WorkerLost(MenaceError):
    """A worker process ended without sending its summary back (killed, or out of memory): one line for
    the user, as every MenaceError."""


def _fork(work: Callable[[], object]) -> tuple[int, int]:
    """A forked process that runs ``work`` and sends back its result pickled (or the error it raised);
    its process id and the pipe to read from."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the worker: it never returns into the caller's code, and leaves by os._exit
        status = 1
        try:
            os.close(read)
            try:
                message = pickle.dumps((True, work()))
            except BaseException as error:  # noqa: BLE001 (handed to the parent, which raises it)
                message = _pickled_error(error)
            with os.fdopen(write, "wb") as out:
                out.write(message)
            status = 0
        finally:
            os._exit(status)  # no atexit handlers nor buffers of the parent's: they are the parent's to run
    os.close(write)
    return pid, read


def _pickled_error(error: BaseException) -> bytes:
    try:
        return pickle.dumps((False, error))
    except Exception:  # noqa: BLE001 (an error that does not pickle: its words will do)
        return pickle.dumps((False, RuntimeError(f"{type(error).__name__}: {error}")))


def _collect(pid: int, pipe: int) -> object:
    """The result the worker ``pid`` sends on ``pipe``, once it has ended; its error raised here."""
    try:
        with os.fdopen(pipe, "rb") as incoming:
            message = incoming.read()
    except BaseException:  # interrupted while waiting: the worker is stopped, then the error goes on
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        raise
    _, status = os.waitpid(pid, 0)
    if not message:
        raise WorkerLost(
            f"a worker process ended without its figures (wait status {status}; killed, or out "
            "of memory?): run the simulation again, with fewer workers if it happens again"
        )
    done, result = pickle.loads(message)
    if not done:
        raise result
    return result
