"""`menace verify`, `export` and `import`: the event log checked, copied out, merged into another store."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from kit.game import GameError
from tracker.commands.options import FileName, db_option, kit_option, open_kit, open_store
from tracker.errors import MenaceError
from tracker.kit_record import kit_name as kit_name_text
from tracker.store import Store
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
@click.option(
    "--from",
    "source",
    type=click.Choice(["menace", "pk"]),
    default="menace",
    show_default=True,
    help="menace: an export of another store; pk: a day's log of the open-day physical-MENACE tracker "
    "(philip-kimber/MENACE), replayed into a new kit named by --kit.",
)
@click.option("--kit", "kit_name", metavar="NAME", default=None, help="With --from pk: the new kit's name.")
@click.option(
    "--rename",
    metavar="NEW",
    default=None,
    help="Give the kit the file adds this name (when its own is taken in this store).",
)
@click.argument("file", type=FileName())
def import_command(
    db_path: Path | None, source: str, kit_name: str | None, rename: str | None, file: Path
) -> None:
    """Merge another store's export into this store (importing the same file twice changes nothing), or
    with --from pk replay another tracker's log into a new kit."""
    if (source == "pk") != (kit_name is not None):
        raise click.UsageError("--kit NAME goes with --from pk (and only with it): the kit the log goes into")
    if rename is not None and source == "pk":
        raise click.UsageError("--rename is for an export; with --from pk, --kit names the new kit")
    try:
        text = file.read_text(encoding="utf-8")
    except OSError as error:
        raise MenaceError(f"cannot read {file}: {error.strerror}") from None
    except UnicodeDecodeError:
        raise MenaceError(f"{file} is not UTF-8 text: nothing imported") from None
    store = open_store(db_path, create=True)
    if kit_name is not None:
        _import_pk(store, text, kit_name)
        return
    from tracker.exchange import ImportRejected, import_events

    try:
        added = import_events(store, text, rename=None if rename is None else kit_name_text(rename))
    except ImportRejected:
        raise
    except GameError as error:
        raise MenaceError(f"{error}; nothing imported") from None
    click.echo(
        f"imported {added['events']} new events ({plural(added['kits'], 'new kit')}, "
        f"{plural(added['games'], 'finished game')})"
    )


def _import_pk(store: Store, text: str, name: str) -> None:
    from tracker.pk_log import import_pk

    done = import_pk(store, text, kit_name_text(name))
    counts = [done.results.count(result) for result in ("win", "draw", "loss")]
    click.echo(
        f"Imported {plural(len(done.results), 'game')} of the open-day tracker's log into kit {done.kit} "
        f"(rules {done.rules}): {counts[0]} won, {counts[1]} drawn, {counts[2]} lost."
    )
    if done.anomalies:
        many = len(done.anomalies)
        words = "anomaly kept as it happened" if many == 1 else "anomalies kept as they happened"
        click.echo(f"{many} {words}, listed here:")
    for anomaly in done.anomalies:
        click.echo(f"  {anomaly}")


COMMANDS = [verify, export_command, import_command]
