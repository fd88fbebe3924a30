"""Fuzzing: thousands of random and hostile answers at every prompt, and random arguments to every command.

Seeded, in-process (fast). Nothing may raise a traceback, and an answer that is not valid must not
change the store: the event count is checked around every such answer and every failing command.
"""

from __future__ import annotations

import io
import os
import random
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import SimpleNamespace

import pytest
from click import ClickException
from click.testing import CliRunner

from tracker.cli.main import main
from tracker.store.event_store import Store
from tracker.store.replay import verify

ROOT = Path(__file__).resolve().parent.parent

MARKS = "#$%^&*{}<>|`~;"
HOSTILE = [
    "",
    " ",
    "\t",
    "0",
    "10",
    "-1",
    "3.5",
    "1e9",
    "99999999999999999999",
    "\x00",
    "\x1b[2J",
    "'; DROP TABLE events; --",
    "Robert'); DELETE FROM beads;--",
    "🙂",
    "红色",
    "census red=-1",
    "census purple=3",
    "census red=99999999",
    "census red=abc",
    "census =",
    "census red==2",
    "A" * 5000 + "#",
    "%s%s%n",
    "../../etc/passwd#",
    "null",
    "None#",
]


def garbage(rng: random.Random) -> str:
    if rng.random() < 0.4:
        return rng.choice(HOSTILE)
    length = rng.randint(1, 30)
    text = [chr(rng.choice([rng.randint(32, 126), rng.randint(0x80, 0x2FFF)])) for _ in range(length)]
    text.insert(rng.randrange(len(text) + 1), rng.choice(MARKS))
    return "".join(text)


class FuzzStdin:
    """Answers prompts: mostly garbage (checked to change nothing), sometimes a plausible answer."""

    def __init__(self, db: str, rng: random.Random, lines: int, out: io.StringIO) -> None:
        self.db, self.rng, self.left, self.out = db, rng, lines, out
        self.pending: tuple[str, int] | None = None
        self.garbage = self.valid = 0

    def events(self) -> int:
        connection = sqlite3.connect(self.db)
        try:
            return connection.execute("SELECT count(*) FROM events").fetchone()[0]
        finally:
            connection.close()

    def check(self) -> None:
        if self.pending is not None:
            line, count = self.pending
            assert self.events() == count, f"the invalid answer {line!r} changed the store"
            self.pending = None

    def isatty(self) -> bool:
        return False

    def readline(self, size: int = -1) -> str:
        self.check()
        if self.left <= 0:
            return ""
        self.left -= 1
        if self.rng.random() < 0.65:
            line = garbage(self.rng)
            self.pending = (line, self.events())
            self.garbage += 1
        else:
            line = self.rng.choice(
                [
                    "r",
                    "y",
                    "b",
                    "k",
                    "g",
                    "o",
                    "w",
                    "v",
                    "p",
                    "red",
                    "bl",
                    "1",
                    "2",
                    "3",
                    "5",
                    "9",
                    "LM",
                    "mm",
                    "rr",
                    "undo",
                    "board",
                    "help",
                    "y",
                    "n",
                    "empty",
                    "discard",
                    "census red=3",
                    "square 5",
                    "sq LM",
                    "square 3",
                    "square 0",
                    "square",
                    "RR",
                ]
            )
            self.valid += 1
        return line.replace("\n", " ") + "\n"


@pytest.mark.slow
def test_ten_thousand_hostile_answers_at_the_prompts(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    rng = random.Random(2024)
    db = str(tmp_path / "f.sqlite3")
    for args in (
        ["new", "t", "--db", db],
        ["new", "g", "--db", db, "--rules", "golf"],
        ["new", "n", "--db", db, "--game", "nim"],
        ["new", "s", "--db", db, "--menace-plays", "second"],
    ):
        assert CliRunner().invoke(main, args).exit_code == 0
    total_garbage = total_valid = 0
    for round_ in range(40):
        kit = rng.choice("tgns")
        out = io.StringIO()
        stdin = FuzzStdin(db, rng, 250, out)
        options = rng.choice(
            [[], ["--confirm"], ["--notation", "golf"], ["--opponent", "random"], ["--draw", "digital"]]
        )
        saved = sys.stdin, sys.stdout
        sys.stdin, sys.stdout = stdin, out
        # Not standalone: click would print an escaped EOFError as "Aborted!" and exit 1. Any exception
        # other than the exit itself and a one-line domain error propagates here and fails the test.
        try:
            main.main(
                ["play", "--db", db, "--kit", kit, "--seed", str(round_), "--games", "50", *options],
                standalone_mode=False,
            )
            code = 0
        except SystemExit as stop:
            code = stop.code or 0
        except ClickException as error:
            code = error.exit_code
        finally:
            sys.stdin, sys.stdout = saved
        assert code in (0, 1, 130), out.getvalue()[-500:]
        if code == 1:  # the answers ran out: play stops and says so
            assert out.getvalue().rstrip().splitlines()[-1].startswith("End of input."), out.getvalue()[-500:]
        stdin.check()
        total_garbage += stdin.garbage
        total_valid += stdin.valid
    assert total_garbage + total_valid >= 10_000
    problems, _ = verify(Store(db))
    assert problems == []
    print(f"\nprompts: {total_garbage} hostile and {total_valid} plausible answers")


KIT_COMMANDS = {"box", "census", "games", "stats", "undo", "discard", "verify", "export", "report", "rebuild",
                "record"}  # fmt: skip


@pytest.mark.slow
def test_random_arguments_to_every_command(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # a random `--out WORD` writes a file named WORD: keep it out of the checkout
    rng = random.Random(7)
    db = str(tmp_path / "a.sqlite3")
    runner = CliRunner()
    assert runner.invoke(main, ["new", "t", "--db", db]).exit_code == 0
    runner.invoke(
        main, ["play", "--db", db, "--draw", "digital", "--opponent", "random", "--games", "3", "--brief"]
    )
    export = tmp_path / "e.jsonl"
    runner.invoke(main, ["export", "--db", db, "--out", str(export)])
    lines = export.read_text().splitlines()
    files = []
    for index in range(20):
        broken = list(lines)
        where = rng.randrange(len(broken))
        text = broken[where]
        cut = rng.randrange(len(text))
        broken[where] = text[:cut] + garbage(rng) + text[cut + 1 :]
        path = tmp_path / f"broken{index}.jsonl"
        path.write_text("\n".join(broken))
        files.append(str(path))
    (tmp_path / "bin.jsonl").write_bytes(bytes(rng.randrange(256) for _ in range(500)))
    files += [str(tmp_path / "bin.jsonl"), str(tmp_path / "missing.jsonl"), str(tmp_path)]
    words = [
        "1",
        "0",
        "-1",
        "305",
        "99999999999",
        "abc",
        "red=2",
        "red=-2",
        "pink=1",
        "=",
        "--json",
        "--kit",
        "nope",
        "t",
        "--last",
        "0",
        "--format",
        "xml",
        "--out",
        str(tmp_path / "no" / "x.pdf"),
        "--game",
        "chess",
        "--rules",
        "golf",
        "--rules",
        "nim",
        "--palette",
        "nope",
        "--menace-plays",
        "third",
        "--draw",
        "psychic",
        "--games",
        "0",
        "--notation",
        "klingon",
        "'; DROP TABLE kits;--",
        "\x00",
        "🙂",
        "--from",
        "pk",
        "--rename",
        "class b",
        "-",
    ]
    commands = [
        "box",
        "boxes",
        "census",
        "games",
        "stats",
        "kits",
        "undo",
        "discard",
        "verify",
        "export",
        "import",
        "new",
        "play",
        "report",
        "find",
        "rebuild",
        "record",
        "golf",
    ]
    connection = sqlite3.connect(db)
    count = lambda: connection.execute("SELECT count(*) FROM events").fetchone()[0]  # noqa: E731
    failures = 0
    for _ in range(1500):
        command = rng.choice(commands)
        args = [command, "--db", db, *rng.sample(words, rng.randint(0, 4))]
        if command in KIT_COMMANDS and rng.random() < 0.5:
            # Random `new`s add kits, and then a command without --kit is refused before it does anything:
            # naming the kit lets the command itself run on whatever else was drawn.
            args += ["--kit", "t"]
        if command in ("import", "record"):
            args.append(rng.choice(files))
        if command == "play":
            args += ["--kit", "nope"] if rng.random() < 0.5 else ["--games", "-3"]
        before = count()
        result = runner.invoke(main, args, input="")
        # CliRunner catches every exception into result.exception (a traceback never reaches the output):
        # anything but the command's own exit is a bug.
        assert result.exception is None or isinstance(result.exception, SystemExit), (args, result.exception)
        assert result.exit_code in (0, 1, 2), (args, result.output)
        if (
            result.exit_code == 1
        ):  # only `play` at the end of its (empty) input; valid, so it may have started a game
            assert command == "play" and "End of input." in result.output, (args, result.output)
        if result.exit_code == 2:
            failures += 1
            assert count() == before, (args, result.output)
            assert result.output.startswith(("Error: ", "Usage: ")), (args, result.output)
    problems, _ = verify(Store(db))
    assert problems == []
    print(f"\narguments: 1500 invocations, {failures} rejected")


def one_line_or_recorded(result, count_before: int, count_after: int) -> bool:
    """A command either did its work (exit 0) or refused in one line and changed nothing; True if refused."""
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert result.exit_code in (0, 2), result.output
    if result.exit_code == 2:
        assert result.output.startswith("Error: ") and result.output.count("\n") == 1, result.output
        assert count_after == count_before, result.output
    return result.exit_code == 2


@pytest.mark.slow
def test_hostile_games_typed_in_and_hostile_open_day_logs(tmp_path, monkeypatch):
    """`menace record` lines and `menace import --from pk` files, mostly broken: each is recorded whole or
    refused in one line with nothing written."""
    import json

    from tests.test_tracker_pk_log import CONFIG, GAMES

    monkeypatch.chdir(tmp_path)
    rng = random.Random(13)
    runner = CliRunner()
    db = str(tmp_path / "r.sqlite3")
    for args in (["new", "t", "--db", db], ["new", "g", "--db", db, "--rules", "golf"]):
        assert runner.invoke(main, args).exit_code == 0
    connection = sqlite3.connect(db)
    count = lambda: connection.execute("SELECT count(*) FROM events").fetchone()[0]  # noqa: E731
    words = ["1", "5", "9", "LL", "mm", "RR", "resign", "0", "10", "x", "LMR", "5,", "#", "1 2", "\t"]
    tried = refused = 0
    for _ in range(400):
        if rng.random() < 0.3:
            squares = rng.sample(range(1, 10), 9)  # a whole game's worth of squares, legal or not
            line = " ".join(str(n) for n in squares[: rng.randint(1, 9)])
        else:
            line = " ".join(rng.choice(words + [garbage(rng)]) for _ in range(rng.randint(0, 10)))
        before = count()
        result = runner.invoke(main, ["record", "--db", db, "--kit", rng.choice("tg")], input=line + "\n")
        tried += 1
        refused += one_line_or_recorded(result, before, count())
    pk_refused = 0
    for number in range(100):
        log = json.loads(json.dumps({"CONFIG": CONFIG, "GAMES": GAMES}))
        for _ in range(rng.randint(1, 3)):
            target = rng.choice(["CONFIG", "GAMES", "game", "game", "value"])
            if target == "CONFIG":
                key = rng.choice(list(log["CONFIG"]))
                log["CONFIG"][key] = rng.choice([None, [], "x", [1] * rng.randint(0, 12), -5, 10**30, {}])
            elif target == "GAMES":
                copied = json.loads(json.dumps(GAMES * 2))  # the test's own copy: it is changed below
                log["GAMES"] = rng.choice([None, {}, "GAMES", [[]], copied, [[4]] * 3])
            elif log["GAMES"] and isinstance(log["GAMES"], list):
                game = rng.choice(log["GAMES"])
                if isinstance(game, list) and game:
                    where = rng.randrange(len(game))
                    game[where] = rng.choice([rng.randrange(10), -1, 10, 9, "4", 4.0, None, [4], 10**20])
        text = json.dumps(log) if rng.random() < 0.9 else json.dumps(log)[: rng.randrange(200)]
        path = tmp_path / f"pk{number}.json"
        path.write_text(text)
        before = count()
        args = ["import", "--db", db, "--from", "pk", "--kit", f"pk {number}", str(path)]
        result = runner.invoke(main, args)
        tried += 1
        pk_refused += one_line_or_recorded(result, before, count())
    connection.close()
    problems, _ = verify(Store(db))
    assert problems == []
    assert refused > 200 and pk_refused > 50  # the hostile ones were refused, not a handful
    print(f"\nrecord and pk logs: {tried} inputs, {refused + pk_refused} refused in one line, the rest taken")


# Root writes anywhere: without the capabilities that let it, it meets the permissions as others do.
POWERLESS = ["setpriv", "--bounding-set=-dac_override,-dac_read_search,-fowner"] if os.geteuid() == 0 else []


@dataclass
class Outside:
    """`menace ARGS` in a process of its own, as a user that file permissions stop: a store made read-only
    cannot be tried in this process (as root it writes anyway). Answers as click's runner does."""

    args: list[str]

    def invoke(self) -> SimpleNamespace:
        command = [*POWERLESS, sys.executable, "-m", "tracker", *self.args]
        env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
        done = subprocess.run(command, capture_output=True, text=True, env=env, cwd="/", input="")
        crashed = "Traceback (most recent call last)" in done.stderr or done.returncode not in (0, 1, 2)
        return SimpleNamespace(exception=RuntimeError(done.stderr[-300:]) if crashed else None,
                               exit_code=done.returncode, output=done.stdout + done.stderr)  # fmt: skip


def page_sweep(tmp_path: Path, db: str) -> tuple[int, Callable[[int, str], str]]:
    """How many pages the store has (folded into its one file), and a way to copy it with one of its pages
    filled with garbage: a copy of its own for each command (a command that met the damage in this process
    may hold its connection, and SQLite's locks, until it is collected)."""
    base = tmp_path / "base.sqlite3"
    with sqlite3.connect(db) as connection:
        connection.execute("VACUUM INTO ?", (str(base),))
    connection.close()
    data = base.read_bytes()

    def spoiled(page: int, command: str) -> str:
        copy = tmp_path / f"page{page}-{command}.sqlite3"
        garbage = random.Random(page).randbytes(4096)
        copy.write_bytes(data[: (page - 1) * 4096] + garbage + data[page * 4096 :])
        return str(copy)

    return len(data) // 4096, spoiled


STORE_CATEGORIES = ("a read-only then writable store", "a corrupt page sweep")


@pytest.mark.parametrize("group", ["inputs", pytest.param("stores", marks=pytest.mark.slow)])
def test_hostile_inputs_by_category(tmp_path, monkeypatch, group):
    """The issue's categories of hostile input, each case either refused in one line with nothing changed
    or, where it is a fair request, done: the table counts tracebacks and silent acceptances (a case that
    should be refused and was taken), which must both be 0. The stores' categories (processes of their own
    as a user permissions stop, a store per page) take 10 s: the slow run has them."""
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    db = str(tmp_path / "a.sqlite3")
    assert runner.invoke(main, ["new", "t", "--db", db]).exit_code == 0
    assert runner.invoke(main, ["play", "--db", db, "--draw", "digital", "--opponent", "random", "--games",
                                "2", "--brief"]).exit_code == 0  # fmt: skip
    huge, big = str(10**100), str(10**30)
    rules = (ROOT / "kit" / "presets" / "michie.toml").read_text()
    write = lambda name, text: str(tmp_path / name) if (tmp_path / name).write_text(text) else name  # noqa: E731
    out = tmp_path / "e.jsonl"
    assert runner.invoke(main, ["export", "--db", db, "--out", str(out)]).exit_code == 0
    (tmp_path / "bom.jsonl").write_bytes(b"\xef\xbb\xbf" + out.read_bytes())
    (tmp_path / "bom.txt").write_bytes(b"\xef\xbb\xbf5 1 9 3 4 2\n")
    (tmp_path / "bom.toml").write_bytes(b"\xef\xbb\xbf" + rules.encode())
    (tmp_path / "target.jsonl").write_text("")
    (tmp_path / "link.jsonl").symlink_to(tmp_path / "target.jsonl")
    future = str(tmp_path / "future.sqlite3")
    assert runner.invoke(main, ["new", "f", "--db", future]).exit_code == 0
    with sqlite3.connect(future) as connection:
        connection.execute("INSERT INTO schema_migrations VALUES (99, 'a future schema', 'x')")
    refuse, accept, fail, either = "refuse", "accept", "fail", "either"
    chmod = lambda *modes: lambda: [os.chmod(path, mode) for path, mode in modes]  # noqa: E731
    folder, ro_db = tmp_path / "ro", str(tmp_path / "ro" / "r.sqlite3")
    folder.mkdir()
    ro = lambda *args: Outside([*args, "--db", ro_db])  # noqa: E731
    if group == "stores":
        assert runner.invoke(main, ["new", "r", "--db", ro_db]).exit_code == 0
    pages, spoiled = page_sweep(tmp_path, db) if group == "stores" else (0, None)
    digital = ["--draw", "digital", "--opponent", "random", "--games", "1", "--brief"]
    heaps = str(tmp_path / "h.sqlite3")
    assert runner.invoke(main, ["new", "h", "--db", heaps, "--game", "nim", "--heaps", "1,2"]).exit_code == 0
    palette = (ROOT / "kit" / "palettes" / "craft.toml").read_text()
    cases = {
        "unbounded numbers": [
            (["games", "--db", db, "--last", huge], refuse),
            (["simulate", "--games", huge], refuse),
            (["simulate", "--games", "3", "--population", huge], refuse),
            (["match", "--first", "random", "--second", "random", "--games", huge], refuse),
            (["match", "--first", f"mcts:{huge}", "--second", "random", "--games", "1"], refuse),
            (["new", "w", "--db", db, "--rules", write("win.toml", rules.replace("win = 3", f"win = {big}"))],
             refuse),
            (["new", "i", "--db", db, "--rules",
              write("beads.toml", rules.replace("initial_beads = [4", f"initial_beads = [{big}"))], refuse),
            (["play", "--db", db, "--games", huge], refuse),
        ],
        "TOML depth": [
            (["new", "d", "--db", db, "--rules", write("deep.toml", "a = " + "[" * 5000 + "]" * 5000)],
             refuse),
            (["new", "e", "--db", db, "--rules",
              write("deeper.toml", "a = " + "{b = " * 2000 + "1" + "}" * 2000)], refuse),
        ],
        "byte order marks": [
            (["import", "--db", str(tmp_path / "bom.sqlite3"), str(tmp_path / "bom.jsonl")], accept),
            (["record", "--db", db, str(tmp_path / "bom.txt")], accept),
            (["new", "b", "--db", db, "--rules", str(tmp_path / "bom.toml")], accept),
        ],
        "devices and links for --out": [
            (["export", "--db", db, "--out", "/dev/null"], accept),
            (["export", "--db", db, "--out", str(tmp_path / "link.jsonl")], accept),
            (["export", "--db", db, "--out", str(tmp_path)], refuse),
            (["export", "--db", db, "--out", str(tmp_path / "no" / "such" / "e.jsonl")], refuse),
        ],
        "a store from a future schema": [
            ([command, "--db", future] + extra, refuse)
            for command, extra in (("stats", []), ("verify", []), ("play", ["--games", "1"]), ("export", []),
                                   ("census", ["1", "red=2"]), ("rebuild", []))
        ],
        "a read-only then writable store": [] if group != "stores" else [
            (ro("stats"), accept, chmod((ro_db, 0o444))),  # its read leaves a -shm of 0444 beside it
            (ro("census", "1", "red=3"), refuse, None),
            (ro("census", "1", "red=3"), accept, chmod((ro_db, 0o644))),  # failed on that -shm until deleted
            (ro("play", *digital), accept, None),
            (ro("verify"), accept, chmod((ro_db, 0o444), (folder, 0o555))),
            (ro("new", "r2"), refuse, None),
            (ro("new", "r2"), accept, chmod((folder, 0o755), (ro_db, 0o644))),
        ],
        # Every page of a small store filled with garbage in turn: verify reports FAIL each time; the
        # commands that read or write the kit (on every fifth page) end in one line or do their work.
        "a corrupt page sweep": [
            (args + ["--db", spoiled(page, args[0])], fail if args == ["verify"] else either)
            for page in range(1, pages + 1)
            for args in [["verify"]] + ([["stats"], ["rebuild"], ["play", *digital], ["box", "1"]]
                                        if page % 5 == 1 else [])
        ],
        "wording": [
            (["record", "--db", heaps, write("heaps.txt", "2 from 2, 1 from 1\n")], accept),
            (["new", "u", "--db", db, "--palette", write("undo.toml", palette.replace('"red"', '"undo"'))],
             refuse),
            (["new", "q", "--db", db, "--palette", write("quit.toml", palette.replace('"red"', '"Quit"'))],
             refuse),
            (["boxes", "--game", "nim", "--heaps", "1,,2"], refuse),
        ],
    }  # fmt: skip
    table = []
    for category, runs in cases.items():
        if (category in STORE_CATEGORIES) != (group == "stores"):
            continue
        tracebacks = silent = 0
        for case in runs:
            args, expected, prepare = case if len(case) == 3 else (*case, None)
            if prepare is not None:
                prepare()
            result = args.invoke() if isinstance(args, Outside) else runner.invoke(main, args, input="")
            args = args.args if isinstance(args, Outside) else args
            if result.exception is not None and not isinstance(result.exception, SystemExit):
                tracebacks += 1
                print("traceback:", args[:3], repr(result.exception))
            elif expected in (refuse, fail) and result.exit_code == 0:
                silent += 1
                print("silently accepted:", args[:3], result.output[-200:])
            elif expected == fail:  # verify's finding: one FAIL line, exit 1
                assert result.exit_code == 1 and result.output.startswith("FAIL: "), (args, result.output)
                assert result.output.count("\n") == 1, (args, result.output)
            elif expected == refuse or (expected == either and result.exit_code != 0):
                assert result.exit_code == 2 and result.output.startswith("Error: "), (args, result.output)
                assert result.output.count("\n") == 1, (args, result.output)
                if category == "a store from a future schema":  # what to do, not only what is wrong
                    assert result.output.endswith("with that version (or a later one)\n"), result.output
            else:
                assert result.exit_code == 0, (args, result.output)
        table.append((category, len(runs), tracebacks, silent))
    print("\ncategory                          cases  tracebacks  silent acceptances")
    for row in table:
        print(f"{row[0]:<32}  {row[1]:>5}  {row[2]:>10}  {row[3]:>18}")
    assert [row[2:] for row in table] == [(0, 0)] * len(table)
    if group == "inputs":  # the export through the link wrote its target, and the link is still one
        assert (tmp_path / "link.jsonl").is_symlink()
        assert (tmp_path / "target.jsonl").read_text().startswith("{")
    assert verify(Store(db))[0] == []


@pytest.mark.slow
def test_hostile_requests_to_the_screen_as_a_server(tmp_path):
    """The category "the screen as a server" (tests/web_hostile.py): 0 server errors, 0 silent acceptances."""
    pytest.importorskip("werkzeug", reason="the web extra is not installed: pip install '.[web]'")
    from tests.web_hostile import screen_row

    row = screen_row(tmp_path)
    print(f"\n{row[0]:<30}  {row[1]:>5}  {row[2]:>10}  {row[3]:>18}")
    assert row[2:] == (0, 0)
