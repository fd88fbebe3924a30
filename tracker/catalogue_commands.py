"""`menace boxes`, `menace find` and `menace graph`: the matchbox catalogue from the command line."""
from __future__ import annotations

import json
from pathlib import Path

import click

from generator.catalogue import build_catalogue
from kit.game import State
from kit.matchbox import Box, Catalogue
from tracker.errors import MenaceError
from tracker.options import game_options, json_option
from tracker.text import board_lines, side_by_side

BOXES_PER_ROW = 6


@click.command()
@game_options
@json_option
@click.option("--kit", "kit_name", metavar="NAME", default=None,
              help="Show the beads now in this kit of the store (its game, side and rules), not the starting beads.")
@click.option("--db", "db_path", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="The store for --kit (default: $MENACE_DB, else ~/.local/share/menace-kit/menace.sqlite3).")
def boxes(game: str, menace_plays: str, rules: str | None, as_json: bool, kit_name: str | None,
          db_path: Path | None) -> None:
    """List every matchbox: its number, position and starting beads (with --kit: the beads now).

    In the pictures a digit is the number of beads for that square; '.' is an empty square that gets
    no beads because a symmetry of the position makes it the same move as another square.
    """
    if kit_name is not None:
        catalogue, heading, extra = _kit_catalogue(db_path, kit_name)
    else:
        catalogue = build_catalogue(game, menace_plays, rules)
        heading, extra = _heading(catalogue), {}
    if as_json:
        click.echo(json.dumps({**catalogue.to_json(), **extra}))
        return
    click.echo(heading)
    if catalogue.game.name == "nim":
        for box in catalogue.boxes:
            takes = ", ".join(f"take {m}: {n}" for m, n in zip(box.moves, box.beads))
            click.echo(f"box {box.id:>2}  {box.position} tokens   {takes}")
        return
    for start in range(0, len(catalogue.boxes), BOXES_PER_ROW):
        row = catalogue.boxes[start : start + BOXES_PER_ROW]
        blocks = [[f"#{box.id} move {box.move_number}", *_box_picture(box)] for box in row]
        click.echo("\n".join(side_by_side(blocks, width=12)) + "\n")


def _to_board(catalogue: Catalogue, placement) -> list[int] | None:
    """find --json's to_board: the real move code of every move code the game has, or null when the game
    has no symmetry (tic-tac-toe: the square each of the label's squares 0-8 lands on)."""
    game = catalogue.game
    if len(game.symmetries) == 1:
        return None
    codes = sorted({game.move_code(m) for box in catalogue.boxes for m in game.legal_moves(State(box.position, catalogue.menace))})
    return [game.move_code(placement.to_real(game.move_from_code(c))) for c in codes]


@click.command()
@game_options
@json_option
@click.argument("board")
def find(game: str, menace_plays: str, rules: str | None, as_json: bool, board: str) -> None:
    """Find the matchbox for a real BOARD and how its label turns onto it.

    BOARD is nine characters X, O or '.', row by row from the top left (for Nim: the tokens left).
    """
    catalogue = build_catalogue(game, menace_plays, rules)
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
                }
            )
        )
        return
    if catalogue.game.name == "nim":
        click.echo(f"Box {box.id}: {box.position} tokens left.")
        return
    mapping = tuple(placement.to_real(i) for i in range(9))
    click.echo(f"Box {box.id} (MENACE's move {box.move_number})")
    label = ["label", *board_lines(box.position)]
    real = ["real board", *board_lines(placement.position)]
    click.echo("\n".join(side_by_side([label, real], width=12)))
    click.echo(f"The label's picture, {placement.turn}, is the real board.")
    squares = ", ".join(f"{m}->{mapping[m]}" for m in box.moves)
    click.echo(f"Bead squares, label -> real board: {squares}")


@click.command()
@game_options
@click.option("--full", is_flag=True, help="Every position, not one per symmetry class.")
@click.option(
    "--out", "out", type=click.Path(dir_okay=False, path_type=Path), required=True, help="The .graphml file to write."
)
def graph(game: str, menace_plays: str, rules: str | None, full: bool, out: Path) -> None:
    """Write the game tree as GraphML, reduced by symmetry, with the matchbox numbers on its nodes."""
    from generator.tree import game_tree, mark_boxes, write_graphml

    catalogue = build_catalogue(game, menace_plays, rules)
    tree = game_tree(catalogue.game, reduce=not full)
    if not full:
        mark_boxes(tree, catalogue)
    try:
        write_graphml(tree, out)
    except OSError as error:
        raise MenaceError(f"cannot write {out}: {error.strerror}") from None
    click.echo(f"wrote {out}: {tree.number_of_nodes()} positions, {tree.number_of_edges()} moves", err=True)


def _kit_catalogue(db_path: Path | None, kit_name: str) -> tuple[Catalogue, str, dict]:
    """The kit's catalogue with its boxes holding the store's bead counts now, and a heading for it."""
    from dataclasses import replace

    from tracker.store_options import open_store

    store = open_store(db_path)
    kit = store.kit(kit_name)
    mirror = store.mirror(kit)
    boxes = tuple(replace(b, beads=tuple(mirror[b.id].get(m, 0) for m in b.moves)) for b in kit.boxes)
    games = store.finished_games(kit)
    catalogue = replace(kit.catalogue, boxes=boxes)
    heading = (
        f"{len(boxes)} boxes of kit {kit.name} after {games} game{'s' * (games != 1)}: {catalogue.game.title}, "
        f"MENACE plays {kit.menace_plays}, rules {kit.rules_name}, kit {kit.fingerprint}\n"
    )
    # The counts changed, so the catalogue's own hash would too: the kit keeps its printed fingerprint.
    return catalogue, heading, {"fingerprint": kit.fingerprint, "kit": kit.name, "games": games}


def _heading(catalogue: Catalogue) -> str:
    return (
        f"{len(catalogue.boxes)} boxes for {catalogue.game.title}, MENACE plays {catalogue.menace_plays}, "
        f"rules {catalogue.rules.name}, kit {catalogue.fingerprint}\n"
    )


def _box_picture(box: Box) -> list[str]:
    beads = box.initial_counts()
    return board_lines(box.position, cell=lambda square, mark: str(beads[square]) if square in beads else mark)


COMMANDS = [boxes, find, graph]
