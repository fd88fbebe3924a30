"""`menace train`: train a MENACE in memory and keep it as a kit in the store."""

from __future__ import annotations

from pathlib import Path

import click

from kit.game import GameError
from kit.games import game_from_spec
from kit.i18n import _, n_
from kit.players import PlayerSpec, parse_player
from tracker.cli.options import db_option, game_options, open_store, palette_value, rules_value
from tracker.state.opponents import HUMAN
from tracker.state.text import menace_side, thousands


@click.command()
@db_option
@game_options
@click.option(
    "--palette",
    default=None,
    metavar="NAME|FILE.toml",
    help="Bead palette, shipped or your own file (default: the game's).",
)
@click.option(
    "--opponent",
    default="self",
    show_default=True,
    metavar="SPEC",
    help="Who MENACE learns against: self (a second fresh MENACE with the same rules on the "
    "other side) or a player as `menace match` names them (random, perfect, mcts:N, q...).",
)
@click.option("--games", type=click.IntRange(1, 1_000_000), required=True, help="Training games.")
@click.option("--seed", type=int, default=None, help="Seed (default: drawn, and kept in the kit's history).")
@click.argument("name")
def train(
    db_path: Path | None,
    game: str,
    menace_plays: str,
    rules: str | None,
    palette: str | None,
    opponent: str,
    games: int,
    seed: int | None,
    name: str,
) -> None:
    """Train a MENACE against a computer player and keep it as a kit.

    Train a fresh MENACE for GAMES games and keep it as the kit NAME, its beads as training left them.

    The kit's history is one "trained" event saying how it was made (game, side, rules, opponent, games,
    seed), so `menace play --kit NAME` plays it, `box`/`boxes --kit NAME` show its beads, `verify` checks
    them, and `generate --kit NAME` prints its labels and fill sheet with the trained counts.
    """
    from tracker.cli.progress import progress_bar
    from tracker.lab.training import save_trained_kit, train

    the_game = game_from_spec(game)
    read_rules = rules_value(the_game, rules)
    rival = training_opponent(opponent)  # a mistyped player is said before the bar is drawn
    with progress_bar(games, _("Training games")) as progress:
        training = train(the_game, menace_plays, read_rules, rival, games=games, seed=seed, progress=progress)
    store = open_store(db_path, create=True)
    world = save_trained_kit(store, name, palette_value(the_game, palette), training)
    kit = world.kit
    beads = sum(sum(counts.values()) for counts in (world.loaded_mirror or {}).values())
    trained = n_(
        "Trained kit {kit}: {game}, {side}, rules {rules}, {games} game against {opponent} (seed {seed}): "
        "won {wins}, drew {draws}, lost {losses}; {beads} beads in {boxes} boxes.",
        "Trained kit {kit}: {game}, {side}, rules {rules}, {games} games against {opponent} (seed {seed}): "
        "won {wins}, drew {draws}, lost {losses}; {beads} beads in {boxes} boxes.",
        games,
    )
    click.echo(trained.format(
        kit=kit.name, game=kit.catalogue.game.title, side=menace_side(kit.menace_plays), rules=kit.rules_name,
        games=thousands(games), opponent=training.opponent, seed=training.seed, wins=thousands(training.wins),
        draws=thousands(training.draws), losses=thousands(training.losses), beads=thousands(beads),
        boxes=thousands(len(kit.boxes)),
    ))  # fmt: skip
    click.echo(_("Store: {path}").format(path=store.path))


COMMANDS = [train]


def training_opponent(text: str) -> PlayerSpec | None:
    """The opponent ``text`` names for training: None for "self" (a second MENACE on the same rules), else
    a computer player (parse_player's names); raises GameError for a person or a bad name."""
    from tracker.lab.training import SELF

    if text.strip() == HUMAN:
        raise GameError(
            _("menace train plays against a computer player (or self): play a person with `menace play`")
        )
    return None if text.strip() == SELF else parse_player(text)
