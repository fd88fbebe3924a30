"""The thinking-time study's PDF, drawn with the shared chart helper (generator/charts.py): MCTS's results
against each opponent by thinking time, and the CPU seconds a move took."""

from __future__ import annotations

from pathlib import Path

from generator.charts import RESULT_COLOURS, Series, stacked_bars, write_report
from kit.i18n import _
from tracker.lab.thinking_time import Study, summary_lines


def write_thinking_time_report(study: Study, path: Path) -> None:
    names = [f"mcts:{n}" for n in study.iterations]
    words = {"win": _("win"), "draw": _("draw"), "loss": _("loss")}
    drawings = []
    for opponent in study.opponents:
        cells = [study.cell(n, opponent) for n in study.iterations]
        layers = [
            Series(words[name], [getattr(c, count) / c.games for c in cells], RESULT_COLOURS[name])
            for name, count in (("win", "wins"), ("draw", "draws"), ("loss", "losses"))
        ]
        title = _("MCTS against {opponent}, by thinking time").format(opponent=opponent)
        drawings.append(
            stacked_bars(
                names,
                layers,
                title=title,
                y_label=_("share of games"),
                x_label=_("iterations a move"),
                height=200,
            )
        )
    per_move = [study.seconds_per_move(n) for n in study.iterations]
    seconds = Series(_("CPU seconds per move"), per_move, "#1f5fbf")
    drawings.append(
        stacked_bars(
            names,
            [seconds],
            title=_("Thinking time: CPU seconds per move"),
            y_label=_("seconds"),
            x_label=_("iterations a move"),
            height=180,
        )
    )
    write_report(path, _("MCTS thinking time"), summary_lines(study), drawings)
