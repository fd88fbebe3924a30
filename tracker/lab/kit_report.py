"""A kit's report: its running score, its results per block of games and its first box's beads after each
game, worked out from the store (no click, no drawing), then drawn as a PDF of the shared charts."""

from __future__ import annotations

import json
import shlex
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generator.charts import RESULT_COLOURS, Series
from kit.i18n import _, n_
from kit.score import score_rule, score_rule_text
from tracker.state.errors import MenaceError
from tracker.state.kit_record import KitRecord
from tracker.state.stats import running_score, summarise
from tracker.state.text import menace_side
from tracker.store.event_store import Store

BLOCK = 10  # games per bar in the results chart, more when there are many games
MAX_BARS = 30  # beyond this the bars and their labels run into each other


@dataclass(frozen=True)
class KitReport:
    """What the report shows, chart by chart."""

    kit: KitRecord
    summary: dict[str, Any]  # stats.summarise over the finished games
    curve: list[int]  # the running score after each game
    per_bar: int  # games per bar of the results chart
    bars: list[str]  # each bar's games: '1-10', '11-20', ...
    results: list[Series]  # wins, draws and losses per bar, in that order
    first_box: list[Series]  # per move of the first box: its beads after each game


def _first_box(kit: KitRecord, row: dict[str, Any]) -> dict[str, int]:
    """A games row's first box's counts; raises MenaceError for a row edited behind the store's back (its
    checksum covers results, not this column: verify finds it)."""
    try:
        counts = json.loads(row["first_box"] or "{}")
        if isinstance(counts, dict) and all(isinstance(n, int) for n in counts.values()):
            return counts
    except (TypeError, ValueError, RecursionError):
        pass
    message = _(
        "kit {kit}'s games table was edited behind the store's back (a game's first box is not "
        "counts): run `menace verify`, then `menace rebuild --kit {quoted}`"
    )
    raise MenaceError(message.format(kit=kit.name, quoted=shlex.quote(kit.name)))


def kit_report(store: Store, kit: KitRecord) -> KitReport:
    """The report's series for ``kit``; a kit without finished games has nothing to draw."""
    rows = store.results(kit, first_box=True)  # only the two columns drawn: 10,000 games are read at once
    if not rows:
        raise MenaceError(_("kit {kit} has no finished games yet: nothing to draw").format(kit=kit.name))
    per_bar = games_per_bar(len(rows))
    blocks = [rows[i : i + per_bar] for i in range(0, len(rows), per_bar)]
    words = {"win": _("win"), "draw": _("draw"), "loss": _("loss")}
    results = [
        Series(words[result], [sum(r["result"] == result for r in b) for b in blocks], RESULT_COLOURS[result])
        for result in ("win", "draw", "loss")
        if result in score_rule(kit.catalogue.game)  # draws if any
    ]
    first = [_first_box(kit, r) for r in rows]
    first_id = kit.catalogue.first_box
    first_box = [
        Series(
            kit.colour(first_id, m),
            [f.get(str(kit.code(m)), 0) for f in first],
            kit.colour_of(first_id, m).rgb,
        )
        for m in kit.box(first_id).moves
    ]
    return KitReport(
        kit=kit,
        summary=summarise(rows),
        curve=running_score(rows),
        per_bar=per_bar,
        bars=[f"{i * per_bar + 1}-{i * per_bar + len(b)}" for i, b in enumerate(blocks)],
        results=results,
        first_box=first_box,
    )


def games_per_bar(games: int) -> int:
    """The smallest round number of games per bar (10, 50, 100, 500, ...) that needs at most MAX_BARS."""
    return next(size for size in _block_sizes() if games <= size * MAX_BARS)


def _block_sizes() -> Iterator[int]:
    """10, 50, 100, 500, 1000, ...: round numbers of games per bar."""
    size = BLOCK
    while True:
        yield size
        yield size * 5
        size *= 10


def write_kit_report(report: KitReport, out: Path) -> None:
    """The report as a PDF at ``out``: a heading, the two lines of its summary and the three charts."""
    from generator.charts import line_chart, stacked_bars, write_report

    kit, summary = report.kit, report.summary
    score, played = _("score"), _("games played")
    drawings = [
        line_chart(
            [Series(score, report.curve)],
            title=_("Running score: {rule}").format(rule=score_rule_text(kit.catalogue.game)),
            x_label=played,
            y_label=score,
        )
    ]
    title = _("Results per {count} games").format(count=report.per_bar)
    drawings.append(stacked_bars(report.bars, report.results, title=title, x_label=_("games"),
                                 y_label=_("games")))  # fmt: skip
    title = _("Beads in the first box (box {box}) after each game").format(box=kit.catalogue.first_box)
    drawings.append(line_chart(report.first_box, title=title, x_label=played, y_label=_("beads")))
    totals = (
        n_(
            "{games} game: {wins} won, {draws} drawn, {losses} lost; score {score}; longest winning streak "
            "{streak}",
            "{games} games: {wins} won, {draws} drawn, {losses} lost; score {score}; longest winning streak "
            "{streak}",
            summary["games"],
        )
        if kit.catalogue.game.can_draw
        else n_(
            "{games} game: {wins} won, {losses} lost; score {score}; longest winning streak {streak}",
            "{games} games: {wins} won, {losses} lost; score {score}; longest winning streak {streak}",
            summary["games"],
        )
    )
    lines = [
        _("{game}, {side}, rules {rules}, kit {code}").format(
            game=kit.catalogue.game.title,
            side=menace_side(kit.menace_plays),
            rules=kit.rules_name,
            code=kit.kit_code,
        ),
        totals.format(
            **{**summary, "score": f"{summary['score']:+d}", "streak": summary["longest_win_streak"]}
        ),
    ]
    try:
        write_report(out, _("MENACE kit {kit}").format(kit=kit.name), lines, drawings)
    except OSError as error:
        raise MenaceError(_("cannot write {file}: {error}").format(file=out, error=error.strerror)) from None
