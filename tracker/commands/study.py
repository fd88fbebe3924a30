"""`menace study`: experiments over many seeds that compare learners."""

from __future__ import annotations

import json

import click

from tracker.commands.options import json_option


@click.group()
def study() -> None:
    """Experiments over many seeds: learners side by side, and Q-learning's transfer between Nim games."""


@study.command()
@click.option("--games", type=click.IntRange(min=10), default=2000, show_default=True,
              help="Games per run for the learners.")
@click.option("--mcts-games", type=click.IntRange(min=10), default=50, show_default=True,
              help="Games per run for MCTS (it learns nothing across games, and each move takes a while).")
@click.option("--seeds", type=click.IntRange(1, 1000), default=5, show_default=True, help="Runs per pairing.")
@click.option("--seed", type=int, default=1, show_default=True, help="Seed of the first run.")
@json_option
def learners(games: int, mcts_games: int, seeds: int, seed: int, as_json: bool) -> None:
    """MENACE (michie, scroggs), the Q-learner and MCTS (200 and 1,000 iterations) on tic-tac-toe, each moving
    first against random and perfect play: games to stop losing, and the rates over the final fifth."""
    from tracker.compare import compare, compare_lines

    rows = compare(games=games, mcts_games=mcts_games, seeds=seeds, seed=seed,
                   progress=lambda line: click.echo(line, err=True))
    if as_json:
        click.echo(json.dumps({"games": games, "mcts_games": mcts_games, "seeds": seeds, "seed": seed,
                               "rows": [row.to_json() for row in rows]}))
        return
    click.echo("\n".join(compare_lines(rows, seeds)))


COMMANDS = [study]
