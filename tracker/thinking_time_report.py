"""The thinking-time study's PDF, drawn with the shared chart helper (generator/charts.py): MCTS's results
against each opponent by thinking time, and the CPU seconds a move took."""

from __future__ import annotations

from pathlib import Path

from generator.charts import RESULT_COLOURS, Series, stacked_bars, write_report
from tracker.thinking_time import Study, summary_lines


def write_thinking_time_report(study: Study, path: Path) -> None:
    names = [f"mcts:{n}" for n in study.iterations]
    drawings = []
    for opponent in study.opponents:
        cells = [study.cell(n, opponent) for n in study.iterations]
        layers = [
            Series(name, [getattr(c, count) / c.games for c in cells], RESULT_COLOURS[name])
            for name, count in (("win", "wins"), ("draw", "draws"), ("loss", "losses"))
        ]
        drawings.append(stacked_bars(names, layers, title=f"MCTS against {opponent}, by thinking time",
                                     y_label="share of games", x_label="iterations a move", height=200))
    seconds = Series("CPU seconds per move", [study.seconds_per_move(n) for n in study.iterations], "#1f5fbf")
    drawings.append(stacked_bars(names, [seconds], title="Thinking time: CPU seconds per move",
                                 y_label="seconds", x_label="iterations a move", height=180))
    write_report(path, "MCTS thinking time", summary_lines(study), drawings)
