"""`menace rebuild`: a kit's bead counts and games recomputed from its event log."""

from __future__ import annotations

from pathlib import Path

import click

from tracker.commands.options import db_option, kit_option, open_store
from tracker.text import plural


@click.command()
@db_option
@kit_option
def rebuild(db_path: Path | None, kit_name: str | None) -> None:
    """Recompute the bead counts and the games table from the event log (every kit, or one with --kit).

    Run it when a command says a kit's counts are not the ones its log wrote: the log is the record, and
    the counts are rewritten from it. Rows for kits the store does not have are dropped (without --kit).
    """
    from tracker.replay import rebuild_kits

    for kit in rebuild_kits(open_store(db_path), kit_name):
        click.echo(
            f"Rebuilt kit {kit.name} from {plural(kit.events, 'event')} "
            f"({plural(kit.games, 'finished game')}): "
            f"{plural(kit.beads_fixed, 'bead count')} and {plural(kit.games_fixed, 'games row')} put right."
        )


COMMANDS = [rebuild]
