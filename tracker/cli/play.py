"""`menace play`: the play table (tracker.table.play_table) at a terminal."""

from __future__ import annotations

import random
import shlex
import sys
from pathlib import Path

import click

from kit.game import GameError
from kit.i18n import _, n_
from tracker.cli.options import db_option, kit_option, open_kit, open_store
from tracker.state.opponents import HUMAN, Opponent, opponent_help
from tracker.state.session import BEAD_SOURCES
from tracker.table.play_lock import playing
from tracker.table.play_table import Stop, Table

MAX_LINE = 1000  # characters in an answer: a census of every colour takes about 100


class Terminal:
    """The operator at a terminal: line editing on a tty, else line by line (echoed) from a script or pipe.

    A line longer than MAX_LINE is refused and not echoed; from a pipe it is skipped without being held in
    memory, however long it is."""

    def __init__(self) -> None:
        self.tty = sys.stdin.isatty()

    def ask(self, prompt: str) -> str:
        while True:
            line = self._line(prompt)
            if line is not None:
                return line
            too_long = _(
                "  That line is longer than {limit} characters, so it was not read: type the answer again."
            )
            click.echo(too_long.format(limit=MAX_LINE))

    def _line(self, prompt: str) -> str | None:
        """The answer, or None if it was too long."""
        if self.tty:
            line = input(prompt)
            return line if len(line) <= MAX_LINE else None
        click.echo(prompt, nl=False)
        line = sys.stdin.readline(MAX_LINE + 2)  # the line, its "\r\n", and one more to tell it is too long
        if not line:
            click.echo()
            raise EOFError
        if len(line.rstrip("\r\n")) > MAX_LINE:
            while not line.endswith("\n"):  # skip the rest of it, a piece at a time
                line = sys.stdin.readline(1 << 16)
                if not line:
                    break
            click.echo()
            return None
        line = line.rstrip("\r\n")
        click.echo(line)
        return line

    def say(self, line: str) -> None:
        click.echo(line)


def _opponent(ctx: click.Context, param: click.Parameter, value: str) -> Opponent:
    try:
        return Opponent.parse(value)
    except GameError as error:
        raise click.BadParameter(str(error)) from None


@click.command()
@db_option
@kit_option
@click.option(
    "--draw",
    "bead_source",
    type=click.Choice(BEAD_SOURCES),
    default="physical",
    show_default=True,
    help="physical: you draw from the real box and type the colour; digital: the tracker draws from "
    "its mirror.",
)
@click.option(
    "--opponent",
    default=HUMAN,
    show_default=True,
    callback=_opponent,
    metavar="KIND",
    help=f"Who plays against MENACE: a person typing moves, or a computer player ({opponent_help()}).",
)
@click.option(
    "--games", type=click.IntRange(1, 100_000), default=1, show_default=True, help="How many games to play."
)
@click.option(
    "--notation",
    type=click.Choice(["numbers", "golf"]),
    default="numbers",
    show_default=True,
    help="How squares are shown: 1-9 in reading order, or golf letters (row, column: L/M/R). Both are "
    "accepted as input.",
)
@click.option(
    "--confirm",
    is_flag=True,
    help="Ask before applying the bead changes at the end of a game, so it can be discarded.",
)
@click.option(
    "--seed", type=int, default=None, help="Seed for digital draws and computer opponents (repeatable runs)."
)
@click.option("--brief", is_flag=True, help="Do not draw the board after every move.")
def play(
    db_path: Path | None,
    kit_name: str | None,
    bead_source: str,
    opponent: Opponent,
    games: int,
    notation: str,
    confirm: bool,
    seed: int | None,
    brief: bool,
) -> None:
    """Play games against MENACE and record every move.

    With the physical draw the tracker names the box to open, shows how its label turns onto the real
    board, and asks for the colour drawn. A game stopped by Ctrl-C, a crash or 'quit' is kept, and the
    next `menace play` resumes it. Answers are read line by line from a pipe or file, so sessions can
    be scripted.
    """
    store = open_store(db_path)
    kit = open_kit(store, kit_name)
    table = Table(
        store,
        store.world(kit),
        Terminal(),
        bead_source=bead_source,
        opponent=opponent,
        notation=notation,
        confirm=confirm,
        rng=random.Random(seed),
        brief=brief,
    )
    resume = _("`menace play --kit {kit}` resumes it").format(kit=shlex.quote(kit.name))
    try:
        with playing(store, kit):  # a kit in play elsewhere is refused in one line, before this one
            click.echo(
                _("Kit {kit}: your labels should say kit {code}.").format(kit=kit.name, code=kit.kit_code)
            )
            click.echo(games_to_play(games))
            finished = 0
            while finished < games:  # a discarded game does not count: --games 3 plays three games
                finished += table.play_game()
    except Stop:
        _stopped(table, resume, _("Stopped."))
    except KeyboardInterrupt:
        click.echo()
        _stopped(table, resume, _("Interrupted."))
        sys.exit(130)
    except EOFError:
        _stopped(table, resume, _("End of input."))
        sys.exit(1)


def games_to_play(games: int) -> str:
    """How many games this `menace play` plays, said before the first: it stops after them."""
    if games == 1:
        return _("One game, then `menace play` stops (`--games 10` plays ten in a row).")
    return n_("{count} game in a row.", "{count} games in a row.", games).format(count=games)


def _stopped(table: Table, resume: str, why: str) -> None:
    session = table.world.session
    if session is None:
        click.echo(_("{why} No game is in progress.").format(why=why))
    else:
        click.echo(
            _("{why} Game {number} is saved: {resume}.").format(why=why, number=session.number, resume=resume)
        )


COMMANDS = [play]
