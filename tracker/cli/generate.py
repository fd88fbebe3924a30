"""`menace generate`: print a complete MENACE kit (labels, legend, finder, fill sheet, score sheet)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

import click

from kit.games import game_from_spec
from kit.i18n import LANGUAGES, _, use_language
from tracker.cli.options import (
    KIT_GAMES,
    VARIANT_OPTIONS,
    db_option,
    open_kit,
    open_store,
    printed_kit_options,
    printed_kit_values,
    stock_value,
    variant_options,
)
from tracker.state.errors import MenaceError

if TYPE_CHECKING:
    from generator.documents.common import KitSpec
    from generator.printed_kit import KitOptions


@click.command()
@click.option(
    "--game",
    type=click.Choice([*KIT_GAMES, "all"]),
    default="all",
    show_default=True,
    help="Which kit to print; all: every game whose printed kit is finished.",
)
@variant_options
@printed_kit_options
@click.option(
    "--offset-x",
    type=click.FloatRange(-20, 20),
    default=0.0,
    show_default=True,
    metavar="MM",
    help="Move the labels right (mm; negative: left) for a printer that feeds off-centre; "
    "refused if it would print within 4 mm of the sheet's edge.",
)
@click.option(
    "--offset-y",
    type=click.FloatRange(-20, 20),
    default=0.0,
    show_default=True,
    metavar="MM",
    help="Move the labels down (mm; negative: up).",
)
@click.option(
    "--level-per-sheet",
    is_flag=True,
    help="Start each MENACE move level's labels on a new sheet, to print each on its own colour of paper.",
)
@click.option(
    "--out",
    type=click.Path(file_okay=False, path_type=Path),
    default=Path("output"),
    show_default=True,
    help="Folder for the kits; each game gets DIR/<game>/ (with options: DIR/nim-heaps-1-2-3/).",
)
@click.option(
    "--lang",
    "language",
    type=click.Choice(list(LANGUAGES)),
    default=None,
    help="The language of every printed document and of this command's messages [default: "
    "menace's own --lang, or MENACE_LANG, else en].",
)
@click.option(
    "--paper-machine",
    is_flag=True,
    help="Print a machine that needs no boxes instead of a kit: Hexapawn as a sheet per situation "
    "with a circle on each move for a sweet, Nim on one sheet with tokens to cut out, each "
    "with its rules and tally, into DIR/<game>-paper/.",
)
@click.option(
    "--force",
    is_flag=True,
    help="Replace a kit of other options (side, stock, palette, language, ...) in the same "
    "folder; without it such a kit is kept and nothing is written.",
)
@db_option
@click.option(
    "--kit",
    "kit_name",
    metavar="NAME",
    default=None,
    help="Print the store's kit NAME with the beads its boxes hold now (a trained kit's counts), "
    "into DIR/NAME/; its game, side, rules and palette are the kit's.",
)
@click.pass_context
def generate(
    ctx: click.Context,
    game: str,
    menace_plays: str | None,
    rules: str | None,
    palette: str | None,
    paper: str | None,
    stock: str,
    offset_x: float,
    offset_y: float,
    level_per_sheet: bool,
    language: str | None,
    paper_machine: bool,
    force: bool,
    out: Path,
    db_path: Path | None,
    kit_name: str | None,
) -> None:
    """Print a kit: the matchbox labels and every sheet, as PDFs.

    Write a printable kit: box labels, calibration page, bead legend with the rules card, box finder,
    fill sheet with shopping list, score sheet, game record sheet, and drawer fronts with a rack map, plus
    a kit.json manifest.

    With no options: the tic-tac-toe kit (MENACE moves first, 304 boxes), the Nim kit (9 boxes) and the
    Hexapawn kit (MENACE moves second, as Gardner's HER, 19 boxes) on A4 plain paper, into output/. Print
    calibration.pdf first, at 100% (actual size).
    """
    if language is not None:
        use_language(language)  # before anything is drawn: documents translate as they draw
    from generator.printed_kit import KitOptions, check_kits, files_to_write
    from generator.printed_kit import generate as generate_kit

    options = KitOptions(
        game,
        menace_plays,
        None,
        None,
        paper,
        stock_value(stock),
        offset_x,
        offset_y,
        level_per_sheet=level_per_sheet,
    )
    if kit_name is not None:
        _print_stored_kit(ctx, db_path, kit_name, options, out, force=force)
        return
    rules_read, palette_read = printed_kit_values(game, rules, palette)
    options = replace(options, rules=rules_read, palette=palette_read)
    if paper_machine:
        from generator.printed_kit import write_paper_machines

        write_paper_machines(options, out, progress=lambda line: click.echo(line, err=True))
        return
    draft = None if game == "all" else game_from_spec(game).printed_kit_draft
    if draft is not None:
        click.echo(_("Warning: a draft kit: {why}.").format(why=_(draft)), err=True)
    if not force:
        check_kits(options, out)  # before the progress bar: a refusal is one line
    from tracker.cli.progress import progress_bar_with_lines

    with progress_bar_with_lines(files_to_write(options), _("Writing the kit")) as (written, say):
        generate_kit(options, out, progress=say, written=written, force=True)


COMMANDS = [generate]


def _warn_outgrowing(spec: KitSpec) -> None:
    """A line on stderr when a stored kit's boxes, as they are now, may outgrow a matchbox in the games to
    come (its fill sheet says so too). A fresh kit is not warned of: its fill sheet plans the bigger box."""
    from generator.bill import bill_for, outgrow_warning

    warning = outgrow_warning(bill_for(spec.catalogue).outgrowing)
    if warning is not None:
        line = _("Warning: {game} (kit {code}): {warning}.")
        click.echo(line.format(game=spec.game.title, code=spec.code, warning=warning), err=True)


def _print_stored_kit(
    ctx: click.Context, db_path: Path | None, kit_name: str, options: KitOptions, out: Path, *, force: bool
) -> None:
    from tracker.formats.kit_print import print_stored_kit

    names = ("game", *(key for key, _parse in VARIANT_OPTIONS), "menace_plays", "rules", "palette")
    given = [
        f"--{name.replace('_', '-')}"
        for name in names
        if ctx.get_parameter_source(name) is not click.core.ParameterSource.DEFAULT
    ]
    if given:
        raise MenaceError(
            _("--kit prints the kit as it is: leave out {options}").format(options=", ".join(given))
        )
    store = open_store(db_path)
    spec = print_stored_kit(
        store, open_kit(store, kit_name), options, out, lambda line: click.echo(line, err=True), force=force
    )
    _warn_outgrowing(spec)
