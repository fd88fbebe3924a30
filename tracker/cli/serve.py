"""`menace serve`: the classroom screen, a local web page of a kit as it is played (tracker.web)."""

from __future__ import annotations

from pathlib import Path

import click

from kit.i18n import _
from tracker.cli.options import db_option, kit_option, open_kit, open_store
from tracker.state.errors import MenaceError
from tracker.store.event_store import default_path


@click.command()
@db_option
@kit_option
@click.option(
    "--port",
    type=click.IntRange(0, 65535),
    default=8765,
    show_default=True,
    help="The port (0: any free one).",
)
@click.option(
    "--host",
    default="127.0.0.1",
    show_default=True,
    help="The address to listen on. Only this machine can reach 127.0.0.1 (or ::1); 0.0.0.0 (or ::) opens it "
    "to the network, at the machine's own addresses, which it prints.",
)
@click.option(
    "--allow-host",
    "names",
    multiple=True,
    metavar="NAME",
    help="A further name the page may be opened by (e.g. the machine's name on the school network); "
    "repeatable. Other names are refused, so a web page elsewhere cannot reach the screen.",
)
def serve(db_path: Path | None, kit_name: str | None, port: int, host: str, names: tuple[str, ...]) -> None:
    """Show a kit live in a web browser, and let pupils play its digital MENACE there.

    The page follows every game as it is recorded (by `menace play` in another terminal too): the board,
    the box in use with its beads, the results and learning curve, and every box. Its play page records
    games exactly as `menace play --draw digital` does.
    """
    try:
        from tracker.web.server import serve as run
    except ModuleNotFoundError as error:
        if (error.name or "").split(".")[0] in ("werkzeug", "markupsafe"):
            raise MenaceError(
                _("menace serve needs the web extra: pip install 'menace-kit[web]' (from a checkout: pip "
                  "install '.[web]')")
            ) from None
        raise
    from tracker.web.hosts import name_problem

    for name in names:
        problem = name_problem(name)
        if problem is not None:
            raise click.BadParameter(problem, param_hint="'--allow-host'")
    store = open_store(db_path)  # a missing store or an unknown kit is said here, once, not per request
    if kit_name is not None:
        kit_name = open_kit(store, kit_name).name
    store.close()
    try:
        run(db_path or default_path(), host, port, kit_name, click.echo, list(names))
    except OSError as error:
        reason = (error.strerror or str(error)).split(" (while attempting")[0]
        message = _("cannot listen on {host}:{port}: {reason}")
        raise MenaceError(message.format(host=host, port=port, reason=reason)) from None


COMMANDS = [serve]
