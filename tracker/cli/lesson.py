"""`menace lesson`: print a class pack for one lesson with MENACE (generator.lesson_pack)."""

from __future__ import annotations

from pathlib import Path

import click

from kit.i18n import LANGUAGES, _, n_, use_language
from tracker.cli.options import db_option, open_store, printed_kit_options, printed_kit_values, stock_value

GAMES = ("hexapawn", "nim", "tictactoe")  # generator.lesson.GAMES; repeated so `menace --help` stays light
MAX_GROUPS = 30  # generator.lesson.MAX_GROUPS
MIN_MINUTES, MAX_MINUTES = 30, 120  # generator.lesson
# A MENACE that starts trained learns against a random player, from a fixed seed: every pack asked for the
# same games prints the same beads, and its `menace train` line makes the same kit in the tracker.
TRAINED_OPPONENT, TRAINED_SEED = "random", 1


@click.command()
@click.option(
    "--game",
    type=click.Choice(GAMES),
    required=True,
    help="The machine the class plays: a Hexapawn or Nim kit for each group, or one tic-tac-toe "
    "MENACE (304 boxes) for the whole class.",
)
@click.option(
    "--groups",
    type=click.IntRange(1, MAX_GROUPS),
    required=True,
    metavar="N",
    help=f"How many groups play (1 to {MAX_GROUPS}); each gets a set of role cards and a worksheet.",
)
@click.option(
    "--minutes",
    type=click.IntRange(MIN_MINUTES, MAX_MINUTES),
    default=45,
    show_default=True,
    help="How long the lesson is; the games get the time the other steps leave.",
)
@click.option(
    "--trained",
    type=click.IntRange(1, 100_000),
    default=None,
    metavar="GAMES",
    help="Noughts and crosses: start MENACE trained by GAMES games against a random player, its "
    "boxes printed with the beads it ended with (it learns too slowly to see in one lesson).",
)
@printed_kit_options
@click.option(
    "--lang",
    "language",
    type=click.Choice(list(LANGUAGES)),
    default=None,
    help="The language of the pack and of this command's messages [default: menace's own --lang, "
    "or MENACE_LANG, else en].",
)
@click.option(
    "--out",
    type=click.Path(file_okay=False, path_type=Path),
    default=Path("output"),
    show_default=True,
    help="Folder for the pack: it goes into DIR/lesson-<game>/.",
)
@db_option
def lesson(
    game: str,
    groups: int,
    minutes: int,
    trained: int | None,
    menace_plays: str | None,
    rules: str | None,
    palette: str | None,
    paper: str | None,
    stock: str,
    language: str | None,
    out: Path,
    db_path: Path | None,
) -> None:
    """Print a class pack for one lesson, with the kit to build.

    Write a class pack for one lesson: a lesson plan by the minute, a materials list with the beads per
    colour for each group and in total, role cards, a tally and plot worksheet, the rules sheet,
    certificates, and the kit to build, plus a lesson.json manifest.

    The kit options are `menace generate`'s: the pack's kit, materials list and manifest follow them. The
    group kits (group-1, group-2, ...; for tic-tac-toe the class's one, class) are made in the tracker's
    store too, ready for `menace play --kit group-1` and the screen; a kit of that name already there is
    kept as it is.
    """
    if language is not None:
        use_language(language)  # before anything is drawn: documents translate as they draw
    from generator.lesson_pack import plan_lesson, write_pack
    from tracker.formats.lesson_kits import LessonKits, store_lesson_kits
    from tracker.lab.training import keep_or_save_trained_kit

    rules_read, palette_read = printed_kit_values(game, rules, palette)
    how, counts = None, None
    if trained is not None:
        from generator.lesson import LessonError, Trained

        if game != "tictactoe":  # a Hexapawn or Nim label shows no count by its arrows or takes
            raise LessonError(
                _(
                    "--trained is for noughts and crosses, which learns too slowly to see in one "
                    "lesson: Hexapawn and Nim learn within it, from fresh boxes"
                )
            )
        from kit.games import get_game
        from kit.players import parse_player
        from tracker.lab.training import train

        the_game = get_game(game)
        side = menace_plays or the_game.default_menace_plays
        training = train(
            the_game, side, rules_read, parse_player(TRAINED_OPPONENT), games=trained, seed=TRAINED_SEED
        )
        how, counts = Trained(trained, TRAINED_OPPONENT, TRAINED_SEED), training.counts
    planned = plan_lesson(
        game,
        groups,
        minutes,
        menace_plays=menace_plays,
        rules=rules_read,
        palette=palette_read,
        stock=stock_value(stock),
        paper=paper,
        trained=how,
        counts=counts,
    )
    write_pack(planned, out, progress=lambda line: click.echo(line, err=True))
    store = open_store(db_path, create=True)
    if trained is None:
        stored = store_lesson_kits(store, planned)
    else:  # the class's one MENACE, trained as its labels print it (`menace train`'s way)
        name = planned.store_name(1)
        already = keep_or_save_trained_kit(store, name, planned.spec.palette, training)
        stored = LessonKits([], [already]) if already is not None else LessonKits([name], [])
    if stored.made:
        made = n_(
            "made kit {names} in the tracker's store {path}",
            "made kits {names} in the tracker's store {path}",
            len(stored.made),
        )
        click.echo(made.format(names=", ".join(stored.made), path=store.path), err=True)
    for kit in stored.kept:
        kept = (
            _("kept kit {name}: it was in the store already")
            if kit.kit_code == planned.spec.code
            else _(
                "kept kit {name} as it was: it is kit {theirs}, not this pack's {ours}, so the labels will "
                "not match it (give --db another store for this class)"
            )
        )
        click.echo(kept.format(name=kit.name, theirs=kit.kit_code, ours=planned.spec.code), err=True)


COMMANDS = [lesson]
