"""The README as a newcomer reads it: short, its Quick start intact, and every `menace` line in it working.

Each `menace` line of the README's `sh` blocks runs, in order, in a fresh folder with a store of its own, as
a teacher would type it; it must exit 0. `menace serve` must start and print its address.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text()
ANSWERS = {"play": "quit\n"}  # what the person types at an interactive command's prompt


def sh_blocks(text: str) -> list[list[str]]:
    return [block.splitlines() for block in re.findall(r"^```sh\n(.*?)^```$", text, re.M | re.S)]


def menace_lines(text: str) -> list[list[str]]:
    """Every `menace ...` command of the sh blocks, as its words, comments dropped."""
    return [
        shlex.split(line, comments=True)
        for block in sh_blocks(text)
        for line in block
        if line.startswith("menace ")
    ]


def test_the_readme_is_short_and_keeps_the_two_commands_in_its_quick_start():
    assert len(README.splitlines()) <= 150
    quick_start = sh_blocks(README.split("## Quick start", 1)[1])[0]
    assert len(quick_start) == 2
    assert quick_start[0].endswith(".venv/bin/menace generate")
    assert quick_start[1].endswith('.venv/bin/python -m pytest -q -n auto -m "not slow"')


def test_the_readme_links_only_to_files_that_exist():
    links = [link for link in re.findall(r"\]\(([^)#]+)", README) if not link.startswith("http")]
    assert links, "the README links into the documentation"
    assert [link for link in links if not (ROOT / link).exists()] == []


def test_menace_lines_are_found():
    commands = [words[1] for words in menace_lines(README)]
    assert {"generate", "new", "play", "serve", "simulate"} <= set(commands)


def environment(folder: Path) -> dict[str, str]:
    return {**os.environ, "MENACE_DB": str(folder / "store.sqlite3"), "MENACE_LANG": "en"}


@pytest.mark.slow
def test_every_menace_line_in_the_readme_runs(tmp_path):
    """In order, so that `menace play --kit class-7b` finds the kit `menace new class-7b` made."""
    for words in menace_lines(README):
        if words[1] == "serve":  # a server: the next test starts it
            continue
        done = subprocess.run(
            [sys.executable, "-m", "tracker", *words[1:]],
            cwd=tmp_path,
            env=environment(tmp_path),
            input=ANSWERS.get(words[1], ""),
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert done.returncode == 0, f"{shlex.join(words)}: {done.stderr[-500:]}"


def test_the_readmes_menace_serve_starts_and_names_its_address(tmp_path):
    pytest.importorskip("werkzeug", reason="menace serve needs the web extra: pip install '.[web]'")
    env = environment(tmp_path)
    for words in menace_lines(README):
        if words[1] == "new":
            subprocess.run(
                [sys.executable, "-m", "tracker", *words[1:]], env=env, check=True, capture_output=True
            )
        if words[1] == "serve":
            server = subprocess.Popen(
                [sys.executable, "-m", "tracker", *words[1:], "--port", "0"],
                cwd=tmp_path,
                env=env,
                stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT,
                text=True,
            )
            try:
                assert server.stdout is not None
                assert "http://127.0.0.1:" in server.stdout.readline()
            finally:
                server.terminate()
                server.wait(timeout=10)
