"""`menace serve`: the classroom screen, a local web page of a kit as it is played (tracker.web)."""

from __future__ import annotations

from importlib.util import find_spec
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
@click.option(
    "--join-url",
    metavar="URL",
    default=None,
    help="The address phones open the screen at, for the pages' QR codes: a hotspot's "
    "(http://10.42.0.1:8765) or a name the phones use. Default: the address the page was opened at (the "
    "machine's own on the network, for a page opened as localhost with --host 0.0.0.0). Its name is allowed "
    "as --allow-host's are.",
)
@click.option(
    "--pupils",
    "pupils_game",
    metavar="GAME",
    default=None,
    help="A MENACE for every pupil: phones that join at /pupils/join (its QR code is on /pupils) each get a "
    "kit of this game (a name as --game takes it, or a spec such as 'nim --heaps 1,2,3'), on the game's own "
    "side and rules, named pupil-NICKNAME or pupil-N.",
)
def serve(
    db_path: Path | None,
    kit_name: str | None,
    port: int,
    host: str,
    names: tuple[str, ...],
    join_url: str | None,
    pupils_game: str | None,
) -> None:
    """Show a kit live on the big screen; pupils can play it there.

    Show a kit live in a web browser, and let pupils play its digital MENACE there.

    The page follows every game as it is recorded (by `menace play` in another terminal too): the board,
    the box in use with its beads, the results and learning curve, and every box. Its play page records
    games exactly as `menace play --draw digital` does.
    """
    needs_extra = MenaceError(
        _("menace serve needs the web extra: in menace-kit's folder, pip install '.[web]'")
    )
    try:
        from tracker.web.server import serve as run
    except ModuleNotFoundError as error:
        if (error.name or "").split(".")[0] in ("werkzeug", "markupsafe"):
            raise needs_extra from None
        raise
    from tracker.web.hosts import name_problem

    for name in names:
        problem = name_problem(name)
        if problem is not None:
            raise click.BadParameter(problem, param_hint="'--allow-host'")
    if find_spec("segno") is None:  # the QR codes' library, imported when a page first asks for a code
        raise needs_extra
    from tracker.web.join import BadJoinUrl, join_host

    allowed = list(names)
    if join_url is not None:
        try:
            allowed.append(join_host(join_url))
        except BadJoinUrl:
            raise click.BadParameter(
                _("give an http:// address with a host, e.g. http://10.42.0.1:8765"), param_hint="--join-url"
            ) from None
    if pupils_game is not None:
        from kit.game import GameError
        from tracker.web.pupils import PupilClass

        try:
            PupilClass.of(pupils_game)
        except GameError as error:
            raise click.BadParameter(str(error), param_hint="--pupils") from None
    # A missing store or an unknown kit is said here, once, not per request; a class may start with none.
    store = open_store(db_path, create=pupils_game is not None)
    if kit_name is not None:
        kit_name = open_kit(store, kit_name).name
    store.close()
    try:
        run(db_path or default_path(), host, port, kit_name, click.echo, allowed, join_url, pupils_game)
    except OSError as error:
        reason = (error.strerror or str(error)).split(" (while attempting")[0]
        message = _("cannot listen on {host}:{port}: {reason}")
        raise MenaceError(message.format(host=host, port=port, reason=reason)) from None


COMMANDS = [serve]
