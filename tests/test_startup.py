"""`menace` answers at once: no heavy library is imported on the paths where people wait."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

HEAVY = ("numpy", "networkx", "reportlab", "numba")  # numba: the tracker installs the compiled MCTS at import
PROBE = """
import sys
from click.testing import CliRunner
from tracker.cli.main import main
result = CliRunner().invoke(main, sys.argv[1:])
assert result.exit_code == 0, result.output
print(sorted(m for m in {heavy!r} if m in sys.modules))
"""


@pytest.mark.parametrize("args", [["--help"], ["find", "X...O...."], ["boxes", "--json"]])
def test_no_heavy_imports(args):
    probe = PROBE.format(heavy=HEAVY)
    result = subprocess.run(
        [sys.executable, "-c", probe, *args],
        capture_output=True,
        text=True,
        check=True,
        cwd=Path(__file__).parent.parent,
    )
    assert result.stdout.strip() == "[]", f"menace {' '.join(args)} imported {result.stdout.strip()}"


def test_the_installed_command_runs_from_anywhere(tmp_path):
    """The console script and its data files (presets, palettes) are installed, not only in the source."""
    menace = shutil.which("menace", path=os.path.dirname(sys.executable))
    if menace is None:
        pytest.skip("menace-kit is not installed in this interpreter's environment (running from source)")
    result = subprocess.run(
        [menace, "find", "--json", "X...O...."], capture_output=True, text=True, cwd=tmp_path, check=True
    )
    assert json.loads(result.stdout)["box"] == 8
