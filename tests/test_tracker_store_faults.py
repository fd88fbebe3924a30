"""The store's own faults: a page overwritten, bytes flipped inside a row, a schema whose words changed. Each
command ends in one line saying what is wrong and what to do, verify reports FAIL, and nothing is written."""

from __future__ import annotations

import sqlite3
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
