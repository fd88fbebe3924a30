"""The simulation report PDF, drawn with the shared chart helper (generator/charts.py)."""

from __future__ import annotations

import math
from pathlib import Path

from kit.i18n import _, n_
from tracker.sim.experiment import BAND, SCORE, Simulation
from tracker.state.text import menace_side

BLOCKS = 10


def summary_lines(sim: Simulation) -> list[str]:
    """What was simulated and what came of it, in a few lines (also the text of the command's output)."""
    total = sim.games * sim.population
    wins, draws, losses = int(sim.wins.sum()), int(sim.draws.sum()), int(sim.losses.sum())
    quiet = sim.stopped_losing()
    resigned = ""
    if sim.resigned:
        resigned = f", {sim.resigned:,} of them resigned: a box MENACE had to draw from was empty"
    what = _("{game}, {side}, rules {rules}, against {opponent}: {games} x {menaces}")
    if sim.seed is not None:
        what = _("{game}, {side}, rules {rules}, against {opponent}: {games} x {menaces}, seed {seed}")
    runs = "run" if sim.population == 1 else "runs"
    lines = [
        what.format(
            game=sim.game,
            side=menace_side(sim.menace_plays),
            rules=sim.rules,
            opponent=sim.opponent,
            seed=sim.seed,
            games=n_("{count} game", "{count} games", sim.games).format(count=f"{sim.games:,}"),
            menaces=n_("{count} MENACE", "{count} MENACEs", sim.population).format(
                count=f"{sim.population:,}"
            ),
        ),
        f"wins {wins:,} ({wins / total:.1%}), draws {draws:,} ({draws / total:.1%}), "
        f"losses {losses:,} ({losses / total:.1%}){resigned}",
        f"first box ran dry in {sim.first_box_empty:,} of {sim.population:,} {runs} "
        f"({sim.first_box_empty / sim.population:.1%})",
        *refused_lines(sim),
        "mean running score (win +{win}, draw +{draw}, loss {loss}) after game ".format(**SCORE)
        + ", ".join(f"{g:,}: {sim.curve[g - 1]:.1f}" for g in _checkpoints(sim.games)),
        f"no defeat in the last {quiet['tail_games']:,} games: {quiet['runs']:,} "
        + ("run" if quiet["runs"] == 1 else "runs"),
    ]
    if quiet["runs"]:
        lines.append(
            f"  they never lost again from game {quiet['p50']:,} on "
            f"(median; 10%-90%: {quiet['p10']:,}-{quiet['p90']:,})"
        )
    return lines


def refused_lines(sim: Simulation) -> list[str]:
    """Where a MENACE resigned at its first move (its first box empty), the games it played apart: Scroggs'
    online MENACE refuses to play then and plays no more games, where the counts above take each as a loss."""
    if not sim.refused:
        return []
    played = sim.games * sim.population - sim.refused
    wins, draws = int(sim.wins.sum()), int(sim.draws.sum())
    losses = int(sim.losses.sum()) - sim.refused

    def share(count: int) -> str:
        return f"{count / played:.1%}" if played else "-"

    return [
        _(
            "{refused} games with the first box empty, counted as losses above (Scroggs' MENACE refuses to "
            "play them); of the {played} games played: wins {wins}, draws {draws}, losses {losses}"
        ).format(
            refused=f"{sim.refused:,}",
            played=f"{played:,}",
            wins=share(wins),
            draws=share(draws),
            losses=share(losses),
        ),
    ]


def write_simulation_report(sim: Simulation, path: Path) -> None:
    """Mean learning curve with a band across the population, results per block, first box's beads."""
    # Here, not at the top: the command's text (summary_lines) needs no charts.
    from generator.charts import RESULT_COLOURS, Series, line_chart, stacked_bars, write_report

    if sim.band is None or sim.first_box_band is None:
        raise ValueError("a report needs the population's bands: simulate with spread=True")
    low, high = sim.band
    curve = Series(
        f"mean running score ({BAND[0]}th-{BAND[1]}th percentile shaded)",
        sim.curve.tolist(),
        low=low.tolist(),
        high=high.tolist(),
    )
    size = math.ceil(sim.games / BLOCKS)
    starts = range(0, sim.games, size)
    names = [f"{s + 1}-{min(s + size, sim.games)}" for s in starts]
    layers = []
    for name, counts in (("win", sim.wins), ("draw", sim.draws), ("loss", sim.losses)):
        shares = [counts[s : s + size].sum() / (sim.population * len(counts[s : s + size])) for s in starts]
        layers.append(Series(name, shares, RESULT_COLOURS[name]))
    box_low, box_high = sim.first_box_band
    beads = Series(
        "mean beads per first-move box (band shaded)",
        sim.first_box.tolist(),
        "#7b3fa0",
        low=box_low.tolist(),
        high=box_high.tolist(),
    )
    drawings = [
        line_chart([curve], title="Learning curve", y_label="running score"),
        stacked_bars(names, layers, title="Results per block of games", y_label="share of games"),
        line_chart([beads], title="MENACE's first box", y_label="beads"),
    ]
    write_report(Path(path), "MENACE simulation", summary_lines(sim), drawings)


def _checkpoints(games: int) -> list[int]:
    return sorted({g for g in (1, 10, 50, 100, 200, 500, 1000, games) if g <= games})
