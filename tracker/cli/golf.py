"""`menace golf`: the code-golf MENACE's input and output, for programs (or people) at a pipe."""

from __future__ import annotations

import random
import sys

import click


@click.command()
@click.option("--seed", type=int, default=None, help="Seed for MENACE's draws (repeatable runs).")
def golf(seed: int | None) -> None:
    """Play as the code-golf MENACE does, from standard input.

    Play as the code-golf MENACE does: read the number of games, then the opponent's moves one per line
    (two letters, row then column: L/M/R, e.g. MM for the centre); print "new game", the board after every
    move, and every box's beads after each game (its picture, then a square per bead).

    Nothing is stored. A line is read only when a move is wanted, and output is flushed at once.
    """
    from tracker.formats.golf_io import run

    def write(line: str) -> None:
        click.echo(line)  # click.echo flushes

    def warn(line: str) -> None:
        click.echo(line, err=True)

    run(lambda: sys.stdin.readline(), write, warn, random.Random(seed))


COMMANDS = [golf]
