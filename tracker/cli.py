"""The `menace` command group: it gathers the commands of tracker.commands and turns domain errors into
one-line messages.

Heavy libraries (numpy, networkx, reportlab) are imported inside the commands that need them, so
`menace --help` and the play path answer at once.
"""

from __future__ import annotations

from typing import Any

import click

from kit.game import GameError
from tracker.commands import (
    catalogue,
    games,
    generate,
    golf,
    kits,
    log,
    match,
    play,
    rebuild,
    record,
    report,
    serve,
    simulate,
    study,
    train,
)

COMMAND_MODULES = [
    catalogue, generate, play, kits, games, log, report, simulate, match, train, study, rebuild, record, golf,
    serve,
]  # fmt: skip


class CommandError(click.ClickException):
    """A domain error as the command line shows it: 'Error: ...' on one line, exit code 2."""

    exit_code = 2


class MenaceGroup(click.Group):
    """Turns the kit's and the tracker's domain errors into one-line messages with exit code 2, never a
    traceback."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except GameError as error:
            raise CommandError(str(error)) from None


@click.group(cls=MenaceGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="menace-kit")
def main() -> None:
    """menace-kit: build, run and simulate MENACE, Donald Michie's matchbox machine that learns
    noughts and crosses (and Nim).

    Start with `menace generate` to print a kit, or `menace boxes` to list the matchboxes.
    """


for _module in COMMAND_MODULES:
    for _command in _module.COMMANDS:
        main.add_command(_command)
