"""The `menace` command group: it loads a command's module only when that command runs, and turns domain
errors into one-line messages.

Heavy libraries (numpy, networkx, reportlab) are imported inside the commands that need them, and the
commands' modules only when they run (tracker.cli.index names them), so `menace --help` and the
play path answer at once.
"""

from __future__ import annotations

import importlib
import os
from typing import IO, Any

import click

from tracker.cli.index import COMMANDS, SECTIONS

# No command does linear algebra, and OpenBLAS would start a thread per core when numpy is imported: 0.1 s
# and more of a busy machine's time before a simulation's first game. A user's own setting stands.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")


class CommandError(click.ClickException):
    """A domain error as the command line shows it: 'Error: ...' on one line, exit code 2."""

    exit_code = 2

    def show(self, file: IO[Any] | None = None) -> None:
        from kit.i18n import _
        from kit.shown import visible  # a name or a line of a file quoted in the message may hold escapes

        click.echo(_("Error: {message}").format(message=visible(self.format_message())), err=True, file=file)


class MenaceGroup(click.Group):
    """Commands loaded from their module when first asked for (tracker.cli.index), and the kit's and
    the tracker's domain errors as one-line messages with exit code 2, never a traceback."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(self.commands.keys() | COMMANDS.keys())

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name not in self.commands and name in COMMANDS:
            module = importlib.import_module(f"tracker.cli.{COMMANDS[name].module}")
            for command in module.COMMANDS:
                self.add_command(command)
        return self.commands.get(name)

    def resolve_command(self, ctx: click.Context, args: list[str]) -> Any:
        if args and args[0] not in self.list_commands(ctx):
            for name in COMMANDS:  # a misspelt name: click suggests the nearest from the commands loaded
                self.get_command(ctx, name)
        return super().resolve_command(ctx, args)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """click's list of commands in the index's sections, its short help read from the index rather than
        the commands' modules; a command no section names is listed last, under "Other commands"."""
        names = self.list_commands(ctx)
        widest = max(map(len, names))  # one column for the names in every section, as in one list
        limit = formatter.width - 6 - widest
        sectioned = {name for _, members in SECTIONS for name in members}
        others = ("Other commands", tuple(name for name in names if name not in sectioned))
        for title, members in (*SECTIONS, others):
            rows = [(name, self._short_help(name, limit)) for name in members if name in names]
            if rows:
                with formatter.section(title):
                    formatter.write_dl(rows, col_spacing=2 + widest - max(len(name) for name, _ in rows))

    def _short_help(self, name: str, limit: int) -> str:
        if name in self.commands:
            return self.commands[name].get_short_help_str(limit)
        # click's own shortening, on the text the command's help shortens to when given all the room it wants
        return click.Command(name, help=COMMANDS[name].short_help).get_short_help_str(limit)

    def make_context(
        self, info_name: str | None, args: list[str], parent: click.Context | None = None, **extra: Any
    ) -> click.Context:
        try:
            return super().make_context(info_name, args, parent, **extra)
        except click.UsageError as error:  # the group's own options, or a command it does not have
            raise one_line(error) from None

    def invoke(self, ctx: click.Context) -> Any:
        from kit.game import GameError  # here: --help never gets this far

        args = [*getattr(ctx, "_protected_args", []), *ctx.args]  # before click consumes them
        try:
            return super().invoke(ctx)
        except GameError as error:
            raise CommandError(str(error)) from None
        except click.UsageError as error:  # a command's options: click would show usage, hint and error
            if error.ctx is None:  # click's parser leaves it out (an option without its value): find it
                error.ctx = self._context_of(ctx, args)
            raise one_line(error) from None

    def _context_of(self, ctx: click.Context, args: list[str]) -> click.Context:
        """A context for the (sub)command ``args`` name, for a usage error click raised without one."""
        command: click.Command = self
        for word in args:
            inner = command.get_command(ctx, word) if isinstance(command, click.Group) else None
            if inner is None:
                break
            command, ctx = inner, click.Context(inner, info_name=word, parent=ctx)
        return ctx


def one_line(error: click.UsageError) -> click.ClickException:
    """Click's usage error as one line, naming the option and what it takes, in the user's language; a
    command run without its subcommand keeps click's help."""
    if isinstance(error, click.exceptions.NoArgsIsHelpError):
        return error
    from tracker.cli.usage import usage_line

    return CommandError(usage_line(error))


@click.group(cls=MenaceGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="menace-kit")
@click.option(
    "--lang",
    metavar="en|de",
    default=None,
    help="The language of prompts and messages (default: $MENACE_LANG, else en). Help stays in English.",
)
def main(lang: str | None) -> None:
    """menace-kit: build, run and simulate MENACE, Donald Michie's matchbox machine that learns noughts
    and crosses, and its cousins for Nim and Hexapawn.

    Start with `menace generate` to print a kit, then `menace new` and `menace play` to run a class.
    `menace COMMAND --help` says more about each command.
    """
    speak(lang)


def speak(lang: str | None) -> None:
    """Talks in ``lang``, else $MENACE_LANG, else English: never the machine's LANG, so what a command
    prints does not change from one computer to the next. Set on every run, as tests run many in one
    process (and here, not at import: `menace --help` never gets this far)."""
    from kit.i18n import DEFAULT_LANGUAGE, UnknownLanguage, use_language

    source = "--lang" if lang is not None else "MENACE_LANG"  # --lang '' is a language asked for: refused
    code = lang if lang is not None else os.environ.get("MENACE_LANG") or DEFAULT_LANGUAGE
    try:
        use_language(code.strip().lower())
    except UnknownLanguage as error:
        use_language(DEFAULT_LANGUAGE)
        raise CommandError(f"{source}: {error}") from None
