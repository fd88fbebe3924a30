"""The store's own faults (a damaged file, a failing or full disk, a file left read-only) as one line each.

Every connection the store opens is a ``FaultConnection``: SQLite's errors for these faults, wherever a
statement meets them (opening, a read half-way through its rows, a commit), become a MenaceError that says
what is wrong and what to do, so no command, and no page of the classroom screen, ends in a traceback.
Other SQLite errors (a busy lock, a broken constraint) pass unchanged: the code that runs the statement
knows what they mean there.
"""

from __future__ import annotations

import functools
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from kit.i18n import _
from tracker.state.errors import MenaceError


class StoreDamaged(MenaceError):
    """The store's file is not what SQLite wrote (a page overwritten, bytes flipped): nothing was changed."""

    def __init__(self, message: str, path: Path, reason: str) -> None:
        super().__init__(message)
        self.path, self.reason = path, reason

    def verified(self) -> str:
        """What `menace verify` reports of it: what is wrong and what to do, as one FAIL line says it."""
        return _(
            "the store {path} is damaged ({reason}): restore it from a backup, or import an export of it "
            "into a new store (`menace import FILE --db NEW`)"
        ).format(path=self.path, reason=self.reason)


class DiskFull(MenaceError):
    """SQLite could not grow the store: the transaction was rolled back whole."""


class DiskError(MenaceError):
    """The disk did not read or write what SQLite asked of it (removed, failing, or full at open)."""


class StoreNotWritable(MenaceError):
    """SQLite could not write the store or a file beside it, though the store was opened for writing."""


# The faults of the store's file or disk, as against a kit or an input that is wrong.
STORE_FAULTS = (StoreDamaged, DiskFull, DiskError, StoreNotWritable)


def damaged_error(path: Path, reason: str) -> StoreDamaged:
    reason = "".join(c if c.isprintable() else " " for c in " ".join(reason.split()))  # one line, readable
    message = _(
        "the store {path} is damaged ({reason}): nothing was changed; `menace verify` says what it finds; "
        "restore the store from a backup, or import an export of it into a new one (`menace import FILE "
        "--db NEW`)"
    )
    return StoreDamaged(message.format(path=path, reason=reason), path, reason)


def disk_full_error() -> DiskFull:
    return DiskFull(_("the disk is full: nothing was recorded (free some space, then run the command again)"))


# What SQLite (json_extract) and Python's sqlite3 say of a stored text that is no longer what was written
# (bytes flipped inside a row, which SQLite's pages do not notice), and of a schema whose words were flipped:
# the store's statements are fixed, and the tests run each, so a table or column they miss was changed.
DAMAGED_TEXT = ("malformed JSON", "Could not decode to UTF-8", "no such column", "no such table")


def fault(error: BaseException, path: Path) -> MenaceError | None:
    """The one-line error for a SQLite error that is a fault of the store's file or disk (None: another)."""
    if isinstance(error, UnicodeDecodeError):  # SQLite's own message held a damaged name Python cannot read
        said = error.object.decode(errors="replace") if isinstance(error.object, bytes) else str(error.object)
        return damaged_error(path, _("SQLite says: {error}").format(error=said))
    if not isinstance(error, sqlite3.DatabaseError):
        return None
    code = getattr(error, "sqlite_errorcode", 0) & 0xFF  # the primary code of an extended one
    if code in (sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB) or str(error).startswith(DAMAGED_TEXT):
        return damaged_error(path, _("SQLite says: {error}").format(error=error))
    if code == sqlite3.SQLITE_FULL:
        return disk_full_error()
    if code == sqlite3.SQLITE_IOERR:
        return DiskError(
            _(
                "the disk holding the store {path} did not read or write what was asked ({error}): it may be "
                "full, removed or failing; nothing was recorded: free some space or check the disk, then run "
                "the command again"
            ).format(path=path, error=error)
        )
    if code in (sqlite3.SQLITE_READONLY, sqlite3.SQLITE_CANTOPEN):
        return StoreNotWritable(
            _(
                "the store {path}, or its -wal or -shm file beside it, cannot be written ({error}): nothing "
                "was recorded; make them writable by the user running menace, then run the command again"
            ).format(path=path, error=error)
        )
    return None


_NEXT = sqlite3.Cursor.__next__


class FaultCursor(sqlite3.Cursor):
    """A cursor whose faults are one-line errors (see ``fault``), however its rows are read."""

    connection: FaultConnection

    def _raise(self, error: sqlite3.Error | UnicodeDecodeError) -> None:
        found = fault(error, self.connection.store_path)
        if found is not None:
            raise found from None

    def execute(self, sql: str, parameters: Any = (), /) -> FaultCursor:
        try:
            return super().execute(sql, parameters)
        except (sqlite3.Error, UnicodeDecodeError) as error:
            self._raise(error)
            raise

    def executemany(self, sql: str, seq_of_parameters: Any, /) -> FaultCursor:
        try:
            return super().executemany(sql, seq_of_parameters)
        except (sqlite3.Error, UnicodeDecodeError) as error:
            self._raise(error)
            raise

    def __iter__(self) -> Iterator[Any]:  # type: ignore[override]  # a generator, not the cursor itself
        # The rows come from the C cursor itself (a callable iterator ends at its StopIteration): a loop in
        # Python per row made reading a 10,000-game log a tenth slower.
        try:
            yield from iter(functools.partial(_NEXT, self), object())
        except (sqlite3.Error, UnicodeDecodeError) as error:
            self._raise(error)
            raise

    def fetchone(self) -> Any:
        try:
            return super().fetchone()
        except (sqlite3.Error, UnicodeDecodeError) as error:
            self._raise(error)
            raise

    def fetchmany(self, size: int | None = 1) -> list[Any]:
        try:
            return super().fetchmany(size if size is not None else self.arraysize)
        except (sqlite3.Error, UnicodeDecodeError) as error:
            self._raise(error)
            raise

    def fetchall(self) -> list[Any]:
        try:
            return super().fetchall()
        except (sqlite3.Error, UnicodeDecodeError) as error:
            self._raise(error)
            raise


class FaultConnection(sqlite3.Connection):
    """A connection whose statements' faults are one-line errors naming the store (``store_path``)."""

    store_path: Path = Path()

    def execute(self, sql: str, parameters: Any = (), /) -> FaultCursor:
        return self.cursor(FaultCursor).execute(sql, parameters)

    def executemany(self, sql: str, seq_of_parameters: Any, /) -> FaultCursor:
        return self.cursor(FaultCursor).executemany(sql, seq_of_parameters)


def connect(path: Path, target: str, **options: Any) -> FaultConnection:
    """sqlite3.connect(target, ...) as a FaultConnection naming ``path`` in its messages; a fault at the
    open itself is one line too."""
    try:
        db = sqlite3.connect(target, factory=FaultConnection, **options)
    except (sqlite3.Error, UnicodeDecodeError) as error:
        found = fault(error, path)
        if found is not None:
            raise found from None
        raise
    db.store_path = path
    return db
