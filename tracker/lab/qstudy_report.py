"""The transfer study's results as a table, JSON and a PDF of the mean curves with their bands."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from kit.i18n import _, n_
from tracker.lab.qstudy import ARM_TITLES, ARMS, Study
from tracker.state.text import thousands

ARM_COLOURS = {"baseline": "#555555", "a": "#1f5fbf", "b": "#d7263d"}


def checkpoints(games: int) -> list[int]:
    """The games at which the table shows the mean curve: a quarter, half and all of the run."""
    return sorted({max(1, games // 4), max(1, games // 2), games})


def arm_title(arm: str) -> str:
    """ARM_TITLES[arm] (as JSON names it) in the language spoken."""
    return {
        "baseline": _("from scratch"),
        "a": _("(a) table padded with zero heaps"),
        "b": _("(b) as (a), epsilon / 3 in states of the smaller game"),
    }[arm]


def study_lines(study: Study, setting: str) -> list[str]:
    """The table a person reads: per arm the mean reward at a few points, when the mean reached the level,
    and the games saved against the baseline (paired by seed)."""
    points = checkpoints(study.games)
    lines = [
        setting,
        n_(
            "{seeds} seed; mean reward of the first player over the previous {window} games (fewer at "
            "the start); level {level}; +- is a {share} confidence interval.",
            "{seeds} seeds; mean reward of the first player over the previous {window} games (fewer at "
            "the start); level {level}; +- is a {share} confidence interval.",
            study.seeds,
        ).format(seeds=study.seeds, window=thousands(study.window), level=f"{study.level:g}", share="95%"),
    ]
    columns = [_("game {number}").format(number=thousands(g)) for g in points]
    arm_word, level_at, saved_word = _("arm"), _("level at game"), _("games saved")
    header = f"{arm_word:<10}" + "".join(f"{column:>16}" for column in columns)
    lines += ["", header + f"{level_at:>15}{saved_word:>22}"]
    for arm in ARMS:
        band = study.arms[arm]
        cells = "".join(
            f"{f'{band.mean[g - 1]:+.3f} +-{band.high[g - 1] - band.mean[g - 1]:.3f}':>16}" for g in points
        )
        reached = study.mean_reached(arm)
        at = thousands(reached) if reached is not None else _("not reached")
        saved = "-" if arm == "baseline" else _saved_text(study, arm)
        lines.append(f"{arm:<10}{cells}{at:>15}{saved:>22}")
    lines += ["", *(f"{arm}: {arm_title(arm)}" for arm in ARMS)]
    return lines


def _saved_text(study: Study, arm: str) -> str:
    saved = study.saved(arm)
    if saved is None:
        return _("no seed reached it")
    mean, half, seeds = saved
    sign = "-" if mean < 0 else "+"
    return f"{sign}{thousands(abs(round(mean)))} +-{thousands(round(half))} ({seeds}/{study.seeds})"


def study_json(study: Study) -> dict[str, Any]:
    arms: dict[str, Any] = {}
    for arm in ARMS:
        band = study.arms[arm]
        saved = study.saved(arm) if arm != "baseline" else None
        arms[arm] = {
            "title": ARM_TITLES[arm],
            "mean": band.mean,
            "low": band.low,
            "high": band.high,
            "mean_reached": study.mean_reached(arm),
            "reached": study.reached(arm),
            "saved": None if saved is None else {"mean": saved[0], "half_width": saved[1], "seeds": saved[2]},
        }
    return {
        "games": study.games,
        "seeds": study.seeds,
        "level": study.level,
        "window": study.window,
        "arms": arms,
    }


def arm_sentences(study: Study) -> list[str]:
    """The table in sentences, for the PDF (its font is not fixed-width, so columns would not line up)."""
    sentences = []
    for arm in ARMS:
        band, reached = study.arms[arm], study.mean_reached(arm)
        text = (
            _(
                "{arm}, {title}: mean reward {reward} after {games} games; the mean reached {level} at "
                "game {number}"
            )
            if reached is not None
            else _("{arm}, {title}: mean reward {reward} after {games} games; the mean did not reach {level}")
        )
        text = text.format(
            arm=arm,
            title=arm_title(arm),
            reward=f"{band.mean[-1]:+.3f}",
            games=thousands(study.games),
            level=f"{study.level:g}",
            number=thousands(reached) if reached is not None else "",
        )
        if arm != "baseline":
            saved = _("{sentence}; games saved against the baseline: {saved}")
            text = saved.format(sentence=text, saved=_saved_text(study, arm))
        sentences.append(text + ".")
    return sentences


def write_study_pdf(path: Path, study: Study, title: str, lines: list[str]) -> None:
    """A few lines of text and one chart of the three mean curves, each with its 95% band."""
    from generator.charts import Series, line_chart, write_report

    series = [
        Series(f"{arm}", study.arms[arm].mean, ARM_COLOURS[arm], study.arms[arm].low, study.arms[arm].high)
        for arm in ARMS
    ]
    heading = _("Mean reward of the first player, previous {window} games")
    chart = line_chart(
        series,
        title=heading.format(window=thousands(study.window)),
        x_label=_("games played"),
        y_label=_("mean reward (+1 win, -1 loss)"),
        height=300,
    )
    write_report(path, title, lines, [chart])
