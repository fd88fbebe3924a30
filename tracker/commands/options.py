"""Option bundles shared by several commands, and opening the store and kit they name."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click

from kit.games import GAMES
from tracker.errors import MenaceError
from tracker.kit_record import KitRecord
from tracker.store import KitNotChosen, Store, default_path

F = TypeVar("F", bound=Callable[..., Any])


class FileName(click.Path):
    """A file's name (click.Path, as a pathlib.Path, not a directory). A name with a NUL byte is refused as
    bad input: os.stat raises ValueError for it, not OSError, which click.Path lets through as a traceback."""

    def __init__(self) -> None:
        super().__init__(dir_okay=False, path_type=Path)

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if "\x00" in str(value):
            self.fail("a file name cannot contain a NUL byte", param, ctx)
        return super().convert(value, param, ctx)


def game_options(command: F) -> F:
    """--game, --menace-plays and --rules, as every catalogue-based command takes them."""
    command = click.option(
        "--rules",
        default=None,
        metavar="NAME",
        help=f"Reinforcement preset (default: {each_game('default_rules')}).",
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


def each_game(attribute: str) -> str:
    """A game attribute for every registered game, for --help: 'michie for tictactoe, nim for nim'."""
    return ", ".join(f"{getattr(game, attribute)} for {name}" for name, game in GAMES.items()
                     if game.no_matchbox_kit is None)


def json_option(command: F) -> F:
    return click.option(
        "--json",
        "as_json",
        is_flag=True,
        help="Print JSON on stdout. JSON names moves by their codes: a tic-tac-toe square is 0-8 in reading "
        "order (square 1 is 0), where every line for people says 1-9.",
    )(command)


def db_option(command: F) -> F:
    return click.option(
        "--db",
        "db_path",
        type=FileName(),
        default=None,
        help="The store (default: $MENACE_DB, else ~/.local/share/menace-kit/menace.sqlite3).",
    )(command)


def kit_option(command: F) -> F:
    return click.option(
        "--kit", "kit_name", metavar="NAME", default=None, help="The kit (default: the store's only kit)."
    )(command)


def open_store(db_path: Path | None, *, create: bool = False) -> Store:
    return Store(db_path or default_path(), create=create)


def open_kit(store: Store, kit_name: str | None) -> KitRecord:
    """The kit --kit names (or the store's only kit)."""
    try:
        return store.kit(kit_name)
    except KitNotChosen as error:
        raise MenaceError(f"{error} with --kit NAME") from None
