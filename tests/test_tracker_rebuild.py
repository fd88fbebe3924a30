"""The guard on bead counts (a checksum kept with every write of them) and `menace rebuild`."""

from __future__ import annotations

import sqlite3

from tests.cli import play_random, run
from tracker.store.event_store import Store

GUARD = (
    "Error: kit class-a's bead counts are not the ones its log wrote (the store was edited behind its "
    "back): run `menace rebuild --kit class-a` to recompute them\n"
)


def beads(db: str) -> list[tuple]:
    with sqlite3.connect(db) as connection:
        return connection.execute("SELECT * FROM beads ORDER BY 1, 2, 3").fetchall()


def sql(db: str, query: str) -> None:
    with sqlite3.connect(db) as connection:
        connection.execute(query)


def test_a_direct_edit_of_a_count_stops_play_and_rebuild_mends_it(db):
    play_random(db, games=5, seed=3)
    before = beads(db)
    sql(db, "UPDATE beads SET count = count + 5 WHERE box = 1 AND move = 0")
    commands = (["play"], ["box", "1"], ["boxes", "--kit", "class-a"], ["stats"], ["census", "1", "red=2"],
                ["undo"], ["discard"])  # fmt: skip
    for command in commands:
        result = run(*command, "--db", db, input="k\n")
        assert (result.exit_code, result.output) == (2, GUARD), command
    assert run("games", "--db", db).exit_code == 0  # it reads no beads
    with sqlite3.connect(db) as connection:
        (events,) = connection.execute("SELECT count(*) FROM events").fetchone()
    result = run("rebuild", "--db", db, "--kit", "CLASS-A")
    assert (result.exit_code, result.output) == (
        0, f"Rebuilt kit class-a from {events} events (5 finished games): 1 bead count and 0 games rows put "
        "right.\n")  # fmt: skip
    assert beads(db) == before
    assert run("verify", "--db", db).exit_code == 0
    assert play_random(db, games=1, seed=4).exit_code == 0


def test_a_forged_checksum_is_caught_too_and_rebuild_of_a_sound_kit_changes_nothing(db):
    play_random(db, games=2, seed=1)
    sql(db, "UPDATE checksums SET beads = beads + 1")
    assert run("box", "1", "--db", db).output == GUARD
    assert run("verify", "--db", db).output == (
        "FAIL: kit class-a: the checksum kept with its bead counts does not match them\n"
    )
    before = beads(db)
    assert run("rebuild", "--db", db).output.endswith(": 0 bead counts and 0 games rows put right.\n")
    assert beads(db) == before and run("verify", "--db", db).exit_code == 0


def test_every_event_kind_keeps_the_checksum(tmp_path):
    """Refills (golf), census, undo that reopens a game, discard, resignations: after each command the
    checksum kept is the one summed afresh from the rows, because write_beads keeps it for every event."""
    db = str(tmp_path / "k.sqlite3")
    assert run("new", "g", "--db", db, "--rules", "golf").exit_code == 0
    assert run("new", "m", "--db", db).exit_code == 0
    assert run("new", "n", "--db", db, "--game", "nim").exit_code == 0
    store = Store(db)

    def sound() -> None:
        for kit in store.kits():
            kept = store.checksum(kit["id"])
            with store.transaction():
                store.reset_checksum(kit["id"])
            assert store.checksum(kit["id"]) == kept, kit["name"]

    for seed, kit in enumerate(["g", "m", "n"] * 2):
        played = run("play", "--db", db, "--kit", kit, "--draw", "digital", "--opponent", "perfect",
                     "--games", "30", "--seed", str(seed), "--brief")  # fmt: skip
        assert played.exit_code == 0, played.output[-300:]
        sound()
    assert run("census", "1", "red=0", "--db", db, "--kit", "m").exit_code == 0
    sound()
    assert run("undo", "--db", db, "--kit", "g").exit_code == 0  # reopens the last game
    sound()
    assert run("discard", "--db", db, "--kit", "g").exit_code == 0
    sound()
    kinds = {row[0] for row in store.db.execute("SELECT DISTINCT kind FROM events")}
    assert {"refilled", "census", "reopened", "undone", "discarded", "resigned", "game_ended"} <= kinds
    assert run("verify", "--db", db).exit_code == 0


def test_verify_reports_rows_of_a_kit_the_store_does_not_have_and_rebuild_drops_them(db):
    play_random(db, games=1, seed=2)
    sql(db, "INSERT INTO beads VALUES ('ghost', 1, 0, 4)")
    sql(db, "INSERT INTO games SELECT 'g2', 'ghost', number, status, result, opponent, draw, started_at, "
            "ended_at, moves, first_box FROM games")  # fmt: skip
    result = run("verify", "--db", db)
    assert (result.exit_code, result.output) == (1, (
        "FAIL: the beads table has 1 row for kit ghost, which the store does not have\n"
        "FAIL: the games table has 1 row for kit ghost, which the store does not have\n"))  # fmt: skip
    assert run("play", "--db", db, "--kit", "class-a", input="quit\n").exit_code == 0  # class-a is sound
    assert run("rebuild", "--db", db).exit_code == 0
    assert run("verify", "--db", db).exit_code == 0


def test_a_log_that_does_not_replay_is_one_line_and_rebuild_changes_nothing(db):
    play_random(db, games=1, seed=2)
    sql(db, "UPDATE beads SET count = 0 WHERE box = 1")
    sql(db, "UPDATE events SET data = replace(data, 'result\":\"', 'result\":\"x') WHERE kind = 'game_ended'")
    before = beads(db)
    result = run("rebuild", "--db", db)
    assert result.exit_code == 2 and result.output.count("\n") == 1, result.output
    assert result.output.startswith("Error: kit class-a: the log does not replay (game 1 was a ")
    assert beads(db) == before


# --- the games' results, guarded as the beads are -------------------------------------------------------
RESULTS_GUARD = (
    "Error: kit class-a's games are not the ones its log wrote (the store was edited behind its back): run "
    "`menace rebuild --kit class-a` to recompute them\n"
)


def test_an_edited_result_is_refused_by_stats_and_games_and_rebuild_mends_it(db):
    """The issue's edit: a games row's result changed by hand was counted by `menace stats` silently."""
    play_random(db, games=3, seed=3)
    stats = run("stats", "--db", db, "--json").output
    sql(db, "UPDATE games SET result = CASE result WHEN 'win' THEN 'loss' ELSE 'win' END WHERE number = 2")
    for command in (["stats"], ["stats", "--json"], ["games"], ["games", "--last", "1"]):
        assert (run(*command, "--db", db).output, command) == (RESULTS_GUARD, command)
    verified = run("verify", "--db", db).output
    assert verified.startswith("FAIL: kit class-a: game 2 in the games table does not"), verified
    assert run("rebuild", "--db", db).output.endswith(": 0 bead counts and 1 games row put right.\n")
    assert run("stats", "--db", db, "--json").output == stats
    assert run("verify", "--db", db).exit_code == 0


def test_a_forged_results_checksum_is_caught_by_verify(db):
    play_random(db, games=2, seed=1)
    sql(db, "UPDATE checksums SET games = games + 1")
    assert run("stats", "--db", db).output == RESULTS_GUARD
    assert run("verify", "--db", db).output == (
        "FAIL: kit class-a: the checksum kept with its games does not match them\n"
    )
    assert run("rebuild", "--db", db).exit_code == 0 and run("verify", "--db", db).exit_code == 0


def test_every_event_kind_keeps_the_results_checksum(tmp_path):
    """Game started and ended, reopened by undo, discarded, recorded from paper, imported: the checksum kept
    is the one summed afresh from the rows."""
    db = str(tmp_path / "k.sqlite3")
    assert run("new", "m", "--db", db).exit_code == 0
    assert play_random(db, games=3, seed=2).exit_code == 0
    assert run("undo", "--db", db).exit_code == 0
    assert run("discard", "--db", db).exit_code == 0
    assert run("play", "--db", db, input="k\n1\nquit\n").exit_code == 0  # a game left playing
    assert run("discard", "--db", db).exit_code == 0
    assert run("record", "--db", db, "-", input="5 1 9 3 4 2\n").exit_code == 0
    out = tmp_path / "e.jsonl"
    assert run("export", "--db", db, "--out", str(out)).exit_code == 0
    other = str(tmp_path / "o.sqlite3")
    assert run("import", "--db", other, str(out)).exit_code == 0
    for path in (db, other):
        store = Store(path)
        kit = store.kit("m")
        rows = store.db.execute("SELECT id, number, status, result FROM games WHERE kit = ?", (kit.id,))
        store.check_results(kit, rows.fetchall())  # raises if the kept checksum is not the rows'
        assert store.games_checksum(kit.id) not in (None, 0)
        store.close()


def test_rebuild_names_the_finished_games_it_would_drop_and_asks_for_force(db):
    """The issue's log that lost its tail: rebuild dropped the finished game and said only "1 games row put
    right". Now it names the game and changes nothing without --force."""
    play_random(db, games=3, seed=5)
    sql(db, "DELETE FROM events WHERE game = (SELECT id FROM games WHERE number = 3)")
    before = beads(db), sql_rows(db, "SELECT * FROM games ORDER BY number")
    refused = run("rebuild", "--db", db)
    assert (refused.exit_code, refused.output) == (2, (
        "Error: kit class-a: the games table has game 3 finished and the log does not (did the log lose its "
        "tail?): nothing was changed; run `menace rebuild --force` to drop it\n"))  # fmt: skip
    assert (beads(db), sql_rows(db, "SELECT * FROM games ORDER BY number")) == before
    forced = run("rebuild", "--db", db, "--force")
    assert forced.exit_code == 0 and forced.output.endswith(
        "1 games row put right.\nDropped game 3, which the log does not have finished.\n"
    ), forced.output
    assert [row[2] for row in sql_rows(db, "SELECT * FROM games ORDER BY number")] == [1, 2]
    assert run("verify", "--db", db).exit_code == 0


def sql_rows(db: str, query: str) -> list[tuple]:
    with sqlite3.connect(db) as connection:
        return connection.execute(query).fetchall()
