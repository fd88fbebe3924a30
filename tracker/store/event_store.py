"""The tracker's SQLite store: an append-only, hash-chained event log and the projections built from it.

Every change is an event; the bead counts (``beads``), the games table and the kits table are
projections of the log, written in the same transaction as the event by ``tracker.state.events.step``.
Writes take the lock first (BEGIN IMMEDIATE) and wait for it (busy timeout), so two processes can
share a store; each commit is durable, so a process killed at any moment loses at most the input it
was answering.
"""

from __future__ import annotations

import hashlib
import json
import os
import shlex
import sqlite3
import threading
import urllib.parse
import uuid
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from kit.game import GameError
from kit.i18n import _
from tracker.state.errors import MenaceError
from tracker.state.events import BeadCounts, Change, Counts, Event, Events, Mirror, World, initial_world, step
from tracker.state.kit_record import KitRecord, kit_from_data, name_key
from tracker.state.replay import Replayed, replay
from tracker.store.faults import FaultConnection, connect, damaged_error, disk_full_error
from tracker.store.tables import EVENT_COLUMNS, EVENTS, GAME_COLUMNS, GAMES, KITS
from tracker.store.wal_copy import copy_with_log, has_log

GENESIS = "0" * 64
BUSY_TIMEOUT_S = 10.0


class StoreChanged(MenaceError):
    """Another process recorded something for this kit since we last looked."""


class StoreBusy(MenaceError):
    """Another process held the store's write lock for longer than we wait for it: nothing was written."""


def busy(error: BaseException) -> bool:
    """Whether a SQLite error says another connection holds the lock we waited for (and stopped waiting)."""
    code = getattr(error, "sqlite_errorcode", 0) & 0xFF  # the primary code of an extended one
    locked = (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)
    return isinstance(error, sqlite3.OperationalError) and code in locked


def busy_error(path: Path) -> StoreBusy:
    return StoreBusy(
        _(
            "the store is busy: another process has been writing to {path} for more than {seconds:.0f} s, so "
            "nothing was recorded: try again when it has finished"
        ).format(path=path, seconds=BUSY_TIMEOUT_S)
    )


class KitNotChosen(MenaceError):
    """No kit was named, and the store does not have exactly one."""


class CountsChanged(MenaceError):
    """A kit's bead counts are not the ones its log wrote: the beads table was edited behind its back."""


class ResultsChanged(CountsChanged):
    """A kit's games rows (number, status, result) are not the ones its log wrote."""


# The checksum of a kit's beads rows is a sum of one term per row, so a write can update it from the rows it
# replaces; a sum mod 2**62 stays inside SQLite's signed 64-bit integers whatever is added.
CHECKSUM_MODULUS = 1 << 62

# Kits as read, by their stored row: building one from its 304 boxes' JSON took 3 ms, and a classroom's
# screen looks its kit up once per request (sixty a second with a class polling). A changed row is a new key.
KITS_READ_KEPT = 32
_KITS_READ: dict[tuple[Any, ...], KitRecord] = {}
_KITS_READ_LOCK = threading.Lock()


def bead_term(box: object, code: object, count: object) -> int:
    """One beads row's share of its kit's checksum (any values: an edited row may hold text)."""
    digest = hashlib.blake2b(f"{box}/{code}/{count}".encode(), digest_size=8).digest()
    return int.from_bytes(digest) % CHECKSUM_MODULUS


def game_term(game_id: object, number: object, status: object, result: object) -> int:
    """One games row's share of its kit's results checksum: what statistics count (its status and result)."""
    digest = hashlib.blake2b(f"{game_id}/{number}/{status}/{result}".encode(), digest_size=8).digest()
    return int.from_bytes(digest) % CHECKSUM_MODULUS


def default_path() -> Path:
    """$MENACE_DB, else the user's data directory: $XDG_DATA_HOME or ~/.local/share."""
    if os.environ.get("MENACE_DB"):
        return Path(os.environ["MENACE_DB"])
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return Path(base) / "menace-kit" / "menace.sqlite3"


def _v1(store: Store) -> None:
    _script(
        store.db,
        """
        CREATE TABLE events (
            seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, kit TEXT NOT NULL,
            game TEXT, kind TEXT NOT NULL, at TEXT NOT NULL, data TEXT NOT NULL, hash TEXT NOT NULL);
        CREATE INDEX events_by_kit ON events (kit, seq);
        CREATE INDEX events_by_game ON events (game, seq);
        CREATE TABLE kits (
            id TEXT PRIMARY KEY, name TEXT NOT NULL UNIQUE, game TEXT NOT NULL, menace_plays TEXT NOT NULL,
            rules TEXT NOT NULL, palette TEXT NOT NULL, fingerprint TEXT NOT NULL, boxes TEXT NOT NULL,
            created_at TEXT NOT NULL);
        CREATE TABLE beads (
            kit TEXT NOT NULL, box INTEGER NOT NULL, move INTEGER NOT NULL,
            count INTEGER NOT NULL CHECK (count >= 0), PRIMARY KEY (kit, box, move)) WITHOUT ROWID;
        CREATE TABLE games (
            id TEXT PRIMARY KEY, kit TEXT NOT NULL, number INTEGER NOT NULL, status TEXT NOT NULL,
            result TEXT, opponent TEXT NOT NULL, draw TEXT NOT NULL, started_at TEXT NOT NULL,
            ended_at TEXT, moves TEXT NOT NULL, first_box TEXT);
        CREATE UNIQUE INDEX games_by_kit ON games (kit, number);
        """,
    )


def _script(db: sqlite3.Connection, script: str) -> None:
    # Not executescript: it commits first, which would split a migration from its bookkeeping.
    for statement in script.split(";"):
        if statement.strip():
            db.execute(statement)


def _v2(store: Store) -> None:
    """Rebuilds every kit's bead counts and games table from its log.

    The games table keeps the first box's beads after each game, and "first box" now means the lowest
    first-move box (Catalogue.first_box): for a Nim kit where MENACE plays second that is box 6, no longer
    box 1, so the rows written before would disagree with a replay.
    """
    kit_ids = [row[0] for row in store.db.execute("SELECT id FROM kits ORDER BY id").fetchall()]
    _checksum_table(store)
    for kit_id in kit_ids:
        try:
            store.rebuild(kit_id)
        except GameError:
            # A log that does not replay is left as it is, so the store still opens and `menace verify`
            # can report the problem rather than the store being locked out.
            continue


def _v3(store: Store) -> None:
    """Each kit's bead checksum, from the beads table as it stands (`menace verify` says whether that agrees
    with the log; `menace rebuild` makes it)."""
    _checksum_table(store)
    for (kit_id,) in store.db.execute("SELECT id FROM kits").fetchall():
        store.reset_checksum(kit_id)


def _checksum_table(store: Store) -> None:
    # Also made by migration 2, whose rebuild writes beads, and so checksums, before migration 3 runs.
    store.db.execute(
        "CREATE TABLE IF NOT EXISTS checksums (kit TEXT PRIMARY KEY, beads INTEGER NOT NULL, games INTEGER)"
    )


def _v4(store: Store) -> None:
    """Each kit's results checksum, from the games table as it stands, as _v3 did for the beads."""
    columns = [row[1] for row in store.db.execute("PRAGMA table_info(checksums)")]
    if "games" not in columns:  # a store made before: its checksums table has only the beads column
        store.db.execute("ALTER TABLE checksums ADD COLUMN games INTEGER")
    for (kit_id,) in store.db.execute("SELECT id FROM kits").fetchall():
        store.reset_checksum(kit_id)


# Numbered migrations: each runs in one transaction together with the row that records it.
MIGRATIONS = [
    (1, "event log, kits, beads and games", _v1),
    (2, "games' first box is the lowest first-move box: projections rebuilt from the log", _v2),
    (3, "a checksum of each kit's bead counts, kept with every write of them", _v3),
    (4, "a checksum of each kit's games (number, status, result), kept with every write of them", _v4),
]


def _digest(rows: list[Any]) -> int:
    """The checksum of a kit's beads rows, (box, move, count) each."""
    return sum(bead_term(*row) for row in rows) % CHECKSUM_MODULUS


def games_digest(rows: Iterable[Any]) -> int:
    """The checksum of a kit's games rows, (id, number, status, result) each."""
    return sum(game_term(*row) for row in rows) % CHECKSUM_MODULUS


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def new_id() -> str:
    return uuid.uuid4().hex


def event_hash(previous: str, event: Event, data_text: str) -> str:
    text = "\n".join((previous, event.id, event.kit, event.game or "", event.kind, event.at, data_text))
    return hashlib.sha256(text.encode()).hexdigest()


def dumps(data: dict[str, Any]) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


class Store:
    """One open store. Reads need no transaction; every write goes through ``transaction``."""

    def __init__(self, path: Path, *, create: bool = False) -> None:
        self.path = Path(path)
        self._copy: Path | None = None  # a read-only store's copy with its -wal (wal_copy), once made
        try:
            is_folder = self.path.is_dir()
        except (OSError, ValueError) as error:  # a name too long for the system ($MENACE_DB), say
            message = _("cannot open the store {path}: {error}")
            why = getattr(error, "strerror", None) or error
            raise MenaceError(message.format(path=str(self.path)[:80], error=why)) from None
        if is_folder:  # SQLite would say it "cannot be written", and the advice to make it writable is wrong
            message = _("the store {path} is a folder: name the store's file, e.g. {example}")
            raise MenaceError(message.format(path=self.path, example=self.path / "menace.sqlite3"))
        if not self.path.exists() and not create:
            message = _("no store at {path}: create a kit first with `menace new NAME`")
            raise MenaceError(message.format(path=self.path))
        # A store whose file or folder cannot be written (a read-only share, a copy on a CD) is opened for
        # reading: the commands that only read work, and a write is refused in one line (transaction).
        self.read_only = self.path.exists() and not all(
            os.access(p, os.W_OK) for p in (self.path, self.path.parent)
        )
        try:
            if create:
                self.path.parent.mkdir(parents=True, exist_ok=True)
            if self.read_only:
                self.db = self.connect()
                if self._version() < max(v for v, _, _ in MIGRATIONS):
                    raise MenaceError(
                        _(
                            "the store {path} is read-only and was written by an older menace-kit: open it "
                            "once where it can be written, so it is brought up to date"
                        ).format(path=self.path)
                    )
                return
            self._heal_files_beside()
            self.db = self.connect()
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=FULL")
            self.db.execute("PRAGMA foreign_keys=ON")
            self._migrate()
        except sqlite3.DatabaseError as error:
            if busy(error):
                raise busy_error(self.path) from None
            message = _("cannot open the store {path}: {error}")
            raise MenaceError(message.format(path=self.path, error=error)) from None
        except OSError as error:
            message = _("cannot open the store {path}: {error}")
            raise MenaceError(message.format(path=self.path, error=error.strerror)) from None

    def _heal_files_beside(self) -> None:
        """Makes the store's -wal and -shm files writable again where a read of the store while it was
        read-only left them so (SQLite makes them with the store's permissions): every write failed on them,
        long after the store itself was writable again. Their content is SQLite's and stays as it is."""
        if not self.path.exists():  # a new store: nothing beside it yet
            return
        mode = self.path.stat().st_mode & 0o777
        for beside in (Path(f"{self.path}-wal"), Path(f"{self.path}-shm")):
            if beside.exists() and not os.access(beside, os.W_OK):
                try:
                    beside.chmod(mode)
                except FileNotFoundError:  # the last connection closing just now removed it: nothing to heal
                    continue
                except OSError:
                    raise MenaceError(
                        _(
                            "the file {file} beside the store is read-only (as the store was when it was "
                            "last read), so nothing can be recorded: make it writable (chmod a+w), or delete "
                            "it while no menace command has the store open"
                        ).format(file=beside)
                    ) from None

    def connect(self) -> FaultConnection:
        """A new connection to the store (read-only if the store is)."""
        if not self.read_only:
            return connect(self.path, str(self.path), timeout=BUSY_TIMEOUT_S, isolation_level=None)
        uri = f"file:{urllib.parse.quote(str(self.path.resolve()))}?mode=ro"
        db = connect(self.path, uri, uri=True, timeout=BUSY_TIMEOUT_S, isolation_level=None)
        try:  # SQLite's own error, not its one line (faults): it is answered here
            sqlite3.Connection.execute(db, "SELECT count(*) FROM sqlite_master").fetchone()
            return db
        except sqlite3.OperationalError:
            # A WAL store in a folder we cannot write: SQLite cannot make the files it reads WAL with. A
            # store closed cleanly holds everything in its main file, which "immutable" reads as it is; one
            # that was not has its latest writes in its -wal too, read from a copy of both (wal_copy).
            db.close()
            if has_log(self.path):
                if self._copy is None:
                    self._copy = copy_with_log(self, self.path)
                uri = f"file:{urllib.parse.quote(str(self._copy))}?mode=ro"
                return connect(self.path, uri, uri=True, timeout=BUSY_TIMEOUT_S, isolation_level=None)
            return connect(self.path, uri + "&immutable=1", uri=True, isolation_level=None)

    def close(self) -> None:
        self.db.close()

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """BEGIN IMMEDIATE ... COMMIT: the write lock is taken up front, so no write is lost to a race.

        Inside a transaction already (a batch of games, one commit), the block is a savepoint of it: it
        still succeeds or fails as a whole."""
        if self.read_only:
            raise MenaceError(
                _(
                    "the store {path} is read-only (the file or its folder cannot be written): it can be "
                    "read, but nothing can be recorded"
                ).format(path=self.path)
            )
        if self.db.in_transaction:
            self.db.execute("SAVEPOINT nested")
            try:
                yield self.db
            except BaseException:
                self.db.execute("ROLLBACK TO nested")
                self.db.execute("RELEASE nested")
                raise
            self.db.execute("RELEASE nested")
            return
        try:
            self.db.execute("BEGIN IMMEDIATE")  # waits up to BUSY_TIMEOUT_S for another writer to finish
        except sqlite3.OperationalError as error:
            if busy(error):
                raise busy_error(self.path) from None
            raise
        try:
            yield self.db
            self.db.execute("COMMIT")  # inside the try: on a full disk the commit itself can fail
        except BaseException as error:
            if self.db.in_transaction:
                self.db.execute("ROLLBACK")
            if getattr(error, "sqlite_errorcode", None) == sqlite3.SQLITE_FULL:
                raise disk_full_error() from None
            if busy(error):
                raise busy_error(self.path) from None
            raise

    @contextmanager
    def snapshot(self) -> Iterator[None]:
        """One read transaction for the block: every statement in it sees the store as one moment left it,
        however many writes other processes commit meanwhile (a read of beads, then of their checksum, then
        of the games, no longer sees half of a game being recorded). Inside a transaction already, the
        block reads that one."""
        if self.db.in_transaction:
            yield
            return
        self.db.execute("BEGIN")
        try:
            yield
        finally:
            if self.db.in_transaction:
                self.db.execute("COMMIT")

    def _migrate(self) -> None:
        # Only a new store is written to here: an open of a store that is up to date takes no write lock,
        # so it does not wait behind another process's long write.
        tables = "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'"
        if self.db.execute(tables).fetchone() is None:
            with self.transaction() as db:
                db.execute(
                    "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, "
                    "name TEXT NOT NULL, applied_at TEXT NOT NULL)"
                )
        known = max(v for v, _, _ in MIGRATIONS)
        for version, name, migrate in MIGRATIONS:
            if self._version() >= version:
                continue
            with self.transaction() as db:
                if self._version() >= version:  # another process got there first
                    continue
                migrate(self)
                db.execute("INSERT INTO schema_migrations VALUES (?, ?, ?)", (version, name, now()))
        if self._version() > known:
            message = _(
                "{path} was written by a newer menace-kit (schema {schema}): nothing was changed; open it "
                "with that version (or a later one)"
            )
            raise MenaceError(message.format(path=self.path, schema=self._version()))

    def _version(self) -> int:
        version: int = self.db.execute("SELECT coalesce(max(version), 0) FROM schema_migrations").fetchone()[
            0
        ]
        return version

    # --- the log ----------------------------------------------------------------------------------
    def append(self, events: list[Event]) -> None:
        """Appends events to the log, each chained to the one before; the caller holds the transaction.

        One INSERT for the lot (executemany): an import of a whole log appends tens of thousands."""
        row = self.db.execute("SELECT hash FROM events ORDER BY seq DESC LIMIT 1").fetchone()
        previous = row[0] if row else GENESIS
        rows = []
        for event in events:
            data_text = dumps(event.data)
            previous = event_hash(previous, event, data_text)
            rows.append((event.id, event.kit, event.game, event.kind, event.at, data_text, previous))
        self.db.executemany(EVENTS.insert(EVENT_COLUMNS), rows)

    def events(self, kit: str | None = None) -> Iterator[tuple[Event, str]]:
        """Every event in log order (of one kit if given), each with its stored hash."""
        query = "SELECT id, kit, kind, at, data, game, hash FROM events"
        rows = self.db.execute(
            query + (" WHERE kit = ? ORDER BY seq" if kit else " ORDER BY seq"), (kit,) if kit else ()
        )
        for id_, kit_id, kind, at, data, game, hash_ in rows:
            yield Event(id_, kit_id, kind, at, self._loads(data), game), hash_

    def event_rows(self, kit: str | None = None) -> Iterator[tuple[Any, ...]]:
        """Every event as stored, in log order (of one kit if given): (id, kit, game, kind, at, data text,
        hash, previous), previous being the hash of the event before it in the whole log.

        For copying the log out as it is: the data stays the JSON text that was hashed, not parsed. One
        kit's events are not contiguous in the chain (other kits' events sit between them), so each row
        carries the hash its own was chained to."""
        previous = (
            f"coalesce((SELECT p.hash FROM events p WHERE p.seq < e.seq ORDER BY p.seq DESC LIMIT 1), "
            f"'{GENESIS}')"
        )
        query = f"SELECT e.id, e.kit, e.game, e.kind, e.at, e.data, e.hash, {previous} FROM events e"
        return self.db.execute(
            query + (" WHERE e.kit = ? ORDER BY e.seq" if kit else " ORDER BY e.seq"), (kit,) if kit else ()
        )

    def has_event(self, event_id: str) -> bool:
        return self.db.execute("SELECT 1 FROM events WHERE id = ?", (event_id,)).fetchone() is not None

    # --- kits -------------------------------------------------------------------------------------
    def create_kit(self, kit: KitRecord) -> World:
        with self.transaction():
            taken = self.kit_called(kit.name)
            if taken is not None:
                raise MenaceError(
                    _("there is already a kit called {name}: choose another name").format(name=repr(taken))
                )
            return self.add_kit(Event(new_id(), kit.id, "kit_created", now(), kit.created_data()))

    def add_kit(self, event: Event, *, name: str | None = None) -> World:
        """Appends a kit_created event and writes the kit's row and bead counts; the caller holds the
        transaction. Raises what initial_world raises for a kit that cannot be made.

        With ``name``, the kits row has that name from the start: an import that renames the kit (its
        own name being taken here) records a "renamed" event after it, and the row is never the old name."""
        world = initial_world(event)
        self.append([event])
        self.write_kit(event, name=name)
        self.write_mirror(world.kit, world.loaded_mirror)
        return world

    def kit_log(self, kit_id: str) -> list[tuple[str, str | None, str, str, str]]:
        """The kit's events as stored, in order: (id, game, kind, at, data as its JSON text)."""
        query = "SELECT id, game, kind, at, data FROM events WHERE kit = ? ORDER BY seq"
        return self.db.execute(query, (kit_id,)).fetchall()

    def event_ids_besides(self, kit_id: str) -> set[str]:
        """The ids of every event of the other kits."""
        return {row[0] for row in self.db.execute("SELECT id FROM events WHERE kit != ?", (kit_id,))}

    def write_kit(self, event: Event, *, name: str | None = None) -> None:
        row = {**event.data, "id": event.kit, "created_at": event.at} | ({"name": name} if name else {})
        row["boxes"] = json.dumps(row["boxes"], separators=(",", ":"))
        self.db.execute(KITS.insert(), tuple(row[c] for c in KITS.columns))

    def kits(self) -> list[dict[str, Any]]:
        """Each kit's row (but its boxes) and how many games it has finished, in the order they were made."""
        columns = tuple(c for c in KITS.columns if c != "boxes")
        finished = "(SELECT count(*) FROM games g WHERE g.kit = k.id AND g.status = 'finished')"
        select = KITS.select(columns, alias="k").replace(" FROM ", f", {finished} FROM ", 1)
        rows = self.db.execute(select + " ORDER BY k.created_at, k.name")
        return [dict(zip((*columns, "games"), row, strict=True)) for row in rows]

    def kit(self, name: str | None) -> KitRecord:
        """The kit called ``name``; without a name, the store's only kit."""
        if name is None:
            names = [row[0] for row in self.db.execute("SELECT name FROM kits ORDER BY name")]
            if len(names) != 1:
                if not names:
                    raise MenaceError(_("the store has no kit yet: create one with `menace new NAME`"))
                message = _("the store has {count} kits ({names}): choose one")
                raise KitNotChosen(message.format(count=len(names), names=", ".join(names)))
            name = names[0]
        kit = self._kit_where("name", self.kit_called(name) or name)
        if kit is None:
            names = [r[0] for r in self.db.execute("SELECT name FROM kits ORDER BY name")]
            message = (
                _("no kit called {name}: the store has {names}")
                if names
                else _("no kit called {name}: the store has no kits yet")
            )
            raise MenaceError(message.format(name=repr(name), names=", ".join(names)))
        return kit

    def kit_called(self, name: str) -> str | None:
        """The stored name of the kit called ``name`` (whatever its case, spaces, Unicode form), or None."""
        names = [row[0] for row in self.db.execute("SELECT name FROM kits")]
        if name in names:
            return name
        key = name_key(name)
        return next((n for n in names if name_key(n) == key), None)

    def kit_by_id(self, kit_id: str) -> KitRecord:
        kit = self._kit_where("id", kit_id)
        if kit is None:
            raise MenaceError(_("no kit with id {id}").format(id=kit_id))
        return kit

    def _kit_where(self, column: str, value: str) -> KitRecord | None:
        row = self.db.execute(KITS.select() + f" WHERE {column} = ?", (value,)).fetchone()
        if row is None:
            return None
        data = dict(zip(KITS.columns, row, strict=True))
        # A kit's copies of its rules and palette files, only in its first event. In seq order the search
        # stops there, rather than reading every event of the kit (2.4 ms at 2,000 games, growing with them).
        copies = self.db.execute(
            "SELECT json_extract(data, '$.rules_file'), json_extract(data, '$.palette_file') FROM events "
            "WHERE kit = ? AND kind = 'kit_created' ORDER BY seq LIMIT 1",
            (row[0],),
        ).fetchone() or (None, None)
        key = (*row, *copies)
        with _KITS_READ_LOCK:
            if key in _KITS_READ:
                return _KITS_READ[key]
        data |= {k: self._loads(v) for k, v in zip(("rules_file", "palette_file"), copies, strict=True) if v}
        try:
            kit = kit_from_data(data["id"], {**data, "boxes": self._loads(data["boxes"])})
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as error:
            if isinstance(error, GameError):  # already one line, saying what is wrong with the kit
                raise
            reason = _("kit {id}: {error}").format(id=row[0], error=repr(error))
            raise damaged_error(self.path, reason) from None
        with _KITS_READ_LOCK:
            _KITS_READ[key] = kit
            while len(_KITS_READ) > KITS_READ_KEPT:
                del _KITS_READ[next(iter(_KITS_READ))]
        return kit

    def _loads(self, text: Any) -> Any:
        """A stored JSON text, read back; raises StoreDamaged if it is not JSON (bytes flipped in a row)."""
        try:
            return json.loads(text)
        except (ValueError, TypeError, RecursionError):
            start = repr(text)[:40]
            reason = _("a stored text is not the JSON it was written as: {start}").format(start=start)
            raise damaged_error(self.path, reason) from None

    # --- projections ------------------------------------------------------------------------------
    # The beads table keys a colour by its move code; the mirror by the game's move. A row for a box or a
    # colour the kit does not have (an edit behind the log's back) is no bead of any box: it is left out
    # here, and `menace verify` reports it. Every read is checked against the kit's checksum, which only
    # write_beads (the one writer of counts, whatever the event) keeps, in the same transaction.
    def mirror(self, kit: KitRecord, *, checked: bool = True) -> Mirror:
        """The kit's bead counts; raises CountsChanged if they are not what its log wrote (unless not
        ``checked``: verify and rebuild read them as they are)."""
        with self.snapshot():  # the rows and their checksum as one write left them
            rows = self.db.execute(
                "SELECT box, move, count FROM beads WHERE kit = ? ORDER BY box, move", (kit.id,)
            ).fetchall()
            stored = self.checksum(kit.id)
        if checked and stored != _digest(rows):
            raise CountsChanged(
                _(
                    "kit {kit}'s bead counts are not the ones its log wrote (the store was edited behind its "
                    "back): run `menace rebuild --kit {quoted}` to recompute them"
                ).format(kit=kit.name, quoted=shlex.quote(kit.name))
            )
        mirror: Mirror = {b.id: {} for b in kit.boxes}
        valid = kit.box_codes
        for box, code, count in rows:
            if code in valid.get(box, ()):
                mirror[box][kit.move(code)] = count
        return mirror

    def box_counts(self, kit: KitRecord, box: int) -> Counts:
        """One box's counts, checked as ``mirror`` checks them."""
        return self.mirror(kit).get(box, {})

    def checksum(self, kit_id: str) -> int | None:
        """The kit's bead checksum as its last write left it (None: it has none)."""
        row = self.db.execute("SELECT beads FROM checksums WHERE kit = ?", (kit_id,)).fetchone()
        return row[0] if row else None

    def rebuild(self, kit_id: str) -> Replayed:
        """Rewrites a kit's projections (bead counts, their checksum, games) from its log; the caller holds
        the transaction."""
        done = replay(event for event, _hash in self.events(kit_id))
        self.db.execute("DELETE FROM beads WHERE kit = ?", (kit_id,))
        self.db.execute("DELETE FROM games WHERE kit = ?", (kit_id,))
        # A row of one of its games that names another kit (an edit, a flipped byte) would stop its own row
        # going back in: it is this kit's row, damaged, and goes too.
        self.db.executemany("DELETE FROM games WHERE id = ?", ((game_id,) for game_id in done.games))
        self.write_mirror(done.world.kit, done.world.loaded_mirror)
        self.reset_checksum(kit_id)
        self.write_name(self.kit_by_id(kit_id), done.world.kit)
        for row in sorted(done.games.values(), key=lambda r: r["number"]):
            self.write_game(kit_id, row)
        return done

    def reset_checksum(self, kit_id: str) -> None:
        """Sets the kit's checksums to those of its beads and games rows now; the caller holds the
        transaction."""
        rows = self.db.execute("SELECT box, move, count FROM beads WHERE kit = ?", (kit_id,)).fetchall()
        games = self.db.execute("SELECT id, number, status, result FROM games WHERE kit = ?", (kit_id,))
        self.db.execute(
            "INSERT INTO checksums (kit, beads, games) VALUES (?, ?, ?) "
            "ON CONFLICT (kit) DO UPDATE SET beads = excluded.beads, games = excluded.games",
            (kit_id, _digest(rows), games_digest(games)),
        )

    def games_checksum(self, kit_id: str) -> int | None:
        """The kit's results checksum as its last write left it (None: it has none)."""
        row = self.db.execute("SELECT games FROM checksums WHERE kit = ?", (kit_id,)).fetchone()
        return row[0] if row else None

    def check_results(self, kit: KitRecord, rows: Iterable[Any]) -> None:
        """Raises ResultsChanged unless ``rows`` (id, number, status, result: every games row of the kit, read
        in the same snapshot) are what the kit's writes left: an edited result would be counted silently."""
        if (self.games_checksum(kit.id) or 0) != games_digest(rows):  # a kit with no games row has none
            raise ResultsChanged(
                _(
                    "kit {kit}'s games are not the ones its log wrote (the store was edited behind its "
                    "back): run `menace rebuild --kit {quoted}` to recompute them"
                ).format(kit=kit.name, quoted=shlex.quote(kit.name))
            )

    def write_mirror(self, kit: KitRecord, mirror: Mirror) -> None:
        """Writes every count of ``mirror``; the caller holds the transaction."""
        self.write_beads(kit, {(box, move): n for box, moves in mirror.items() for move, n in moves.items()})

    def write_beads(self, kit: KitRecord, counts: BeadCounts) -> None:
        """Writes counts and moves the kit's checksum by the rows they replace; the caller holds the
        transaction."""
        rows = [(kit.id, box, kit.code(move), count) for (box, move), count in counts.items()]
        if not rows:
            return
        boxes = sorted({row[1] for row in rows})
        query = "SELECT box, move, count FROM beads WHERE kit = ?"
        args: list[object] = [kit.id]
        if len(boxes) <= 100:  # a move's few boxes by key; a whole kit (create, import) in one read
            query += f" AND box IN ({', '.join('?' * len(boxes))})"
            args += boxes
        old = {(b, m): c for b, m, c in self.db.execute(query, args)}
        delta = sum(bead_term(b, m, c) for _, b, m, c in rows) - sum(
            bead_term(b, m, old[(b, m)]) for _, b, m, _ in rows if (b, m) in old
        )
        self.db.executemany(
            "INSERT INTO beads VALUES (?, ?, ?, ?) "
            "ON CONFLICT (kit, box, move) DO UPDATE SET count = excluded.count",
            rows,
        )
        self.db.execute(
            "INSERT INTO checksums (kit, beads) VALUES (?, ?) "
            f"ON CONFLICT (kit) DO UPDATE SET beads = (beads + excluded.beads) % {CHECKSUM_MODULUS}",
            (kit.id, delta % CHECKSUM_MODULUS),
        )

    def last_result(self, kit_id: str) -> str:
        """The result of the kit's last game ("win", "draw" or "loss")."""
        last = "SELECT result FROM games WHERE kit = ? ORDER BY number DESC LIMIT 1"
        return str(self.db.execute(last, (kit_id,)).fetchone()[0])

    def write_game(self, kit_id: str, row: dict[str, Any]) -> None:
        """Inserts or updates a games row and moves the kit's results checksum by the row it replaces; the
        caller holds the transaction."""
        row = dict(row)
        if "first_box" in row and row["first_box"] is not None:
            row["first_box"] = dumps({str(m): n for m, n in sorted(row["first_box"].items())})
        summed = ("id", "number", "status", "result")
        old = self.db.execute(f"SELECT {', '.join(summed)} FROM games WHERE id = ?", (row["id"],)).fetchone()
        if "opponent" in row:  # a whole row (from game_started, or a rebuild): insert it
            self.db.execute(GAMES.insert(("kit", *GAME_COLUMNS)), (kit_id, *(row[c] for c in GAME_COLUMNS)))
        else:
            sets = [c for c in row if c != "id"]
            self.db.execute(
                f"UPDATE games SET {', '.join(f'{c} = ?' for c in sets)} WHERE id = ?",
                (*(row[c] for c in sets), row["id"]),
            )
        new = self.db.execute(f"SELECT {', '.join(summed)} FROM games WHERE id = ?", (row["id"],)).fetchone()
        delta = (game_term(*new) if new else 0) - (game_term(*old) if old else 0)
        if delta:
            self.db.execute(
                "INSERT INTO checksums (kit, beads, games) VALUES (?, 0, ?) ON CONFLICT (kit) DO UPDATE "
                f"SET games = (coalesce(games, 0) + excluded.games) % {CHECKSUM_MODULUS}",
                (kit_id, delta % CHECKSUM_MODULUS),
            )

    def games(
        self, kit: KitRecord, *, finished_only: bool = False, last: int | None = None, checked: bool = True
    ) -> list[dict[str, Any]]:
        """The kit's games rows; raises ResultsChanged if they are not what its log wrote (unless not
        ``checked``: verify reads them as they are)."""
        where = " AND status = 'finished'" if finished_only else ""
        query = GAMES.select(GAME_COLUMNS) + f" WHERE kit = ?{where} ORDER BY number DESC"
        with self.snapshot():
            rows = self.db.execute(
                query + (" LIMIT ?" if last else ""), (kit.id, last) if last else (kit.id,)
            ).fetchall()
            if checked:
                self.check_results(kit, self._summed_games(kit))
        return [dict(zip(GAME_COLUMNS, row, strict=True)) for row in reversed(rows)]

    def _summed_games(self, kit: KitRecord) -> list[Any]:
        query = "SELECT id, number, status, result FROM games WHERE kit = ?"
        return self.db.execute(query, (kit.id,)).fetchall()

    def finished_games(self, kit: KitRecord) -> int:
        """How many games of the kit are finished (counted by SQLite: no rows are read)."""
        query = "SELECT count(*) FROM games WHERE kit = ? AND status = 'finished'"
        count: int = self.db.execute(query, (kit.id,)).fetchone()[0]
        return count

    def tally(self, kit: KitRecord) -> dict[str, int]:
        """How many finished games ended in each result, counted by SQLite: after every game the play table
        says the totals, and reading every row each time made a long session slow down game by game."""
        query = "SELECT result, count(*) FROM games WHERE kit = ? AND status = 'finished' GROUP BY result"
        return dict(self.db.execute(query, (kit.id,)).fetchall())

    def results(self, kit: KitRecord, *, first_box: bool = False) -> list[dict[str, Any]]:
        """Just the results of finished games, in order: all that statistics need, and quick for 10,000 games.

        With ``first_box``, each also has the first box's beads after the game as stored (JSON text)."""
        query = "SELECT id, number, status, result, first_box FROM games WHERE kit = ? ORDER BY number"
        with self.snapshot():  # the rows and their checksum as one write left them
            rows = self.db.execute(query, (kit.id,)).fetchall()
            self.check_results(kit, (row[:4] for row in rows))
        finished = [row for row in rows if row[2] == "finished"]
        if not first_box:
            return [{"result": row[3]} for row in finished]
        return [{"result": row[3], "first_box": row[4]} for row in finished]

    def results_from(self, kit: KitRecord, number: int) -> tuple[list[tuple[Any, ...]], int]:
        """The kit's games rows numbered ``number`` or more, in order (id, number, status, result and the
        first box's beads as stored), with the kit's results checksum: for a reader that keeps the rows
        before, and checks them with the new ones against the checksum (``games_digest``)."""
        query = (
            "SELECT id, number, status, result, first_box FROM games"
            " WHERE kit = ? AND number >= ? ORDER BY number"
        )
        with self.snapshot():
            rows = self.db.execute(query, (kit.id, number)).fetchall()
            return rows, self.games_checksum(kit.id) or 0

    def opponents(self, kit: KitRecord) -> list[str]:
        """Who MENACE played in each finished game, in order (as the events name them: "human", "random")."""
        query = "SELECT opponent FROM games WHERE kit = ? AND status = 'finished' ORDER BY number"
        return [row[0] for row in self.db.execute(query, (kit.id,))]

    def head(self, kit_id: str) -> str | None:
        row = self.db.execute(
            "SELECT id FROM events WHERE kit = ? ORDER BY seq DESC LIMIT 1", (kit_id,)
        ).fetchone()
        return row[0] if row else None

    def world(self, kit: KitRecord) -> World:
        """The kit's current state from the projections, with the game in progress rebuilt from its events."""
        with self.snapshot():  # games, events, beads and head must agree
            return self._world(kit)

    def _world(self, kit: KitRecord) -> World:
        started = self.db.execute(
            "SELECT coalesce(max(number), 0) FROM games WHERE kit = ?", (kit.id,)
        ).fetchone()[0]
        world = World(kit, None)
        # The game in progress, and the game undo may reopen, are rebuilt by replaying the kit's log from
        # the start of the last game that ended (or of the game in progress, if none has): the games started
        # and dropped since replay too, so what may be reopened is decided by tracker.state.events alone.
        first = self._last_game(kit, "game_ended") or self._last_game(kit, "game_started")
        if first is not None:
            seq, number = first
            world = World(kit, None, started=number - 1)
            for event in self._events_from(kit, seq):
                world = step(world, event).world
        return replace(world, mirror=self.mirror(kit), head=self.head(kit.id), started=started)

    def _last_game(self, kit: KitRecord, kind: str) -> tuple[int, int] | None:
        """Where the last game with a ``kind`` event began: its game_started event's seq, and its number."""
        row = self.db.execute(
            "SELECT s.seq, g.number FROM events s JOIN games g ON g.id = s.game "
            "WHERE s.kind = 'game_started' AND s.game = "
            "(SELECT game FROM events WHERE kit = ? AND kind = ? ORDER BY seq DESC LIMIT 1)",
            (kit.id, kind),
        ).fetchone()
        return (row[0], row[1]) if row else None

    def _events_from(self, kit: KitRecord, seq: int) -> Iterator[Event]:
        rows = self.db.execute(
            "SELECT id, kit, kind, at, data, game FROM events WHERE kit = ? AND seq >= ? ORDER BY seq",
            (kit.id, seq),
        )
        for id_, kit_id, kind, at, data, game_id in rows:
            yield Event(id_, kit_id, kind, at, self._loads(data), game_id)

    # --- recording --------------------------------------------------------------------------------
    def record(self, world: World, events: Events) -> World:
        """Appends events for the kit, each checked and projected by events.step, in one transaction.

        Raises StoreChanged if another process wrote to the kit since ``world`` was read, and the
        event's own GameError if it does not fit; either way nothing is written.
        """
        with self.transaction():
            if self.head(world.kit.id) != world.head:
                message = _("kit {kit} was changed by another process: read it again")
                raise StoreChanged(message.format(kit=world.kit.name))
            for kind, data in events:
                game = data.get("game") if kind != "kit_created" else None
                event = Event(new_id(), world.kit.id, kind, now(), data, game)
                world = self.apply(world, event)
        return world

    def commit(self, world: World, changes: Sequence[tuple[Event, Change]]) -> World:
        """Appends events already stepped from ``world`` (a table command's decision) and writes what each
        changed, in one transaction, without stepping them again; returns the world after them.

        Raises StoreChanged, and writes nothing, if another process wrote to the kit since ``world`` was read.
        """
        with self.transaction():
            if self.head(world.kit.id) != world.head:
                message = _("kit {kit} was changed by another process: read it again")
                raise StoreChanged(message.format(kit=world.kit.name))
            for event, change in changes:
                self.write(world, event, change)
                world = change.world
        return world

    def update(self, kit: KitRecord, build: Callable[[World], Events]) -> tuple[World, World]:
        """Reads the kit and records ``build(world)``'s events in one transaction, so no other writer can
        slip in between (one-shot commands: census, undo, discard). Returns the worlds before and after."""
        with self.transaction():
            before = world = self.world(kit)
            for kind, data in build(world):
                game = data.get("game")
                world = self.apply(world, Event(new_id(), kit.id, kind, now(), data, game))
        return before, world

    def apply(self, world: World, event: Event) -> World:
        """Steps, appends and projects one event; the caller holds the transaction."""
        change: Change = step(world, event)
        self.write(world, event, change)
        return change.world

    def write(self, world: World, event: Event, change: Change) -> None:
        """Appends ``event`` and projects ``change``, what it did to ``world``; the caller holds the
        transaction."""
        self.append([event])
        self.write_beads(world.kit, change.beads)
        if change.game_row is not None:
            self.write_game(world.kit.id, change.game_row)
        self.write_name(world.kit, change.world.kit)

    def write_name(self, before: KitRecord, after: KitRecord) -> None:
        """The kits table's name, when an event renamed the kit; the caller holds the transaction."""
        if after.name != before.name:
            taken = self.kit_called(after.name)
            if taken is not None and taken != before.name:
                raise MenaceError(
                    _("there is already a kit called {name}: choose another name").format(name=repr(taken))
                )
            self.db.execute("UPDATE kits SET name = ? WHERE id = ?", (after.name, after.id))
