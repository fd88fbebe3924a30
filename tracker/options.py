"""Option bundles shared by several commands."""
from __future__ import annotations

import click

from kit.games import GAMES


def game_options(command):
    """--game, --menace-plays and --rules, as every catalogue-based command takes them."""
    command = click.option(
        "--rules",
        default=None,
        metavar="NAME",
        help="Reinforcement preset (default: michie for tictactoe, nim for nim).",
    )(command)
    command = click.option(
        "--menace-plays",
        type=click.Choice(["first", "second"]),
        default="first",
        show_default=True,
        help="Whether MENACE makes the first move or the second.",
    )(command)
    command = click.option(
        "--game", type=click.Choice(list(GAMES)), default="tictactoe", show_default=True, help="The game."
    )(command)
    return command


def json_option(command):
    return click.option("--json", "as_json", is_flag=True, help="Print JSON on stdout.")(command)
