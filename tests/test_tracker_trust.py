"""Trusting the log: checked imports, a finished game taken back, and the tracker's other corrections."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from tests.cli import play_random, run
from tracker.state.events import Event
from tracker.store.event_store import GENESIS, dumps, event_hash


def table(db: str, query: str) -> list[tuple]:
    with sqlite3.connect(db) as connection:
        return connection.execute(query).fetchall()


def snapshot(db: str) -> tuple[list[tuple], ...]:
    return tuple(table(db, f"SELECT * FROM {name} ORDER BY 1, 2") for name in ("events", "beads", "games"))


def exported(db: str, tmp_path, *args: str) -> list[dict]:
    """The export's header and events (its end line left off: `write` puts it back)."""
    out = tmp_path / "export.jsonl"
    assert run("export", "--db", db, "--out", str(out), *args).exit_code == 0
    *records, end = (json.loads(line) for line in out.read_text().splitlines())
    assert end == {"end": "menace-kit events", "events": len(records) - 1}
    return records


def write(path, records: list[dict]):
    """Header and events as a file, with the end line that counts them, as an editor would set it right."""
    end = {"end": "menace-kit events", "events": len(records) - 1}
    path.write_text("".join(dumps(r) + "\n" for r in [*records, end]))
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
            if before is None:  # a failed import leaves no store where there was none
                assert not Path(target).exists()
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


# --- taking back a finished game ------------------------------------------------------------------
def beads(db: str) -> list[tuple]:
    return table(db, "SELECT box, move, count FROM beads ORDER BY box, move")


def test_undo_then_discard_after_a_finished_game_restores_every_box(db, tmp_path):
    play_random(db, games=4, seed=3)
    before = beads(db)
    play_random(db, games=1, seed=11)
    (last,) = table(db, "SELECT moves, result FROM games WHERE number = 5")
    assert beads(db) != before
    undone = run("undo", "--db", db)
    assert undone.exit_code == 0, undone.output
    lines = undone.output.splitlines()
    assert lines[0] == "Reopened game 5: its bead changes are taken back, box by box:"
    changes = json.loads(table(db, "SELECT data FROM events WHERE kind = 'game_ended' ORDER BY seq")[-1][0])
    assert len(lines) == 1 + len(changes["changes"]) + 1 and lines[-1].startswith("Took back ")
    reopened = table(db, "SELECT status, result, first_box FROM games WHERE number = 5")
    assert reopened == [("playing", None, None)]
    assert table(db, "SELECT moves FROM games WHERE number = 5")[0][0] == last[0].rsplit(" ", 1)[0]
    discarded = run("discard", "--db", db)
    assert discarded.exit_code == 0 and discarded.output.endswith("Game 5 of kit class-a discarded.\n")
    assert beads(db) == before
    assert json.loads(run("stats", "--db", db, "--json").output)["games"] == 4
    assert run("verify", "--db", db).exit_code == 0
    assert run("undo", "--db", db).exit_code == 2  # only the game just finished, and only once
    records = exported(db, tmp_path)
    assert [r["kind"] for r in records[-3:]] == ["reopened", "undone", "discarded"]
    other = str(tmp_path / "other.sqlite3")
    assert run("import", "--db", other, str(tmp_path / "export.jsonl")).exit_code == 0
    assert run("verify", "--db", other).exit_code == 0
    assert beads(other) == before


def test_the_reversed_settlement_says_what_to_do_with_each_box(db):
    """The scripted loss of test_a_scripted_game_exactly: three beads confiscated, each to be set out again;
    then the opponent's winning move is taken back and a different one played."""
    before = beads(db)
    assert run("play", "--db", db, input="k\n1\nred\nLR\nyel\n2\n").exit_code == 0
    assert run("undo", "--db", db).output == (
        "Reopened game 1: its bead changes are taken back, box by box:\n"
        "  box 1: take one black bead from the spare beads for the one drawn (it was confiscated); that bead "
        "played square 5 (centre)\n"
        "  box 10: take one red bead from the spare beads for the one drawn (it was confiscated); that bead "
        "played square 9 (bottom right)\n"
        "  box 73: take one yellow bead from the spare beads for the one drawn (it was confiscated); that "
        "bead played square 4 (middle left)\n"
        "Took back the opponent's move in game 1, square 2 (top middle).\n"
    )
    resumed = run("play", "--db", db, input="8\n")
    assert resumed.output.startswith(
        "Kit class-a: your labels should say kit 1599A0.\n"
        "One game, then `menace play` stops (`--games 10` plays ten in a row).\n"
        "Resuming game 1 of kit class-a"
    )
    assert table(db, "SELECT moves, status FROM games") == [("4 0 8 2 3 7", "playing")]
    assert run("discard", "--db", db).exit_code == 0
    assert beads(db) == before and run("verify", "--db", db).exit_code == 0


def test_undo_at_the_next_games_first_prompt_reopens_the_game_before(db):
    """At the play table the next game has started (and asks for the first colour) when the operator
    notices the mistake: 'undo' drops that empty game and reopens the one before."""
    before = beads(db)
    script = "k\n1\nred\nLR\nyel\n2\nundo\n8\nquit\n"
    result = run("play", "--db", db, "--games", "2", input=script)
    assert result.exit_code == 0, result.output
    assert (
        "new game: game 2 of kit class-a\n" in result.output
        and "  Game 2 dropped before its first move.\n"
        "  Reopened game 1: its bead changes are taken back, box by box:\n"
        in result.output
        and "  Took back the opponent's move.\n" in result.output
    )
    assert table(db, "SELECT number, status, moves FROM games") == [
        (1, "playing", "4 0 8 2 3 7"), (2, "discarded", "")]  # fmt: skip
    assert run("discard", "--db", db).exit_code == 0
    assert beads(db) == before and run("verify", "--db", db).exit_code == 0


def test_reopening_is_refused_once_a_bead_has_changed_since_or_for_another_game(db):
    from tracker.state.events import EventError
    from tracker.store.event_store import Store

    play_random(db, games=2, seed=4)
    store = Store(db)
    kit = store.kit("class-a")
    first, second = table(db, "SELECT game, id FROM events WHERE kind = 'game_ended' ORDER BY seq")
    world = store.world(kit)
    assert world.ended is not None and world.ended.event == second[1]
    with pytest.raises(EventError, match="the game just finished is game 2"):
        store.record(world, [("reopened", {"game": first[0], "event": first[1]})])
    with pytest.raises(EventError, match="must name its game_ended event"):
        store.record(world, [("reopened", {"game": second[0], "event": first[1]})])
    # The world as the events leave it (as verify and import replay them), not as read back from the store.
    world = store.record(world, [("census", {"box": 1, "counts": {"0": 4}})])
    with pytest.raises(EventError, match="only the game just finished can be reopened"):
        store.record(world, [("reopened", {"game": second[0], "event": second[1]})])
    refused = run("undo", "--db", db)
    assert refused.exit_code == 2 and "no game in progress" in refused.output


def test_reopening_checks_the_boxes_hold_what_the_game_left(db):
    """A bead count edited behind the log's back after a game: undo refuses rather than reverse it wrongly."""
    play_random(db, games=1, seed=5)
    box, code, _, after = json.loads(table(db, "SELECT data FROM events WHERE kind = 'game_ended'")[0][0])[
        "changes"][0]  # fmt: skip
    with sqlite3.connect(db) as connection:
        connection.execute("UPDATE beads SET count = count + 5 WHERE box = ? AND move = ?", (box, code))
    refused = run("undo", "--db", db)
    assert (refused.exit_code, refused.output) == (2, GUARD)
    from tracker.store.event_store import Store

    store = Store(db)
    with store.transaction():  # an edit that also forged the checksum still meets the reopening's own check
        store.reset_checksum(store.kit("class-a").id)
    refused = run("undo", "--db", db)
    assert refused.exit_code == 2
    assert refused.output.startswith(f"Error: box {box} holds {after + 5} ")
    assert refused.output.endswith(f" beads, not the {after} that game 1 left\n")


GUARD = (
    "Error: kit class-a's bead counts are not the ones its log wrote (the store was edited behind its "
    "back): run `menace rebuild --kit class-a` to recompute them\n"
)


# --- colours --------------------------------------------------------------------------------------
PALETTES = [
    ("tictactoe", "craft"),
    ("tictactoe", "michie-1963"),
    ("nim", "nim-craft"),
    ("hexapawn", "hexapawn-four"),
]  # colours per box: a key is still one colour, its move the box's


@pytest.mark.parametrize("game, palette", PALETTES)
def test_a_key_means_the_same_colour_in_every_box(game, palette):
    """Every letter, name and prefix either names the same colour in every box or is refused, naming the
    box's colours: "b" is blue, never black in a box without blue."""
    from kit.catalogue import build_catalogue
    from kit.game import GameError
    from kit.palettes import load_palette
    from kit.rules import load_rules
    from tracker.state.kit_record import KitRecord

    rules = {"tictactoe": "michie", "nim": "nim", "hexapawn": "gardner"}[game]
    catalogue = build_catalogue(game, "first", load_rules(rules))
    kit = KitRecord("k", "k", game, "first", rules, palette, catalogue.fingerprint, catalogue.boxes)
    colours = load_palette(palette, game=game).colours
    prefixes = {c.name[:n] for c in colours for n in range(1, len(c.name) + 1)}
    keys = {c.code.lower() for c in colours} | prefixes
    for key in sorted(keys):
        meant: set[str] = set()
        for box in catalogue.boxes:
            held = [kit.colour(box, m) for m in box.moves]
            try:
                meant.add(kit.colour(box, kit.parse_colour(key.upper(), box)))
            except GameError as error:
                assert "could be" in str(error) or all(name in str(error) for name in held), (key, error)
        assert len(meant) <= 1, (key, meant)
    if palette == "craft":
        blue, black = kit.move(2), kit.move(4)
        without_blue = next(b for b in catalogue.boxes if blue not in b.moves and black in b.moves)
        with pytest.raises(GameError, match=f"box {without_blue.id} has no blue beads: it holds "):
            kit.parse_colour("b", without_blue)
        with_blue = next(b for b in catalogue.boxes if blue in b.moves)
        assert kit.colour(with_blue, kit.parse_colour("b", with_blue)) == "blue"


# --- numbers people see ---------------------------------------------------------------------------
def test_verify_and_games_speak_in_colours_and_squares_1_to_9(db):
    assert run("play", "--db", db, input="k\n1\nred\nLR\nyel\n2\n").exit_code == 0
    assert run("games", "--db", db).output == "    1  loss      human    physical  5 1 9 3 4 2\n"
    assert json.loads(run("games", "--db", db, "--json").output)[0]["moves"] == "4 0 8 2 3 1"
    with sqlite3.connect(db) as connection:
        connection.execute("UPDATE beads SET count = 9 WHERE box = 1 AND move = 0")
    result = run("verify", "--db", db)
    assert result.exit_code == 1
    assert result.output == (
        "FAIL: kit class-a: box 1 holds red 9, yellow 4, black 3 in the store, "
        "but the log says red 4, yellow 4, black 3\n"
    )


# --- robustness -----------------------------------------------------------------------------------
def test_beads_rows_for_a_box_or_colour_the_kit_does_not_have_are_reported_not_a_traceback(db):
    with sqlite3.connect(db) as connection:
        connection.execute("INSERT INTO beads SELECT kit, 999, 0, 3 FROM beads LIMIT 1")
        connection.execute("INSERT INTO beads SELECT kit, 1, 8, 2 FROM beads LIMIT 1")  # pink: not in box 1
    stray = (
        "FAIL: kit class-a: the beads table has pink beads in box 1, which has no such colour\n"
        "FAIL: kit class-a: the beads table has a row for box 999, which the kit does not have\n"
    )
    result = run("verify", "--db", db)
    assert (result.exit_code, result.output) == (1, stray)
    for command in (["boxes", "--kit", "class-a"], ["boxes", "--kit", "class-a", "--json"], ["box", "1"]):
        result = run(*command, "--db", db)
        assert (result.exit_code, result.output) == (2, GUARD), command
    rebuilt = run("rebuild", "--db", db)
    assert rebuilt.output == (
        "Rebuilt kit class-a from 1 event (0 finished games): 2 bead counts and 0 games rows put right.\n"
    )
    assert run("verify", "--db", db).exit_code == 0
    assert play_random(db, games=3, seed=1).exit_code == 0


@pytest.mark.parametrize(
    "body, message",
    [
        ("[" * 100_000, "nested too deeply to be an event"),
        ('{"id": ' + "9" * 100_000 + "}", "a number too long to be an event's"),
    ],
)
def test_hostile_json_in_an_import_is_one_line(tmp_path, body, message):
    header = '{"format": "menace-kit events", "version": 1}'
    other = str(tmp_path / "o.sqlite3")
    jsonl = tmp_path / "hostile.jsonl"
    jsonl.write_text(f"{header}\n{body}\n")
    result = run("import", "--db", other, str(jsonl))
    assert (result.exit_code, result.output) == (2, f"Error: line 2: {message}; nothing imported\n")
    csv_file = tmp_path / "hostile.csv"
    quoted = body.replace('"', '""')
    csv_file.write_text(f'id,kit,game,kind,at,data,hash\na,b,,drew,now,"{quoted}",x\n')
    result = run("import", "--db", other, str(csv_file))
    assert (result.exit_code, result.output) == (
        2, f"Error: line 2 (the data column): {message}; nothing imported\n")  # fmt: skip
    assert not Path(other).exists()  # nor an empty store left at --db


@pytest.fixture
def small_disk(monkeypatch):
    """Every store opened from now on cannot grow beyond its size when opened (SQLite's max_page_count),
    as when the disk is full."""
    from tracker.store.event_store import Store

    opened = Store.__init__

    def capped(self, *args, **kwargs):
        opened(self, *args, **kwargs)
        (pages,) = self.db.execute("PRAGMA page_count").fetchone()
        self.db.execute(f"PRAGMA max_page_count = {pages}")

    monkeypatch.setattr(Store, "__init__", capped)


DISK_FULL = "Error: the disk is full: nothing was recorded (free some space, then run the command again)\n"


def test_a_full_disk_during_new_records_nothing(tmp_path, small_disk):
    path = str(tmp_path / "m.sqlite3")
    result = run("new", "class-a", "--db", path)
    assert (result.exit_code, result.output) == (2, DISK_FULL)
    assert table(path, "SELECT count(*) FROM events") == [(0,)]
    assert table(path, "SELECT count(*) FROM kits") == [(0,)]


def test_a_full_disk_during_play_loses_no_game_and_half_writes_none(db, monkeypatch, request):
    play_random(db, games=1, seed=1)
    request.getfixturevalue("small_disk")
    before = table(db, "SELECT count(*) FROM events")
    result = play_random(db, games=200, seed=2)
    assert result.exit_code == 2 and result.output.endswith(DISK_FULL), result.output[-300:]
    monkeypatch.undo()
    assert table(db, "SELECT count(*) FROM events") > before  # some games were recorded before it filled
    assert run("verify", "--db", db).exit_code == 0
    assert play_random(db, games=1, seed=3).exit_code == 0  # with room again, play goes on
    assert run("verify", "--db", db).exit_code == 0


def test_a_prompt_line_over_1000_characters_is_refused_without_echo(db):
    huge = "red" * 3_000_000  # 9 MB on one line
    result = run("play", "--db", db, input=f"{huge}\nk\n{'5' * 1001}\n1\nquit\n")
    assert result.exit_code == 0, result.output[-500:]
    assert "redred" not in result.output and "55555" not in result.output
    refused = "That line is longer than 1000 characters, so it was not read: type the answer again."
    assert result.output.count(refused) == 2
    assert "Colour drawn (or 'empty'): \n  " + refused + "\nColour drawn (or 'empty'): k\n" in result.output
    assert table(db, "SELECT moves FROM games") == [("4 0",)]


def test_kit_names_are_trimmed_normalised_and_one_name_whatever_the_case(tmp_path):
    path = str(tmp_path / "m.sqlite3")
    created = run("new", "  class   7b ", "--db", path)
    assert created.exit_code == 0 and created.output.startswith("Created kit class 7b: ")
    for same in ("class 7b", "CLASS 7B", "Class 7b "):
        result = run("new", same, "--db", path)
        assert (result.exit_code, result.output) == (
            2, "Error: there is already a kit called 'class 7b': choose another name\n")  # fmt: skip
    assert run("box", "1", "--kit", "CLASS 7B", "--db", path).output.startswith("Box 1 of kit class 7b ")
    decomposed = "A\u0308O\u0308u\u0308"  # ÄÖü typed with combining marks
    assert run("new", decomposed, "--db", path).output.startswith("Created kit \u00c4\u00d6\u00fc: ")
    assert run("new", "äöÜ", "--db", path).exit_code == 2  # the same name in another case
    assert run("box", "1", "--kit", "ÄÖü", "--db", path).exit_code == 0
    assert table(path, "SELECT name FROM kits ORDER BY name") == [("class 7b",), ("\u00c4\u00d6\u00fc",)]
    for bad in ("", "   ", ".x", "a" * 41, "semi;colon", "smile\U0001f600", "nul\x00"):
        result = run("new", "--db", path, "--", bad)
        assert result.exit_code == 2 and "is not a kit name" in result.output, bad
        assert result.output.count("\n") == 1


def test_undo_from_the_command_line_after_the_next_game_was_started_or_dropped_empty(db):
    """The operator quit at the next game's first prompt: `menace undo` still reopens the finished game,
    before or after `menace discard` drops the empty one, as the log replayed from scratch would allow."""
    before = beads(db)
    for finished, drop_first in ((1, False), (3, True)):
        result = run("play", "--db", db, "--games", "2", input="k\n1\nred\nLR\nyel\n2\nquit\n")
        saved = f"Game {finished + 1} is saved: `menace play --kit class-a` resumes it.\n"
        assert result.output.endswith(saved)
        if drop_first:
            assert run("discard", "--db", db).exit_code == 0
        undone = run("undo", "--db", db)
        assert undone.exit_code == 0, undone.output
        dropped = "" if drop_first else f"Game {finished + 1} dropped before its first move.\n"
        assert undone.output.startswith(f"{dropped}Reopened game {finished}: its bead changes are taken back")
        assert run("discard", "--db", db).exit_code == 0
        assert beads(db) == before and run("verify", "--db", db).exit_code == 0
