"""The store and the play table under conditions a classroom meets: a read-only store, two windows on one
kit, a recount in the middle of a game."""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from tests.cli import play_random, run


@pytest.fixture
def read_only_store():
    """A store with games in it, read-only in a read-only folder, and a way to run `menace` on it."""
    folder = Path(tempfile.mkdtemp())
    db = str(folder / "m.sqlite3")
    assert run("new", "class-a", "--db", db).exit_code == 0
    assert play_random(db, games=3, seed=1).exit_code == 0
    folder.chmod(0o755)
    expected = {args: run(*args, "--db", db).output for args in READS}
    with sqlite3.connect(db) as connection:  # as the last `menace` to close the store leaves it
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    for extra in ("-wal", "-shm"):
        Path(db + extra).unlink(missing_ok=True)
    os.chmod(db, 0o444)
    files = sorted(os.listdir(folder))
    folder.chmod(0o555)
    # Root writes anywhere: without the capabilities that let it, it meets the permissions as others do.
    powerless = ["setpriv", "--bounding-set=-dac_override,-dac_read_search,-fowner"]
    powerless = powerless if os.geteuid() == 0 else []

    def menace(*args: str) -> subprocess.CompletedProcess:
        command = [*powerless, sys.executable, "-m", "tracker", *args, "--db", db]
        env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
        return subprocess.run(command, capture_output=True, text=True, env=env, cwd="/")

    yield menace, expected, db
    assert sorted(os.listdir(folder)) == files  # nothing was written beside the store either
    folder.chmod(0o755)
    shutil.rmtree(folder)


READS = (("box", "1"), ("stats",), ("export",))


def test_a_read_only_store_opens_for_reading_and_refuses_a_write_in_one_line(read_only_store):
    menace, expected, db = read_only_store
    for args in READS:
        done = menace(*args)
        assert (done.returncode, done.stdout, done.stderr) == (0, expected[args], ""), args
    verified = menace("verify")
    assert verified.returncode == 0 and verified.stdout.startswith("OK: "), verified.stdout + verified.stderr
    refused = (
        f"Error: the store {db} is read-only (the file or its folder cannot be written): it can be read, "
        "but nothing can be recorded\n"
    )
    for args in (("census", "1", "red=2"), ("new", "b")):
        done = menace(*args)
        assert (done.returncode, done.stdout, done.stderr) == (2, "", refused), args
    played = menace("play", "--draw", "digital", "--opponent", "random", "--brief")
    assert played.returncode == 2 and played.stderr == refused, played.stdout + played.stderr


def test_a_second_play_on_a_kit_in_play_is_refused_and_takes_over_after_a_crash(db):
    first = subprocess.Popen([sys.executable, "-m", "tracker", "play", "--db", db], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, stderr=subprocess.STDOUT)  # fmt: skip
    seen = b""
    try:
        while b"Colour drawn" not in seen:  # the first window is at its prompt, game 1 started
            chunk = os.read(first.stdout.fileno(), 4096)
            assert chunk, seen.decode()
            seen += chunk
        second = run("play", "--db", db, input="k\n")
        assert second.exit_code == 2 and second.output.count("\n") == 1, second.output
        assert second.output.startswith(f"Error: kit class-a is already in play (process {first.pid} on ")
        assert second.output.endswith(
            "carry on in that window, or type 'quit' there. A window that crashed or was closed frees the "
            "kit by itself, and `menace play` then takes over its game; if that process hangs, end it first "
            "(kill PID)\n")  # fmt: skip
    finally:
        first.kill()  # the crash
        first.wait()
    taken = run("play", "--db", db, input="k\nquit\n")
    assert taken.exit_code == 0, taken.output
    assert taken.output.startswith(
        "Kit class-a: your labels should say kit 1599A0.\n"
        "One game, then `menace play` stops (`--games 10` plays ten in a row).\n"
        "Resuming game 1 of kit class-a (physical draw, human opponent)."
    )


def test_box_census_and_resume_count_the_bead_out_on_top(db):
    assert run("play", "--db", db, input="k\n1\nquit\n").exit_code == 0  # black drawn from box 1
    note = ("  and 1 black out on top of the box, drawn in game 1: not counted here (nor in a census), it "
            "goes back in if the game is discarded\n")  # fmt: skip
    shown = run("box", "1", "--db", db).output
    assert shown.endswith("  black    square 5    3 beads  27%\n  11 beads in all\n" + note), shown
    assert json.loads(run("box", "1", "--db", db, "--json").output)["out"] == {"4": 1}
    assert json.loads(run("box", "2", "--db", db, "--json").output)["out"] == {}
    recount = run("census", "1", "black=3", "red=4", "--db", db)  # the box holds 3 black: so it says
    assert recount.output.endswith(note)
    resumed = run("play", "--db", db, input="quit\n")
    assert (
        "Resuming game 1 of kit class-a (physical draw, human opponent).\n"
        "  Beads out on top of their boxes: black from box 1.\n"
    ) in resumed.output
    assert run("discard", "--db", db, input="y\n").exit_code == 0
    after = json.loads(run("box", "1", "--db", db, "--json").output)
    assert (after["beads"]["4"], after["out"]) == (4, {})  # the bead on top went back: one off nowhere
    assert "out on top" not in run("box", "1", "--db", db).output


def test_import_rename_gives_the_kit_a_free_name_and_the_history_still_merges(db, tmp_path):
    play_random(db, games=2, seed=1)
    export = tmp_path / "a.jsonl"
    assert run("export", "--db", db, "--out", str(export)).exit_code == 0
    other = str(tmp_path / "b.sqlite3")
    assert run("new", "Class-A", "--db", other).exit_code == 0
    taken = run("import", "--db", other, str(export))
    assert taken.output == (
        "Error: line 2: the store already has another kit called 'Class-A'; nothing imported\n")  # fmt: skip
    for name in ("CLASS-a", " Class-A "):
        refused = run("import", "--db", other, "--rename", name, str(export))
        assert refused.output == taken.output
    renamed = run("import", "--db", other, "--rename", "  class   7c ", str(export))
    assert renamed.output == "imported 21 new events (1 new kit, 2 finished games)\n", renamed.output
    names = [line.split(":")[0] for line in run("kits", "--db", other).output.splitlines()]
    assert names == ["class 7c", "Class-A"]
    for args in ([], ["--rename", "class 7c"]):  # again: nothing new
        again = run("import", "--db", other, *args, str(export))
        assert again.output == "imported 0 new events (0 new kits, 0 finished games)\n", again.output
    play_random(db, games=1, seed=2)  # the kit goes on in its first store; its history merges past the rename
    assert run("export", "--db", db, "--out", str(export)).exit_code == 0
    assert run("import", "--db", other, str(export)).output.startswith("imported ")
    assert run("stats", "--db", other, "--kit", "class 7c").output.startswith("Kit class 7c: 3 games")
    assert run("verify", "--db", other).exit_code == 0
    assert run("rebuild", "--db", other).exit_code == 0 and run("verify", "--db", other).exit_code == 0
    # The rename travels with the kit's own export, and means the same there.
    copy = tmp_path / "c.jsonl"
    assert run("export", "--db", other, "--kit", "class 7c", "--out", str(copy)).exit_code == 0
    third = str(tmp_path / "c.sqlite3")
    assert run("import", "--db", third, str(copy)).exit_code == 0
    assert run("kits", "--db", third).output.startswith("class 7c: ")
    assert run("verify", "--db", third).exit_code == 0
    assert run("export", "--db", other, "--out", str(copy)).exit_code == 0
    both = run("import", "--db", str(tmp_path / "d.sqlite3"), "--rename", "x", str(copy))
    assert both.output == (
        "Error: --rename names the one kit a file adds, and this file adds 2; nothing imported\n"
    )


def test_import_rename_takes_a_kit_whose_exact_name_the_store_has(db, tmp_path):
    """The case --rename is for: the store has a kit of the same name, spelled the same."""
    play_random(db, games=2, seed=1)
    export = tmp_path / "a.jsonl"
    assert run("export", "--db", db, "--out", str(export)).exit_code == 0
    other = str(tmp_path / "b.sqlite3")
    assert run("new", "class-a", "--db", other).exit_code == 0
    renamed = run("import", "--db", other, "--rename", "class-b", str(export))
    assert renamed.output == "imported 21 new events (1 new kit, 2 finished games)\n", renamed.output
    names = [line.split(":")[0] for line in run("kits", "--db", other).output.splitlines()]
    assert names == ["class-b", "class-a"]  # in the order they were made
    assert run("verify", "--db", other).exit_code == 0
