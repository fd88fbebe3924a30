"""One play table per kit at a time: a second `menace play` on a kit in play is told so, not merged in.

Two windows playing one kit would each ask for the same moves, and the answers of one would be dropped
when the other moved first. The table holds an exclusive lock (flock) on a small file beside the store
while it plays; the system releases it when the process ends, however it ends, so after a crash the next
`menace play` takes over the game at once.
"""

from __future__ import annotations

import os
import socket
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime

from kit.i18n import _
from tracker.state.errors import MenaceError
from tracker.state.kit_record import KitRecord
from tracker.store.event_store import Store

try:
    import fcntl
except ImportError:  # not a POSIX system: no lock, as before
    fcntl = None  # type: ignore[assignment]


class KitInPlay(MenaceError):
    """Another process is playing this kit."""

    holder = ""  # which process, on which host, since when (for the operator, not for pupils)


class KitInPlayAtTable(KitInPlay):
    """A correction from outside a table of a kit that is in play: the table would not know of it."""


@contextmanager
def correcting(store: Store, kit: KitRecord) -> Iterator[None]:
    """Holds the kit's play lock while a correction (undo, discard, census) is recorded from outside a play
    table; raises KitInPlayAtTable in one line if a table has the kit, so it is made there instead."""
    try:
        with playing(store, kit, wait=0.0):
            yield
    except KitInPlayAtTable:
        raise
    except KitInPlay as error:
        raise KitInPlayAtTable(
            _(
                "kit {kit} is in play at a table ({holder}): type 'undo', 'discard' or 'census' at that "
                "table's prompt, so the table knows; nothing was changed"
            ).format(kit=kit.name, holder=error.holder)
        ) from None


# A correction holds the lock for the milliseconds it takes to record; a table starting then waits for it
# rather than being told the kit is in play. A table holds the lock for as long as it plays.
WAIT_FOR_A_CORRECTION = 3.0  # seconds


@contextmanager
def playing(store: Store, kit: KitRecord, *, wait: float = WAIT_FOR_A_CORRECTION) -> Iterator[None]:
    """Holds the kit's play lock for the block; raises KitInPlay if another process still holds it after
    ``wait`` seconds."""
    path = store.path.with_name(f"{store.path.name}.{kit.id[:16]}.play")
    try:
        handle = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    except OSError:  # a store we cannot write to: play stops at its first write anyway
        yield
        return
    try:
        if fcntl is not None:
            try:
                _lock(handle, wait)
            except BlockingIOError:
                holder = os.read(handle, 200).decode(errors="replace").strip() or _("another process")
                refused = KitInPlay(
                    _(
                        "kit {kit} is already in play ({holder}): carry on in that window, or type 'quit' "
                        "there. A window that crashed or was closed frees the kit by itself, and `menace "
                        "play` then takes over its game; if that process hangs, end it first (kill PID)"
                    ).format(kit=kit.name, holder=holder)
                )
                refused.holder = holder
                raise refused from None
        os.ftruncate(handle, 0)
        since = datetime.now(UTC).strftime("%H:%M UTC")
        holder = _("process {pid} on {host}, since {time}").format(
            pid=os.getpid(), host=socket.gethostname(), time=since
        )
        try:
            os.write(handle, holder.encode())
        except OSError:  # a full disk: the flock is the lock, the name a courtesy; the store says the rest
            pass
        yield
    finally:
        os.close(handle)  # and with it the lock


def _lock(handle: int, wait: float) -> None:
    """Takes the exclusive lock, trying again for up to ``wait`` seconds; raises BlockingIOError after."""
    deadline = time.monotonic() + wait
    while True:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return
        except BlockingIOError:
            if time.monotonic() >= deadline:
                raise
            time.sleep(0.05)


def held_by(store: Store, kit: KitRecord) -> str | None:
    """Who holds the kit's play lock now (a `menace play` window, a run), or None when nobody does; looks
    without waiting and lets go at once."""
    path = store.path.with_name(f"{store.path.name}.{kit.id[:16]}.play")
    if fcntl is None or not path.exists():
        return None
    try:
        handle = os.open(path, os.O_RDONLY)
    except OSError:
        return None
    try:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return os.read(handle, 200).decode(errors="replace").strip() or _("another process")
        fcntl.flock(handle, fcntl.LOCK_UN)
        return None
    finally:
        os.close(handle)
