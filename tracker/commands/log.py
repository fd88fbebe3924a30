"""`menace verify`, `export` and `import`: the event log checked, copied out, merged into another store."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from kit.game import GameError
from tracker.commands.options import FileName, db_option, kit_option, open_kit, open_store
from tracker.errors import MenaceError
from tracker.text import plural


@click.command()
@db_option
@kit_option
def verify(db_path: Path | None, kit_name: str | None) -> None:
    """Replay the event log from scratch and check it against the bead counts, the hash chain and SQLite's
    integrity check; exit code 0 only if all agree.

    The hash chain proves the log was neither damaged nor edited by anyone who did not recompute it: each
    event's hash covers its content and the hash before it. It is not a signature: an edit followed by
    rewriting every hash after it is not caught (the replay still checks that the edited log obeys the
    rules)."""
    from tracker.replay import verify as run_verify

    store = open_store(db_path)
    problems, checked = run_verify(store, kit_name)
    for problem in problems:
        click.echo(f"FAIL: {problem}")
    if problems:
        sys.exit(1)
    click.echo(
        f"OK: {plural(checked['events'], 'event')}, {plural(checked['kits'], 'kit')}, "
        f"{plural(checked['games'], 'game')}; the log, "
        "the hash chain, the bead counts and the SQLite integrity check agree."
    )


@click.command("export")
@db_option
@kit_option
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["jsonl", "csv"]),
    default="jsonl",
    show_default=True,
    help="File format.",
)
@click.option("--out", type=FileName(), default=None, help="Write here instead of stdout.")
def export_command(db_path: Path | None, kit_name: str | None, fmt: str, out: Path | None) -> None:
    """Write the event log (every kit, or one with --kit) as JSON lines or CSV, for backup or another
    store."""
    from tracker.exchange import export

    store = open_store(db_path)
    kit_id = open_kit(store, kit_name).id if kit_name else None
    if out is None:
        export(store, sys.stdout, fmt=fmt, kit_id=kit_id)
        return
    from generator.pdfout import atomic_path

    try:
        with atomic_path(out) as temporary, open(temporary, "w", encoding="utf-8", newline="") as handle:
            count = export(store, handle, fmt=fmt, kit_id=kit_id)
    except OSError as error:
        raise MenaceError(f"cannot write {out}: {error.strerror}") from None
    click.echo(f"wrote {count} events to {out}", err=True)


@click.command("import")
@db_option
@click.argument("file", type=FileName())
def import_command(db_path: Path | None, file: Path) -> None:
    """Merge another store's export into this store (importing the same file twice changes nothing)."""
    from tracker.exchange import ImportRejected, import_events

    try:
        text = file.read_text(encoding="utf-8")
    except OSError as error:
        raise MenaceError(f"cannot read {file}: {error.strerror}") from None
    except UnicodeDecodeError:
        raise MenaceError(f"{file} is not UTF-8 text: nothing imported") from None
    store = open_store(db_path, create=True)
    try:
        added = import_events(store, text)
    except ImportRejected:
        raise
    except GameError as error:
        raise MenaceError(f"{error}; nothing imported") from None
    click.echo(
        f"imported {added['events']} new events ({plural(added['kits'], 'new kit')}, "
        f"{plural(added['games'], 'finished game')})"
    )


COMMANDS = [verify, export_command, import_command]
