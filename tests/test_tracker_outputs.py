"""tracker.cli.outputs: no command writes its output over the store, the store's -wal or -shm, or a file it
reads, and every output is written whole or not at all; a failed import into a new store leaves none."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.cli import play_random, run
from tracker.cli.main import main

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def db(tmp_path) -> str:
    path = str(tmp_path / "s.sqlite3")
    assert run("new", "t", "--db", path).exit_code == 0
    assert play_random(path, games=2, seed=1).exit_code == 0
    return path


def refused_and_store_whole(result, db: str, option: str) -> None:
    assert result.exit_code == 2, result.output
    assert result.output.startswith(f"Error: {option} ") and result.output.count("\n") == 1, result.output
    assert "would destroy" in result.output, result.output
    assert run("verify", "--db", db).exit_code == 0


@pytest.mark.parametrize("end", ["", "-wal", "-shm"])
def test_export_onto_the_store_or_its_files_is_refused(db, end):
    """The issue's `menace export --db S --out S`: 'wrote 402 events to S', and S damaged."""
    refused_and_store_whole(run("export", "--db", db, "--out", db + end), db, "--out")
    refused_and_store_whole(run("export", "--db", db, "--format", "csv", "--out", db + end), db, "--out")


def test_an_output_that_reaches_the_store_by_a_link_is_refused(db, tmp_path):
    (tmp_path / "soft.jsonl").symlink_to(db)
    os.link(db, tmp_path / "hard.jsonl")
    for name in ("soft.jsonl", "hard.jsonl"):
        refused_and_store_whole(run("export", "--db", db, "--out", str(tmp_path / name)), db, "--out")


def test_report_graph_simulate_and_match_onto_the_store_are_refused(db, monkeypatch):
    """The issue's other outputs onto the store; simulate and graph open none but the default store's."""
    refused_and_store_whole(run("report", "--db", db, "--out", db), db, "--out")
    monkeypatch.setenv("MENACE_DB", db)
    refused_and_store_whole(run("graph", "--game", "nim", "--out", db), db, "--out")
    refused_and_store_whole(run("simulate", "--games", "1", "--report", db), db, "--report")
    refused_and_store_whole(
        run(
            "match",
            "--game",
            "nim",
            "--heaps",
            "1,2",
            "--first",
            "q",
            "--second",
            "random",
            "--games",
            "1",
            "--save-first",
            db,
        ),
        db,
        "--save-first",
    )
    refused_and_store_whole(
        run("study", "thinking-time", "--games", "1", "--iterations", "1", "--out", db + "-wal"), db, "--out"
    )


def test_an_output_onto_an_input_of_the_command_is_refused(tmp_path):
    rules = tmp_path / "r.toml"
    rules.write_text((ROOT / "kit" / "presets" / "michie.toml").read_text())
    done = run("graph", "--rules", str(rules), "--out", str(rules))
    assert done.exit_code == 2 and "is also a file this command reads" in done.output, done.output
    assert rules.read_text().startswith((ROOT / "kit" / "presets" / "michie.toml").read_text()[:20])


def test_graph_out_is_written_whole_or_not_at_all(tmp_path, monkeypatch):
    """The issue: graph --out wrote in place (kill -9 left a 0-byte file); a failed write now keeps the old
    file and leaves no temporary file beside it."""
    monkeypatch.setenv("MENACE_DB", str(tmp_path / "none.sqlite3"))
    out = tmp_path / "tree.graphml"
    out.write_text("the old tree")
    import generator.tree

    def fails(graph, path):
        Path(path).write_text("half a tree")
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(generator.tree, "write_graphml", fails)
    done = run("graph", "--game", "nim", "--out", str(out))
    assert done.exit_code == 2 and "No space left on device" in done.output, done.output
    assert out.read_text() == "the old tree" and sorted(os.listdir(tmp_path)) == ["tree.graphml"]
    monkeypatch.undo()
    monkeypatch.setenv("MENACE_DB", str(tmp_path / "none.sqlite3"))
    assert run("graph", "--game", "nim", "--out", str(out)).exit_code == 0
    assert out.read_text().startswith("<?xml")


def test_empty_output_and_store_names_say_so(db):
    """The issue: `report --out ""` said 'cannot write .: Device or resource busy', `--db ""` that the store
    'cannot be written ... make them writable'."""
    done = run("report", "--db", db, "--out", "")
    assert done.exit_code == 2 and "--out: the file name is empty" in done.output, done.output
    done = run("stats", "--db", "")
    assert done.exit_code == 2 and "--db: the file name is empty" in done.output, done.output
    done = CliRunner().invoke(main, ["stats"], env={"MENACE_DB": "/"})
    assert done.output == "Error: the store / is a folder: name the store's file, e.g. /menace.sqlite3\n"


def edited_export(db: str, tmp_path: Path) -> Path:
    """An export whose last game's result was edited and every hash recomputed: it fails at its end."""
    from tests.test_tracker_import_trust import exported, rechained, write

    header, lines = exported(db, tmp_path)
    last = next(line for line in reversed(lines) if line["kind"] == "game_ended")
    last["data"]["result"] = {"win": "loss", "loss": "draw", "draw": "win"}[last["data"]["result"]]
    return Path(write(tmp_path, header, rechained(lines)))


def test_a_failed_import_into_a_new_store_leaves_none_and_keeps_one_made_meanwhile(db, tmp_path, monkeypatch):
    """The issue: `menace import --db N F &` then `menace new other --db N` while it runs; the import failed
    and deleted N with kit other. Now the import fills a store of its own beside N, so N, made meanwhile,
    is never touched, and a failed import into no store leaves none."""
    bad = edited_export(db, tmp_path)
    target = tmp_path / "n.sqlite3"
    done = run("import", "--db", str(target), str(bad))
    assert done.exit_code == 2 and done.output.endswith("nothing imported\n"), done.output
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(("n.", ".n."))) == []
    import tracker.store.exchange as exchange

    real = exchange.import_events

    def meanwhile(store, text, **kwargs):  # another process's `menace new other` while the import runs
        assert run("new", "other", "--db", str(target)).exit_code == 0
        return real(store, text, **kwargs)

    monkeypatch.setattr(exchange, "import_events", meanwhile)
    done = run("import", "--db", str(target), str(bad))
    assert done.exit_code == 2, done.output
    monkeypatch.undo()
    assert run("kits", "--db", str(target)).output.startswith("other:")
    assert run("verify", "--db", str(target)).exit_code == 0


def test_a_good_import_into_a_new_store_or_one_made_meanwhile_imports(db, tmp_path):
    out = tmp_path / "good.jsonl"
    assert run("export", "--db", db, "--out", str(out)).exit_code == 0
    target = tmp_path / "n.sqlite3"
    done = run("import", "--db", str(target), str(out))
    assert done.exit_code == 0 and done.output.startswith("imported "), done.output
    assert run("verify", "--db", str(target)).exit_code == 0
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".n.")) == []


def test_a_killed_import_into_a_new_store_leaves_no_empty_store(db, tmp_path):
    """The issue: a killed import into a new store left an empty store. kill -9 as soon as the import has a
    file of its own (beside --db, or at --db as it did): --db then holds no store, or the whole import."""
    big = tmp_path / "big.jsonl"
    assert play_random(db, games=150, seed=2).exit_code == 0
    assert run("export", "--db", db, "--out", str(big)).exit_code == 0
    target = tmp_path / "k.sqlite3"
    command = [sys.executable, "-m", "tracker", "import", "--db", str(target), str(big)]
    process = subprocess.Popen(command, cwd=tmp_path, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 30
    while (
        not list(tmp_path.glob(".k.sqlite3.*"))
        and not target.exists()
        and process.poll() is None
        and time.monotonic() < deadline
    ):
        time.sleep(0.002)
    process.send_signal(signal.SIGKILL)
    process.wait(10)
    if target.exists():  # it was put in place before the kill: the whole import, never an empty store
        assert run("kits", "--db", str(target)).output.startswith("t:")
        assert run("verify", "--db", str(target)).exit_code == 0


def test_a_good_import_keeps_a_store_made_meanwhile_and_imports_into_it(db, tmp_path, monkeypatch):
    """A store made at --db while the import filled its own (another process's `menace new other`): the
    import is made into it, never over it, so both kits are there."""
    out = tmp_path / "good.jsonl"
    assert run("export", "--db", db, "--out", str(out)).exit_code == 0
    target = tmp_path / "n.sqlite3"
    import tracker.store.exchange as exchange

    real, made = exchange.import_events, []

    def meanwhile(store, text, **kwargs):
        if not made:
            made.append(run("new", "other", "--db", str(target)).exit_code)
        return real(store, text, **kwargs)

    monkeypatch.setattr(exchange, "import_events", meanwhile)
    done = run("import", "--db", str(target), str(out))
    assert made == [0] and done.exit_code == 0, done.output
    monkeypatch.undo()
    kits = run("kits", "--db", str(target)).output.splitlines()
    assert sorted(line.split(":")[0] for line in kits) == ["other", "t"]
    assert run("verify", "--db", str(target)).exit_code == 0


def test_an_import_into_a_new_store_where_there_are_no_hard_links(db, tmp_path, monkeypatch):
    """A FAT memory stick has no hard links: the import's own store is moved into place instead."""
    out = tmp_path / "good.jsonl"
    assert run("export", "--db", db, "--out", str(out)).exit_code == 0

    def no_links(source, target):
        raise OSError(1, "Operation not permitted")

    monkeypatch.setattr(os, "link", no_links)
    target = tmp_path / "stick.sqlite3"
    assert run("import", "--db", str(target), str(out)).exit_code == 0
    monkeypatch.undo()
    assert run("verify", "--db", str(target)).exit_code == 0
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".stick.")) == []
