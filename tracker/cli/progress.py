"""Progress for the long runs (tournament, match, train, study, ...): click's bar on stderr, only when stderr
is a terminal, so stdout and --json are the same whether anyone watches or not."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import click

# A bar redraws at most this many times over a run: a callback a game stays cheap for a million games.
REDRAWS = 200

Progress = Callable[[int], None]


@contextmanager
def progress_bar(total: int, label: str) -> Iterator[Progress]:
    """The update of a bar counting to ``total`` steps (the library layers call it with the steps just
    done); when stderr is not a terminal (a pipe, a file, a test) or ``total`` is 0, a callback that shows
    nothing."""
    stream = sys.stderr
    if total <= 0 or not stream.isatty():
        yield unwatched
        return
    with click.progressbar(
        length=total, label=label, file=stream, update_min_steps=max(1, total // REDRAWS)
    ) as bar:
        yield bar.update


def unwatched(steps: int) -> None:
    """A progress callback for a run no bar shows."""


@contextmanager
def progress_bar_with_lines(total: int, label: str) -> Iterator[tuple[Progress, Callable[[str], None]]]:
    """As progress_bar, with a way to say a line (a file written) that stays: above the bar on a terminal,
    on stderr as it is otherwise."""
    stream = sys.stderr
    if total <= 0 or not stream.isatty():
        yield unwatched, lambda line: click.echo(line, err=True)
        return
    with click.progressbar(length=total, label=label, file=stream) as bar:

        def say(line: str) -> None:
            click.echo("\r\x1b[K" + line, err=True)  # over the bar's line; the bar is drawn again below it
            bar.render_progress()

        yield bar.update, say


def on_a_terminal(line: str) -> None:
    """A long run's progress line (a study's step done): on stderr when it is a terminal, else nowhere."""
    if sys.stderr.isatty():
        click.echo(line, err=True)
