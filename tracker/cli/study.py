"""`menace study`: experiments that play many matches and report them as a table and a PDF."""

from __future__ import annotations

import json
from pathlib import Path

import click

from kit.games import GAMES
from kit.i18n import _
from tracker.cli.learner_studies import learners, qlearn
from tracker.cli.options import FileName, json_option
from tracker.cli.outputs import check_output
from tracker.cli.progress import on_a_terminal
from tracker.state.errors import MenaceError


@click.group()
def study() -> None:
    """Experiments with the learners, as tables and charts.

    Experiments over many matches, as tables (and PDF charts): MCTS's thinking time, learners side by
    side, and Q-learning's transfer between Nim games."""


study.add_command(learners)
study.add_command(qlearn)


@study.command("thinking-time")
@click.option(
    "--game", type=click.Choice(list(GAMES)), default="tictactoe", show_default=True, help="The game."
)
@click.option(
    "--iterations",
    default="50,200,1000",
    show_default=True,
    metavar="N,N,...",
    help="MCTS iteration counts (thinking times) to compare.",
)
@click.option(
    "--games",
    type=click.IntRange(1, 10_000_000),
    default=20,
    show_default=True,
    help="Games per iteration count and opponent; MCTS moves first in half of them.",
)
@click.option("--seed", type=int, default=1, show_default=True, help="Seed: the same seed, the same games.")
@click.option("--out", type=FileName(), default=None, help="Also write the table and charts as a PDF.")
@json_option(
    "the settings and a cell an iteration count and opponent: wins, draws, losses and seconds per move."
)
def thinking_time(game: str, iterations: str, games: int, seed: int, out: Path | None, as_json: bool) -> None:
    """MCTS at several thinking times against random, against the longest-thinking MCTS, and against
    perfect play where the game is small enough: wins, draws and losses from MCTS's side, and CPU
    seconds per move. Progress goes to stderr when it is a terminal."""
    from kit.games import get_game
    from tracker.lab.thinking_time import parse_iterations, table_lines
    from tracker.lab.thinking_time import thinking_time as run_study

    check_output(out, "--out")
    counts = parse_iterations(iterations)
    result = run_study(get_game(game), counts, games=games, seed=seed, progress=on_a_terminal)
    if out is not None:
        from tracker.lab.thinking_time_report import write_thinking_time_report

        try:
            write_thinking_time_report(result, out)
        except OSError as error:
            message = _("cannot write {file}: {error}")
            raise MenaceError(message.format(file=out, error=error.strerror)) from None
        click.echo(_("wrote {file}").format(file=out), err=True)
    if as_json:
        click.echo(json.dumps(result.to_json()))
    else:
        click.echo("\n".join(table_lines(result)))


COMMANDS = [study]
