"""`menace report`: a kit's learning curve, results and first box over time, as a PDF."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import click

from generator.charts import RESULT_COLOURS
from tracker.commands.options import FileName, db_option, kit_option, open_kit, open_store
from tracker.errors import MenaceError
from tracker.stats import running_score, summarise

BLOCK = 10  # games per bar in the results chart, more when there are many games
MAX_BARS = 30  # beyond this the bars and their labels run into each other


@click.command()
@db_option
@kit_option
@click.option("--out", type=FileName(), required=True, help="The PDF to write.")
def report(db_path: Path | None, kit_name: str | None, out: Path) -> None:
    """Draw the kit's running score (Michie's curve), results per 10 games and the first box's beads as a
    PDF."""
    from generator.charts import Series, line_chart, stacked_bars, write_report

    store = open_store(db_path)
    kit = open_kit(store, kit_name)
    rows = store.results(kit, first_box=True)  # only the two columns drawn: 10,000 games are read at once
    if not rows:
        raise MenaceError(f"kit {kit.name} has no finished games yet: nothing to draw")
    summary = summarise(rows)
    first_box = kit.catalogue.first_box
    curve = running_score(rows)
    drawings = [
        line_chart([Series("score", curve)], title="Running score: +3 win, +1 draw, -1 loss", y_label="score")
    ]
    block = next(size for size in _block_sizes() if len(rows) <= size * MAX_BARS)
    blocks = [rows[i : i + block] for i in range(0, len(rows), block)]
    names = [f"{i * block + 1}-{i * block + len(b)}" for i, b in enumerate(blocks)]
    layers = [
        Series(result, [sum(r["result"] == result for r in b) for b in blocks], RESULT_COLOURS[result])
        for result in ("win", "draw", "loss")
    ]
    drawings.append(stacked_bars(names, layers, title=f"Results per {block} games", y_label="games"))
    first = [json.loads(r["first_box"]) for r in rows]
    moves = kit.box(first_box).moves
    series = [
        Series(kit.colour(m), [f.get(str(kit.code(m)), 0) for f in first], kit.colour_of(m).rgb)
        for m in moves
    ]
    drawings.append(
        line_chart(series, title=f"Beads in the first box (box {first_box}) after each game", y_label="beads")
    )
    lines = [
        f"{kit.catalogue.game.title}, MENACE plays {kit.menace_plays}, rules {kit.rules_name}, "
        f"kit {kit.kit_code}",
        f"{summary['games']} games: {summary['wins']} won, {summary['draws']} drawn, "
        f"{summary['losses']} lost; "
        f"score {summary['score']:+d}; longest winning streak {summary['longest_win_streak']}",
    ]
    try:
        write_report(out, f"MENACE kit {kit.name}", lines, drawings)
    except OSError as error:
        raise MenaceError(f"cannot write {out}: {error.strerror}") from None
    click.echo(f"wrote {out}: {summary['games']} games", err=True)


def _block_sizes() -> Iterator[int]:
    """10, 50, 100, 500, 1000, ...: round numbers of games per bar."""
    size = BLOCK
    while True:
        yield size
        yield size * 5
        size *= 10


COMMANDS = [report]
