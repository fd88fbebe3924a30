"""The store's commands: kits, boxes and their beads, games and statistics, export/import, verify, undo, discard."""
from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import click

from generator.catalogue import build_catalogue
from kit.game import GameError
from kit.palettes import load_palette
from tracker import session as sessions
from tracker.census import parse_counts
from tracker.errors import MenaceError
from tracker.kit_record import KitRecord
from tracker.options import game_options, json_option
from tracker.play_text import square_name
from tracker.stats import summarise
from tracker.store import new_id
from tracker.store_options import db_option, kit_option, open_store
from tracker.text import board_lines, plural

NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9 ._-]{0,39}")


@click.command()
@db_option
@game_options
@click.option("--palette", default=None, metavar="NAME", help="Bead palette (default: craft for tictactoe, nim-craft for nim).")
@click.argument("name")
def new(db_path: Path | None, game: str, menace_plays: str, rules: str | None, palette: str | None, name: str) -> None:
    """Create a kit called NAME (one per class or physical MENACE) with the preset's starting beads."""
    if not NAME.fullmatch(name):
        raise MenaceError(f"{name!r} is not a kit name: use 1-40 letters, digits, spaces, '.', '_' or '-', starting with a letter or digit")
    catalogue = build_catalogue(game, menace_plays, rules)
    chosen = load_palette(palette or catalogue.game.default_palette, game=game)
    kit = KitRecord(new_id(), name, game, menace_plays, catalogue.rules.name, chosen.name, catalogue.fingerprint, catalogue.boxes)
    store = open_store(db_path, create=True)
    store.create_kit(kit)
    beads = sum(sum(b.beads) for b in kit.boxes)
    click.echo(f"Created kit {name}: {catalogue.game.title}, MENACE plays {menace_plays}, rules {kit.rules_name}, "
               f"palette {chosen.name}, {len(kit.boxes)} boxes, {beads} beads (kit {kit.fingerprint}).")
    click.echo(f"Store: {store.path}")


@click.command()
@db_option
@json_option
def kits(db_path: Path | None, as_json: bool) -> None:
    """List the store's kits with their game, side, rules and games played."""
    rows = open_store(db_path).kits()
    if as_json:
        click.echo(json.dumps(rows))
        return
    if not rows:
        click.echo("No kits yet: create one with `menace new NAME`.")
    for row in rows:
        click.echo(f"{row['name']}: {row['game']}, MENACE plays {row['menace_plays']}, rules {row['rules']}, "
                   f"palette {row['palette']}, kit {row['fingerprint']}, {plural(row['games'], 'game')}")


@click.command()
@db_option
@kit_option
@json_option
@click.argument("box_id", metavar="ID", type=int)
def box(db_path: Path | None, kit_name: str | None, as_json: bool, box_id: int) -> None:
    """Show box ID's beads now: counts on the squares of its picture, and the chance of each colour."""
    store = open_store(db_path)
    kit = store.kit(kit_name)
    the_box = kit.box(box_id)
    counts = store.box_counts(kit, box_id)
    total = sum(counts.values())
    if as_json:
        click.echo(json.dumps({
            "id": the_box.id, "position": the_box.position, "beads": {str(m): counts.get(m, 0) for m in the_box.moves},
            "move_number": the_box.move_number,
            "colours": {str(m): kit.colour(m) for m in the_box.moves},
            "probabilities": {str(m): round(counts.get(m, 0) / total, 4) if total else 0 for m in the_box.moves},
        }))
        return
    click.echo(box_text(kit, the_box, counts))


def box_text(kit: KitRecord, the_box, counts: dict[int, int]) -> str:
    total = sum(counts.values())
    lines = []
    if kit.game == "nim":
        lines.append(f"Box {the_box.id} of kit {kit.name}: {the_box.position} tokens")
    else:
        lines.append(f"Box {the_box.id} of kit {kit.name} (MENACE's move {the_box.move_number})")
        lines += ["  " + line for line in board_lines(
            the_box.position, cell=lambda s, m: str(counts.get(s, 0)) if s in the_box.moves else m)]
    for move in the_box.moves:
        count = counts.get(move, 0)
        share = f"{count / total:4.0%}" if total else "  - "
        what = f"take {move}" if kit.game == "nim" else f"square {move + 1}"
        lines.append(f"  {kit.colour(move):<8} {what:<9} {count:>3} beads {share}")
    lines.append(f"  {total} beads in all" if total else "  the box is empty")
    return "\n".join(lines)


@click.command()
@db_option
@kit_option
@click.argument("box_id", metavar="ID", type=int)
@click.argument("counts", metavar="COLOUR=COUNT...", nargs=-1, required=True)
def census(db_path: Path | None, kit_name: str | None, box_id: int, counts: tuple[str, ...]) -> None:
    """Set box ID's counts after recounting the physical box (recorded as an event; colours not named keep their count)."""
    store = open_store(db_path)
    kit = store.kit(kit_name)
    the_box = kit.box(box_id)
    parsed = parse_counts(kit, the_box, counts)
    store.update(kit, lambda world: [("census", {"box": box_id, "counts": {str(m): n for m, n in parsed.items()}})])
    click.echo(box_text(kit, the_box, store.box_counts(kit, box_id)))


@click.command()
@db_option
@kit_option
@json_option
@click.option("--last", type=click.IntRange(1), default=None, help="Only the last N games.")
@click.option("--notation", type=click.Choice(["numbers", "golf"]), default="numbers", help="How squares are written.")
def games(db_path: Path | None, kit_name: str | None, as_json: bool, last: int | None, notation: str) -> None:
    """List the kit's games: number, result, opponent and moves (discarded ones too)."""
    store = open_store(db_path)
    kit = store.kit(kit_name)
    rows = store.games(kit, last=last)
    if as_json:
        click.echo(json.dumps([{**r, "first_box": json.loads(r["first_box"]) if r["first_box"] else None} for r in rows]))
        return
    if not rows:
        click.echo(f"Kit {kit.name} has no games yet.")
    for row in rows:
        shown = row["result"] or row["status"]
        moves = " ".join(_move(kit, int(m), notation) for m in row["moves"].split())
        click.echo(f"{row['number']:>5}  {shown:<9} {row['opponent']:<8} {row['draw']:<9} {moves}")


def _move(kit: KitRecord, move: int, notation: str) -> str:
    if kit.game == "nim":
        return str(move)
    return square_name(move, notation).split(" (")[0].removeprefix("square ")


@click.command()
@db_option
@kit_option
@json_option
def stats(db_path: Path | None, kit_name: str | None, as_json: bool) -> None:
    """Games played, won, drawn and lost, the running score (+3 win, +1 draw, -1 loss), streaks, the first box."""
    store = open_store(db_path)
    kit = store.kit(kit_name)
    summary = summarise(store.results(kit))
    first = store.box_counts(kit, kit.first_box)
    data = {"kit": kit.name, **summary, "first_box": {"id": kit.first_box, "beads": {str(m): n for m, n in first.items()}}}
    if as_json:
        click.echo(json.dumps(data))
        return
    streak = summary["current_streak"]
    click.echo(f"Kit {kit.name}: {plural(summary['games'], 'game')}, {summary['wins']} won, {summary['draws']} drawn, "
               f"{summary['losses']} lost; score {summary['score']:+d}")
    if streak["result"]:
        click.echo(f"  longest winning streak {summary['longest_win_streak']}, longest unbeaten "
                   f"{summary['longest_unbeaten_streak']}, now {_results(streak['games'], streak['result'])} in a row")
    beads = ", ".join(f"{kit.colour(m)} {n}" for m, n in first.items())
    click.echo(f"  first box (box {kit.first_box}): {beads}")


@click.command()
@db_option
@kit_option
def undo(db_path: Path | None, kit_name: str | None) -> None:
    """Take back the last move of the game in progress (a drawn bead goes back into its box)."""
    store = open_store(db_path)
    kit = store.kit(kit_name)
    def build(world):
        session = world.session
        if session is None:
            raise MenaceError(f"kit {kit.name} has no game in progress: there is nothing to undo")
        last = sessions.last_event(session)
        if last is None:
            raise MenaceError(f"game {session.number} has no move yet: there is nothing to undo "
                              "(`menace discard` drops the game)")
        return [("undone", {"game": session.game_id, "event": last})]

    before, _ = store.update(kit, build)
    session = before.session
    taken = None if session.resigned else session.steps[-1]
    if taken is None:
        click.echo(f"Took back MENACE's resignation in game {session.number}.")
    elif taken.box is not None:
        click.echo(f"Took back MENACE's move in game {session.number}: put the {kit.colour(taken.move)} bead back in box {taken.box}.")
    else:
        click.echo(f"Took back the opponent's move in game {session.number}.")


@click.command()
@db_option
@kit_option
def discard(db_path: Path | None, kit_name: str | None) -> None:
    """Drop the game in progress; the beads it drew go back into their boxes."""
    store = open_store(db_path)
    kit = store.kit(kit_name)
    def build(world):
        if world.session is None:
            raise MenaceError(f"kit {kit.name} has no game in progress: there is nothing to discard")
        return [("discarded", {"game": world.session.game_id})]

    session = store.update(kit, build)[0].session
    for step in session.draws:
        click.echo(f"box {step.box}: put the {kit.colour(step.move)} bead back")
    click.echo(f"Game {session.number} of kit {kit.name} discarded.")


@click.command()
@db_option
@kit_option
def verify(db_path: Path | None, kit_name: str | None) -> None:
    """Replay the event log from scratch and check it against the bead counts, the hash chain and SQLite's
    integrity check; exit code 0 only if all agree."""
    from tracker.replay import verify as run_verify

    store = open_store(db_path)
    problems, checked = run_verify(store, kit_name)
    for problem in problems:
        click.echo(f"FAIL: {problem}")
    if problems:
        sys.exit(1)
    click.echo(f"OK: {plural(checked['events'], 'event')}, {plural(checked['kits'], 'kit')}, "
               f"{plural(checked['games'], 'game')}; the log, "
               "the hash chain, the bead counts and the SQLite integrity check agree.")


@click.command("export")
@db_option
@kit_option
@click.option("--format", "fmt", type=click.Choice(["jsonl", "csv"]), default="jsonl", show_default=True, help="File format.")
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), default=None, help="Write here instead of stdout.")
def export_command(db_path: Path | None, kit_name: str | None, fmt: str, out: Path | None) -> None:
    """Write the event log (every kit, or one with --kit) as JSON lines or CSV, for backup or another store."""
    from tracker.exchange import export

    store = open_store(db_path)
    kit_id = store.kit(kit_name).id if kit_name else None
    if out is None:
        export(store, sys.stdout, fmt=fmt, kit_id=kit_id)
        return
    from generator.pdfout import atomic_path

    try:
        with atomic_path(out) as temporary, open(temporary, "w", encoding="utf-8", newline="") as handle:
            count = export(store, handle, fmt=fmt, kit_id=kit_id)
    except OSError as error:
        raise MenaceError(f"cannot write {out}: {error.strerror}") from None
    click.echo(f"wrote {count} events to {out}", err=True)


@click.command("import")
@db_option
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
def import_command(db_path: Path | None, file: Path) -> None:
    """Merge another store's export into this store (importing the same file twice changes nothing)."""
    from tracker.exchange import import_events

    try:
        text = file.read_text(encoding="utf-8")
    except OSError as error:
        raise MenaceError(f"cannot read {file}: {error.strerror}") from None
    except UnicodeDecodeError:
        raise MenaceError(f"{file} is not UTF-8 text: nothing imported") from None
    store = open_store(db_path, create=True)
    try:
        added = import_events(store, text)
    except GameError as error:
        raise MenaceError(f"{error}; nothing imported") from None
    click.echo(f"imported {added['events']} new events ({plural(added['kits'], 'new kit')}, "
               f"{plural(added['games'], 'finished game')})")


def _results(count: int, result: str) -> str:
    """'1 win', '3 losses'."""
    return f"{count} {result}" if count == 1 else f"{count} {'losses' if result == 'loss' else result + 's'}"


COMMANDS = [new, kits, box, census, games, stats, undo, discard, verify, export_command, import_command]
