"""`menace simulate` and `menace tournament`: simulated MENACEs, numpy imported only when they run."""

from __future__ import annotations

import atexit
import gc
import json
import time
from pathlib import Path

import click

from kit.datafiles import names_a_file
from kit.i18n import _
from tracker.cli.options import game_options, json_option, rules_value
from tracker.state.errors import MenaceError


def _opponent(ctx: click.Context, param: click.Parameter, value: str) -> str:
    """The opponent, if the simulator plays it: its fixed players, or a MENACE on the rules of the one it
    meets (kit.players names more, such as mcts:N, for `menace match`)."""
    from kit.players import MenaceSpec, did_you_mean, parse_player
    from tracker.sim.chunk import POLICY_KINDS

    kind, kinds = value.strip().partition(":")[0], [*POLICY_KINDS, "menace"]
    if kind in kinds:
        spec = parse_player(value)
        if not isinstance(spec, MenaceSpec) or spec.rules is None:  # a MENACE takes the studied one's rules
            return value
    names = ", ".join(["random", "perfect", "novice:P (0 <= P <= 1)", "ideal", "menace"])
    raise MenaceError(
        _("unknown player {text!r}: choose {players} (menace match plays the others)").format(
            text=value, players=names
        )
        + did_you_mean(kind, kinds)
    )


@click.command()
@game_options
@click.option(
    "--opponent",
    default="random",
    show_default=True,
    metavar="KIND",
    callback=_opponent,
    help="random, perfect, novice:P (perfect with probability P, else random), ideal, or menace.",
)
@click.option("--games", type=click.IntRange(1, 1_000_000), required=True, help="Games each MENACE plays.")
@click.option(
    "--population",
    type=click.IntRange(1, 10**9),
    default=1,
    show_default=True,
    help="Independent MENACEs, each with its own opponent.",
)
@click.option("--seed", type=int, default=None, help="Seed for a reproducible run.")
@click.option(
    "--engine",
    type=click.Choice(["auto", "numpy", "numba", "kit"]),
    default="auto",
    show_default=True,
    help="numba: compiled (in menace-kit's folder: pip install '.[fast]'); numpy; kit: the kit's "
    "match loop, one game at a time. auto: numba once built (a long run has it built in the "
    "background for the next), else kit for a few MENACEs and numpy beyond.",
)
@click.option(
    "--jobs",
    type=click.IntRange(1, 1024),
    default=None,
    help="Worker processes at most [default: one per core]; a short run plays in one. The same "
    "--seed and number of workers give the same figures.",
)
@click.option(
    "--report",
    "report",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="Also write a PDF report here (learning curve, results per block, first box).",
)
@json_option(
    "the settings, wins, draws and losses, the first box emptied, the running score and counts per game."
)
def simulate(
    game: str,
    menace_plays: str,
    rules: str | None,
    opponent: str,
    games: int,
    population: int,
    seed: int | None,
    engine: str,
    jobs: int | None,
    report: Path | None,
    as_json: bool,
) -> None:
    """Simulate many MENACEs to see what to expect before class.

    Simulate a population of MENACEs, each playing GAMES games against its own opponent.

    Wins, draws and losses are counted from MENACE's side and summed over the population; the
    curve is Michie's running score (+3 win, +1 draw, -1 defeat) averaged over the population.
    """
    from kit.games import game_from_spec
    from kit.players import parse_player
    from tracker.cli.outputs import check_output
    from tracker.cli.progress import progress_bar
    from tracker.sim.experiment import simulate as run

    check_output(report, "--report", inputs=[rules if rules is not None and names_a_file(rules) else None])
    the_game = game_from_spec(game)
    the_game.require_matchbox_kit()
    read_rules = rules_value(the_game, rules)
    rival = parse_player(opponent)  # a mistyped player is said before the bar is drawn
    skip_collection_at_exit()
    with progress_bar(games * population, _("Simulated games")) as progress:
        sim = run(
            the_game,
            menace_plays=menace_plays,
            rules=read_rules,
            opponent=rival,
            opponent_said=opponent,
            games=games,
            population=population,
            seed=seed,
            spread=report is not None,
            engine=engine,
            jobs=jobs,
            progress=progress,
        )
    if report is not None:
        from tracker.sim.report import write_simulation_report  # the charts, only when asked for

        try:
            write_simulation_report(sim, report)
        except OSError as error:
            message = _("cannot write {file}: {error}")
            raise MenaceError(message.format(file=report, error=error.strerror)) from None
    if as_json:
        click.echo(json.dumps(sim.to_json()))
    else:
        from tracker.sim.report import summary_lines

        click.echo("\n".join(summary_lines(sim)))
    total = sim.games * sim.population
    rate = f"{total:,} games in {sim.seconds:.2f} s: {sim.games_per_s:,.0f} games/s ({sim.engine} engine)"
    click.echo(rate, err=True)
    if report is not None:
        click.echo(f"wrote {report}", err=True)


def skip_collection_at_exit() -> None:
    """Python's clean-up at exit runs the garbage collector over every object alive, numpy's and numba's
    among them: 30 to 70 ms of a run whose games take a third of a second. Frozen at exit (gc.freeze),
    they are left to the system as the process ends; modules are still torn down, so files and stdout are
    closed and flushed as before (this command closes its report itself). At exit, not now: a test runs
    commands in its own process, which should go on collecting."""
    atexit.unregister(gc.freeze)  # once, however many runs a process makes
    atexit.register(gc.freeze)


@click.command()
@click.option(
    "--game",
    type=click.Choice(["nim"]),
    default="nim",
    show_default=True,
    help="The game (only Nim has the notebook's tournament).",
)
@click.option(
    "--games",
    type=click.IntRange(1, 10_000_000),
    default=10_000,
    show_default=True,
    help="Games per ordered pair of players in the round robin.",
)
@click.option(
    "--training-opponent",
    type=click.Choice(["self", "random"]),
    default="self",
    show_default=True,
    help="self: the notebook's self-play (two MENACEs, a coin for who starts). random: each "
    "learner trains against a uniformly random player, alternating sides (not the notebook).",
)
@click.option(
    "--training",
    type=click.IntRange(0, 10_000_000),
    default=None,
    help="Training games for the floor-1 and floor-0 players [self: 10,000; random: 2,000].",
)
@click.option(
    "--part-training",
    type=click.IntRange(0, 10_000_000),
    default=None,
    help="Training games for the part-trained player [self: 100; random: 30].",
)
@click.option(
    "--stable-training",
    type=click.IntRange(0, 10_000_000),
    default=100_000,
    show_default=True,
    help="Games among the stable's 10 MENACEs (self-play only).",
)
@click.option("--seed", type=int, default=None, help="Seed for a reproducible run.")
@json_option("the settings and first_player_wins[first][second], wins out of --games.")
def tournament(
    game: str,
    games: int,
    training_opponent: str,
    training: int | None,
    part_training: int | None,
    stable_training: int,
    seed: int | None,
    as_json: bool,
) -> None:
    """Reproduce the Nim notebook's tournament of six players.

    Reproduce the Nim notebook's tournament: make six players, then a round robin.

    By default the players are made as the notebook makes them, by self-play with a coin for who
    starts: floor1 = the first of a floor-1 pair after 10,000 games, part-trained = the first of a
    pair after 100, floor0 = the second of a floor-0 pair after 10,000, stable = member 0 of 10
    floor-0 MENACEs after 100,000 games between random pairs; untrained = fresh; ideal = the best
    take, else take 1. Nobody learns during the round robin. The table counts the first player's wins
    (rows: first player, columns: second player).
    """
    from tracker.cli.progress import progress_bar
    from tracker.lab.nim_tournament import table_lines, tournament_games
    from tracker.lab.nim_tournament import tournament as run

    started = time.perf_counter()
    total = tournament_games(
        games=games,
        training=training,
        part_training=part_training,
        stable_training=stable_training,
        training_opponent=training_opponent,
    )
    with progress_bar(total, _("Tournament games")) as progress:
        result = run(
            games=games,
            training=training,
            part_training=part_training,
            stable_training=stable_training,
            training_opponent=training_opponent,
            seed=seed,
            progress=progress,
        )
    seconds = time.perf_counter() - started
    if as_json:
        players = result.players
        wins = {
            first: dict(zip(players, row, strict=True))
            for first, row in zip(players, result.wins, strict=True)
        }
        click.echo(
            json.dumps(
                {
                    "players": list(players),
                    "wins": [list(row) for row in result.wins],
                    "game": game,
                    "games": games,
                    "training_opponent": training_opponent,
                    "training": result.training,
                    "part_training": result.part_training,
                    "stable_training": result.stable_training if training_opponent == "self" else None,
                    "seed": seed,
                    "first_player_wins": wins,
                }
            )
        )
    else:
        click.echo("\n".join(table_lines(result)))
    click.echo(f"{seconds:.1f} s", err=True)


COMMANDS = [simulate, tournament]
