"""The store's own faults: a page overwritten, bytes flipped inside a row, a schema whose words changed. Each
command ends in one line saying what is wrong and what to do, verify reports FAIL, and nothing is written."""

from __future__ import annotations

import os
import shutil
import sqlite3
import stat
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from tests.cli import play_random, run

PAGE = 4096


def settled(db: str) -> bytes:
    """The store as the last `menace` to close it leaves it: everything in its one file (no -wal)."""
    with sqlite3.connect(db) as connection:
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    connection.close()
    for extra in ("-wal", "-shm"):
        Path(db + extra).unlink(missing_ok=True)
    return Path(db).read_bytes()


def root_page(db: str, table: str) -> int:
    with sqlite3.connect(db) as connection:
        query = "SELECT rootpage FROM sqlite_master WHERE name = ?"
        page: int = connection.execute(query, (table,)).fetchone()[0]
    connection.close()
    return page


def overwrite(db: str, page: int, data: bytes) -> None:
    with open(db, "r+b") as file:
        file.seek((page - 1) * PAGE)
        file.write(data)


def damaged(db: str, reason: str) -> str:
    return (
        f"Error: the store {db} is damaged ({reason}): nothing was changed; `menace verify` says what it "
        "finds; restore the store from a backup, or import an export of it into a new one (`menace import "
        "FILE --db NEW`)\n"
    )


def failed(db: str, reason: str) -> str:
    return (
        f"FAIL: the store {db} is damaged ({reason}): restore it from a backup, or import an export of it "
        "into a new store (`menace import FILE --db NEW`)\n"
    )


COMMANDS = (
    ("stats",),
    ("box", "1"),
    ("rebuild",),
    ("census", "1", "red=4"),
    ("play", "--draw", "digital", "--opponent", "random", "--games", "1", "--brief"),
)


def test_a_page_of_garbage_is_one_line_for_every_command_and_verify_reports_fail(db):
    assert play_random(db, games=3, seed=1).exit_code == 0
    settled(db)
    overwrite(db, root_page(db, "beads"), bytes(range(256)) * (PAGE // 256))
    before = Path(db).read_bytes()
    for args in COMMANDS:
        result = run(*args, "--db", db)
        assert (result.exit_code, result.output) == (2, damaged(db, "SQLite says: database disk image is "
                                                                    "malformed")), args  # fmt: skip
    verified = run("verify", "--db", db)
    malformed = failed(db, "SQLite says: database disk image is malformed")
    assert (verified.exit_code, verified.output) == (1, malformed)
    settled(db)
    assert Path(db).read_bytes() == before  # nothing written, not even by the commands that write


def test_a_first_page_of_garbage_is_a_damaged_store_not_a_traceback(db):
    settled(db)
    overwrite(db, 1, b"\xff" * PAGE)
    assert run("stats", "--db", db).output == damaged(db, "SQLite says: file is not a database")
    verified = run("verify", "--db", db)
    assert (verified.exit_code, verified.output) == (1, failed(db, "SQLite says: file is not a database"))


def flip(db: str, old: bytes, new: bytes, *, last: bool = False) -> None:
    """Writes ``new`` over ``old`` (as long) in the store's file, its one occurrence (or its last): bytes
    flipped inside a row."""
    data = Path(db).read_bytes()
    assert len(old) == len(new) and (last or data.count(old) == 1)
    where = data.rindex(old)
    Path(db).write_bytes(data[:where] + new + data[where + len(old) :])


@pytest.mark.parametrize(
    ("old", "new", "last", "reason"),
    [
        # The kit's first event's data no longer JSON: SQLite's json_extract says so.
        (b'{"boxes":[[1,', b'\x01"boxes":[[1,', False, "SQLite says: malformed JSON"),
        # The kits table's copy of the boxes (after the event's copy in the file) no longer JSON.
        (b"[4,4,4]],[2,", b"[4,4,4]},[2,", True,
         "a stored text is not the JSON it was written as: '[[1,\".........\",1,[0,1,4],[4,4,4]},[2,\""),
    ],
)  # fmt: skip
def test_flipped_bytes_in_a_row_are_a_damaged_store(db, old, new, last, reason):
    settled(db)
    flip(db, old, new, last=last)
    assert run("box", "1", "--db", db).output == damaged(db, reason)
    assert run("verify", "--db", db).exit_code == 1


def test_a_flipped_field_name_in_the_log_is_one_line_from_rebuild_and_a_fail_from_verify(db):
    assert play_random(db, games=1, seed=1).exit_code == 0
    settled(db)
    flip(db, b'"name":"class-a"', b'"nbme":"class-a"')
    rebuilt = run("rebuild", "--db", db)
    assert rebuilt.output == ("Error: kit class-a: the log does not replay (malformed kit_created event: "
                              "KeyError('name')): see `menace verify`\n")  # fmt: skip
    verified = run("verify", "--db", db)
    assert verified.exit_code == 1 and "FAIL: hash chain broken at event 1 (kit_created)" in verified.output


def test_a_schema_whose_words_changed_is_a_damaged_store(db):
    settled(db)
    column = b"menace_plays TEXT NOT NULL,\n            rules"
    flip(db, column, column.replace(b"plays", b"plbys"))
    assert run("box", "1", "--db", db).output == damaged(db, "SQLite says: no such column: menace_plays")


# Root writes anywhere: without the capabilities that let it, it meets the permissions as others do.
POWERLESS = ["setpriv", "--bounding-set=-dac_override,-dac_read_search,-fowner"] if os.geteuid() == 0 else []


def menace(db: str, *args: str) -> subprocess.CompletedProcess:
    """`menace ARGS --db DB` in a process of its own, as a user that file permissions stop."""
    command = [*POWERLESS, sys.executable, "-m", "tracker", *args, "--db", db]
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    return subprocess.run(command, capture_output=True, text=True, env=env, cwd="/")


def test_a_store_made_read_only_and_writable_again_records_and_heals_the_shm_it_left(db):
    settled(db)
    os.chmod(db, 0o444)
    assert menace(db, "stats").returncode == 0  # SQLite makes the -shm with the store's permissions: 0444
    assert stat.S_IMODE(os.stat(db + "-shm").st_mode) == 0o444
    os.chmod(db, 0o644)
    recount = menace(db, "census", "1", "red=3")  # every write failed on that -shm until it was deleted
    assert (recount.returncode, recount.stderr) == (0, ""), recount.stderr
    assert "red      square 1    3 beads" in run("box", "1", "--db", db).output


@pytest.mark.skipif(os.geteuid() != 0, reason="gives the -shm file to another user")
def test_a_read_only_shm_of_another_user_is_one_line_and_nothing_is_recorded(db):
    settled(db)
    os.chmod(db, 0o444)
    assert menace(db, "stats").returncode == 0
    os.chmod(db, 0o644)
    os.chown(db + "-shm", 1, 1)  # not ours: we cannot make it writable
    before = Path(db).read_bytes()
    recount = menace(db, "census", "1", "red=3")
    assert (recount.returncode, recount.stderr) == (2, (
        f"Error: the file {db}-shm beside the store is read-only (as the store was when it was last read), "
        "so nothing can be recorded: make it writable (chmod a+w), or delete it while no menace command has "
        "the store open\n"))  # fmt: skip
    assert Path(db).read_bytes() == before and stat.S_IMODE(os.stat(db + "-shm").st_mode) == 0o444


def test_a_read_only_copy_of_a_store_not_closed_cleanly_reads_the_games_in_its_wal(tmp_path):
    """The store and its -wal (its last games, never folded in) copied to a folder that cannot be written:
    every game is shown and verified, not the ones before the last checkpoint."""
    db, copy = tmp_path / "m.sqlite3", tmp_path / "copy"
    assert run("new", "t", "--db", str(db)).exit_code == 0
    assert play_random(str(db), games=2, seed=1).exit_code == 0
    settled(str(db))
    holder = sqlite3.connect(db)  # another reader: the last `menace` to close does not fold the -wal in
    holder.execute("SELECT 1 FROM kits").fetchall()
    assert play_random(str(db), games=3, seed=2).exit_code == 0
    copy.mkdir()
    for extra in ("", "-wal"):
        shutil.copyfile(f"{db}{extra}", copy / f"m.sqlite3{extra}")
        os.chmod(copy / f"m.sqlite3{extra}", 0o444)
    holder.close()
    copy.chmod(0o555)
    temporary = set(Path(tempfile.gettempdir()).glob("menace-store-*"))
    try:
        shown = menace(str(copy / "m.sqlite3"), "stats")
        assert shown.stdout.startswith("Kit t: 5 games,"), shown.stdout + shown.stderr
        verified = menace(str(copy / "m.sqlite3"), "verify")
        assert verified.stdout.startswith("OK: 46 events, 1 kit, 5 games;"), verified.stdout + verified.stderr
        assert sorted(os.listdir(copy)) == ["m.sqlite3", "m.sqlite3-wal"]  # nothing written beside it
    finally:
        copy.chmod(0o755)
    assert set(Path(tempfile.gettempdir()).glob("menace-store-*")) == temporary  # its private copy is gone


def sqlite_error(code: int, text: str) -> sqlite3.OperationalError:
    error = sqlite3.OperationalError(text)
    error.sqlite_errorcode = code  # as SQLite sets it: the extended code, its low byte the primary one
    return error


@pytest.mark.parametrize(
    ("code", "text", "kind", "start"),
    [
        (sqlite3.SQLITE_CORRUPT, "database disk image is malformed", "StoreDamaged",
         "the store s.db is damaged (SQLite says: database disk image is malformed): nothing was changed"),
        (sqlite3.SQLITE_NOTADB, "file is not a database", "StoreDamaged",
         "the store s.db is damaged (SQLite says: file is not a database)"),
        (sqlite3.SQLITE_FULL, "database or disk is full", "DiskFull",
         "the disk is full: nothing was recorded (free some space, then run the command again)"),
        # A full disk at open: SQLite cannot grow the -shm file it reads a WAL store with.
        (sqlite3.SQLITE_IOERR_SHMSIZE, "disk I/O error", "DiskError",
         "the disk holding the store s.db did not read or write what was asked (disk I/O error): it may be "
         "full, removed or failing; nothing was recorded: free some space or check the disk, then run the "
         "command again"),
        (sqlite3.SQLITE_READONLY_CANTINIT, "attempt to write a readonly database", "StoreNotWritable",
         "the store s.db, or its -wal or -shm file beside it, cannot be written"),
        (sqlite3.SQLITE_CANTOPEN, "unable to open database file", "StoreNotWritable",
         "the store s.db, or its -wal or -shm file beside it, cannot be written"),
        (sqlite3.SQLITE_ERROR, "malformed JSON", "StoreDamaged", "the store s.db is damaged (SQLite says: "
                                                                 "malformed JSON)"),
        (sqlite3.SQLITE_BUSY, "database is locked", None, None),  # the transaction says busy, with its wait
        (sqlite3.SQLITE_CONSTRAINT_UNIQUE, "UNIQUE constraint failed: kits.name", None, None),
        (sqlite3.SQLITE_ERROR, "near 'SELCT': syntax error", None, None),
    ],
)  # fmt: skip
def test_each_sqlite_fault_is_its_own_one_line_error_and_other_errors_pass(code, text, kind, start):
    from tracker.store.faults import fault

    found = fault(sqlite_error(code, text), Path("s.db"))
    assert (type(found).__name__ if found else None) == kind
    assert found is None or (str(found).startswith(start) and "\n" not in str(found)), found


def test_sqlites_message_with_a_damaged_name_in_it_is_a_damaged_store():
    """SQLite's own message can quote a name whose bytes were flipped: Python then cannot even read it."""
    from tracker.store.faults import StoreDamaged, fault

    said = b"malformed database schema (sq\xd0ite_autoindex_kits_1)"
    unreadable = UnicodeDecodeError("utf-8", said, 29, 30, "invalid continuation byte")
    found = fault(unreadable, Path("s.db"))
    assert isinstance(found, StoreDamaged)
    assert found.reason == "SQLite says: malformed database schema (sq\ufffdite_autoindex_kits_1)"


def test_an_event_field_that_is_not_text_is_a_fail_from_verify(db):
    """A flipped byte in a row's header can make SQLite read a field as another type (a blob, a number)."""
    assert play_random(db, games=1, seed=1).exit_code == 0
    with sqlite3.connect(db) as connection:
        connection.execute("UPDATE events SET data = CAST(data AS BLOB) WHERE seq = 2")
    connection.close()
    verified = run("verify", "--db", db)
    assert verified.exit_code == 1
    not_text = "FAIL: event 2 has a field that is not text: the log was changed after it was written\n"
    assert verified.output.startswith(not_text), verified.output


def test_rebuild_puts_back_a_games_row_that_names_another_kit(db):
    """A games row whose kit was flipped stopped its own row going back in (UNIQUE constraint traceback)."""
    assert play_random(db, games=2, seed=1).exit_code == 0
    with sqlite3.connect(db) as connection:
        connection.execute("UPDATE games SET kit = 'another' WHERE number = 1")
    connection.close()
    rebuilt = run("rebuild", "--db", db, "--kit", "class-a")
    assert rebuilt.exit_code == 0, rebuilt.output
    assert run("stats", "--db", db).output.startswith("Kit class-a: 2 games")
    assert run("verify", "--db", db).exit_code == 0


def test_a_page_damaged_under_rows_being_read_is_one_line_at_that_row(tmp_path):
    """A read meets the damage half-way through its rows (an export of a long log): no traceback there."""
    from tracker.store.faults import StoreDamaged, connect

    path = tmp_path / "t.sqlite3"
    with sqlite3.connect(path) as made:
        made.execute("CREATE TABLE t (n INTEGER, text TEXT)")
        made.executemany("INSERT INTO t VALUES (?, ?)", ((n, "x" * 100) for n in range(2000)))
    made.close()
    pages = path.stat().st_size // PAGE
    db = connect(path, str(path))
    read = []
    with pytest.raises(StoreDamaged) as error:
        for row in db.execute("SELECT n FROM t"):
            read.append(row[0])
            if len(read) == 1:  # the first page is read: the last ones, not yet, are overwritten
                for page in range(pages // 2, pages + 1):
                    overwrite(str(path), page, b"\xee" * PAGE)
    db.close()
    assert 0 < len(read) < 2000
    assert str(error.value) == damaged(str(path), "SQLite says: database disk image is malformed")[7:-1]
