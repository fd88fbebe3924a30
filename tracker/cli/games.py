"""`menace games`, `stats`, `undo` and `discard`: a kit's games, their results, and correcting the game
in progress."""

from __future__ import annotations

import json
from pathlib import Path

import click

from kit.i18n import _, n_
from kit.score import score_rule_text
from tracker.cli.options import db_option, json_option, kit_option, open_kit, open_store
from tracker.state.opponents import shown_opponent
from tracker.store.kit_json import stats_data
from tracker.table.corrections import NothingToUndo, plan_discard, plan_undo, undo_lines
from tracker.table.play_lock import correcting


@click.command()
@db_option
@kit_option
@json_option(
    "one object a game: number, status, result, moves, opponent and the first box's beads.", squares=True
)
# SQLite's LIMIT takes a 64-bit number: a larger one was an OverflowError traceback.
@click.option("--last", type=click.IntRange(1, 10**9), default=None, help="Only the last N games.")
@click.option(
    "--notation", type=click.Choice(["numbers", "golf"]), default="numbers", help="How squares are written."
)
def games(db_path: Path | None, kit_name: str | None, as_json: bool, last: int | None, notation: str) -> None:
    """List the kit's games: result, opponent and moves.

    List the kit's games: number, result, opponent and moves (discarded ones too)."""
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
        click.echo(_("Kit {kit} has no games yet.").format(kit=kit.name))
    game = kit.catalogue.game
    width = max([8, *(len(shown_opponent(row["opponent"])) for row in rows)])  # "novice:0.5" > "perfect"
    words = {
        "win": _("win"), "draw": _("draw"), "loss": _("loss"), "playing": _("playing"),
        "discarded": _("discarded"), "physical": _("physical"), "digital": _("digital"),
    }  # fmt: skip
    shown_width = max(len(word) for word in words.values()) + 1  # 10 in English; German words are longer
    for row in rows:
        shown = row["result"] or row["status"]
        moves = " ".join(
            game.move_text(game.move_from_code(int(code)), notation) for code in row["moves"].split()
        )
        shown, draw = words.get(shown, shown), words.get(row["draw"], row["draw"])
        opponent = shown_opponent(row["opponent"])
        click.echo(f"{row['number']:>5}  {shown:<{shown_width}}{opponent:<{width}} {draw:<9} {moves}")


@click.command()
@db_option
@kit_option
@json_option("the kit's wins, draws, losses, score, streaks and the first move boxes' beads.", squares=True)
def stats(db_path: Path | None, kit_name: str | None, as_json: bool) -> None:
    """Show the kit's games won, drawn and lost, and its score.

    Games played, won, drawn and lost, the running score (+3 win, +1 draw, -1 loss), streaks, the first
    box."""
    store = open_store(db_path)
    kit = open_kit(store, kit_name)
    summary = stats_data(store, kit)
    if as_json:
        click.echo(json.dumps(summary))
        return
    streak = summary["current_streak"]
    played = (
        n_(
            "Kit {kit}: {games} game, {wins} won, {draws} drawn, {losses} lost; score {score} ({rule})",
            "Kit {kit}: {games} games, {wins} won, {draws} drawn, {losses} lost; score {score} ({rule})",
            summary["games"],
        )
        if kit.catalogue.game.can_draw
        else n_(  # Hexapawn and Nim cannot be drawn: no "0 drawn"
            "Kit {kit}: {games} game, {wins} won, {losses} lost; score {score} ({rule})",
            "Kit {kit}: {games} games, {wins} won, {losses} lost; score {score} ({rule})",
            summary["games"],
        )
    )
    rule = score_rule_text(kit.catalogue.game)
    click.echo(played.format(**{**summary, "kit": kit.name, "score": f"{summary['score']:+d}", "rule": rule}))
    if streak["result"]:
        click.echo(
            _(
                "  longest winning streak {longest}, longest unbeaten {unbeaten}, now {streak} in a row"
            ).format(
                longest=summary["longest_win_streak"],
                unbeaten=summary["longest_unbeaten_streak"],
                streak=_results(streak["games"], streak["result"]),
            )
        )
    first = summary["first_box"]
    moves = {kit.move(int(code)): n for code, n in first["beads"].items()}
    beads = ", ".join(f"{kit.colour(first['id'], move)} {n}" for move, n in moves.items())
    click.echo(_("  first box (box {box}): {beads}").format(box=first["id"], beads=beads))


@click.command()
@db_option
@kit_option
def undo(db_path: Path | None, kit_name: str | None) -> None:
    """Take back the last move, or reopen the game just finished.

    Take back the last move of the game in progress (a drawn bead goes back into its box).

    Right after a game has finished, undo reopens it: its bead changes are taken back (with what to do
    to each box) and its last move too, so the move can be put right, or the game dropped with
    `menace discard`."""
    store = open_store(db_path)
    kit = open_kit(store, kit_name)
    try:
        with correcting(store, kit):
            before, _written = store.update(kit, lambda world: plan_undo(world).events)
    except NothingToUndo as error:
        raise NothingToUndo(_("{error} (`menace discard` drops the game)").format(error=error)) from None
    done = plan_undo(before)
    if done.dropped is not None:
        click.echo(_("Game {number} dropped before its first move.").format(number=done.dropped.number))
    for line in undo_lines(kit, done):
        click.echo(line)


@click.command()
@db_option
@kit_option
def discard(db_path: Path | None, kit_name: str | None) -> None:
    """Drop the game in progress and put its beads back.

    Drop the game in progress; the beads it drew go back into their boxes."""
    store = open_store(db_path)
    kit = open_kit(store, kit_name)
    with correcting(store, kit):
        before, _written = store.update(kit, lambda world: plan_discard(world).events)
    done = plan_discard(before)
    for drawn in done.beads_back:
        assert drawn.box is not None, "a draw is from a box"
        back = _("box {box}: put the {colour} bead back")
        click.echo(back.format(box=drawn.box, colour=kit.colour(drawn.box, drawn.bead)))
    click.echo(_("Game {number} of kit {kit} discarded.").format(number=done.session.number, kit=kit.name))


def _results(count: int, result: str) -> str:
    """'1 win', '3 losses'."""
    words = {
        "win": n_("{count} win", "{count} wins", count),
        "draw": n_("{count} draw", "{count} draws", count),
        "loss": n_("{count} loss", "{count} losses", count),
    }
    return words[result].format(count=count)


COMMANDS = [games, stats, undo, discard]
