"""`menace lesson`: print a class pack for one lesson with MENACE (generator.lesson_pack)."""
from __future__ import annotations

from pathlib import Path

import click

from kit.i18n import LANGUAGES, use_language
from tracker.cli.options import printed_kit_options, printed_kit_values, stock_value

GAMES = ("hexapawn", "nim", "tictactoe")  # generator.lesson.GAMES; repeated so `menace --help` stays light
MAX_GROUPS = 30  # generator.lesson.MAX_GROUPS
MIN_MINUTES, MAX_MINUTES = 30, 120  # generator.lesson


@click.command()
@click.option("--game", type=click.Choice(GAMES), required=True,
              help="The machine the class plays: a Hexapawn or Nim kit for each group, or one tic-tac-toe "
                   "MENACE (304 boxes) for the whole class.")
@click.option("--groups", type=click.IntRange(1, MAX_GROUPS), required=True, metavar="N",
              help=f"How many groups play (1 to {MAX_GROUPS}); each gets a set of role cards and a "
                   "worksheet.")
@click.option("--minutes", type=click.IntRange(MIN_MINUTES, MAX_MINUTES), default=45, show_default=True,
              help="How long the lesson is; the games get the time the other steps leave.")
@printed_kit_options
@click.option("--lang", "language", type=click.Choice(list(LANGUAGES)), default=None,
              help="The language of the pack and of this command's messages [default: menace's own --lang, "
                   "or MENACE_LANG, else en].")
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=Path("output"),
              show_default=True, help="Folder for the pack: it goes into DIR/lesson-<game>/.")
def lesson(game: str, groups: int, minutes: int, menace_plays: str | None, rules: str | None,
           palette: str | None, paper: str | None, stock: str, language: str | None, out: Path) -> None:
    """Print a class pack for one lesson, with the kit to build.

    Write a class pack for one lesson: a lesson plan by the minute, a materials list with the beads per
    colour for each group and in total, role cards, a tally and plot worksheet, the rules sheet,
    certificates, and the kit to build, plus a lesson.json manifest.

    The kit options are `menace generate`'s: the pack's kit, materials list and manifest follow them.
    """
    if language is not None:
        use_language(language)  # before anything is drawn: documents translate as they draw
    from generator.lesson_pack import plan_lesson, write_pack

    rules_read, palette_read = printed_kit_values(game, rules, palette)
    planned = plan_lesson(game, groups, minutes, menace_plays=menace_plays, rules=rules_read,
                          palette=palette_read, stock=stock_value(stock), paper=paper)
    write_pack(planned, out, progress=lambda line: click.echo(line, err=True))


COMMANDS = [lesson]
