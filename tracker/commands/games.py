"""`menace games`, `stats`, `undo` and `discard`: a kit's games, their results, and correcting the game
in progress."""

from __future__ import annotations

import json
from pathlib import Path

import click

from tracker.commands.options import db_option, json_option, kit_option, open_kit, open_store
from tracker.corrections import NothingToUndo, plan_discard, plan_undo, reverse_instruction
from tracker.kit_json import stats_data
from tracker.text import plural


@click.command()
@db_option
@kit_option
@json_option
@click.option("--last", type=click.IntRange(1), default=None, help="Only the last N games.")
@click.option(
    "--notation", type=click.Choice(["numbers", "golf"]), default="numbers", help="How squares are written."
)
def games(db_path: Path | None, kit_name: str | None, as_json: bool, last: int | None, notation: str) -> None:
    """List the kit's games: number, result, opponent and moves (discarded ones too)."""
    store = open_store(db_path)
    kit = open_kit(store, kit_name)
    rows = store.games(kit, last=last)
    if as_json:
        click.echo(
            json.dumps(
                [{**r, "first_box": json.loads(r["first_box"]) if r["first_box"] else None} for r in rows]
            )
        )
        return
    if not rows:
        click.echo(f"Kit {kit.name} has no games yet.")
    game = kit.catalogue.game
    width = max([8, *(len(row["opponent"]) for row in rows)])  # "novice:0.5" is wider than "perfect"
    for row in rows:
        shown = row["result"] or row["status"]
        moves = " ".join(
            game.move_text(game.move_from_code(int(code)), notation) for code in row["moves"].split()
        )
        click.echo(f"{row['number']:>5}  {shown:<9} {row['opponent']:<{width}} {row['draw']:<9} {moves}")


@click.command()
@db_option
@kit_option
@json_option
def stats(db_path: Path | None, kit_name: str | None, as_json: bool) -> None:
    """Games played, won, drawn and lost, the running score (+3 win, +1 draw, -1 loss), streaks, the first
    box."""
    store = open_store(db_path)
    kit = open_kit(store, kit_name)
    summary = stats_data(store, kit)
    if as_json:
        click.echo(json.dumps(summary))
        return
    streak = summary["current_streak"]
    click.echo(
        f"Kit {kit.name}: {plural(summary['games'], 'game')}, {summary['wins']} won, "
        f"{summary['draws']} drawn, {summary['losses']} lost; score {summary['score']:+d}"
    )
    if streak["result"]:
        click.echo(
            f"  longest winning streak {summary['longest_win_streak']}, longest unbeaten "
            f"{summary['longest_unbeaten_streak']}, "
            f"now {_results(streak['games'], streak['result'])} in a row"
        )
    first = summary["first_box"]
    beads = ", ".join(f"{kit.colour(kit.move(int(code)))} {n}" for code, n in first["beads"].items())
    click.echo(f"  first box (box {first['id']}): {beads}")


@click.command()
@db_option
@kit_option
def undo(db_path: Path | None, kit_name: str | None) -> None:
    """Take back the last move of the game in progress (a drawn bead goes back into its box).

    Right after a game has finished, undo reopens it: its bead changes are taken back (with what to do
    to each box) and its last move too, so the move can be put right, or the game dropped with
    `menace discard`."""
    store = open_store(db_path)
    kit = open_kit(store, kit_name)
    try:
        before, _ = store.update(kit, lambda world: plan_undo(world).events)
    except NothingToUndo as error:
        raise NothingToUndo(f"{error} (`menace discard` drops the game)") from None
    done = plan_undo(before)
    number = done.session.number
    if done.dropped is not None:
        click.echo(f"Game {done.dropped.number} dropped before its first move.")
    if done.reopened is not None:
        click.echo(f"Reopened game {number}: its bead changes are taken back, box by box:")
        for change in done.settlement_back(kit):
            click.echo(f"  box {change.box}: {reverse_instruction(change, kit.colour(change.move))}")
    if done.taken is None:
        click.echo(f"Took back MENACE's resignation in game {number}.")
    elif done.taken.box is not None:
        click.echo(
            f"Took back MENACE's move in game {number}: put the {kit.colour(done.taken.bead)} bead back "
            f"in box {done.taken.box}."
        )
    else:
        click.echo(f"Took back the opponent's move in game {number}.")


@click.command()
@db_option
@kit_option
def discard(db_path: Path | None, kit_name: str | None) -> None:
    """Drop the game in progress; the beads it drew go back into their boxes."""
    store = open_store(db_path)
    kit = open_kit(store, kit_name)
    before, _ = store.update(kit, lambda world: plan_discard(world).events)
    done = plan_discard(before)
    for drawn in done.beads_back:
        click.echo(f"box {drawn.box}: put the {kit.colour(drawn.bead)} bead back")
    click.echo(f"Game {done.session.number} of kit {kit.name} discarded.")


def _results(count: int, result: str) -> str:
    """'1 win', '3 losses'."""
    return f"{count} {result}" if count == 1 else f"{count} {'losses' if result == 'loss' else result + 's'}"


COMMANDS = [games, stats, undo, discard]
