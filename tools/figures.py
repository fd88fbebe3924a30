"""The figures in README.md and docs/ that a command prints: each is written by running its command.

    python tools/figures.py            # runs every figure's command and writes what it printed into its page
    python tools/figures.py --check    # says which figures differ from what their commands print now

A figure sits in its page between ``<!-- figure NAME -->`` and ``<!-- /figure -->`` (Markdown and GitHub
hide the markers), and the page also gives the command, with its engine and seed, so a reader can run
it. tests/test_figures.py runs every command and fails when a page and its command disagree: the quick
ones in the quick run, the rest marked slow. docs/reproductions.md is written whole by
tools/reproductions.py, and checked the same way.

Figures measured rather than computed (speeds, from bench/) are not here: each says when and how it was
measured beside it.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
# A marker may wrap over lines like any other words of the page.
MARKED = re.compile(r"<!--\s+figure\s+([\w-]+)\s+-->(.*?)<!--\s+/figure\s+-->", re.DOTALL)


@dataclass(frozen=True)
class Figure:
    """A figure of a page and the commands whose output it is, run in order in one fresh store."""

    name: str
    page: str  # relative to the repository
    runs: tuple[tuple[str, ...], ...]  # each a `menace` command's arguments
    render: Callable[[list[Output]], str]  # what the commands printed -> the figure's text
    shown: str = ""  # the command as the page gives it, when it is not the first run as it stands
    slow: bool = False

    @property
    def command(self) -> str:
        return self.shown or "menace " + " ".join(arg for arg in self.runs[0] if arg != "--json")


@dataclass(frozen=True)
class Output:
    """What a command printed."""

    stdout: str
    stderr: str

    def json(self) -> Any:
        return json.loads(self.stdout)


def run(runs: tuple[tuple[str, ...], ...]) -> list[Output]:
    """What each command printed, run in a fresh store and a fresh working folder (for `generate`)."""
    outputs = []
    with tempfile.TemporaryDirectory() as folder:
        env = {
            **os.environ,
            "MENACE_DB": str(Path(folder) / "menace.sqlite3"),
            "MENACE_LANG": "en",
            "PYTHONPATH": str(ROOT),
        }
        for args in runs:
            done = subprocess.run(
                [sys.executable, "-m", "tracker", *args],
                capture_output=True,
                text=True,
                check=True,
                cwd=folder,
                env=env,
            )
            outputs.append(Output(done.stdout, done.stderr))
    return outputs


def pct(part: float, whole: float) -> str:
    return f"{100 * part / whole:.1f}%"


def first_box_dry(outputs: list[Output]) -> str:
    result = outputs[0].json()
    return f"{pct(result['first_box_empty'], result['population'])} ({result['first_box_empty']:,})"


def results(outputs: list[Output]) -> str:
    result = outputs[0].json()
    games = result["games"] * result["population"]
    wins, draws, losses = (pct(result[key], games) for key in ("wins", "draws", "losses"))
    return f"{wins} wins, {draws} draws, {losses} losses"


def go_blog_matches(outputs: list[Output]) -> str:
    found = [output.json() for output in outputs]
    wins = [f"{result['first_wins']:,}" for result in found]
    draws = ", ".join(f"{result['draws']:,}" for result in found)
    return f"{', '.join(wins[:-1])} and {wins[-1]} wins (draws {draws})"


def generate_says(outputs: list[Output]) -> str:
    return outputs[0].stderr.splitlines()[0]


def finder_pages(outputs: list[Output]) -> str:
    line = next(line for line in outputs[0].stderr.splitlines() if "finder.pdf" in line)
    return re.search(r"(\d+) pages?\)", line).group(1)  # type: ignore[union-attr]


def trained(outputs: list[Output]) -> str:
    return re.search(r"won \d+, drew \d+, lost \d+", outputs[0].stdout + outputs[0].stderr).group(0)  # type: ignore[union-attr]


def opening_box(outputs: list[Output]) -> str:
    box: dict[str, Any] = outputs[1].json()
    beads = {int(code): count for code, count in box["beads"].items()}
    total = sum(beads.values())
    return (
        f"square 1 holds {round(100 * beads[0] / total)}% of the {total:,} beads, the centre "
        f"{round(100 * beads[4] / total)}%"
    )


SIMULATE = (
    "simulate",
    "--engine",
    "numpy",
    "--games",
    "200",
    "--population",
    "1000",
    "--opponent",
    "perfect",
    "--seed",
    "1",
)
GO_BLOG = (
    "match",
    "--game",
    "tictactoe",
    "--symmetry",
    "none",
    "--first",
    "menace:go-blog",
    "--second",
    "menace:go-blog",
    "--games",
    "1000",
)
RAW_KIT = ("generate", "--game", "tictactoe", "--symmetry", "none")
BLOG = (
    "train",
    "blog",
    "--game",
    "tictactoe",
    "--symmetry",
    "none",
    "--forced-boxes",
    "--rules",
    "go-blog",
    "--games",
    "1000",
    "--seed",
    "1",
)

FIGURES = (
    Figure("readme-michie-dry", "README.md", ((*SIMULATE, "--json"),), first_box_dry),
    Figure("readme-scroggs-dry", "README.md", ((*SIMULATE, "--rules", "scroggs", "--json"),), first_box_dry),
    Figure(
        "go-blog-matches",
        "docs/games.md",
        tuple((*GO_BLOG, "--seed", seed, "--json") for seed in "123"),
        go_blog_matches,
        shown="menace " + " ".join(GO_BLOG) + " --seed S",
        slow=True,
    ),
    Figure(
        "go-blog-simulate",
        "docs/games.md",
        (
            (
                "simulate",
                "--engine",
                "numpy",
                "--game",
                "tictactoe",
                "--symmetry",
                "none",
                "--rules",
                "go-blog",
                "--opponent",
                "menace",
                "--games",
                "1000",
                "--population",
                "200",
                "--seed",
                "1",
                "--json",
            ),
        ),
        results,
        slow=True,
    ),
    Figure("blog-trained", "docs/games.md", (BLOG,), trained),
    Figure("blog-opening-box", "docs/games.md", (BLOG, ("box", "1", "--kit", "blog", "--json")), opening_box),
    Figure(
        "raw-kit-says",
        "docs/games.md",
        ((*RAW_KIT, "--out", "kits"),),
        generate_says,
        shown="menace " + " ".join(RAW_KIT),
        slow=True,
    ),
    Figure(
        "raw-kit-finder",
        "docs/games.md",
        ((*RAW_KIT, "--out", "kits"),),
        finder_pages,
        shown="menace " + " ".join(RAW_KIT),
        slow=True,
    ),
)


def marked(page: str) -> dict[str, str]:
    """The figures a page marks, by name: their text as the page has it."""
    return {name: " ".join(text.split()) for name, text in MARKED.findall((ROOT / page).read_text())}


def shows_command(page: str, command: str) -> bool:
    """Whether the page gives the command (wrapped over lines or not)."""
    return " ".join(command.split()) in " ".join((ROOT / page).read_text().split())


def write(figure: Figure, text: str) -> None:
    path = ROOT / figure.page
    page = path.read_text()

    def put(found: re.Match[str]) -> str:
        whole = found.group(0)
        return whole if found.group(1) != figure.name else whole.replace(found.group(2), text)

    path.write_text(MARKED.sub(put, page))


def main(argv: list[str]) -> int:
    check = "--check" in argv
    cache: dict[tuple[tuple[str, ...], ...], list[Output]] = {}
    differ = 0
    for figure in FIGURES:
        outputs = cache.setdefault(figure.runs, run(figure.runs))
        text = figure.render(outputs)
        now = marked(figure.page).get(figure.name)
        if now is None or not shows_command(figure.page, figure.command):
            print(f"{figure.page}: no figure {figure.name} beside `{figure.command}`", file=sys.stderr)
            differ += 1
        elif now != text:
            print(f"{figure.page}: {figure.name}: {now!r} -> {text!r}")
            differ += 1
            if not check:
                write(figure, text)
    return 1 if check and differ else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
