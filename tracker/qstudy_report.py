"""The transfer study's results as a table, JSON and a PDF of the mean curves with their bands."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tracker.qstudy import ARM_TITLES, ARMS, Study

ARM_COLOURS = {"baseline": "#555555", "a": "#1f5fbf", "b": "#d7263d"}


def checkpoints(games: int) -> list[int]:
    """The games at which the table shows the mean curve: a quarter, half and all of the run."""
    return sorted({max(1, games // 4), max(1, games // 2), games})


def study_lines(study: Study, setting: str) -> list[str]:
    """The table a person reads: per arm the mean reward at a few points, when the mean reached the level,
    and the games saved against the baseline (paired by seed)."""
    points = checkpoints(study.games)
    lines = [setting,
             f"{study.seeds} seeds; mean reward of the first player over the previous {study.window:,} games "
             f"(fewer at the start); level {study.level:g}; +- is a 95% confidence interval."]
    header = f"{'arm':<10}" + "".join(f"{f'game {g:,}':>16}" for g in points)
    lines += ["", header + f"{'level at game':>15}{'games saved':>22}"]
    for arm in ARMS:
        band = study.arms[arm]
        cells = "".join(f"{f'{band.mean[g - 1]:+.3f} +-{band.high[g - 1] - band.mean[g - 1]:.3f}':>16}"
                        for g in points)
        reached = study.mean_reached(arm)
        at = f"{reached:,}" if reached is not None else "not reached"
        saved = "-" if arm == "baseline" else _saved_text(study, arm)
        lines.append(f"{arm:<10}{cells}{at:>15}{saved:>22}")
    lines += ["", *(f"{arm}: {ARM_TITLES[arm]}" for arm in ARMS)]
    return lines


def _saved_text(study: Study, arm: str) -> str:
    saved = study.saved(arm)
    if saved is None:
        return "no seed reached it"
    mean, half, seeds = saved
    return f"{mean:+,.0f} +-{half:,.0f} ({seeds}/{study.seeds})"


def study_json(study: Study) -> dict[str, Any]:
    arms: dict[str, Any] = {}
    for arm in ARMS:
        band = study.arms[arm]
        saved = study.saved(arm) if arm != "baseline" else None
        arms[arm] = {
            "title": ARM_TITLES[arm], "mean": band.mean, "low": band.low, "high": band.high,
            "mean_reached": study.mean_reached(arm), "reached": study.reached(arm),
            "saved": None if saved is None else {"mean": saved[0], "half_width": saved[1], "seeds": saved[2]},
        }
    return {"games": study.games, "seeds": study.seeds, "level": study.level, "window": study.window,
            "arms": arms}


def arm_sentences(study: Study) -> list[str]:
    """The table in sentences, for the PDF (its font is not fixed-width, so columns would not line up)."""
    sentences = []
    for arm in ARMS:
        band, reached = study.arms[arm], study.mean_reached(arm)
        text = (f"{arm}, {ARM_TITLES[arm]}: mean reward {band.mean[-1]:+.3f} after {study.games:,} games; "
                + (f"the mean reached {study.level:g} at game {reached:,}" if reached is not None
                   else f"the mean did not reach {study.level:g}"))
        if arm != "baseline":
            text += f"; games saved against the baseline: {_saved_text(study, arm)}"
        sentences.append(text + ".")
    return sentences


def write_study_pdf(path: Path, study: Study, title: str, lines: list[str]) -> None:
    """A few lines of text and one chart of the three mean curves, each with its 95% band."""
    from generator.charts import Series, line_chart, write_report

    series = [Series(f"{arm}", study.arms[arm].mean, ARM_COLOURS[arm], study.arms[arm].low,
                     study.arms[arm].high) for arm in ARMS]
    chart = line_chart(series, title=f"Mean reward of the first player, previous {study.window:,} games",
                       y_label="mean reward (+1 win, -1 loss)", height=300)
    write_report(path, title, lines, [chart])
