"""`menace new`, `kits`, `box` and `census`: the store's kits and the beads in their boxes."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import click

from kit.design import design_kit
from kit.games import game_from_spec
from kit.i18n import _, n_
from kit.matchbox import Box
from kit.shown import visible
from tracker.cli.options import (
    db_option,
    each_game,
    game_options,
    json_option,
    kit_option,
    open_kit,
    open_store,
    palette_value,
    rules_value,
)
from tracker.state.errors import MenaceError
from tracker.state.event_kinds import Census
from tracker.state.events import World
from tracker.state.kit_record import KitRecord, kit_name, kit_problem
from tracker.state.text import counts_on_cells, grid_lines, menace_side, picture_words, thousands
from tracker.store.event_store import new_id
from tracker.table.census import parse_counts
from tracker.table.corrections import beads_out, out_on_top_text
from tracker.table.play_lock import correcting

KIT_CODE = re.compile(r"[0-9A-Fa-f]{6}")


@click.command()
@db_option
@game_options
@click.option(
    "--palette",
    default=None,
    metavar="NAME|FILE.toml",
    help=f"Bead palette: a shipped one or your own file (default: {each_game('default_palette')}).",
)
@click.option(
    "--code",
    metavar="XXXXXX",
    default=None,
    help="The kit code printed on your labels: a kit whose labels would say another code is refused.",
)
@click.argument("name")
def new(
    db_path: Path | None,
    game: str,
    menace_plays: str,
    rules: str | None,
    palette: str | None,
    code: str | None,
    name: str,
) -> None:
    """Create a kit in the store, one per class or physical MENACE.

    Create a kit called NAME (one per class or physical MENACE) with the preset's starting beads."""
    name = kit_name(name)
    if code is not None and not KIT_CODE.fullmatch(code.strip()):
        message = _(
            "--code {code} is not a kit code: give the six letters and digits after 'kit' on your labels, "
            "e.g. 1599A0"
        )
        raise MenaceError(message.format(code=repr(code)))
    the_game = game_from_spec(game)
    chosen = palette_value(the_game, palette)
    design = design_kit(the_game, menace_plays, rules_value(the_game, rules), chosen)
    kit = KitRecord.made(new_id(), name, design)
    problem = kit_problem(kit)
    if problem is not None:  # what import also asks of a kit
        raise MenaceError(_("the kit cannot be made: {problem}").format(problem=problem))
    if code is not None and code.strip().upper() != kit.kit_code:
        raise MenaceError(
            _(
                "your labels say kit {code}, but this kit's would say kit {ours}: give the --game, "
                "--menace-plays, --rules and --palette the labels were printed with"
            ).format(code=code.strip().upper(), ours=kit.kit_code)
        )
    store = open_store(db_path, create=True)
    store.create_kit(kit)
    beads = sum(sum(b.beads) for b in kit.boxes)
    created = n_(
        "Created kit {name}: {game}, {side}, rules {rules}, palette {palette}, {boxes} box, {beads} beads "
        "(kit {code}).",
        "Created kit {name}: {game}, {side}, rules {rules}, palette {palette}, {boxes} boxes, {beads} beads "
        "(kit {code}).",
        len(kit.boxes),
    )
    click.echo(
        created.format(
            name=name,
            game=the_game.title,
            side=menace_side(menace_plays),
            rules=kit.rules_name,
            palette=chosen.name,
            boxes=thousands(len(kit.boxes)),
            beads=thousands(beads),
            code=kit.kit_code,
        )
    )
    click.echo(_("Store: {path}").format(path=store.path))


@click.command()
@db_option
@json_option(
    "one object a kit: id, name, game, side, rules, palette, fingerprint, kit_code and games played."
)
def kits(db_path: Path | None, as_json: bool) -> None:
    """List the store's kits and how each is set up.

    List the store's kits with their game, side, rules, palette, the kit code their labels print and
    games played."""
    store = open_store(db_path)
    rows = [row | {"kit_code": store.kit_by_id(row["id"]).kit_code} for row in store.kits()]
    if as_json:
        click.echo(json.dumps(rows))
        return
    if not rows:
        click.echo(_("No kits yet: create one with `menace new NAME`."))
    for row in rows:
        line = n_(
            "{name}: {game}, {side}, rules {rules}, palette {palette}, kit {code}, {games} game",
            "{name}: {game}, {side}, rules {rules}, palette {palette}, kit {code}, {games} games",
            row["games"],
        )
        # A name from before names were checked, or a store edited behind its back, may hold escape codes.
        shown = row | {"name": visible(row["name"]), "palette": visible(row["palette"])}
        click.echo(line.format(**shown, side=menace_side(row["menace_plays"]), code=row["kit_code"]))


@click.command()
@db_option
@kit_option
@json_option("the box's position, beads by move, colours and each move's chance.", squares=True)
@click.argument("box_id", metavar="ID", type=int)
def box(db_path: Path | None, kit_name: str | None, as_json: bool, box_id: int) -> None:
    """Show the beads in one box now, and each colour's chance.

    Show box ID's beads now: counts on the squares of its picture, and the chance of each colour."""
    store = open_store(db_path)
    kit = open_kit(store, kit_name)
    the_box = kit.box(box_id)
    world = store.world(kit)
    counts = world.loaded_mirror.get(box_id, {})
    total = sum(counts.values())
    out = [bead for b, bead in beads_out(world) if b == box_id]
    if as_json:
        game = kit.catalogue.game
        click.echo(
            json.dumps(
                {
                    "id": the_box.id,
                    "position": game.position_text(the_box.position),
                    "beads": {str(kit.code(m)): counts.get(m, 0) for m in the_box.moves},
                    "move_number": the_box.move_number,
                    "colours": {str(kit.code(m)): kit.colour(the_box, m) for m in the_box.moves},
                    "probabilities": {
                        str(kit.code(m)): round(counts.get(m, 0) / total, 4) if total else 0
                        for m in the_box.moves
                    },
                    # beads drawn in the game in progress, out on top of the box (not in "beads")
                    "out": {str(kit.code(m)): out.count(m) for m in dict.fromkeys(out)},
                }
            )
        )
        return
    click.echo(box_text(kit, the_box, counts))
    _out_on_top(kit, world, box_id)


def box_text(kit: KitRecord, the_box: Box, counts: Mapping[Any, int]) -> str:
    """The box's picture with the bead counts on it, then a line per colour with its share."""
    game = kit.catalogue.game
    total = sum(counts.values())
    picture = game.picture(the_box.position)
    board = picture.board
    if board is None:
        lines = [
            _("Box {box} of kit {kit}: {tokens}").format(
                box=the_box.id, kit=kit.name, tokens=picture_words(picture)
            )
        ]
    else:
        heading = _("Box {box} of kit {kit} (MENACE's move {move})")
        lines = [heading.format(box=the_box.id, kit=kit.name, move=the_box.move_number)]
        lines += ["  " + line for line in grid_lines(board, cell=counts_on_cells(game, the_box, counts))]
    for move in the_box.moves:
        count = counts.get(move, 0)
        share = f"{count / total:4.0%}" if total else "  - "
        beads = n_("{count} bead", "{count} beads", count).format(count=f"{count:>3}")
        lines.append(f"  {kit.colour(the_box, move):<8} {game.move_mark(move).label:<9} {beads:<9} {share}")
    in_all = n_("  {count} bead in all", "  {count} beads in all", total)
    in_all = in_all.format(count=thousands(total))
    lines.append(in_all if total else _("  the box is empty"))
    return "\n".join(lines)


@click.command()
@db_option
@kit_option
@click.argument("box_id", metavar="ID", type=int)
@click.argument("counts", metavar="COLOUR=COUNT...", nargs=-1, required=True)
def census(db_path: Path | None, kit_name: str | None, box_id: int, counts: tuple[str, ...]) -> None:
    """Correct a box's beads after counting the real box.

    Set box ID's counts after recounting the physical box (recorded as an event; colours not named keep
    their count)."""
    store = open_store(db_path)
    kit = open_kit(store, kit_name)
    the_box = kit.box(box_id)
    parsed = parse_counts(kit, the_box, counts)
    with correcting(store, kit):
        store.update(
            kit,
            lambda world: [Census(box_id, {str(kit.code(m)): n for m, n in parsed.items()}).pair()],
        )
    world = store.world(kit)
    click.echo(box_text(kit, the_box, world.loaded_mirror[box_id]))
    _out_on_top(kit, world, box_id)


def _out_on_top(kit: KitRecord, world: World, box_id: int) -> None:
    line = out_on_top_text(kit, world, box_id)
    if line is not None:
        click.echo(line)


COMMANDS = [new, kits, box, census]
