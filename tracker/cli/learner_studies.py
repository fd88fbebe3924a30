"""The learners' studies under `menace study`: MENACE beside the other learners, and Q-learning's transfer
between Nim games. Kept apart from the study group so the group can gather other studies."""

from __future__ import annotations

import json
from pathlib import Path

import click

from kit.i18n import _
from tracker.cli.options import FileName, FiniteRange, json_option
from tracker.cli.outputs import check_output
from tracker.cli.progress import on_a_terminal
from tracker.state.errors import MenaceError
from tracker.state.text import thousands


@click.command()
@click.option(
    "--games",
    type=click.IntRange(10, 10_000_000),
    default=2000,
    show_default=True,
    help="Games per run for the learners.",
)
@click.option(
    "--mcts-games",
    type=click.IntRange(10, 10_000_000),
    default=50,
    show_default=True,
    help="Games per run for MCTS (it learns nothing across games, and each move takes a while).",
)
@click.option("--seeds", type=click.IntRange(1, 1000), default=5, show_default=True, help="Runs per pairing.")
@click.option("--seed", type=int, default=1, show_default=True, help="Seed of the first run.")
@json_option("the settings and a row a player and opponent: games to stop losing and the final rates.")
def learners(games: int, mcts_games: int, seeds: int, seed: int, as_json: bool) -> None:
    """MENACE (michie, scroggs), the Q-learner and MCTS (200 and 1,000 iterations) on tic-tac-toe, each moving
    first against random and perfect play: games to stop losing, and the rates over the final fifth."""
    from tracker.lab.compare import compare, compare_lines

    rows = compare(games=games, mcts_games=mcts_games, seeds=seeds, seed=seed, progress=on_a_terminal)
    if as_json:
        click.echo(
            json.dumps(
                {
                    "games": games,
                    "mcts_games": mcts_games,
                    "seeds": seeds,
                    "seed": seed,
                    "rows": [row.to_json() for row in rows],
                }
            )
        )
        return
    click.echo("\n".join(compare_lines(rows, seeds)))


@click.command()
@click.option(
    "--heaps",
    "heaps",
    type=click.IntRange(3, 5),
    default=4,
    show_default=True,
    help="Learn Nim with heaps 1..N (the last token wins), from a table learnt on 1..N-1.",
)
@click.option(
    "--games",
    type=click.IntRange(10, 10_000_000),
    default=10_000,
    show_default=True,
    help="Games of each run on heaps 1..N.",
)
@click.option(
    "--pretrain",
    type=click.IntRange(1, 10_000_000),
    default=None,
    help="Games the two learners play on heaps 1..N-1 first [default: --games].",
)
@click.option(
    "--seeds", type=click.IntRange(1, 1000), default=20, show_default=True, help="Runs of each arm."
)
@click.option("--seed", type=int, default=1, show_default=True, help="Seed of the study.")
@click.option(
    "--level",
    type=FiniteRange(-1, 1),
    default=0.8,
    show_default=True,
    help="The mean reward whose reaching is timed (games saved).",
)
@click.option(
    "--window",
    type=click.IntRange(1, 10_000_000),
    default=1000,
    show_default=True,
    help="Games in the curve's running mean.",
)
@click.option("--out", type=FileName(), default=None, help="Also write the curves as a PDF here.")
@json_option("the settings and each arm's mean reward band, when it reached --level, and games saved.")
def qlearn(
    heaps: int,
    games: int,
    pretrain: int | None,
    seeds: int,
    seed: int,
    level: float,
    window: int,
    out: Path | None,
    as_json: bool,
) -> None:
    """Does a table learnt on fewer heaps speed up Q-learning on more? The multi-row Nim seed's question
    over many seeds: baseline (from scratch), (a) the smaller game's tables with zero heaps in front, and
    (b) as (a) with epsilon divided by 3 in the smaller game's positions. Prints the mean curves' values
    with 95% intervals and the games saved to reach --level; --out draws the curves with their bands."""
    from kit.games import get_game
    from tracker.lab.qstudy import transfer_study
    from tracker.lab.qstudy_report import arm_sentences, study_json, study_lines, write_study_pdf

    check_output(out, "--out")
    smaller_heaps = tuple(range(1, heaps))
    bigger = get_game("nim", heaps=(*smaller_heaps, heaps), last_token="wins")
    smaller = get_game("nim", heaps=smaller_heaps, last_token="wins")
    result = transfer_study(
        bigger,
        smaller,
        smaller_heaps,
        games=games,
        seeds=seeds,
        seed=seed,
        level=level,
        pretrain=pretrain,
        window=window,
        progress=on_a_terminal,
    )
    setting = _(
        "Q-learning on {bigger} (the last token wins) from {smaller}: {games} games a run, "
        "{pretrain} on the smaller game first, seed {seed}."
    ).format(
        bigger=bigger.title,
        smaller=smaller.title,
        games=thousands(games),
        pretrain=thousands(pretrain or games),
        seed=seed,
    )
    if out is not None:
        title = _("Transfer: heaps 1..{heaps} from 1..{fewer}").format(heaps=heaps, fewer=heaps - 1)
        try:
            write_study_pdf(out, result, title, [setting, *arm_sentences(result)])
        except OSError as error:
            message = _("cannot write {file}: {error}")
            raise MenaceError(message.format(file=out, error=error.strerror)) from None
    if as_json:
        click.echo(
            json.dumps({"heaps": heaps, "pretrain": pretrain or games, "seed": seed, **study_json(result)})
        )
        return
    click.echo("\n".join(study_lines(result, setting)))
