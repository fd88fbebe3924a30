"""`menace train`: train a MENACE in memory and keep it as a kit in the store."""

from __future__ import annotations

from pathlib import Path

import click

from tracker.commands.options import db_option, game_options, open_store
from tracker.text import plural


@click.command()
@db_option
@game_options
@click.option("--palette", default=None, metavar="NAME|FILE.toml",
              help="Bead palette, shipped or your own file (default: the game's).")
@click.option("--opponent", default="self", show_default=True, metavar="SPEC",
              help="Who MENACE learns against: self (a second fresh MENACE with the same rules on the "
                   "other side) or a player as `menace match` names them (random, perfect, mcts:N, q...).")
@click.option("--games", type=click.IntRange(1, 1_000_000), required=True, help="Training games.")
@click.option("--seed", type=int, default=None, help="Seed (default: drawn, and kept in the kit's history).")
@click.argument("name")
def train(db_path: Path | None, game: str, menace_plays: str, rules: str | None, palette: str | None,
          opponent: str, games: int, seed: int | None, name: str) -> None:
    """Train a fresh MENACE for GAMES games and keep it as the kit NAME, its beads as training left them.

    The kit's history is one "trained" event saying how it was made (game, side, rules, opponent, games,
    seed), so `menace play --kit NAME` plays it, `box`/`boxes --kit NAME` show its beads, `verify` checks
    them, and `generate --kit NAME` prints its labels and fill sheet with the trained counts.
    """
    from tracker.training import save_trained_kit, train

    training = train(game, menace_plays, rules, opponent, games=games, seed=seed)
    store = open_store(db_path, create=True)
    world = save_trained_kit(store, name, palette, training)
    kit = world.kit
    beads = sum(sum(counts.values()) for counts in (world.loaded_mirror or {}).values())
    click.echo(
        f"Trained kit {kit.name}: {kit.catalogue.game.title}, MENACE plays {kit.menace_plays}, rules "
        f"{kit.rules_name}, {plural(games, 'game')} against {training.opponent} (seed {training.seed}): "
        f"won {training.wins:,}, drew {training.draws:,}, lost {training.losses:,}; {beads:,} beads in "
        f"{len(kit.boxes)} boxes."
    )
    click.echo(f"Store: {store.path}")


COMMANDS = [train]
