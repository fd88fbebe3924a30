"""Store migrations: a store of an older schema opens, and its projections then agree with a replay."""

from __future__ import annotations

import json
import sqlite3

from click.testing import CliRunner

from tests.cli import play_random
from tracker.cli.main import main
from tracker.store.event_store import MIGRATIONS, Store
from tracker.store.replay import verify


def test_migration_2_rebuilds_the_first_box_column_of_a_v1_store(tmp_path):
    """A Nim kit where MENACE plays second: its first box is box 6 (the lowest first-move box), but a v1
    store wrote box 1's beads into the games table. Opening the store rebuilds that column from the log."""
    db = tmp_path / "m.sqlite3"
    runner = CliRunner()
    assert (
        runner.invoke(
            main, ["new", "pile", "--db", str(db), "--game", "nim", "--menace-plays", "second"]
        ).exit_code
        == 0
    )
    played = runner.invoke(
        main,
        [
            "play",
            "--db",
            str(db),
            "--draw",
            "digital",
            "--opponent",
            "random",
            "--games",
            "6",
            "--seed",
            "4",
            "--brief",
        ],
    )
    assert played.exit_code == 0, played.output
    store = Store(db)
    kit = store.kit("pile")
    assert kit.catalogue.first_box == 6
    right = [row["first_box"] for row in store.games(kit)]
    store.close()

    # The store as schema 1 left it: box 1's beads in every finished game's row, and no migration 2 yet.
    connection = sqlite3.connect(db)
    with connection:
        box_1 = json.dumps(
            {
                str(m): n
                for m, n in connection.execute("SELECT move, count FROM beads WHERE box = 1 ORDER BY move")
            },
            separators=(",", ":"),
        )
        connection.execute("UPDATE games SET first_box = ? WHERE status = 'finished'", (box_1,))
        connection.execute("DELETE FROM schema_migrations WHERE version >= 2")
    connection.close()
    assert box_1 not in right  # box 6 changed over six games: the old column really differs

    # What verify says of such a store without the migration: the games table disagrees with the log.
    unmigrated = Store.__new__(Store)
    unmigrated.path, unmigrated.db = db, sqlite3.connect(db, isolation_level=None)
    unmigrated.read_only = False
    problems, _ = verify(unmigrated)
    assert any("in the games table does not match the log" in p for p in problems)
    unmigrated.db.execute("DROP TABLE checksums")  # nor had it checksums
    unmigrated.db.close()

    store = Store(db)  # opening migrates
    assert [row["first_box"] for row in store.games(store.kit("pile"))] == right
    assert max(v for v, _, _ in MIGRATIONS) == store._version() == 4
    assert verify(store)[0] == []


def test_migration_3_keeps_a_checksum_of_a_v2_stores_counts(tmp_path):
    """A store of schema 2 has no checksums: opening it sums each kit's beads rows as they stand."""
    db = tmp_path / "m.sqlite3"
    runner = CliRunner()
    assert runner.invoke(main, ["new", "a", "--db", str(db)]).exit_code == 0
    assert runner.invoke(main, ["new", "b", "--db", str(db), "--game", "nim"]).exit_code == 0
    store = Store(db)
    sums = {kit["id"]: store.checksum(kit["id"]) for kit in store.kits()}
    store.close()
    connection = sqlite3.connect(db)
    with connection:
        connection.execute("DELETE FROM schema_migrations WHERE version >= 3")
        connection.execute("DROP TABLE checksums")
    connection.close()
    store = Store(db)
    assert {kit["id"]: store.checksum(kit["id"]) for kit in store.kits()} == sums
    assert None not in sums.values() and len(set(sums.values())) == 2
    assert store.mirror(store.kit("a"))[1]  # the guard passes


def test_migration_4_adds_a_checksum_of_a_v3_stores_games(tmp_path):
    """A store of schema 3 has a checksums table with the beads column only: opening it adds the games
    column and sums each kit's games rows as they stand."""
    db = tmp_path / "m.sqlite3"
    assert CliRunner().invoke(main, ["new", "a", "--db", str(db)]).exit_code == 0
    assert play_random(str(db), games=3, seed=1).exit_code == 0
    store = Store(db)
    kit = store.kit("a")
    kept = store.games_checksum(kit.id)
    store.close()
    connection = sqlite3.connect(db)
    with connection:
        connection.execute("DELETE FROM schema_migrations WHERE version = 4")
        connection.execute("CREATE TABLE old AS SELECT kit, beads FROM checksums")
        connection.execute("DROP TABLE checksums")
        connection.execute("CREATE TABLE checksums (kit TEXT PRIMARY KEY, beads INTEGER NOT NULL)")
        connection.execute("INSERT INTO checksums SELECT * FROM old")
        connection.execute("DROP TABLE old")
    connection.close()
    store = Store(db)
    assert store._version() == 4 and store.games_checksum(kit.id) == kept not in (None, 0)
    assert len(store.games(kit)) == 3  # the guard passes
