"""`menace rebuild`: a kit's bead counts and games recomputed from its event log."""

from __future__ import annotations

from pathlib import Path

import click

from kit.i18n import _, n_
from tracker.cli.options import db_option, kit_option, open_store


@click.command()
@db_option
@kit_option
@click.option(
    "--force", is_flag=True, help=_("Drop finished games the log does not have (refused without it).")
)
def rebuild(db_path: Path | None, kit_name: str | None, force: bool) -> None:
    """Work out the bead counts again from the saved history.

    Recompute the bead counts and the games table from the event log (every kit, or one with --kit).

    Run it when a command says a kit's counts are not the ones its log wrote: the log is the record, and
    the counts are rewritten from it. Rows for kits the store does not have are dropped (without --kit).
    A finished game in the games table that the log does not have (a log that lost its tail) is named and
    kept unless --force.
    """
    from tracker.store.replay import rebuild_kits

    for kit in rebuild_kits(open_store(db_path), kit_name, force=force):
        events = n_("{count} event", "{count} events", kit.events).format(count=kit.events)
        games = n_("{count} finished game", "{count} finished games", kit.games).format(count=kit.games)
        beads = n_("{count} bead count", "{count} bead counts", kit.beads_fixed).format(count=kit.beads_fixed)
        rows = n_("{count} games row", "{count} games rows", kit.games_fixed).format(count=kit.games_fixed)
        rebuilt = _("Rebuilt kit {kit} from {events} ({games}): {beads} and {rows} put right.")
        click.echo(rebuilt.format(kit=kit.name, events=events, games=games, beads=beads, rows=rows))
        if kit.dropped:
            numbers = ", ".join(str(number) for number in kit.dropped)
            dropped = n_(
                "Dropped game {numbers}, which the log does not have finished.",
                "Dropped games {numbers}, which the log does not have finished.",
                len(kit.dropped),
            )
            click.echo(dropped.format(numbers=numbers))


COMMANDS = [rebuild]
