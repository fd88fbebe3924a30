"""The store commands through CliRunner: exact output, JSON shapes, errors, the store reopened afterwards."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from tests.cli import play_random, run
from tracker.store.event_store import Store, default_path

# What `menace play` says before a single game: that it stops after it.
ONE_GAME = "One game, then `menace play` stops (`--games 10` plays ten in a row)."


def events(db: str) -> int:
    return sqlite3.connect(db).execute("SELECT count(*) FROM events").fetchone()[0]


def test_default_path_follows_xdg_and_menace_db(monkeypatch, tmp_path):
    monkeypatch.delenv("MENACE_DB", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert default_path() == tmp_path / "menace-kit" / "menace.sqlite3"
    monkeypatch.setenv("MENACE_DB", str(tmp_path / "x.db"))
    assert default_path() == tmp_path / "x.db"


def test_new_and_kits(db):
    result = run("kits", "--db", db, "--json")
    (kit,) = json.loads(result.output)
    assert (kit["name"], kit["game"], kit["menace_plays"], kit["rules"], kit["palette"], kit["games"]) == (
        "class-a",
        "tictactoe",
        "first",
        "michie",
        "craft",
        0,
    )
    assert kit["fingerprint"] == "1599a041ae63"
    again = run("new", "class-a", "--db", db)
    assert (
        again.exit_code == 2
        and again.output == "Error: there is already a kit called 'class-a': choose another name\n"
    )
    nim = run("new", "pile", "--db", db, "--game", "nim")
    assert nim.output.startswith(
        "Created kit pile: Single-pile Nim, MENACE plays first, rules nim, palette nim-craft, "
        "9 boxes, 72 beads"
    )
    raw = run("new", "raw", "--db", db, "--symmetry", "none")
    assert "2,201 boxes, 13,224 beads" in raw.output, raw.output  # counts as people write them
    assert run("stats", "--db", db).output.startswith(
        "Error: the store has 3 kits (class-a, pile, raw): choose one with --kit NAME"
    )


def test_a_scripted_game_exactly(db):
    result = run("play", "--db", db, input="k\n1\nred\nLR\nzz\n4\nyel\n2\n")
    assert result.exit_code == 0, result.output
    assert result.output == (
        "Kit class-a: your labels should say kit 1599A0.\n"
        f"{ONE_GAME}\n"
        "new game: game 1 of kit class-a\n"
        "  1 2 3\n  4 5 6\n  7 8 9\n"
        "Open box 1 (MENACE's move 1). Its label is the right way round.\n"
        "  label          real board\n"
        "  r y .          . . .\n"
        "  . k .          . . .\n"
        "  . . .          . . .\n"
        "  By the tracker's count it holds: r=red 4, y=yellow 4, k=black 4.\n"
        "Colour drawn (or 'empty'): k\n"
        "  black: MENACE plays square 5 (centre).\n"
        "  1 2 3\n  4 X 6\n  7 8 9\n"
        "Opponent's move (square 1-9): 1\n"
        "  O 2 3\n  4 X 6\n  7 8 9\n"
        "Open box 10 (MENACE's move 2). Its label, turned half a turn, is the real board.\n"
        "  label          real board\n"
        "  r y b          O . .\n"
        "  . X n          . X .\n"
        "  . . O          . . .\n"
        "  By the tracker's count it holds: r=red 3, y=yellow 3, b=blue 3, n=orange 3.\n"
        "Colour drawn (or 'empty'): red\n"
        "  red: MENACE plays square 9 (bottom right).\n"
        "  O 2 3\n  4 X 6\n  7 8 X\n"
        "Opponent's move (square 1-9): LR\n"
        "  O 2 O\n  4 X 6\n  7 8 X\n"
        "Open box 73 (MENACE's move 3). Its label, turned a quarter turn anticlockwise, is the real board.\n"
        "  label          real board\n"
        "  r y O          O . O\n"
        "  g X n          . X .\n"
        "  X v O          . . X\n"
        "  By the tracker's count it holds: r=red 2, y=yellow 2, g=green 2, n=orange 2, v=violet 2.\n"
        "Colour drawn (or 'empty'): zz\n"
        "  'zz' is not a colour here: choose one of red (R), yellow (Y), green (G), orange (N), violet (V)\n"
        "Colour drawn (or 'empty'): 4\n"
        "  '4' is not a colour here: choose one of red (R), yellow (Y), green (G), orange (N), violet (V)"
        " (to give MENACE's move as the square it played, type 'square 4')\n"
        "Colour drawn (or 'empty'): yel\n"
        "  yellow: MENACE plays square 4 (middle left).\n"
        "  O 2 O\n  X X 6\n  7 8 X\n"
        "Opponent's move (square 1-9): 2\n"
        "  O O O\n  X X 6\n  7 8 X\n"
        "MENACE loses. Now, box by box:\n"
        "  box 1: keep the black bead out (confiscated)\n"
        "  box 10: keep the red bead out (confiscated)\n"
        "  box 73: keep the yellow bead out (confiscated)\n"
        "Recorded. Kit class-a: 1 game, 0 won, 0 drawn, 1 lost, score -1.\n"
    )
    counts = json.loads(run("box", "73", "--db", db, "--json").output)["beads"]
    assert counts["1"] == 1 and counts["0"] == 2  # the yellow bead was confiscated


def test_box_json_shape_and_census(db):
    data = json.loads(run("box", "1", "--db", db, "--json").output)
    assert {k: data[k] for k in ("id", "position", "beads")} == {
        "id": 1,
        "position": ".........",
        "beads": {"0": 4, "1": 4, "4": 4},
    }
    assert list(data)[:3] == ["id", "position", "beads"]
    before = events(db)
    result = run("census", "--db", db, "1", "red=2", "bla=7")
    assert result.exit_code == 0
    assert result.output == (
        "Box 1 of kit class-a (MENACE's move 1)\n"
        "  2 4 .\n  . 7 .\n  . . .\n"
        "  red      square 1    2 beads  15%\n"
        "  yellow   square 2    4 beads  31%\n"
        "  black    square 5    7 beads  54%\n"
        "  13 beads in all\n"
    )
    assert events(db) == before + 1
    for bad, message in [
        (["pink=2"], "box 1 has no pink beads: it holds red (R), yellow (Y), black (K)"),
        (["red=-1"], "'red=-1' is not COLOUR=COUNT"),
        (["red=2", "r=3"], "red is given twice"),
        (["red=100000"], "will not fit in a matchbox"),
    ]:
        failed = run("census", "--db", db, "1", *bad)
        assert failed.exit_code == 2 and message in failed.output and failed.output.count("\n") == 1
    assert events(db) == before + 1


def test_stats_json_shape(db):
    play_random(db, games=5, seed=7)
    data = json.loads(run("stats", "--db", db, "--json").output)
    assert list(data)[:6] == ["kit", "games", "wins", "draws", "losses", "score"]
    assert data["kit"] == "class-a" and data["games"] == 5
    assert data["wins"] + data["draws"] + data["losses"] == 5
    assert data["score"] == 3 * data["wins"] + data["draws"] - data["losses"]
    assert data["first_box"]["id"] == 1 and data["first_move_boxes"] == [1]


def test_the_first_box_of_nim_menace_second_is_its_lowest_first_move_box(tmp_path):
    """MENACE second meets 8, 7 or 6 tokens at its first move: boxes 6-8, and box 6 is the first box."""
    db = str(tmp_path / "n.sqlite3")
    run("new", "pile", "--db", db, "--game", "nim", "--menace-plays", "second")
    data = json.loads(run("stats", "--db", db, "--json").output)
    assert data["first_box"] == {"id": 6, "beads": {"1": 3, "2": 3, "3": 3}}
    assert data["first_move_boxes"] == [6, 7, 8]
    assert run("stats", "--db", db).output.endswith("  first box (box 6): red 3, yellow 3, blue 3\n")


def test_undo_discard_and_resume(db):
    run("play", "--db", db, input="red\n5\n")  # stops at end of input, game kept
    assert run("undo", "--db", db).output == "Took back the opponent's move in game 1, square 5 (centre).\n"
    assert (
        run("undo", "--db", db).output
        == "Took back MENACE's move in game 1, square 1 (top left): put the red bead back in box 1.\n"
    )
    nothing = run("undo", "--db", db)
    assert nothing.exit_code == 2 and "has no move yet" in nothing.output
    resumed = run("play", "--db", db, input="yellow\n")
    assert resumed.output.startswith(
        "Kit class-a: your labels should say kit 1599A0.\n"
        f"{ONE_GAME}\n"
        "Resuming game 1 of kit class-a (physical draw, human opponent).\n"
    )
    assert (
        run("discard", "--db", db).output
        == "box 1: put the yellow bead back\nGame 1 of kit class-a discarded.\n"
    )
    assert json.loads(run("box", "1", "--db", db, "--json").output)["beads"] == {"0": 4, "1": 4, "4": 4}
    assert run("discard", "--db", db).exit_code == 2
    assert run("verify", "--db", db).exit_code == 0


def test_confirm_lets_a_finished_game_be_discarded(db):
    result = run(
        "play",
        "--db",
        db,
        "--confirm",
        "--draw",
        "digital",
        "--opponent",
        "perfect",
        "--seed",
        "1",
        input="discard\ny\nquit\n",
    )
    assert "Apply these bead changes? y = apply, undo, discard: discard" in result.output
    assert (
        "Game 1 discarded.\nnew game: game 2 of kit class-a" in result.output
    )  # a discarded game does not count
    assert result.output.endswith("Stopped. Game 2 is saved: `menace play --kit class-a` resumes it.\n")
    assert json.loads(run("stats", "--db", db, "--json").output)["games"] == 0
    assert run("discard", "--db", db).exit_code == 0
    assert json.loads(run("box", "1", "--db", db, "--json").output)["beads"] == {"0": 4, "1": 4, "4": 4}


def test_drift_names_the_census_command(db):
    run("census", "--db", db, "1", "red=0")
    result = run("play", "--db", db, input="red\ncensus red=1\nred\n")
    assert (
        "  Drift: by the tracker's count box 1 has no red beads, but you drew one. "
        "Recount the box and put the counts right with "
        "`menace census 1 red=1 yellow=4 black=4 --kit class-a` (or type 'census' here)."
    ) in result.output
    assert "  Box 1 now holds red 1, yellow 4, black 4." in result.output
    assert "  red: MENACE plays square 1 (top left)." in result.output


def test_nim_through_the_same_commands(tmp_path):
    db = str(tmp_path / "n.sqlite3")
    run("new", "pile", "--db", db, "--game", "nim")
    result = run("play", "--db", db, input="1\nblue\n4\n3\nr\n")
    assert result.output.splitlines()[:12] == [
        "Kit pile: your labels should say kit AA2021.",
        ONE_GAME,
        "new game: game 1 of kit pile",
        "  9 tokens left  | | | | | | | | |",
        "Open box 9 (9 tokens).",
        "  By the tracker's count it holds: red 3, yellow 3, blue 3.",
        "Colour drawn (or 'empty'): 1",
        "  '1' is not a colour here: choose one of red (R), yellow (Y), blue (B)",  # Nim has no squares
        "Colour drawn (or 'empty'): blue",
        "  blue: MENACE takes 3 (box 9).",
        "  6 tokens left  | | | | | |",
        "Opponent takes (1-3): 4",
    ]
    assert "  '4' is not a take: type a number of tokens from 1 to 3" in result.output
    assert json.loads(run("box", "6", "--db", db, "--json").output)["beads"] == {"1": 3, "2": 3, "3": 3}


def test_export_import_twice_changes_nothing(db, tmp_path):
    play_random(db, games=3, seed=2)
    for fmt in ("jsonl", "csv"):
        out = tmp_path / f"e.{fmt}"
        assert run("export", "--db", db, "--format", fmt, "--out", str(out)).exit_code == 0
        other = str(tmp_path / f"other-{fmt}.sqlite3")
        first = run("import", "--db", other, str(out))
        with sqlite3.connect(db) as source:
            logged = source.execute("SELECT count(*) FROM events").fetchone()[0]
        assert first.output == f"imported {logged} new events (1 new kit, 3 finished games)\n"
        assert (
            run("import", "--db", other, str(out)).output
            == "imported 0 new events (0 new kits, 0 finished games)\n"
        )
        assert json.loads(run("stats", "--db", other, "--json").output)["games"] == 3
        assert run("verify", "--db", other).exit_code == 0
        assert run("export", "--db", other, "--format", fmt).output.count("\n") == out.read_text().count("\n")


def test_export_writes_each_event_as_its_canonical_json(db, tmp_path):
    """Export copies the stored data text rather than re-encoding it: each line must still be exactly the
    sorted, compact encoding of the event, and the log's own fields, in log order."""
    import csv

    from tracker.store.event_store import dumps

    play_random(db, games=2, seed=5)
    stored = (
        sqlite3.connect(db)
        .execute("SELECT id, kit, game, kind, at, data, hash FROM events ORDER BY seq")
        .fetchall()
    )
    lines = run("export", "--db", db).output.splitlines()
    assert lines[0] == '{"format": "menace-kit events", "version": 2}' and len(lines) == len(stored) + 2
    assert lines[-1] == f'{{"end": "menace-kit events", "events": {len(stored)}}}'
    for line, (id_, kit, game, kind, at, data, hash_) in zip(lines[1:-1], stored, strict=True):
        want = {
            "id": id_,
            "kit": kit,
            "game": game,
            "kind": kind,
            "at": at,
            "data": json.loads(data),
            "hash": hash_,
        }
        assert line == dumps(want)
    rows = list(csv.reader(run("export", "--db", db, "--format", "csv").output.splitlines()))
    assert rows[0] == ["id", "kit", "game", "kind", "at", "data", "hash"]
    assert [tuple(r) for r in rows[1:-1]] == [
        (i, k, g or "", kd, a, dumps(json.loads(d)), h) for i, k, g, kd, a, d, h in stored
    ]
    assert rows[-1] == ["#end", str(len(stored)), "", "", "", "", ""]


def test_an_import_that_extends_a_kit_brings_the_other_store_level(db, tmp_path):
    """The second import continues a kit the store already has, including the game that was in progress
    at the first export: the other store must end up with the same log, beads and games."""
    other = str(tmp_path / "other.sqlite3")
    out = tmp_path / "e.jsonl"
    play_random(db, games=2, seed=3)
    assert run("play", "--db", db, input="k\nquit\n").exit_code == 0  # a game left in progress
    for expected in ("(1 new kit, 2 finished games)\n", "(0 new kits, 1 finished game)\n"):
        run("export", "--db", db, "--out", str(out))
        assert run("import", "--db", other, str(out)).output.endswith(expected)
        assert run("verify", "--db", other).exit_code == 0
        for command in (["export"], ["games", "--json"], ["stats", "--json"], ["box", "1", "--json"]):
            assert run(*command, "--db", other).output == run(*command, "--db", db).output
        run("discard", "--db", db)  # the game in progress at the first export: its row changes
        play_random(db, games=1, seed=4)


def test_a_malformed_import_is_rejected_whole_with_its_line(db, tmp_path):
    play_random(db, games=1, seed=2)
    out = tmp_path / "e.jsonl"
    run("export", "--db", db, "--out", str(out))
    lines = out.read_text().splitlines()
    other = str(tmp_path / "o.sqlite3")
    broken = tmp_path / "broken.jsonl"
    broken.write_text("\n".join([*lines[:5], "{not json", *lines[5:]]) + "\n")
    result = run("import", "--db", other, str(broken))
    assert result.exit_code == 2 and result.output.startswith("Error: line 6: not JSON")
    tampered = tmp_path / "tampered.jsonl"
    record = json.loads(lines[3])
    record["data"]["square"] = (record["data"].get("square", 0) + 1) % 9
    tampered.write_text("\n".join([*lines[:3], json.dumps(record), *lines[4:]]) + "\n")
    result = run("import", "--db", other, str(tampered))
    assert (
        result.exit_code == 2
        and result.output.startswith("Error: line 4: ")
        and "nothing imported" in result.output
    )
    assert not Path(other).exists()  # a failed import leaves no empty store behind


def test_verify_catches_an_edited_projection_and_log(db):
    play_random(db, games=2, seed=2)
    assert run("verify", "--db", db).exit_code == 0
    connection = sqlite3.connect(db)
    connection.execute("UPDATE beads SET count = count + 1 WHERE box = 1 AND move = 0")
    connection.commit()
    result = run("verify", "--db", db)
    assert result.exit_code == 1 and "FAIL: kit class-a: box 1 holds" in result.output
    connection.execute("UPDATE beads SET count = count - 1 WHERE box = 1 AND move = 0")
    connection.execute(
        "UPDATE events SET data = replace(data, '\"number\":1', '\"number\":1 ') WHERE kind = 'game_started'"
    )
    connection.commit()
    result = run("verify", "--db", db)
    assert result.exit_code == 1 and "hash chain broken at event 2 (game_started)" in result.output


def test_verify_reports_event_data_that_is_not_json(db):
    play_random(db, games=1, seed=2)
    connection = sqlite3.connect(db)
    connection.execute("UPDATE events SET data = '{not json' WHERE seq = 3")
    connection.commit()
    result = run("verify", "--db", db)
    assert result.exit_code == 1 and isinstance(
        result.exception, SystemExit
    )  # a FAIL report, not a traceback
    assert "FAIL: event 3 (drew) has data that is not JSON" in result.output
    assert "FAIL: hash chain broken at event 3 (drew)" in result.output


def test_report_draws_the_shared_charts(db, tmp_path):
    from pypdf import PdfReader

    play_random(db, games=12, seed=4)
    out = tmp_path / "r.pdf"
    result = run("report", "--db", db, "--out", str(out))
    assert result.exit_code == 0, result.output
    text = PdfReader(out).pages[0].extract_text()
    assert "MENACE kit class-a" in text and "Running score" in text and "12 games:" in text


def test_missing_store_is_one_line(tmp_path):
    result = run("stats", "--db", str(tmp_path / "none.sqlite3"))
    assert result.exit_code == 2 and result.output.startswith("Error: no store at ")


def test_store_reopens_through_the_library(db):
    run(
        "play",
        "--db",
        db,
        "--draw",
        "digital",
        "--opponent",
        "perfect",
        "--games",
        "2",
        "--seed",
        "3",
        "--brief",
    )
    store = Store(db)
    kit = store.kit("class-a")
    rows = store.games(kit)
    assert [r["status"] for r in rows] == ["finished", "finished"]
    assert all(r["result"] in ("draw", "loss") for r in rows)  # a perfect opponent never loses


def test_computer_opponents_come_from_the_players_registry(db):
    played = run(
        "play", "--db", db, "--draw", "digital", "--opponent", "novice:0.50", "--seed", "3", "--brief"
    )
    assert played.exit_code == 0, played.output
    assert "  The novice:0.5 opponent plays square " in played.output
    (game,) = json.loads(run("games", "--db", db, "--json").output)
    assert game["opponent"] == "novice:0.5" and game["status"] == "finished"
    refused = run("play", "--db", db, "--opponent", "menace")
    assert refused.exit_code == 2 and "menace play: --opponent: unknown player 'menace'" in refused.output
    assert run("verify", "--db", db).exit_code == 0


def test_games_keeps_its_columns_for_long_opponent_names(db):
    play_random(db, games=1, seed=1)
    run(
        "play",
        "--db",
        db,
        "--draw",
        "digital",
        "--opponent",
        "novice:0.5",
        "--games",
        "1",
        "--seed",
        "2",
        "--brief",
    )
    lines = run("games", "--db", db).output.splitlines()
    assert [line.index("digital") for line in lines] == [lines[1].index("digital")] * 2


def test_undo_names_every_square_and_says_it_took_back_menaces_forced_last_move(tmp_path):
    db = str(tmp_path / "forced.sqlite3")
    run("new", "k", "--db", db)
    played = run("play", "--db", db, "--draw", "digital", "--opponent", "perfect", "--seed", "5", "--brief")
    assert "0 won, 1 drawn, 0 lost" in played.output  # nine moves: MENACE's last one is forced
    lines = run("undo", "--db", db).output.splitlines()
    assert lines[0] == "Reopened game 1: its bead changes are taken back, box by box:"
    assert all("; that bead played square " in line for line in lines[1:-2])
    assert lines[-2] == "Took back the opponent's move in game 1, square 1 (top left)."
    assert lines[-1] == (
        "Took back MENACE's forced move after it too, square 3 (top right): it comes again "
        "once the move is put right."
    )
