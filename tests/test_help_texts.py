"""--help says what each command's --json holds, and where the store is by default."""

from __future__ import annotations

import click

from tests.cli import run
from tracker.cli.main import main
from tracker.cli.options import SQUARES_0_8


def json_help(words: list[str]) -> str:
    ctx = click.Context(main)
    command: click.Command | None = main
    for word in words:
        assert isinstance(command, click.Group)
        command = command.get_command(ctx, word)
    assert command is not None
    (option,) = [p for p in command.params if p.name == "as_json"]
    assert isinstance(option, click.Option) and option.help is not None
    return option.help


def test_each_json_help_says_what_that_command_holds() -> None:
    helps = {
        name: json_help(name.split())
        for name in (
            "boxes",
            "find",
            "games",
            "stats",
            "kits",
            "box",
            "match",
            "simulate",
            "tournament",
            "study thinking-time",
            "study learners",
            "study qlearn",
        )
    }
    assert len(set(helps.values())) == len(helps)  # no text pasted onto two commands
    assert "first_player_wins" in helps["tournament"] and "kit_code" in helps["kits"]
    # The squares' 0-8 only where the JSON names moves or positions.
    with_squares = {name for name, text in helps.items() if SQUARES_0_8 in text}
    assert with_squares == {"boxes", "find", "games", "stats", "box"}


def test_the_store_option_names_xdg_data_home() -> None:
    for command in ("play", "boxes", "kits", "train"):
        assert "$XDG_DATA_HOME/menace-kit/menace.sqlite3" in "".join(run(command, "--help").output.split())
