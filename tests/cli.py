"""Running `menace` in-process for the tracker's command tests."""

from __future__ import annotations

from click.testing import CliRunner, Result

from tracker.cli.main import main


def run(*args: str, input: str | None = None) -> Result:
    return CliRunner().invoke(main, list(args), input=input)


def play_random(db: str, *, games: int, seed: int, kit: str | None = None) -> Result:
    """Digital games against the random player, boards not drawn."""
    kit_args = ["--kit", kit] if kit else []
    return run("play", "--db", db, *kit_args, "--draw", "digital", "--opponent", "random", "--games",
               str(games), "--seed", str(seed), "--brief")  # fmt: skip
