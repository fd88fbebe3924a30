"""Trusting the log: checked imports, a finished game taken back, and the tracker's other corrections."""

from __future__ import annotations

import json
import sqlite3

import pytest
from click.testing import CliRunner

from tracker.cli import main
from tracker.events import Event
from tracker.store import GENESIS, dumps, event_hash


@pytest.fixture
def db(tmp_path):
    path = str(tmp_path / "m.sqlite3")
    result = CliRunner().invoke(main, ["new", "class-a", "--db", path])
    assert result.exit_code == 0, result.output
    return path


def run(*args: str, input: str | None = None):
    return CliRunner().invoke(main, list(args), input=input)


def play_random(db: str, *, games: int, seed: int, kit: str | None = None):
    kit_args = ["--kit", kit] if kit else []
    return run("play", "--db", db, *kit_args, "--draw", "digital", "--opponent", "random", "--games",
               str(games), "--seed", str(seed), "--brief")  # fmt: skip


def table(db: str, query: str) -> list[tuple]:
    with sqlite3.connect(db) as connection:
        return connection.execute(query).fetchall()


def snapshot(db: str) -> tuple[list[tuple], ...]:
    return tuple(table(db, f"SELECT * FROM {name} ORDER BY 1, 2") for name in ("events", "beads", "games"))


def exported(db: str, tmp_path, *args: str) -> list[dict]:
    out = tmp_path / "export.jsonl"
    assert run("export", "--db", db, "--out", str(out), *args).exit_code == 0
    return [json.loads(line) for line in out.read_text().splitlines()]


def write(path, records: list[dict]):
    path.write_text("".join(dumps(r) + "\n" for r in records))
    return path


def rehash(records: list[dict]) -> list[dict]:
    """The records with every hash recomputed, as someone who edits a file and covers their tracks would."""
    previous = GENESIS
    for record in records[1:]:
        event = Event(*(record[k] for k in ("id", "kit", "kind", "at", "data", "game")))
        record["hash"] = previous = event_hash(previous, event, dumps(record["data"]))
    return records


# --- checked import -------------------------------------------------------------------------------
def test_a_tampered_hash_and_an_edited_event_are_refused_into_a_new_store_and_the_original(db, tmp_path):
    play_random(db, games=3, seed=7)
    records = exported(db, tmp_path)
    zeroed = [dict(r) for r in records]
    zeroed[5] = {**zeroed[5], "hash": "0" * 64}
    edited = json.loads(json.dumps(records))
    starts = [n for n, r in enumerate(edited) if r.get("kind") == "game_started"]
    for n in starts:
        edited[n]["data"]["opponent"] = "perfect"
    files = {
        "zeroed": (write(tmp_path / "zeroed.jsonl", zeroed), 6),
        "edited": (write(tmp_path / "edited.jsonl", edited), starts[0] + 1),
    }
    for name, (path, line) in files.items():
        for target in (str(tmp_path / f"new-{name}.sqlite3"), db):
            before = snapshot(target) if target == db else None
            result = run("import", "--db", target, str(path))
            assert result.exit_code == 2, (name, result.output)
            assert result.output == (
                f"Error: line {line}: the event's hash does not match its content and the hash before it "
                "(the file was damaged or edited after export); nothing imported\n"
            )
            if before is None:
                assert table(target, "SELECT count(*) FROM events") == [(0,)]
            else:
                assert snapshot(target) == before
                assert run("verify", "--db", target).exit_code == 0


def test_an_edit_whose_hashes_were_recomputed_is_a_conflict_with_the_store_that_has_the_events(db, tmp_path):
    """The chain is not a signature: rewritten hashes pass the file's check. A store that already has the
    events still refuses the file, because an event with a known id has different content."""
    play_random(db, games=2, seed=8)
    records = exported(db, tmp_path)
    start = next(n for n, r in enumerate(records) if r.get("kind") == "game_started")
    records[start]["data"]["opponent"] = "perfect"
    path = write(tmp_path / "rewritten.jsonl", rehash(records))
    before = snapshot(db)
    result = run("import", "--db", db, str(path))
    assert result.exit_code == 2
    assert result.output == (
        f"Error: line {start + 1}: event {records[start]['id']} (game_started) is already in the store "
        "with different content: a conflict; nothing imported\n"
    )
    assert snapshot(db) == before
    fresh = str(tmp_path / "fresh.sqlite3")
    assert run("import", "--db", fresh, str(path)).exit_code == 0  # what the chain cannot prove
    assert table(fresh, "SELECT opponent FROM games WHERE number = 1") == [("perfect",)]


@pytest.mark.parametrize("fmt", ["jsonl", "csv"])
def test_a_one_kit_export_of_a_store_with_two_kits_is_checked_across_the_other_kits_events(db, tmp_path, fmt):
    """The chain runs through every kit's events: a one-kit export says the hash each event is chained
    to where the file skips the other kit's, and importing it checks every link all the same."""
    assert run("new", "class-b", "--db", db).exit_code == 0
    for seed in (1, 2):
        play_random(db, games=1, seed=seed, kit="class-a")
        play_random(db, games=1, seed=seed, kit="class-b")
    out = tmp_path / f"b.{fmt}"
    assert run("export", "--db", db, "--kit", "class-b", "--format", fmt, "--out", str(out)).exit_code == 0
    other = str(tmp_path / "other.sqlite3")
    result = run("import", "--db", other, str(out))
    assert result.exit_code == 0, result.output
    assert run("verify", "--db", other).exit_code == 0
    assert run("games", "--db", other, "--json").output == run("games", "--db", db, "--kit", "class-b",
                                                                   "--json").output  # fmt: skip
    text = out.read_text()
    skipped = table(db, "SELECT hash FROM events WHERE kit != (SELECT id FROM kits WHERE name = 'class-b') "
                        "ORDER BY seq")  # fmt: skip
    assert skipped[-1][0] in text  # a previous hash names an event of the other kit
    broken = tmp_path / f"broken.{fmt}"
    broken.write_text(text.replace(skipped[-1][0], "f" * 64))
    result = run("import", "--db", str(tmp_path / "third.sqlite3"), str(broken))
    assert result.exit_code == 2 and "the event's hash does not match its content" in result.output
