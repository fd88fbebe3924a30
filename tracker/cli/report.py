"""`menace report`: a kit's learning curve, results and first box over time, as a PDF."""

from __future__ import annotations

from pathlib import Path

import click

from kit.i18n import _, n_
from tracker.cli.options import FileName, db_option, kit_option, open_kit, open_store
from tracker.cli.outputs import check_output
from tracker.state.errors import MenaceError


@click.command()
@db_option
@kit_option
@click.option("--out", type=FileName(), required=True, help="The PDF to write.")
def report(db_path: Path | None, kit_name: str | None, out: Path) -> None:
    """Print the kit's learning curve and results as a PDF.

    Draw the kit's running score (Michie's curve), results per 10 games and the first box's beads as a
    PDF."""
    from tracker.lab.kit_report import kit_report, write_kit_report

    check_output(out, "--out", db=db_path)
    store = open_store(db_path)
    drawn = kit_report(store, open_kit(store, kit_name))
    try:
        write_kit_report(drawn, out)
    except OSError as error:
        raise MenaceError(_("cannot write {file}: {error}").format(file=out, error=error.strerror)) from None
    games = drawn.summary["games"]
    wrote = n_("wrote {file}: {count} game", "wrote {file}: {count} games", games)
    click.echo(wrote.format(file=out, count=games), err=True)


COMMANDS = [report]
