"""A private copy of a read-only store and its write-ahead log, for reading the whole of it.

A store that was not closed cleanly (a process killed, a laptop shut) keeps its latest games in the -wal
file beside it until a writer folds them in. Where neither the store nor its folder can be written (a
read-only share, a copy on a stick), SQLite cannot make the -shm file it needs to read that log, and the
only way to open the store's file alone left those games out: 534 games of 537 shown, and verify said OK.
A copy of both files in a temporary folder reads them all; it is removed when the store is closed.
"""

from __future__ import annotations

import shutil
import tempfile
import weakref
from pathlib import Path


def has_log(path: Path) -> bool:
    """Whether the store at ``path`` has writes in a -wal file beside it that its main file lacks."""
    wal = Path(f"{path}-wal")
    return wal.exists() and wal.stat().st_size > 0


def copy_with_log(owner: object, path: Path) -> Path:
    """The store at ``path`` and its -wal, copied to a new temporary folder (removed once ``owner`` is
    gone): the copy's path."""
    folder = Path(tempfile.mkdtemp(prefix="menace-store-"))
    weakref.finalize(owner, shutil.rmtree, folder, True)
    copy = folder / path.name
    for suffix in ("", "-wal"):
        shutil.copyfile(f"{path}{suffix}", f"{copy}{suffix}")
    return copy
