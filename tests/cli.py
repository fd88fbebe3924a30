"""Running `menace` in-process for the tracker's command tests."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from click.testing import CliRunner, Result

from tracker.cli.main import main

if TYPE_CHECKING:
    from kit.rules import Rules
    from tracker.lab.matches import MatchResult
    from tracker.lab.training import Training


def run(*args: str, input: str | None = None) -> Result:
    return CliRunner().invoke(main, list(args), input=input)


def play_random(db: str, *, games: int, seed: int, kit: str | None = None) -> Result:
    """Digital games against the random player, boards not drawn."""
    kit_args = ["--kit", kit] if kit else []
    return run("play", "--db", db, *kit_args, "--draw", "digital", "--opponent", "random", "--games",
               str(games), "--seed", str(seed), "--brief")  # fmt: skip


def play_match(game: str, first: str, second: str, **options: Any) -> MatchResult:
    """tracker.lab.matches.run_match on a game and players named as `menace match` reads them."""
    from kit.games import game_from_spec
    from tracker.cli.match import match_players
    from tracker.lab.matches import run_match

    return run_match(game_from_spec(game), *match_players(first, second), **options)


def play_training(game: str, side: str, rules: Rules | None, opponent: str, **options: Any) -> Training:
    """tracker.lab.training.train on a game and opponent named as `menace train` reads them."""
    from kit.games import game_from_spec
    from tracker.cli.train import training_opponent
    from tracker.lab.training import train

    return train(game_from_spec(game), side, rules, training_opponent(opponent), **options)
