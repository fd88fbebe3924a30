"""Strange inputs at the command line, each one line naming the option and what it takes: whole numbers of
thousands of digits, names too long for a file system, JSON nested 100,000 deep, NaN, empty strings."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.cli import run
from tracker.cli.main import main

ROOT = Path(__file__).resolve().parent.parent
DIGITS = "1" * 5000  # past Python's 4,300-digit limit on converting text to int


@pytest.fixture
def db(tmp_path) -> str:
    path = str(tmp_path / "s.sqlite3")
    assert run("new", "t", "--db", path).exit_code == 0
    return path


def one_line(result, *said: str) -> None:
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert result.exit_code == 2 and result.output.startswith("Error: "), result.output
    assert result.output.count("\n") == 1 and len(result.output) < 700, result.output
    for words in said:
        assert words in result.output, result.output


def test_whole_numbers_of_thousands_of_digits(db):
    one_line(run("census", "--db", db, "1", f"red={DIGITS}"), "beads will not fit in a matchbox")
    for command in (["new", "x", "--db", db], ["boxes"], ["find", "3"], ["simulate", "--games", "1"]):
        one_line(run(*command, "--game", "nim", "--heaps", DIGITS), "--heaps '111")
        one_line(run(*command, "--game", "nim", "--max-take", DIGITS), "--max-take '111")
    one_line(run("study", "thinking-time", "--iterations", f"1,{DIGITS}"), "--iterations")


class Played(Exception):
    """Raised by a stand-in for a long run: the command took its values and began (a silent acceptance)."""


def test_counts_without_a_bound_are_bounded(monkeypatch):
    import tracker.lab.nim_tournament as tournament

    def began(**values):  # the tournament itself would play 10**40 games (the issue: still running at 60 s)
        raise Played(values)

    monkeypatch.setattr(tournament, "tournament", began)
    monkeypatch.setattr(tournament, "tournament_games", lambda **values: 1)
    one_line(run("tournament", "--part-training", "9" * 40), "--part-training", "10,000,000")
    one_line(run("study", "thinking-time", "--iterations", "1,,2"), "--iterations '1,,2'")


def test_nan_and_empty_strings():
    one_line(run("study", "qlearn", "--level", "nan"), "--level")
    one_line(run("--lang", "", "kits"), "--lang", "no language ''")


def test_names_too_long_for_a_file_system(db, tmp_path):
    long = str(tmp_path / ("a" * 300))
    one_line(run("stats", "--db", long), "--db", "300 bytes")
    one_line(run("new", "y", "--db", db, "--rules", long + ".toml"), "File name too long")
    one_line(run("new", "y", "--db", db, "--rules", long), "File name too long")
    one_line(
        run("lesson", "--game", "tictactoe", "--groups", "2", "--rules", long, "--out", str(tmp_path)),
        "File name too long",
    )
    one_line(
        run("lesson", "--game", "tictactoe", "--groups", "2", "--palette", long, "--out", str(tmp_path)),
        "File name too long",
    )
    one_line(run("generate", "--stock", long, "--out", str(tmp_path / "o")), "File name too long")
    done = CliRunner().invoke(main, ["stats"], env={"MENACE_DB": long})
    one_line(done, "File name too long")


def test_json_nested_100000_deep(tmp_path):
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000)
    one_line(
        run(
            "match",
            "--game",
            "nim",
            "--heaps",
            "1,2",
            "--first",
            f"q:{deep}",
            "--second",
            "random",
            "--games",
            "1",
        ),
        "is not a JSON file",
    )


def test_serve_allow_host_takes_a_name(db, monkeypatch):
    pytest.importorskip("werkzeug")
    import tracker.web.server

    def serving(*args, **kwargs):  # where a name taken would start the server and serve until Ctrl-C
        raise Played(args)

    monkeypatch.setattr(tracker.web.server, "serve", serving)
    one_line(run("serve", "--db", db, "--allow-host", ""), "--allow-host", "empty name")
    one_line(run("serve", "--db", db, "--allow-host", "*"), "--allow-host", "pattern")
    one_line(run("serve", "--db", db, "--allow-host", "a b\x1b[2J"), "--allow-host", "not a host name")


def test_a_stock_whose_pitch_is_smaller_than_its_label(tmp_path):
    stock = (ROOT / "generator" / "stocks" / "avery-l7160.toml").read_text()
    path = tmp_path / "over.toml"
    path.write_text(stock.replace("pitch_x = 66.04", "pitch_x = 30.0"))
    one_line(run("generate", "--stock", str(path), "--out", str(tmp_path / "o")), "labels would overlap")
