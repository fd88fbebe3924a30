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
    with click.progressbar(length=total, label=label, file=stream,
                           update_min_steps=max(1, total // REDRAWS)) as bar:
        yield bar.update


def unwatched(steps: int) -> None:
    """A progress callback for a run no bar shows."""
