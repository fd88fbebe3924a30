"""Click's usage errors as one line each, naming the option and what it takes, in the language of the rest:
click's own display is the usage, a hint and the error, three lines or four, and always in English."""

from __future__ import annotations

from typing import Any

import click

from kit.i18n import _
from tracker.state.text import thousands


def usage_line(error: click.UsageError) -> str:
    """The one line for ``error``: the command, what is wrong and what the option takes, and where the
    command's help is (the 'Error: ' in front is the command line's, as for every error)."""
    ctx = error.ctx
    names: list[str] = []
    while ctx is not None and ctx.parent is not None:  # the root's name is how it was started: menace
        names.insert(0, ctx.info_name or "")
        ctx = ctx.parent
    command = " ".join(["menace", *names])
    return _("{command}: {problem} (see {command} --help)").format(command=command, problem=_problem(error))


def _problem(error: click.UsageError) -> str:
    param = getattr(error, "param", None)
    if isinstance(error, click.MissingParameter) and isinstance(param, click.Argument):
        return _("{name} is missing").format(name=_name(param))
    if isinstance(error, click.MissingParameter) and param is not None:
        return _("{name} is missing: give {takes}").format(name=_name(param), takes=_takes(param, error.ctx))
    if isinstance(error, click.BadParameter) and param is not None:
        if isinstance(param.type, (click.Choice, click.types._NumberParamTypeBase)):
            takes = _("{name} takes {takes}").format(name=_name(param), takes=_takes(param, error.ctx))
            if isinstance(param.type, click.Choice):
                takes += _close_choices(error.message, param.type)
            return takes
        return f"{_name(param)}: {error.message}"  # a file or a check of our own: its own words say why
    if isinstance(error, (click.NoSuchOption, click.exceptions.NoSuchCommand)):
        unknown = error.option_name if isinstance(error, click.NoSuchOption) else error.command_name
        kind = _("no option {name}") if isinstance(error, click.NoSuchOption) else _("no command {name}")
        problem = kind.format(name=unknown)
        if error.possibilities:
            problem += "; " + _("did you mean {names}?").format(names=", ".join(error.possibilities))
        return problem
    if isinstance(error, click.BadOptionUsage) and error.ctx is not None:
        for option in error.ctx.command.params:
            if error.option_name in getattr(option, "opts", ()):
                return _("{name} needs a value: give {takes}").format(
                    name=_name(option), takes=_takes(option, error.ctx)
                )
    return error.format_message()  # click's words for what is left (an extra argument, ...)


def _close_choices(message: str, choice: click.Choice[Any]) -> str:
    """'; did you mean hexapawn?' when the value given (which click's message begins with, quoted) is close
    to choices, else nothing."""
    import ast
    import difflib

    try:
        given = ast.literal_eval(message.partition(" is not ")[0])
    except (ValueError, SyntaxError):
        return ""
    close = difflib.get_close_matches(str(given), [str(c) for c in choice.choices])
    return "; " + _("did you mean {names}?").format(names=", ".join(close)) if close else ""


def _name(param: click.Parameter) -> str:
    """--out for an option (its longest spelling), NAME for an argument."""
    if isinstance(param, click.Option):
        return max(param.opts, key=len)
    return param.human_readable_name


def _takes(param: click.Parameter, ctx: click.Context | None) -> str:
    """What the parameter takes, in words: 'one of first, second', 'a whole number of at least 1', ..."""
    kind = param.type
    if isinstance(kind, click.Choice):
        return _("one of {choices}").format(choices=", ".join(map(str, kind.choices)))
    if isinstance(kind, click.types._NumberParamTypeBase):
        whole = isinstance(kind, click.types.IntParamType)
        low, high = getattr(kind, "min", None), getattr(kind, "max", None)
        if low is not None and high is not None:
            words = _("a whole number from {low} to {high}") if whole else _("a number from {low} to {high}")
        elif low is not None:
            words = _("a whole number of at least {low}") if whole else _("a number of at least {low}")
        elif high is not None:
            words = _("a whole number of at most {high}") if whole else _("a number of at most {high}")
        else:
            words = _("a whole number") if whole else _("a number")
        return words.format(low=_number(low), high=_number(high))
    if isinstance(param, click.Option):
        return f"{_name(param)} {_metavar(param, ctx)}"
    return param.human_readable_name


def _metavar(option: click.Option, ctx: click.Context | None) -> str:
    """The option's value as --help writes it: its metavar, FILE or FOLDER for a path, else its name."""
    if option.metavar:
        return option.metavar
    if isinstance(option.type, click.Path):
        return "FILE" if option.type.file_okay else "FOLDER"
    shown = option.type.get_metavar(param=option, ctx=ctx) if ctx is not None else None
    return shown or (option.name or "value").upper()


def _number(value: float | None) -> str:
    if value is None:
        return ""
    return thousands(value) if isinstance(value, int) else str(value)
