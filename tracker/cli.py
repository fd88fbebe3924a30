"""The `menace` command group: it gathers the commands of tracker.commands and turns domain errors into
one-line messages.

Heavy libraries (numpy, networkx, reportlab) are imported inside the commands that need them, so
`menace --help` and the play path answer at once.
"""

from __future__ import annotations

import os
from typing import IO, Any

import click

from kit.game import GameError
from kit.i18n import DEFAULT_LANGUAGE, UnknownLanguage, _, use_language
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

    def show(self, file: IO[Any] | None = None) -> None:
        click.echo(_("Error: {message}").format(message=self.format_message()), err=True, file=file)


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
@click.option(
    "--lang",
    metavar="en|de",
    default=None,
    help="The language of prompts and messages (default: $MENACE_LANG, else en). Help stays in English.",
)
def main(lang: str | None) -> None:
    """menace-kit: build, run and simulate MENACE, Donald Michie's matchbox machine that learns
    noughts and crosses (and Nim).

    Start with `menace generate` to print a kit, or `menace boxes` to list the matchboxes.
    """
    speak(lang)


def speak(lang: str | None) -> None:
    """Talks in ``lang``, else $MENACE_LANG, else English: never the machine's LANG, so what a command
    prints does not change from one computer to the next. Set on every run, as tests run many in one
    process."""
    source = "--lang" if lang else "MENACE_LANG"
    code = lang or os.environ.get("MENACE_LANG") or DEFAULT_LANGUAGE
    try:
        use_language(code.strip().lower())
    except UnknownLanguage as error:
        use_language(DEFAULT_LANGUAGE)
        raise CommandError(f"{source}: {error}") from None


for _module in COMMAND_MODULES:
    for _command in _module.COMMANDS:
        main.add_command(_command)
