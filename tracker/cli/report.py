"""`menace report`: a kit's learning curve, results and first box over time, as a PDF."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import click

from generator.charts import RESULT_COLOURS
from kit.i18n import _, n_
from tracker.cli.options import FileName, db_option, kit_option, open_kit, open_store
from tracker.state.errors import MenaceError
from tracker.state.stats import running_score, summarise
from tracker.state.text import menace_side

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
        raise MenaceError(_("kit {kit} has no finished games yet: nothing to draw").format(kit=kit.name))
    summary = summarise(rows)
    first_box = kit.catalogue.first_box
    curve = running_score(rows)
    score, played = _("score"), _("games played")
    drawings = [
        line_chart(
            [Series(score, curve)],
            title=_("Running score: +3 win, +1 draw, -1 loss"),
            x_label=played,
            y_label=score,
        )
    ]
    block = next(size for size in _block_sizes() if len(rows) <= size * MAX_BARS)
    blocks = [rows[i : i + block] for i in range(0, len(rows), block)]
    names = [f"{i * block + 1}-{i * block + len(b)}" for i, b in enumerate(blocks)]
    words = {"win": _("win"), "draw": _("draw"), "loss": _("loss")}
    layers = [
        Series(words[result], [sum(r["result"] == result for r in b) for b in blocks], RESULT_COLOURS[result])
        for result in ("win", "draw", "loss")
    ]
    title = _("Results per {count} games").format(count=block)
    drawings.append(stacked_bars(names, layers, title=title, x_label=_("games"), y_label=_("games")))
    first = [json.loads(r["first_box"]) for r in rows]
    moves = kit.box(first_box).moves
    series = [
        Series(kit.colour(m), [f.get(str(kit.code(m)), 0) for f in first], kit.colour_of(m).rgb)
        for m in moves
    ]
    title = _("Beads in the first box (box {box}) after each game").format(box=first_box)
    drawings.append(line_chart(series, title=title, x_label=played, y_label=_("beads")))
    played = n_(
        "{games} game: {wins} won, {draws} drawn, {losses} lost; score {score}; longest winning streak "
        "{streak}",
        "{games} games: {wins} won, {draws} drawn, {losses} lost; score {score}; longest winning streak "
        "{streak}",
        summary["games"],
    )
    lines = [
        _("{game}, {side}, rules {rules}, kit {code}").format(
            game=kit.catalogue.game.title,
            side=menace_side(kit.menace_plays),
            rules=kit.rules_name,
            code=kit.kit_code,
        ),
        played.format(
            **{**summary, "score": f"{summary['score']:+d}", "streak": summary["longest_win_streak"]}
        ),
    ]
    try:
        write_report(out, _("MENACE kit {kit}").format(kit=kit.name), lines, drawings)
    except OSError as error:
        raise MenaceError(_("cannot write {file}: {error}").format(file=out, error=error.strerror)) from None
    wrote = n_("wrote {file}: {count} game", "wrote {file}: {count} games", summary["games"])
    click.echo(wrote.format(file=out, count=summary["games"]), err=True)


def _block_sizes() -> Iterator[int]:
    """10, 50, 100, 500, 1000, ...: round numbers of games per bar."""
    size = BLOCK
    while True:
        yield size
        yield size * 5
        size *= 10


COMMANDS = [report]
