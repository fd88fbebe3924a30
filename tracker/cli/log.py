"""`menace verify`, `export` and `import`: the event log checked, copied out, merged into another store."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import click

from kit.game import GameError
from kit.i18n import _, n_
from tracker.cli.options import FileName, db_option, kit_option, open_kit, open_store
from tracker.cli.outputs import check_output, text_output
from tracker.state.errors import MenaceError
from tracker.state.kit_record import kit_name as kit_name_text
from tracker.store.event_store import Store, default_path


@click.command()
@db_option
@kit_option
def verify(db_path: Path | None, kit_name: str | None) -> None:
    """Check the bead counts against the saved history of moves.

    Replay the event log from scratch and check it against the bead counts, the hash chain and SQLite's
    integrity check; exit code 0 only if all agree.

    The hash chain proves the log was neither damaged nor edited by anyone who did not recompute it: each
    event's hash covers its content and the hash before it. It is not a signature: an edit followed by
    rewriting every hash after it is not caught (the replay still checks that the edited log obeys the
    rules)."""
    from tracker.store.faults import StoreDamaged
    from tracker.store.replay import verify as run_verify

    try:
        store = open_store(db_path)
    except StoreDamaged as error:  # so damaged SQLite cannot open it: that is verify's finding, not an error
        click.echo(_("FAIL: {problem}").format(problem=error.verified()))
        sys.exit(1)
    problems, checked = run_verify(store, kit_name)
    for problem in problems:
        click.echo(_("FAIL: {problem}").format(problem=problem))
    if problems:
        sys.exit(1)
    events = n_("{count} event", "{count} events", checked["events"]).format(count=checked["events"])
    kits = n_("{count} kit", "{count} kits", checked["kits"]).format(count=checked["kits"])
    games = n_("{count} game", "{count} games", checked["games"]).format(count=checked["games"])
    click.echo(
        _(
            "OK: {events}, {kits}, {games}; the log, the hash chain, the bead counts and the SQLite "
            "integrity check agree."
        ).format(events=events, kits=kits, games=games)
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
    """Save the store's games and beads to a file, for a backup.

    Write the event log (every kit, or one with --kit) as JSON lines or CSV, for backup or another
    store."""
    from tracker.store.exchange import export

    check_output(out, "--out", db=db_path)
    store = open_store(db_path)
    kit_id = open_kit(store, kit_name).id if kit_name else None
    if out is None:
        if sys.stdout is None:  # started with standard output closed
            raise MenaceError(_("standard output is closed: write to a file with --out FILE"))
        export(store, sys.stdout, fmt=fmt, kit_id=kit_id)
        return
    try:
        with text_output(out) as handle:
            count = export(store, handle, fmt=fmt, kit_id=kit_id)
    except OSError as error:
        raise MenaceError(_("cannot write {file}: {error}").format(file=out, error=error.strerror)) from None
    click.echo(
        n_("wrote {count} event to {file}", "wrote {count} events to {file}", count).format(
            count=count, file=out
        ),
        err=True,
    )


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
    """Bring another store's games and kits into this one.

    Merge another store's export into this store (importing the same file twice changes nothing), or
    with --from pk replay another tracker's log into a new kit."""
    if (source == "pk") != (kit_name is not None):
        raise click.UsageError(
            _("--kit NAME goes with --from pk (and only with it): the kit the log goes into")
        )
    if rename is not None and source == "pk":
        raise click.UsageError(_("--rename is for an export; with --from pk, --kit names the new kit"))
    try:
        text = file.read_text(encoding="utf-8-sig")  # an editor's byte order mark is not the header's
    except OSError as error:
        raise MenaceError(_("cannot read {file}: {error}").format(file=file, error=error.strerror)) from None
    except UnicodeDecodeError:
        raise MenaceError(_("{file} is not UTF-8 text: nothing imported").format(file=file)) from None
    path = db_path or default_path()
    if not path.exists():  # filled beside it and put in place whole: a failure leaves no store at all
        added = _import_into_new(path, text, kit_name, rename)
    else:
        added = _import_into(open_store(path), text, kit_name, rename)
    if added is None:
        return
    kits = n_("{count} new kit", "{count} new kits", added["kits"]).format(count=added["kits"])
    games = n_("{count} finished game", "{count} finished games", added["games"]).format(count=added["games"])
    imported = n_(
        "imported {count} new event ({kits}, {games})",
        "imported {count} new events ({kits}, {games})",
        added["events"],
    )
    click.echo(imported.format(count=added["events"], kits=kits, games=games))


def _import_into(store: Store, text: str, kit_name: str | None, rename: str | None) -> dict[str, int] | None:
    """Imports into ``store``: an export's counts, None for an open-day log (said as it is imported)."""
    if kit_name is not None:
        _import_pk(store, text, kit_name)
        return None
    return _import_export(store, text, rename)


def _import_into_new(
    path: Path, text: str, kit_name: str | None, rename: str | None
) -> dict[str, int] | None:
    """Imports into a store made at ``path``: filled under a temporary name in its folder, then linked to
    ``path`` only if no store appeared there meanwhile (another process's `menace new`), so a failed or
    killed import never leaves an empty store, and never deletes one another process wrote to. Had one
    appeared, the file is imported into it as into any store that was there."""
    import tempfile

    from tracker.store.event_store import Store

    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".importing", dir=path.parent)
    except OSError as error:
        message = _("cannot open the store {path}: {error}")
        raise MenaceError(message.format(path=path, error=error.strerror)) from None
    os.close(handle)
    staged = Path(name)
    os.unlink(staged)  # a name SQLite makes its store under
    try:
        store = Store(staged, create=True)
        try:
            added = _import_into(store, text, kit_name, rename)
        finally:
            store.close()  # the last connection: SQLite folds the -wal into the file and deletes it
        try:
            os.link(staged, path)  # fails, keeping the other, if a store appeared at path meanwhile
        except FileExistsError:
            return _import_into(open_store(path), text, kit_name, rename)
        except OSError:  # no hard links here (a FAT memory stick): replaced, unless a store is there by now
            if path.exists():
                return _import_into(open_store(path), text, kit_name, rename)
            try:
                os.replace(staged, path)
            except OSError as error:
                message = _("cannot open the store {path}: {error}")
                raise MenaceError(message.format(path=path, error=error.strerror)) from None
        return added
    finally:
        for leftover in (staged, *(staged.with_name(staged.name + end) for end in ("-wal", "-shm"))):
            leftover.unlink(missing_ok=True)


def _import_export(store: Store, text: str, rename: str | None) -> dict[str, int]:
    from tracker.store.exchange import ImportRejected, import_events

    try:
        return import_events(store, text, rename=None if rename is None else kit_name_text(rename))
    except ImportRejected:
        raise
    except GameError as error:
        raise MenaceError(_("{error}; nothing imported").format(error=error)) from None


def _import_pk(store: Store, text: str, name: str) -> None:
    from tracker.formats.pk_log import import_pk

    done = import_pk(store, text, kit_name_text(name))
    counts = [done.results.count(result) for result in ("win", "draw", "loss")]
    imported = n_(
        "Imported {count} game of the open-day tracker's log into kit {kit} (rules {rules}): {won} won, "
        "{drawn} drawn, {lost} lost.",
        "Imported {count} games of the open-day tracker's log into kit {kit} (rules {rules}): {won} won, "
        "{drawn} drawn, {lost} lost.",
        len(done.results),
    )
    click.echo(
        imported.format(
            count=len(done.results),
            kit=done.kit,
            rules=done.rules,
            won=counts[0],
            drawn=counts[1],
            lost=counts[2],
        )
    )
    if done.anomalies:
        many = len(done.anomalies)
        listed = n_(
            "{count} anomaly kept as it happened, listed here:",
            "{count} anomalies kept as they happened, listed here:",
            many,
        )
        click.echo(listed.format(count=many))
    for anomaly in done.anomalies:
        click.echo(f"  {anomaly}")


COMMANDS = [verify, export_command, import_command]
