"""`menace record`: games played on paper typed in as squares, one game per line."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from kit.i18n import _, n_
from tracker.cli.options import FileName, db_option, kit_option, open_kit, open_store
from tracker.state.errors import MenaceError


@click.command()
@db_option
@kit_option
@click.argument("file", type=FileName(), default="-", required=False)
def record(db_path: Path | None, kit_name: str | None, file: Path) -> None:
    """Record whole games played on paper, one line a game.

    Record whole games from FILE (or - for standard input): one game per line, every move in order as
    a square (1-9 or golf letters, e.g. "5 1 9 3 4 2"), 'resign' where MENACE resigned at an empty box.

    MENACE's bead for each square is the one its box's label puts there (any way the label fits the
    board), and each game gets the rules' bead changes. A line that is not a legal game, or needs a bead
    the box does not hold, stops the file with nothing recorded and names the census that would fix it."""
    from tracker.formats.record import record_games

    store = open_store(db_path)
    kit = open_kit(store, kit_name)
    try:
        if str(file) == "-":
            done = record_games(store, kit, sys.stdin)
        else:
            with open(file, encoding="utf-8-sig") as handle:  # an editor's byte order mark is no move
                done = record_games(store, kit, handle)
    except OSError as error:
        raise MenaceError(_("cannot read {file}: {error}").format(file=file, error=error.strerror)) from None
    except UnicodeDecodeError:
        raise MenaceError(_("{file} is not UTF-8 text: nothing recorded").format(file=file)) from None
    counts = {result: done.results.count(result) for result in ("win", "draw", "loss")}
    recorded = n_(
        "Recorded {games} game into kit {kit}: {win} won, {draw} drawn, {loss} lost.",
        "Recorded {games} games into kit {kit}: {win} won, {draw} drawn, {loss} lost.",
        len(done.results),
    )
    click.echo(recorded.format(games=len(done.results), kit=kit.name, **counts))


COMMANDS = [record]
