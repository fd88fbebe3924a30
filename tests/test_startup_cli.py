"""The lazy `menace` group: its index of commands agrees with the commands, and --help loads none of them."""

from __future__ import annotations

import importlib
import os
import pkgutil
import subprocess
import sys
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

import tracker.cli
from kit.games import GAMES
from tracker.cli.index import COMMANDS, SECTIONS
from tracker.cli.main import MenaceGroup, main
from tracker.cli.options import KIT_GAMES


def real_commands() -> dict[str, tuple[str, click.Command]]:
    """Every command the modules of tracker.cli define, by name: (module, command)."""
    found: dict[str, tuple[str, click.Command]] = {}
    for info in pkgutil.iter_modules(tracker.cli.__path__):
        if info.name in ("index", "main"):  # the index and the group, not modules of commands
            continue
        module = importlib.import_module(f"tracker.cli.{info.name}")
        for command in getattr(module, "COMMANDS", []):
            assert command.name not in found, f"two commands called {command.name}"
            found[command.name] = (info.name, command)
    return found


def test_the_index_names_every_command_its_module_and_its_short_help():
    real = real_commands()
    assert sorted(COMMANDS) == sorted(real), "add or remove the command in tracker/cli/index.py"
    for name, (module, command) in real.items():
        entry, short_help = COMMANDS[name], command.get_short_help_str(10**6)
        assert entry.module == module, name
        assert entry.short_help == short_help, f"{name}: tracker/cli/index.py should say {short_help!r}"


def commands_section(group: click.Group, width: int) -> str:
    formatter = click.HelpFormatter(width=width)
    group.format_commands(click.Context(group, info_name="menace"), formatter)
    return formatter.getvalue()


@pytest.mark.parametrize("width", [50, 80, 200])
def test_help_lists_the_commands_as_click_would_with_every_module_loaded(width):
    lazy = MenaceGroup(name="menace")
    eager = MenaceGroup(name="menace", commands=[command for _, command in real_commands().values()])
    assert commands_section(lazy, width) == commands_section(eager, width)
    assert lazy.commands == {}, "listing the commands loaded one"


def test_every_command_is_in_exactly_one_section_of_the_help():
    listed = [name for _, members in SECTIONS for name in members]
    assert sorted(listed) == sorted(COMMANDS), "name each command in one section of tracker/cli/index.py"
    shown = commands_section(MenaceGroup(name="menace"), 80)
    headings = [line for line in shown.splitlines() if line and not line.startswith(" ")]
    assert headings == [f"{title}:" for title, _ in SECTIONS]
    rows = [line.split()[0] for line in shown.splitlines() if line.startswith("  ")]
    assert sorted(rows) == sorted(COMMANDS) and len(rows) == len(set(rows))


def test_the_help_names_every_machine_and_each_command_fits_one_line():
    result = CliRunner().invoke(main, ["--help"], terminal_width=80)
    assert all(name in result.output for name in ("noughts and crosses", "Nim", "Hexapawn"))
    assert "..." not in commands_section(MenaceGroup(name="menace"), 80), "a short help is cut at 80 columns"


def test_a_command_runs_from_the_group_and_unknown_names_stay_unknown():
    group = MenaceGroup(name="menace")
    ctx = click.Context(group)
    assert group.get_command(ctx, "find") is not None
    assert sorted(group.commands) == ["boxes", "find", "graph"]  # the module's commands, no others
    assert group.get_command(ctx, "nonsense") is None
    result = CliRunner().invoke(main, ["nonsense"])
    assert result.exit_code == 2 and "no command nonsense" in result.output
    result = CliRunner().invoke(main, ["simulat"])
    assert result.exit_code == 2 and "no command simulat; did you mean simulate?" in result.output


PROBE = """
import sys
from click.testing import CliRunner
from tracker.cli.main import main
result = CliRunner().invoke(main, sys.argv[1:])
assert result.exit_code == 0, result.output
print(sorted(m.rpartition(".")[2] for m in sys.modules if m.startswith("tracker.cli.")
             and m not in ("tracker.cli.main", "tracker.cli.index")))
"""


@pytest.mark.parametrize(("args", "loaded"), [
    (["--help"], []),
    (["find", "X...O...."], ["catalogue", "options"]),
    (["simulate", "--help"], ["options", "simulate"]),
])  # fmt: skip
def test_only_the_command_run_is_imported(args, loaded):
    result = subprocess.run([sys.executable, "-c", PROBE, *args], capture_output=True, text=True, check=True,
                            cwd=Path(__file__).parent.parent)  # fmt: skip
    assert result.stdout.strip() == str(loaded)


SIMULATE_PROBE = """
import sys
from click.testing import CliRunner
from tracker.cli.main import main
result = CliRunner().invoke(main, ["simulate", "--engine", "kit", "--games", "30", "--json"])
assert result.exit_code == 0, result.output
print(sorted(m for m in {unwanted!r} if m in sys.modules))
"""


def test_one_menace_loads_no_report_store_or_numpy_engine():
    """simulate --json prints no chart and opens no store: their modules stay out of its start-up."""
    unwanted = ("generator.charts", "reportlab", "networkx", "tracker.sim.report",
                "tracker.store.event_store", "tracker.sim.engine_numpy",
                "tracker.sim.engine_numba")  # fmt: skip
    probe = SIMULATE_PROBE.format(unwanted=unwanted)
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True,
                            cwd=Path(__file__).parent.parent)  # fmt: skip
    assert result.stdout.strip() == "[]"


def test_a_noughts_and_crosses_run_loads_no_other_game_palette_or_process_pool():
    """kit.games imports a game's module when it is asked for, kit's presets are read without
    importlib.resources, the tables without zipfile, the summary without the report's charts, and the
    simulator's workers are plain forks."""
    unwanted = ("kit.othello", "kit.ultimate", "kit.connect4", "kit.palettes", "importlib.resources",
                "zipfile", "multiprocessing", "concurrent.futures", "generator.charts",
                "tracker.state.kit_record")  # fmt: skip
    probe = "import tracker.sim.workers\n" + SIMULATE_PROBE.format(unwanted=unwanted).replace(
        '"kit", "--games", "30", "--json"', '"numpy", "--games", "30", "--population", "5"'
    )
    assert '"numpy"' in probe  # and its summary as text: no charts nor kit record for it
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True,
                            cwd=Path(__file__).parent.parent)  # fmt: skip
    assert result.stdout.strip() == "[]"


def test_a_simulation_leaves_its_objects_uncollected_at_exit_once_however_many_runs():
    """simulate freezes the garbage collector at exit (30-70 ms of Python's clean-up), registered once,
    and not before: the process goes on collecting until then."""
    # atexit runs the last registered first: the check, registered first, sees what gc.freeze left
    probe = (
        "import atexit, gc\nfreeze = gc.freeze\ngc.freeze = lambda: (print('frozen'), freeze())\n"
        "atexit.register(lambda: print(gc.get_freeze_count() > 1000))\n"
        "from tracker.cli.simulate import skip_collection_at_exit\n"
        "skip_collection_at_exit()\nskip_collection_at_exit()\nprint(gc.get_freeze_count())"
    )
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True,
                            cwd=Path(__file__).parent.parent)  # fmt: skip
    assert result.stdout.split() == ["0", "frozen", "True"]


def test_the_games_the_options_offer_are_those_with_a_kit():
    """tracker.cli.options names them rather than import every game to ask each."""
    assert KIT_GAMES == [name for name, game in GAMES.items() if game.no_matchbox_kit is None]


@pytest.mark.parametrize(("given", "expected"), [(None, "1"), ("4", "4")])
def test_openblas_starts_no_threads_unless_the_user_asks(given, expected):
    """No command does linear algebra; OpenBLAS's thread per core cost numpy's import 0.1 s and more."""
    env = {k: v for k, v in os.environ.items() if k != "OPENBLAS_NUM_THREADS"}
    if given is not None:
        env["OPENBLAS_NUM_THREADS"] = given
    probe = "import os, tracker.cli.main; print(os.environ['OPENBLAS_NUM_THREADS'])"
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True,
                            env=env, cwd=Path(__file__).parent.parent)  # fmt: skip
    assert result.stdout.strip() == expected
