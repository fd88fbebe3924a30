"""Options shared by the commands that read or write a store: --db (or $MENACE_DB) and --kit."""
from __future__ import annotations

from pathlib import Path

import click

from tracker.store import Store, default_path


def db_option(command):
    return click.option(
        "--db",
        "db_path",
        type=click.Path(dir_okay=False, path_type=Path),
        default=None,
        help="The store (default: $MENACE_DB, else ~/.local/share/menace-kit/menace.sqlite3).",
    )(command)


def kit_option(command):
    return click.option("--kit", "kit_name", metavar="NAME", default=None, help="The kit (default: the store's only kit).")(
        command
    )


def open_store(db_path: Path | None, *, create: bool = False) -> Store:
    return Store(db_path or default_path(), create=create)
