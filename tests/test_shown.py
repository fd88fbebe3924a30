"""kit.shown: text from outside made safe for a terminal, and the commands that print it."""

from __future__ import annotations

import sqlite3

from kit.shown import shown, visible
from tests.cli import run


def test_visible_escapes_control_characters_and_keeps_the_rest():
    assert visible("plain Ärger 红色 🙂") == "plain Ärger 红色 🙂"
    assert visible("a\x1b[2Jb\rc\x07\u202ed") == "a\\x1b[2Jb\\x0dc\\x07\\u202ed"
    assert visible("two\nlines\tand a tab") == "two\nlines\tand a tab"
    assert shown("x" * 50) == "x" * 40 + "…" and shown("short") == "short"


def test_kits_and_errors_show_escape_codes_made_visible(tmp_path):
    """The issue: a kit name with terminal escape codes was printed raw by `menace kits`."""
    db = str(tmp_path / "s.sqlite3")
    assert run("new", "t", "--db", db).exit_code == 0
    with sqlite3.connect(db) as connection:  # as a store from before names were checked might hold
        connection.execute("UPDATE kits SET name = 'evil\x1b[2J'")
    connection.close()
    listed = run("kits", "--db", db).output
    assert "\x1b" not in listed and listed.startswith("evil\\x1b[2J: "), listed
    typed = tmp_path / "games.txt"
    typed.write_text("5 1 \x1b[31m9\n")
    done = run("record", "--db", db, "--kit", "evil\x1b[2J", str(typed))
    assert done.exit_code == 2 and "\x1b" not in done.output, done.output
    done = run("import", "--db", db, str(tmp_path / "no\x1b[2Jfile.jsonl"))  # a file's name, quoted as it is
    assert done.output == f"Error: cannot read {tmp_path}/no\\x1b[2Jfile.jsonl: No such file or directory\n"
