"""Import takes nothing that `menace verify` would reject, and a failed import leaves nothing behind."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
import threading

import pytest

from tests.cli import play_random, run
from tracker.state.events import Event
from tracker.store.event_store import GENESIS, dumps, event_hash


def rechained(lines: list[dict]) -> list[dict]:
    """The events with every hash recomputed, as someone who edits a file and then fixes its chain would."""
    previous = GENESIS
    for record in lines:
        fields = (record[key] for key in ("id", "kit", "kind", "at", "data", "game"))
        event = Event(*fields)
        record["hash"] = previous = event_hash(previous, event, dumps(record["data"]))
    return lines


def exported(db: str, tmp_path) -> tuple[str, list[dict]]:
    out = tmp_path / "export.jsonl"
    assert run("export", "--db", db, "--out", str(out)).exit_code == 0
    header, *lines, end = out.read_text().splitlines()
    assert json.loads(end) == {"end": "menace-kit events", "events": len(lines)}
    return header, [json.loads(line) for line in lines]


def write(tmp_path, header: str, lines: list[dict]) -> str:
    """The file with the end line that counts its events, as an editor would set it right."""
    end = json.dumps({"end": "menace-kit events", "events": len(lines)})
    path = tmp_path / "edited.jsonl"
    path.write_text("\n".join([header, *(json.dumps(line) for line in lines), end]) + "\n")
    return str(path)


def test_an_edited_kit_with_its_hashes_recomputed_is_refused(tmp_path):
    """The issue's edit: box 304 starting with 400 beads, every hash after it recomputed. verify rejects
    such a kit, so import does too, in one line, and no store is left at --db."""
    db = str(tmp_path / "m.sqlite3")
    assert run("new", "--db", db, "a").exit_code == 0
    play_random(db, games=2, seed=1)
    header, lines = exported(db, tmp_path)
    box = next(row for row in lines[0]["data"]["boxes"] if row[0] == 304)
    box[4] = [400] * len(box[4])
    target = tmp_path / "other.sqlite3"
    done = run("import", "--db", str(target), write(tmp_path, header, rechained(lines)))
    assert done.exit_code == 2 and done.output.count("\n") == 1, done.output
    assert done.output.startswith("Error: line 2: not a valid kit: its stored catalogue is not the catalogue "
                                  "of kit "), done.output  # fmt: skip
    assert done.output.endswith("; nothing imported\n")
    assert not target.exists() and not list(tmp_path.glob("other.sqlite3*"))


def test_an_edited_kit_with_other_rules_is_refused(tmp_path):
    db = str(tmp_path / "m.sqlite3")
    assert run("new", "--db", db, "a").exit_code == 0
    header, lines = exported(db, tmp_path)
    assert lines[0]["data"]["rules"] == "michie"
    lines[0]["data"]["rules"] = "scroggs"  # a shipped preset, but not the rules the boxes were made by
    done = run("import", "--db", str(tmp_path / "other.sqlite3"), write(tmp_path, header, rechained(lines)))
    assert done.exit_code == 2 and done.output.count("\n") == 1, done.output
    assert done.output.startswith("Error: line 2: not a valid kit: its stored catalogue is not"), done.output


def test_a_failed_import_into_a_store_that_was_there_keeps_the_store(tmp_path):
    db = str(tmp_path / "m.sqlite3")
    assert run("new", "--db", db, "a").exit_code == 0
    bad = tmp_path / "bad.jsonl"
    bad.write_text("not an export\n")
    assert run("import", "--db", db, str(bad)).exit_code == 2
    assert run("verify", "--db", db).exit_code == 0 and run("kits", "--db", db).output.startswith("a:")


def test_export_out_writes_a_symlinks_target_and_keeps_the_link(tmp_path):
    db = str(tmp_path / "m.sqlite3")
    assert run("new", "--db", db, "a").exit_code == 0
    target, link = tmp_path / "target.jsonl", tmp_path / "link.jsonl"
    target.write_text("old\n")
    link.symlink_to(target)
    assert run("export", "--db", db, "--out", str(link)).exit_code == 0
    assert link.is_symlink() and target.read_text().startswith('{"format": "menace-kit events"')


def test_export_out_writes_into_a_pipe_in_place(tmp_path):
    db = str(tmp_path / "m.sqlite3")
    assert run("new", "--db", db, "a").exit_code == 0
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    read = []
    reader = threading.Thread(target=lambda: read.append(fifo.read_text()), daemon=True)  # never holds exit
    reader.start()
    done = run("export", "--db", db, "--out", str(fifo))
    reader.join(timeout=30)
    assert done.exit_code == 0, done.output
    assert stat.S_ISFIFO(fifo.stat().st_mode)  # still the pipe, not replaced by a file
    assert read and read[0].startswith('{"format": "menace-kit events"')


def test_export_with_standard_output_closed_is_one_line(tmp_path):
    db = str(tmp_path / "m.sqlite3")
    assert run("new", "--db", db, "a").exit_code == 0
    done = subprocess.run([sys.executable, "-m", "tracker", "export", "--db", db], stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, text=True, close_fds=True,
                          preexec_fn=lambda: os.close(1))  # fmt: skip
    assert (done.returncode, done.stderr) == (
        2, "Error: standard output is closed: write to a file with --out FILE\n")  # fmt: skip


def test_an_export_saved_with_a_byte_order_mark_imports(tmp_path):
    db = str(tmp_path / "m.sqlite3")
    assert run("new", "--db", db, "a").exit_code == 0
    play_random(db, games=1, seed=1)
    out = tmp_path / "export.jsonl"
    assert run("export", "--db", db, "--out", str(out)).exit_code == 0
    out.write_bytes(b"\xef\xbb\xbf" + out.read_bytes())  # as a Windows editor saves UTF-8
    done = run("import", "--db", str(tmp_path / "other.sqlite3"), str(out))
    assert done.exit_code == 0 and done.output.startswith("imported "), done.output


def test_games_last_has_a_bound_and_says_it():
    done = run("games", "--last", str(10**100))
    assert done.exit_code == 2 and "Traceback" not in done.output
    bound = "--last takes a whole number from 1 to 1,000,000,000 (see menace games --help)"
    assert done.output.splitlines()[-1].endswith(bound), done.output


# --- what the export's end line and the hash chain promise (docs/formats.md, "What the hash chain proves")
CUT = "the file stops before the export's end line, so it was cut short: nothing imported; export it again\n"


def two_games(tmp_path, fmt: str = "jsonl") -> tuple[str, list[str]]:
    db = str(tmp_path / "m.sqlite3")
    assert run("new", "--db", db, "a").exit_code == 0
    play_random(db, games=2, seed=1)
    out = tmp_path / f"export.{fmt}"
    assert run("export", "--db", db, "--format", fmt, "--out", str(out)).exit_code == 0
    return str(tmp_path / "other.sqlite3"), out.read_text().splitlines(keepends=True)


def imported(tmp_path, target: str, text: str):
    path = tmp_path / "edited.txt"
    path.write_text(text)
    return run("import", "--db", target, str(path))


@pytest.mark.parametrize("fmt", ["jsonl", "csv"])
@pytest.mark.parametrize("cut", ["at a line", "inside a game's line"])
def test_an_export_cut_short_is_refused(tmp_path, fmt, cut):
    """The issue's two cuts: at a line boundary it imported as a shorter history, inside a game it left
    that game "playing". The export's last line says where it ends, so either is refused whole."""
    target, lines = two_games(tmp_path, fmt)
    kept = lines[: len(lines) // 2]
    text = "".join(kept) if cut == "at a line" else "".join(kept) + lines[len(lines) // 2][:40]
    done = imported(tmp_path, target, text)
    assert done.exit_code == 2 and done.output.count("\n") == 1, done.output
    assert done.output.endswith(CUT) or "nothing imported" in done.output, done.output
    assert not os.path.exists(target)
    if cut == "at a line":
        assert done.output == f"Error: line {len(kept)}: {CUT}"


def test_an_export_without_its_end_line_is_refused(tmp_path):
    target, lines = two_games(tmp_path)
    done = imported(tmp_path, target, "".join(lines[:-1]))
    assert done.output == f"Error: line {len(lines) - 1}: {CUT}"


def test_a_deleted_line_relinked_through_previous_is_refused_by_the_end_lines_count(tmp_path):
    """The issue's edit: a line deleted and the next line given "previous": the deleted line's hash. The
    chain reads that as a gap, as in a one-kit export; the end line's count does not match."""
    target, lines = two_games(tmp_path)
    gone = json.loads(lines[-3])
    after = json.loads(lines[-2])
    after["previous"] = gone["hash"]
    text = "".join([*lines[:-3], json.dumps(after) + "\n", lines[-1]])
    done = imported(tmp_path, target, text)
    said = len(lines) - 2
    assert done.output == (
        f"Error: line {len(lines) - 1}: the export's end line says {said} events, and the file holds "
        f"{said - 1} (a line was deleted or added): nothing imported\n"
    )
    assert not os.path.exists(target)


def test_a_deleted_line_with_its_end_line_recounted_is_what_the_chain_cannot_prove(tmp_path):
    """The documented limit: whoever also sets the end line's count right is not caught by the file alone
    (the events must still replay: here the last, a census, which nothing after it depends on)."""
    db = str(tmp_path / "m.sqlite3")
    assert run("new", "--db", db, "a").exit_code == 0
    play_random(db, games=1, seed=1)
    assert run("census", "--db", db, "1", "red=3").exit_code == 0
    header, events = exported(db, tmp_path)
    assert events.pop()["kind"] == "census"
    done = run("import", "--db", str(tmp_path / "other.sqlite3"), write(tmp_path, header, events))
    assert done.exit_code == 0, done.output
    assert run("verify", "--db", str(tmp_path / "other.sqlite3")).exit_code == 0


def test_lines_after_the_end_line_are_refused(tmp_path):
    target, lines = two_games(tmp_path)
    done = imported(tmp_path, target, "".join([*lines, lines[1]]))
    assert (
        done.output
        == f"Error: line {len(lines)}: the export's end line is not the file's last; nothing imported\n"
    )


def test_an_export_from_before_end_lines_still_imports(tmp_path):
    """Version 1 files (no end line) were written by earlier releases: still read, though nothing tells
    such a file whole from cut."""
    target, lines = two_games(tmp_path)
    old = lines[0].replace('"version": 2', '"version": 1')
    done = imported(tmp_path, target, "".join([old, *lines[1:-1]]))
    assert done.exit_code == 0 and done.output.startswith("imported "), done.output
