"""Every click usage error of every command is one line naming the option and what it takes (not click's
usage, hint and error), in the language asked for: a walk over the commands with a few bad inputs each."""

from __future__ import annotations

from collections.abc import Iterator

import click
import pytest
from click.testing import CliRunner

from tracker.cli.main import main


def commands() -> Iterator[tuple[list[str], click.Command]]:
    """Every command as its words on the command line, subcommands of a group included."""
    ctx = click.Context(main)
    for name in main.list_commands(ctx):
        command = main.get_command(ctx, name)
        assert command is not None
        if isinstance(command, click.Group):
            for sub in command.list_commands(ctx):
                inner = command.get_command(ctx, sub)
                assert inner is not None
                yield [name, sub], inner
        else:
            yield [name], command


def options(command: click.Command) -> list[click.Option]:
    return [p for p in command.params if isinstance(p, click.Option) and not p.is_flag and not p.is_eager]


def typed(option: click.Option) -> bool:
    """An option whose value click checks: a choice or a number."""
    return isinstance(option.type, (click.Choice, click.types._NumberParamTypeBase))


def cases() -> Iterator[tuple[list[str], tuple[str, ...]]]:
    """(arguments, the words one of which the line must name) for every command."""
    for words, command in commands():
        yield [*words, "--no-such-option"], ("--no-such-option",)
        for option in options(command):
            name = option.opts[-1]
            yield [*words, name], (name,)  # the value left out
            if typed(option):
                yield [*words, name, "nonsense"], (name,)
        required = [
            p.opts[-1] if isinstance(p, click.Option) else p.human_readable_name
            for p in command.params
            if p.required
        ]
        if required:  # nothing given: a missing one is named
            yield words, tuple(required)


CASES = list(cases())


def run(args: list[str]) -> click.testing.Result:
    return CliRunner().invoke(main, args)


@pytest.mark.parametrize("args, named", CASES, ids=[" ".join(args) for args, _named in CASES])
def test_a_usage_error_is_one_line_naming_the_option(args: list[str], named: tuple[str, ...]) -> None:
    result = run(args)
    assert result.exit_code == 2, result.output
    lines = result.output.splitlines()
    assert len(lines) == 1, result.output
    assert lines[0].startswith(f"Error: menace {args[0]}"), lines[0]
    assert any(word in lines[0] for word in named), lines[0]
    assert "--help" in lines[0]  # and where to read more


def test_the_walk_covers_every_command_and_the_kinds_of_mistake() -> None:
    walked = {args[0] for args, _named in CASES}
    assert walked == set(main.list_commands(click.Context(main)))
    assert len(CASES) > 150  # a few bad inputs for each of the commands' options


@pytest.mark.parametrize("args, line", [
    (["report"], "Error: menace report: --out is missing: give --out FILE (see menace report --help)"),
    (["play", "--games", "0"],
     "Error: menace play: --games takes a whole number from 1 to 100,000 (see menace play --help)"),
    (["new", "--game", "othello", "x"],
     "Error: menace new: --game takes one of tictactoe, nim, hexapawn (see menace new --help)"),
    (["study", "qlearn", "--games"],
     "Error: menace study qlearn: --games needs a value: give a whole number from 10 to 10,000,000 "
     "(see menace study qlearn --help)"),
    (["simulat"], "Error: menace: no command simulat; did you mean simulate? (see menace --help)"),
    (["simulate", "--game", "hexapwn", "--games", "3"],
     "Error: menace simulate: --game takes one of tictactoe, nim, hexapawn; did you mean hexapawn? "
     "(see menace simulate --help)"),
    (["simulate", "--engine", "numby", "--games", "3"],
     "Error: menace simulate: --engine takes one of auto, numpy, numba, kit; did you mean numpy, numba? "
     "(see menace simulate --help)"),
    (["--lang", "de", "new", "--game", "hexapwn"],
     "Fehler: menace new: --game erwartet einen Wert aus tictactoe, nim, hexapawn; meintest du hexapawn? "
     "(siehe menace new --help)"),
    (["--lang", "de", "report"],
     "Fehler: menace report: --out fehlt: gib --out FILE an (siehe menace report --help)"),
    (["--lang", "de", "play", "--games", "0"],
     "Fehler: menace play: --games erwartet eine ganze Zahl von 1 bis 100.000 (siehe menace play --help)"),
])  # fmt: skip
def test_known_lines(args: list[str], line: str) -> None:
    result = run(args)
    assert (result.exit_code, result.output) == (2, line + "\n")


def test_a_group_without_its_command_still_shows_its_help() -> None:
    result = run(["study"])
    assert "Usage:" in result.output and "qlearn" in result.output


HUGE = str(10**100)


def test_mcts_takes_up_to_a_million_iterations_a_move():
    from kit.game import GameError
    from kit.players import MctsSpec

    assert MctsSpec.parse("1000000").iterations == 1_000_000
    with pytest.raises(GameError, match=r"needs N iterations \(1 to 1,000,000\)"):
        MctsSpec.parse("1000001")


@pytest.mark.parametrize("args, bound", [
    (["simulate", "--games", HUGE], "--games takes a whole number from 1 to 1,000,000"),
    (["simulate", "--games", "3", "--population", HUGE],
     "--population takes a whole number from 1 to 1,000,000,000"),
    (["match", "--first", "random", "--second", "random", "--games", HUGE],
     "--games takes a whole number from 1 to 1,000,000"),
    (["match", "--first", f"mcts:{HUGE}", "--second", "random", "--games", "1"],
     "mcts:N[:C] needs N iterations (1 to 1,000,000)"),
])  # fmt: skip
def test_numbers_without_bounds_get_one_line_with_the_bound(args, bound):
    """The issue's numbers: simulate's traceback, and a match that ran forever (--games, mcts:N)."""
    done = CliRunner().invoke(main, args)
    assert done.exit_code == 2 and done.output.count("\n") == 1, done.output
    assert bound in done.output, done.output
