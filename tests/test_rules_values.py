"""--rules is read once, at the command line: below it the rules travel as a value (kit.rules.Rules, a
frozen dataclass), so catalogues, engine tables and their caches never look a preset or a file up again,
and the simulator's disk cache is named by what the rules say, not by what they are called."""

from __future__ import annotations

import json
import traceback
from pathlib import Path

import pytest

from kit import datafiles
from kit.catalogue import build_catalogue
from kit.games import game_from_spec
from kit.rules import choose_rules, load_rules
from tests.cli import run
from tracker.sim import cache
from tracker.sim.flat import menace_tables, rules_key
from tracker.sim.tables import box_tables

BELOW_THE_COMMAND_LINE = ("generator/", "tracker/sim/", "tracker/lab/", "tracker/table/", "tracker/store/")
SCROGGS_FILE = """game = "tictactoe"
initial_beads = [8, 4, 2, 1]
win = 3
draw = 1
loss = -1
"""


@pytest.fixture
def cold(tmp_path, monkeypatch):
    """No table built yet, in memory or on disk: a name looked up below the command line cannot hide
    behind a cache that an earlier test filled."""
    monkeypatch.setenv("MENACE_CACHE_DIR", str(tmp_path / "cache"))
    for cached in (cache.cache_dir, build_catalogue, box_tables, menace_tables):
        cached.cache_clear()
    yield tmp_path
    for cached in (cache.cache_dir, build_catalogue, box_tables, menace_tables):
        cached.cache_clear()


@pytest.fixture
def reads(monkeypatch):
    """Where each rules preset or rules file was read: the calling files of each read, innermost last."""
    seen: list[list[str]] = []
    read, read_file = datafiles.read, datafiles.read_file

    def where() -> list[str]:
        return [frame.filename for frame in traceback.extract_stack()[:-2]]

    def counted_read(folder: str, name: str):
        if folder == "presets":
            seen.append(where())
        return read(folder, name)

    def counted_read_file(path: str):
        seen.append(where())
        return read_file(path)

    monkeypatch.setattr(datafiles, "read", counted_read)
    monkeypatch.setattr(datafiles, "read_file", counted_read_file)
    return seen


def _read_at_the_command_line(stack: list[str]) -> bool:
    ours = [Path(name).as_posix() for name in stack if "/site-packages/" not in name]
    return any(name.endswith("tracker/cli/options.py") for name in ours) and not any(
        part in name for name in ours for part in BELOW_THE_COMMAND_LINE
    )


@pytest.mark.parametrize("engine", ["kit", "numpy"])
@pytest.mark.parametrize("rules", ["scroggs", None, "file"])
def test_simulate_reads_the_rules_once_at_the_command_line(cold, reads, engine, rules):
    if rules == "file":
        rules = str(cold / "mine.toml")
        Path(rules).write_text(SCROGGS_FILE, encoding="utf-8")
    given = [] if rules is None else ["--rules", rules]
    result = run(
        "simulate",
        *given,
        "--games",
        "30",
        "--population",
        "20",
        "--opponent",
        "menace",
        "--engine",
        engine,
        "--seed",
        "1",
        "--json",
    )
    assert result.exit_code == 0, result.output
    named = {None: "michie", "scroggs": "scroggs"}.get(rules, "mine.toml")  # JSON names them as before
    assert json.loads(result.stdout)["rules"] == named
    assert len(reads) == 1, [stack[-3:] for stack in reads]
    assert _read_at_the_command_line(reads[0]), reads[0][-4:]


def test_file_rules_key_the_disk_cache_by_their_content(cold, tmp_path):
    one, two = tmp_path / "one.toml", tmp_path / "two.toml"
    one.write_text(SCROGGS_FILE, encoding="utf-8")
    two.write_text(SCROGGS_FILE, encoding="utf-8")
    first, same = (choose_rules(str(path), game="tictactoe") for path in (one, two))
    assert first.name != same.name and rules_key(first) == rules_key(same)
    menace_tables(game_from_spec("tictactoe"), "first", first)
    menace_tables(game_from_spec("tictactoe"), "first", same)
    assert len(list((tmp_path / "cache").glob("menace-*.tables"))) == 1  # two names, one content, one file
    one.write_text(SCROGGS_FILE.replace("win = 3", "win = 2"), encoding="utf-8")
    changed = choose_rules(str(one), game="tictactoe")
    assert rules_key(changed) != rules_key(first)
    tables = menace_tables(game_from_spec("tictactoe"), "first", changed)
    assert tables.change.tolist() == [-1, 1, 2]  # the changed file's win, not the stale one's
    assert len(list((tmp_path / "cache").glob("menace-*.tables"))) == 2


def test_a_preset_and_a_file_that_say_the_same_share_tables(cold, tmp_path):
    michie = load_rules("michie")
    copy = tmp_path / "michie-copy.toml"
    copy.write_text(
        "\n".join(f"{key} = {json.dumps(value)}" for key, value in michie.as_file().items()), encoding="utf-8"
    )
    assert rules_key(choose_rules(str(copy), game="tictactoe")) == rules_key(michie)
    assert rules_key(load_rules("scroggs")) != rules_key(michie)


def test_below_the_command_line_a_catalogue_takes_rules_not_a_name():
    with pytest.raises(TypeError, match="takes Rules, not str"):
        build_catalogue("tictactoe", "first", "michie")  # type: ignore[arg-type]
