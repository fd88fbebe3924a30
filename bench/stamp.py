"""What a benchmark's figures are worth only beside: the date, the machine and its load, and a table of
min / median / max beside a reference and the goal, as plain text or as Markdown to paste into the docs."""

from __future__ import annotations

import os
import platform
import statistics
import time
from dataclasses import dataclass


def machine() -> str:
    """The processor's model, its cores (those this process may use), the system and Python."""
    model = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as info:
            model = next(line.split(":", 1)[1].strip() for line in info if line.startswith("model name"))
    except (OSError, StopIteration):
        pass
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    system = f"{platform.system()} {platform.release()}"
    return f"{model}, {cores} cores, {system}, Python {platform.python_version()}"


def load() -> str:
    """The load average over 1, 5 and 15 minutes."""
    return ", ".join(f"{v:.2f}" for v in os.getloadavg())


def header(runs: int, started_load: str) -> list[str]:
    return [
        f"{time.strftime('%Y-%m-%d %H:%M %Z')}; {machine()}",
        f"load average (1, 5, 15 min) {started_load} at the start, {load()} at the end; "
        f"{runs} interleaved runs each, min / median / max",
    ]


@dataclass
class Row:
    """One figure: a path's values beside the reference's (both as measured in the same run)."""

    figure: str
    path: str
    values: list[float]
    unit: str
    reference: str = ""  # the reference's name
    reference_values: list[float] | None = None
    goal: str = ""  # as the goal is written: ">= 1.6x", "<= 2x", "< 100 MB"
    ratio: float | None = None  # path / reference (medians), or how the goal reads it


def _number(value: float) -> str:
    return f"{value:,.0f}" if abs(value) >= 100 else f"{value:,.2f}"


def _spread(values: list[float]) -> str:
    return " / ".join(_number(v) for v in (min(values), statistics.median(values), max(values)))


def table(rows: list[Row], markdown: bool) -> list[str]:
    """The rows as a Markdown table, or as aligned plain text."""
    head = [
        "figure",
        "path",
        "min / median / max",
        "reference",
        "reference min / median / max",
        "ratio",
        "goal",
    ]
    cells = [
        [
            row.figure,
            row.path,
            f"{_spread(row.values)} {row.unit}",
            row.reference,
            f"{_spread(row.reference_values)} {row.unit}" if row.reference_values else "",
            f"{row.ratio:.2f}x" if row.ratio is not None else "",
            row.goal,
        ]
        for row in rows
    ]
    if markdown:
        lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
        return lines + ["| " + " | ".join(line) + " |" for line in cells]
    widths = [max(len(line[i]) for line in [head, *cells]) for i in range(len(head))]
    return [
        "  ".join(cell.ljust(width) for cell, width in zip(line, widths, strict=True)).rstrip()
        for line in [head, *cells]
    ]
