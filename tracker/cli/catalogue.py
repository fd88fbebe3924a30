"""`menace boxes`, `menace find` and `menace graph`: the matchbox catalogue from the command line."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click

from kit.catalogue import build_catalogue
from kit.datafiles import names_a_file
from kit.finder import finder_key
from kit.game import Game, PositionCount, State
from kit.games import game_from_spec
from kit.i18n import _, n_
from kit.matchbox import Box, Catalogue, Placement
from kit.palettes import Palette, kit_code, load_palette
from tracker.cli.options import FileName, every_game_options, game_options, json_option, rules_value
from tracker.state.errors import MenaceError
from tracker.state.text import (
    counts_on_cells,
    grid_lines,
    menace_side,
    picture_words,
    side_by_side,
    thousands,
)
from tracker.store.kit_json import catalogue_data

BOXES_PER_ROW = 6


@click.command()
@every_game_options
@json_option(
    "the game, side, rules, fingerprint and every box (its number, position, moves and starting beads).",
    squares=True,
)
@click.option(
    "--kit",
    "kit_name",
    metavar="NAME",
    default=None,
    help="Show the beads now in this kit of the store (its game, side and rules), not the starting beads.",
)
@click.option(
    "--db",
    "db_path",
    type=FileName(),
    default=None,
    help="The store for --kit (default: $MENACE_DB, else $XDG_DATA_HOME/menace-kit/menace.sqlite3, where "
    "$XDG_DATA_HOME is ~/.local/share when not set).",
)
def boxes(
    game: str, menace_plays: str, rules: str | None, as_json: bool, kit_name: str | None, db_path: Path | None
) -> None:
    """List every matchbox: its number, position and beads.

    List every matchbox: its number, position and starting beads (with --kit: the beads now).

    In the pictures a digit is the number of beads for that square; '.' is an empty square that gets
    no beads because a symmetry of the position makes it the same move as another square.
    """
    too_big = game_from_spec(game).no_matchbox_kit
    if kit_name is None and too_big is not None:
        _no_kit(game_from_spec(game), too_big, as_json)
        return
    if kit_name is not None:
        catalogue, heading, extra, palette = _kit_catalogue(db_path, kit_name)
    else:
        the_game = game_from_spec(game)
        catalogue = build_catalogue(the_game, menace_plays, rules_value(the_game, rules))
        heading, extra, palette = _heading(catalogue), {}, load_palette(the_game.default_palette)
    if as_json:
        click.echo(json.dumps({**catalogue_data(catalogue, palette), **extra}))
        return
    click.echo(heading)
    the_game = catalogue.game
    heaps = [box for box in catalogue.boxes if the_game.picture(box.position).board is None]
    for box in heaps:  # a line each: a heap has no cells to write the beads on
        moves = ", ".join(
            f"{the_game.move_mark(m).label}: {n}" for m, n in zip(box.moves, box.beads, strict=True)
        )
        click.echo(
            _("box {box}  {tokens} {moves}").format(
                box=f"{box.id:>2}", tokens=f"{_heaps(catalogue, box):<10}", moves=moves
            )
        )
    grids = [box for box in catalogue.boxes if box not in heaps]
    for start in range(0, len(grids), BOXES_PER_ROW):
        row = grids[start : start + BOXES_PER_ROW]
        blocks = [
            [_("#{box} move {move}").format(box=box.id, move=box.move_number), *_box_picture(catalogue, box)]
            for box in row
        ]
        click.echo("\n".join(side_by_side(blocks, width=12)) + "\n")


def _no_kit(game: Game[Any, Any], too_big: PositionCount, as_json: bool) -> None:
    """The answer for a game too big for matchboxes: how many positions it has, beside noughts and crosses'
    304 boxes."""
    if as_json:
        click.echo(
            json.dumps(
                {
                    "game": game.name,
                    "boxes": None,
                    "positions": too_big.count,
                    "qualifier": too_big.qualifier or "exact",
                    "source": too_big.source,
                }
            )
        )
    else:
        message = _("no matchbox kit: this game has {positions}, where noughts and crosses needs 304 boxes")
        click.echo(message.format(positions=too_big))


def _to_board(catalogue: Catalogue, placement: Placement) -> list[int] | None:
    """find --json's to_board: the real move code of every move code the game has, or null when the game
    has no symmetry (tic-tac-toe: the square each of the label's squares 0-8 lands on)."""
    game = catalogue.game
    if len(game.symmetries) == 1:
        return None
    codes = sorted(
        {
            game.move_code(m)
            for box in catalogue.boxes
            for m in game.legal_moves(State(box.position, catalogue.menace))
        }
    )
    return [game.move_code(placement.to_real(game.move_from_code(c))) for c in codes]


@click.command()
@game_options
@json_option("the box for BOARD and to_board, the real square for each of the label's.", squares=True)
@click.argument("board")
def find(game: str, menace_plays: str, rules: str | None, as_json: bool, board: str) -> None:
    """Find a board's matchbox, and how its label turns onto it.

    Find the matchbox for a real BOARD and how its label turns onto it.

    BOARD is nine characters X, O or '.', row by row from the top left (for Nim: the tokens left).
    Squares are 1-9 in reading order; with --json, to_board[i] is the real square that the label's square
    i lands on, both as codes 0-8, and finder_key is the key the finder groups boxes by (as on the labels).
    """
    the_game = game_from_spec(game)
    catalogue = build_catalogue(the_game, menace_plays, rules_value(the_game, rules))
    placement = catalogue.locate(board)
    box = placement.box
    if as_json:
        to_board = _to_board(catalogue, placement)
        click.echo(
            json.dumps(
                {
                    "box": box.id,
                    "position": catalogue.game.position_text(box.position),
                    "board": catalogue.game.position_text(placement.position),
                    "to_board": to_board,
                    "turn": placement.turn,
                    "finder_key": finder_key(catalogue.game, placement.position),
                }
            )
        )
        return
    the_game = catalogue.game
    label_picture = the_game.picture(box.position).board
    real_picture = the_game.picture(placement.position).board
    if label_picture is None or real_picture is None:
        click.echo(_("Box {box}: {tokens} left.").format(box=box.id, tokens=_heaps(catalogue, box)))
        return
    click.echo(_("Box {box} (MENACE's move {move})").format(box=box.id, move=box.move_number))
    label = [_("label"), *grid_lines(label_picture)]
    real = [_("real board"), *grid_lines(real_picture)]
    click.echo("\n".join(side_by_side([label, real], width=12)))
    click.echo(_("The label's picture, {turn}, is the real board.").format(turn=placement.turn))
    text = the_game.move_text
    squares = ", ".join(f"{text(m)}->{text(placement.to_real(m))}" for m in box.moves)
    click.echo(_("Bead squares, label -> real board: {squares}").format(squares=squares))


@click.command()
@game_options
@click.option("--full", is_flag=True, help="Every position, not one per symmetry class.")
@click.option("--out", "out", type=FileName(), required=True, help="The .graphml file to write.")
def graph(game: str, menace_plays: str, rules: str | None, full: bool, out: Path) -> None:
    """Write the game tree for network tools (GraphML).

    Write the game tree as GraphML, reduced by symmetry, with the matchbox numbers on its nodes."""
    from generator.tree import game_tree, mark_boxes, write_graphml
    from tracker.cli.outputs import check_output, whole_file

    check_output(out, "--out", inputs=[rules if rules is not None and names_a_file(rules) else None])
    the_game = game_from_spec(game)
    catalogue = build_catalogue(the_game, menace_plays, rules_value(the_game, rules))
    tree = game_tree(catalogue.game, reduce=not full)
    if not full:
        mark_boxes(tree, catalogue)
    try:
        with whole_file(out) as temporary:  # a run stopped half way, or a full disk, keeps the old file
            write_graphml(tree, temporary)
    except OSError as error:
        raise MenaceError(_("cannot write {file}: {error}").format(file=out, error=error.strerror)) from None
    wrote = _("wrote {file}: {positions} positions, {moves} moves")
    click.echo(
        wrote.format(file=out, positions=tree.number_of_nodes(), moves=tree.number_of_edges()), err=True
    )


def _kit_catalogue(db_path: Path | None, kit_name: str) -> tuple[Catalogue, str, dict[str, Any], Palette]:
    """The kit's catalogue with its boxes holding the store's bead counts now, a heading for it, its JSON
    fields and its palette."""
    from tracker.cli.options import open_kit, open_store
    from tracker.store.kit_json import kit_catalogue, kit_fields

    store = open_store(db_path)
    kit = open_kit(store, kit_name)
    catalogue, games = kit_catalogue(store, kit)
    heading = n_(
        "{boxes} boxes of kit {kit} after {games} game: {game}, {side}, rules {rules}, kit {code}\n",
        "{boxes} boxes of kit {kit} after {games} games: {game}, {side}, rules {rules}, kit {code}\n",
        games,
    ).format(
        boxes=thousands(len(catalogue.boxes)),
        kit=kit.name,
        games=games,
        game=catalogue.game.title,
        side=menace_side(kit.menace_plays),
        rules=kit.rules_name,
        code=kit.kit_code,
    )
    return catalogue, heading, kit_fields(kit, games), kit.palette


def _heading(catalogue: Catalogue) -> str:
    return _("{boxes} boxes for {game}, {side}, rules {rules}, kit {code}\n").format(
        boxes=thousands(len(catalogue.boxes)),
        game=catalogue.game.title,
        side=menace_side(catalogue.menace_plays),
        rules=catalogue.rules.name,
        code=kit_code(catalogue.fingerprint, load_palette(catalogue.game.default_palette)),  # the labels'
    )


def _box_picture(catalogue: Catalogue, box: Box) -> list[str]:
    """The box's picture with its starting beads on the cells of their moves."""
    picture = catalogue.game.picture(box.position).board
    assert picture is not None
    return grid_lines(picture, cell=counts_on_cells(catalogue.game, box, box.initial_counts()))


def _heaps(catalogue: Catalogue, box: Box) -> str:
    return picture_words(catalogue.game.picture(box.position))


COMMANDS = [boxes, find, graph]
