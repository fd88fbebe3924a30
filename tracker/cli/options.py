"""Option bundles shared by several commands, and opening the store and kit they name."""

from __future__ import annotations

import functools
import math
import os
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar, cast

import click

from kit.datafiles import names_a_file, read_file
from kit.game import SIDES, Game
from kit.games import GAMES, game_from_spec
from kit.i18n import _
from kit.rules import Rules, choose_rules, load_rules
from tracker.state.errors import MenaceError

if TYPE_CHECKING:  # the store is imported by the commands that open it: simulate and match need none
    from generator.stocks import Stock
    from kit.palettes import Palette  # read by the commands that print or make a kit
    from tracker.state.kit_record import KitRecord
    from tracker.store.event_store import Store

F = TypeVar("F", bound=Callable[..., Any])
T = TypeVar("T")


class FileName(click.Path):
    """A file's name (click.Path, as a pathlib.Path, not a directory). A name with a NUL byte is refused as
    bad input: os.stat raises ValueError for it, not OSError, which click.Path lets through as a traceback."""

    def __init__(self) -> None:
        super().__init__(dir_okay=False, path_type=Path)

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, Path):
            return value
        text = str(value)
        if "\x00" in text:
            self.fail(_("a file name cannot contain a NUL byte"), param, ctx)
        if not text.strip():  # Path("") is ".", the folder one is in: no file was named
            self.fail(_("the file name is empty: give a file's name"), param, ctx)
        too_long = next((part for part in Path(text).parts if len(os.fsencode(part)) > NAME_MAX), None)
        if too_long is not None:  # the system refuses it at once (ENAMETOOLONG): say so before any use
            message = _("the name {name}... is {bytes} bytes long: a file system takes at most {most}")
            self.fail(
                message.format(name=too_long[:20], bytes=len(os.fsencode(too_long)), most=NAME_MAX),
                param,
                ctx,
            )
        return super().convert(value, param, ctx)


NAME_MAX = 255  # the bytes of one name in a path on Linux, macOS and Windows alike


class FiniteRange(click.FloatRange):
    """click.FloatRange refusing NaN, which every comparison with the bounds lets through."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        number = super().convert(value, param, ctx)
        if math.isnan(number):
            self.fail(_("{value!r} is not a number").format(value=value), param, ctx)
        return number


# The games with a matchbox kit: the only ones a command that needs boxes offers (the others are played by
# `menace match` and `menace study`, and `menace boxes` says how big they are). Named here, as kit.games
# imports a game's module only when it is asked for: every command offers these, and a noughts-and-crosses
# run need not load Othello to offer them (tests/test_startup_cli.py checks them against the games).
KIT_GAMES = ["tictactoe", "nim", "hexapawn"]


def game_options(command: F) -> F:
    """--game (a game with a matchbox kit) with its options, --menace-plays and --rules, as every
    catalogue-based command takes them."""
    return _game_options(command, KIT_GAMES)


def every_game_options(command: F) -> F:
    """game_options offering every game, for `menace boxes`, which says why a game has no kit."""
    return _game_options(command, list(GAMES))


def _game_options(command: F, games: list[str]) -> F:
    command = click.option(
        "--rules",
        default=None,
        metavar="NAME|FILE.toml",
        help=f"Reinforcement preset: a shipped one or your own file (default: {each_game('default_rules')}).",
    )(command)
    command = click.option(
        "--menace-plays",
        type=click.Choice(["first", "second"]),
        default=None,
        help=f"Whether MENACE makes the first move or the second [default: {SIDE_DEFAULTS}].",
    )(command)
    return click.option(
        "--game", type=click.Choice(games), default="tictactoe", show_default=True, help="The game."
    )(variant_options(side_default(command)))  # listed after --game in --help


def side_default(command: F) -> F:
    """--menace-plays left out: the game's own side (Hexapawn's HER plays second, the others first)."""

    @functools.wraps(command)
    def with_side(*args: Any, **kwargs: Any) -> Any:
        if kwargs.get("menace_plays") is None:
            kwargs["menace_plays"] = game_from_spec(kwargs["game"]).default_menace_plays
        return command(*args, **kwargs)

    return cast(F, with_side)


# --menace-plays's default as --help says it: first, but second for a game whose kit defaults to it.
SIDE_DEFAULTS = "first; " + ", ".join(
    f"second for {name}" for name in KIT_GAMES if GAMES[name].default_menace_plays == "second"
)


# The games' options as the command line spells them; each applies to the games that list it in
# option_parsers, and variant_options folds the ones given into --game's value, the game's spec.
VARIANT_OPTIONS = (
    (
        "heaps",
        click.option(
            "--heaps",
            metavar="N|A,B,...",
            default=None,
            help="Nim: one pile of N tokens (default 9) or several heaps, e.g. 1,2,3.",
        ),
    ),
    (
        "max_take",
        click.option(
            "--max-take",
            metavar="K",
            default=None,
            help="Nim: the most a turn takes (default 3 for one pile, no limit for several).",
        ),
    ),
    (
        "last_token",
        click.option(
            "--last-token",
            type=click.Choice(["loses", "wins"]),
            default=None,
            help="Nim: whether taking the last token loses (default for one pile) or "
            "wins (default for several heaps).",
        ),
    ),
    (
        "symmetry",
        click.option(
            "--symmetry",
            type=click.Choice(["full", "none"]),
            default=None,
            help="tictactoe: full folds boards that are the same under rotation and "
            "reflection into one box (default); none gives every board its own box.",
        ),
    ),
    (
        "forced_boxes",
        click.option(
            "--forced-boxes",
            is_flag=True,
            default=None,
            help="tictactoe: a box also for a board with one empty square.",
        ),
    ),
)


def variant_options(command: F) -> F:
    """The games' own options (--heaps, --symmetry, ...), folded into ``game``: the command receives the
    game's spec (kit.games), e.g. "nim --heaps 1,2,3", and its plain name when no option is given. An
    option that does not apply to the game is a one-line error."""

    @functools.wraps(command)
    def with_spec(*args: Any, **kwargs: Any) -> Any:
        given = {key: kwargs.pop(key) for key, _option in VARIANT_OPTIONS}
        kwargs["game"] = game_spec(kwargs["game"], given)
        return command(*args, **kwargs)

    for _key, option in reversed(VARIANT_OPTIONS):
        option(with_spec)
    return cast(F, with_spec)


def game_spec(name: str, given: dict[str, Any]) -> str:
    """The spec of game ``name`` with the options given on the command line (None: not given)."""
    words = [name]
    for key, value in given.items():
        if value is not None and value is not False:
            words += [f"--{key.replace('_', '-')}"] + ([] if value is True else [str(value)])
    if len(words) > 1 and name not in GAMES:
        message = _("{options}: choose one game with --game to give it options")
        raise MenaceError(message.format(options=" ".join(words[1:])))
    return game_from_spec(" ".join(words)).spec if len(words) > 1 else name


def rules_value(game: Game[Any, Any], value: str | None) -> Rules:
    """--rules read once, here at the command line: a shipped preset's name or a TOML file, for ``game``
    (None: the game's default preset). Below the command line the rules travel as this value."""
    game.require_matchbox_kit()  # a game without a kit has no rules to read: say so first
    return load_rules(game.default_rules) if value is None else choose_rules(value, game=game.name)


def palette_value(game: Game[Any, Any], value: str | None) -> Palette:
    """--palette read once, at the command line: a shipped palette's name or a TOML file, for ``game``
    (None: the game's default palette)."""
    from kit.palettes import choose_palette, load_palette

    return load_palette(game.default_palette) if value is None else choose_palette(value, game=game.name)


def preset_value(value: str | None, game: str, choose: Callable[..., T], load: Callable[..., T]) -> T | None:
    """--rules or --palette (``choose``/``load`` read them: kit.rules or kit.palettes) read once for
    `menace generate`: for one game, as that game's; for every game ("all"), for the game the preset or
    file names (None when not given: each game gets its default)."""
    if value is None:
        return None
    if game != "all":
        the_game = game_from_spec(game)
        the_game.require_matchbox_kit()  # a game without a kit: say so before any preset
        return choose(value, game=the_game.name)
    if names_a_file(value):
        return choose(value, game=str(read_file(value).get("game")))  # checks every field
    return load(value)


def stock_value(value: str) -> Stock:
    """--stock read once, at the command line: a shipped stock's name or a stock file of one's own. Below
    the command line the printed kit takes this value."""
    from generator.stocks import choose_stock  # the stocks are read only by the commands that print

    return choose_stock(value)


def each_game(attribute: str) -> str:
    """A game attribute for each game with a kit, for --help: 'michie for tictactoe, nim for nim'."""
    return ", ".join(f"{getattr(GAMES[name], attribute)} for {name}" for name in KIT_GAMES)


# Said on the --json of every command whose JSON names moves or boxes' positions.
SQUARES_0_8 = (
    "JSON names moves by their codes: a tic-tac-toe square is 0-8 in reading order (square 1 is "
    "0), where every line for people says 1-9."
)


def json_option(holds: str, *, squares: bool = False) -> Callable[[F], F]:
    """--json, its help saying what this command's JSON ``holds`` (and, with ``squares``, that its moves
    count squares 0-8)."""
    text = f"Print JSON on stdout: {holds}" + (f" {SQUARES_0_8}" if squares else "")
    return click.option("--json", "as_json", is_flag=True, help=text)


PAPERS = ("a4", "letter")  # generator.stocks.PAPERS; repeated so `menace --help` stays light


def printed_kit_options(command: F) -> F:
    """--menace-plays, --rules, --palette, --paper and --stock: what a printed kit is made of, as `menace
    generate` and `menace lesson` take them (read with printed_kit_values)."""
    for option in reversed(
        (
            click.option(
                "--menace-plays",
                type=click.Choice(list(SIDES)),
                default=None,
                help="Whether MENACE makes the first move or the second (tic-tac-toe: 304 or 289 "
                f"boxes) [default: {SIDE_DEFAULTS}].",
            ),
            click.option(
                "--rules",
                default=None,
                metavar="NAME|FILE.toml",
                help="Reinforcement preset, shipped or your own file (default: michie for tictactoe, "
                "nim for nim, gardner for hexapawn).",
            ),
            click.option(
                "--palette",
                default=None,
                metavar="NAME|FILE.toml",
                help="Bead palette, shipped or your own file (default: craft, nim-craft, hexapawn-clear).",
            ),
            click.option(
                "--paper",
                type=click.Choice(PAPERS),
                default=None,
                help="Paper for the plain stock and the other documents [default: a4, or the stock's own].",
            ),
            click.option(
                "--stock",
                default="plain",
                show_default=True,
                metavar="NAME|FILE.toml",
                help="Label stock: plain, zweckform-3651, avery-l7654, avery-l7160, avery-l7651, "
                "avery-5160, or your own file with the same fields (label_width, label_height, "
                "...).",
            ),
        )
    ):
        command = option(command)
    return command


def printed_kit_values(
    game: str, rules: str | None, palette: str | None
) -> tuple[Rules | None, Palette | None]:
    """--rules and --palette of printed_kit_options read once for ``game`` (preset_value); None: the
    game's default. --stock is read by stock_value."""
    from kit.palettes import choose_palette, load_palette

    return (
        preset_value(rules, game, choose_rules, load_rules),
        preset_value(palette, game, choose_palette, load_palette),
    )


def db_option(command: F) -> F:
    return click.option(
        "--db",
        "db_path",
        type=FileName(),
        default=None,
        help="The store (default: $MENACE_DB, else $XDG_DATA_HOME/menace-kit/menace.sqlite3, where "
        "$XDG_DATA_HOME is ~/.local/share when not set).",
    )(command)


def kit_option(command: F) -> F:
    return click.option(
        "--kit", "kit_name", metavar="NAME", default=None, help="The kit (default: the store's only kit)."
    )(command)


def open_store(db_path: Path | None, *, create: bool = False) -> Store:
    from tracker.store.event_store import Store, default_path

    return Store(db_path or default_path(), create=create)


def open_kit(store: Store, kit_name: str | None) -> KitRecord:
    """The kit --kit names (or the store's only kit)."""
    from tracker.store.event_store import KitNotChosen

    try:
        return store.kit(kit_name)
    except KitNotChosen as error:
        raise MenaceError(_("{error} with --kit NAME").format(error=error)) from None
