"""Import holds every kit to what `menace new` checks (tracker.state.kit_record.kit_problem): a palette and
rules it knows or carries whole, names as `new` takes them, counts within bounds, times that are times;
else one line and nothing imported. Also what `new` itself now refuses, and verify's games columns."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from tests.cli import play_random, run
from tests.test_tracker_import_trust import exported, rechained, write

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def db(tmp_path) -> str:
    path = str(tmp_path / "s.sqlite3")
    assert run("new", "t", "--db", path).exit_code == 0
    assert play_random(path, games=2, seed=1).exit_code == 0
    return path


def refused(tmp_path, path: str, *said: str) -> None:
    target = tmp_path / "other.sqlite3"
    done = run("import", "--db", str(target), path)
    assert done.exception is None or isinstance(done.exception, SystemExit), repr(done.exception)
    assert done.exit_code == 2 and done.output.count("\n") == 1, done.output
    assert done.output.endswith("nothing imported\n") and len(done.output) < 400, done.output
    for words in said:
        assert words in done.output, done.output
    assert not target.exists()


def edited(db: str, tmp_path, edit) -> str:
    header, lines = exported(db, tmp_path)
    edit(lines)
    return write(tmp_path, header, rechained(lines))


def test_a_palette_this_version_does_not_ship_is_refused(db, tmp_path):
    """The issue: it imported, verify said OK, then `menace kits` failed for the whole store."""
    refused(
        tmp_path,
        edited(db, tmp_path, lambda lines: lines[0]["data"].update(palette="mauve")),
        "not a valid kit",
        "mauve",
    )


def test_a_palette_file_copy_for_a_move_no_box_has_is_refused(db, tmp_path):
    palette = {
        "game": "tictactoe",
        "colours": [
            {"move": m, "name": f"c{m}", "code": "abcdefghij"[m], "rgb": "#000000"} for m in range(9)
        ],
    }
    palette["colours"].append({"move": 12, "name": "stray", "code": "z", "rgb": "#000000"})

    def edit(lines):
        lines[0]["data"].update(palette="mine.toml", palette_file=palette)

    refused(tmp_path, edited(db, tmp_path, edit), "'stray'", "move 12")


@pytest.mark.parametrize("name", ["", "A" * 5000, "bad\x1b[2Jname", "A\u0308rger", " t", 5])
def test_kit_names_are_held_to_what_new_takes(db, tmp_path, name):
    path = edited(db, tmp_path, lambda lines: lines[0]["data"].update(name=name))
    refused(tmp_path, path, "not a valid kit")


@pytest.mark.parametrize("count", [10**30, 2**63, 2**63 - 3])
def test_trained_bead_counts_are_bounded(tmp_path, count):
    """The issue: 10**30 or 2**63 ended the import in an OverflowError; 2**63-3 was taken, and the kit's
    next win crashed `play`."""
    db = str(tmp_path / "tr.sqlite3")
    assert run("train", "k", "--db", db, "--games", "20", "--seed", "1").exit_code == 0

    def edit(lines):
        trained = next(line for line in lines if line["kind"] == "trained")
        trained["data"]["counts"][0][2] = count

    refused(tmp_path, edited(db, tmp_path, edit), "a bead count is a whole number from 0 to 1000000000")


@pytest.mark.parametrize("at", ["yesterday", "2026-13-45T00:00:00+00:00", "2026-01-01"])
def test_an_event_time_that_is_not_a_time_is_refused(db, tmp_path, at):
    refused(tmp_path, edited(db, tmp_path, lambda lines: lines[3].update(at=at)), "is not a date and time")


def test_a_good_export_still_imports(db, tmp_path):
    path = edited(db, tmp_path, lambda lines: None)
    done = run("import", "--db", str(tmp_path / "other.sqlite3"), path)
    assert done.exit_code == 0, done.output


def test_verify_sees_an_edited_games_opponent_and_report_an_edited_first_box(db):
    """The issue: verify did not see an edited games.opponent; report on an edited first_box was a
    traceback."""
    with sqlite3.connect(db) as connection:
        connection.execute("UPDATE games SET opponent = 'perfect' WHERE number = 1")
    connection.close()
    done = run("verify", "--db", db)
    assert done.exit_code == 1 and "game 1 in the games table does not match the log" in done.output
    for edited in ("[[[", '"text"', '{"0": "x"}'):
        with sqlite3.connect(db) as connection:
            query = "UPDATE games SET opponent = 'random', first_box = ? WHERE number = 1"
            connection.execute(query, (edited,))
        connection.close()
        done = run("report", "--db", db, "--out", str(Path(db).with_suffix(".pdf")))
        assert done.exit_code == 2 and done.output.count("\n") == 1, done.output
        assert "first box is not counts" in done.output and "menace rebuild --kit t" in done.output
    assert run("rebuild", "--db", db, "--kit", "t").exit_code == 0
    assert run("verify", "--db", db).exit_code == 0


def palette_file(tmp_path, replace: tuple[str, str]) -> str:
    text = (ROOT / "kit" / "palettes" / "craft.toml").read_text()
    assert replace[0] in text
    path = tmp_path / "p.toml"
    path.write_text(text.replace(*replace, 1))
    return str(path)


def test_new_refuses_palette_colours_with_control_characters_or_for_no_move(db, tmp_path):
    done = run("new", "c", "--db", db, "--palette", palette_file(tmp_path, ('"red"', '"re\\u001b[2Jd"')))
    assert done.exit_code == 2 and "no control characters" in done.output and "\x1b" not in done.output
    done = run("new", "c", "--db", db, "--palette", palette_file(tmp_path, ("move = 8", "move = 12")))
    assert done.exit_code == 2 and done.output.count("\n") == 1, done.output


def test_rules_with_a_thousand_initial_beads_are_refused(db, tmp_path):
    rules = (ROOT / "kit" / "presets" / "michie.toml").read_text()
    path = tmp_path / "r.toml"
    path.write_text(rules.replace("initial_beads = [4", "initial_beads = [" + "4, " * 1000 + "4"))
    done = run("new", "r", "--db", db, "--rules", str(path))
    assert done.exit_code == 2, done.output
    assert "initial_beads has 1004 numbers: give at most 100" in done.output, done.output
    assert len(done.output) < 300
