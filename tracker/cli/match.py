"""`menace match`: any two players of the registry play a match on any game."""

from __future__ import annotations

import json
from pathlib import Path

import click

from kit.datafiles import names_a_file
from kit.games import GAMES, game_from_spec
from kit.i18n import _
from kit.players import PlayerSpec, QSpec, parse_player, player_usage
from tracker.cli.options import FileName, db_option, json_option, open_store, variant_options
from tracker.cli.outputs import check_output
from tracker.state.errors import MenaceError
from tracker.state.opponents import HUMAN

PLAYERS_HELP = ", ".join([HUMAN, *player_usage()])


@click.command()
@click.option(
    "--game", type=click.Choice(list(GAMES)), default="tictactoe", show_default=True, help="The game."
)
@variant_options
@click.option("--first", "first", required=True, metavar="SPEC", help=f"The first player: {PLAYERS_HELP}.")
@click.option("--second", "second", required=True, metavar="SPEC", help="The second player (as --first).")
@click.option("--games", type=click.IntRange(1, 1_000_000), required=True, help="Games to play.")
@click.option("--seed", type=int, default=None, help="Seed for a reproducible match.")
@click.option(
    "--alternate",
    is_flag=True,
    help="A fair coin decides who moves first in each game; counts stay with the named players.",
)
@click.option(
    "--save-first",
    type=FileName(),
    default=None,
    metavar="FILE",
    help="Write the --first player's values here after the match (a q player; q:FILE loads them).",
)
@click.option(
    "--learn",
    is_flag=True,
    help="A kit:NAME player learns: each game is recorded in the store, as `menace play --draw "
    "digital` records it.",
)
@db_option
@json_option("the players, settings and the first player's wins, draws and losses (curve: see below).")
def match(
    game: str,
    first: str,
    second: str,
    games: int,
    seed: int | None,
    alternate: bool,
    save_first: Path | None,
    learn: bool,
    db_path: Path | None,
    as_json: bool,
) -> None:
    """Play two players against each other and count who wins.

    Play GAMES games between two players and count the first player's wins, draws and the second's wins.

    A menace player is a fresh MENACE that learns as it plays (menace:RULES names a rules preset or file);
    --json then adds "curve", the first player's mean reward (+1 win, 0 draw, -1 loss) over the last
    1,000 games, one value per game. mcts:N[:C] searches afresh each move and learns nothing. q is a
    Q-learner (afterstate values, the multi-row Nim seed's; q:LR:GAMMA, defaults 0.2 and 0.9) that
    explores less as the match goes on; q:FILE.json starts from values saved by --save-first (learnt on
    Nim with fewer heaps: zero heaps in front; q:FILE.json:b also divides epsilon by 3 there). kit:NAME
    is a kit of the store playing its own side from the beads it holds, learning only with --learn. A
    human types their moves at the terminal and sees the board, as at `menace play`.
    """
    from tracker.cli.play import Terminal
    from tracker.cli.progress import progress_bar
    from tracker.lab.matches import run_match

    human = HUMAN in (first.strip(), second.strip())
    if human and as_json:
        raise MenaceError(_("a match with a human is shown at the terminal: leave out --json"))
    specs = match_players(first, second)  # a mistyped player is said before the bar is drawn
    # q:FILE may be saved back over itself (the values are read before the match and replaced whole after
    # it): only the store, and the rules files menace:FILE and kit players read, are refused.
    rules_files = [
        rest
        for kind, _sep, rest in (spec.strip().partition(":") for spec in (first, second))
        if kind == "menace" and rest and names_a_file(rest)
    ]
    check_output(save_first, "--save-first", db=db_path, inputs=rules_files)
    if save_first is not None and not isinstance(specs[0], QSpec):
        raise MenaceError(_("--save-first saves a q player's values: the --first player is not one"))
    try:
        uses_kit = any(name.strip().partition(":")[0] == "kit" for name in (first, second))
        # No bar while a person types moves at the terminal (it would draw over the board), nor for a
        # --learn match: it is played at the table, as `menace play` plays, game by game in the store.
        with progress_bar(0 if human or learn else games, _("Match games")) as progress:
            result = run_match(
                game_from_spec(game),
                *specs,
                games=games,
                seed=seed,
                alternate=alternate,
                operator=Terminal() if human else None,
                learn=learn,
                store=open_store(db_path) if uses_kit else None,
                progress=progress,
            )
    except EOFError:
        raise MenaceError(_("no more moves were typed, so the match stopped")) from None
    if save_first is not None:
        from kit.qlearn import QLearner, save_values

        learner = result.players[0]
        assert isinstance(learner, QLearner)
        save_values(save_first, learner.game, learner)
    if as_json:
        click.echo(json.dumps(result.to_json()))
        return
    for line in result.lines():
        click.echo(line)


COMMANDS = [match]


def match_players(first: str, second: str) -> list[PlayerSpec | None]:
    """The two players named (parse_player's names; None for "human"); raises GameError for a bad name."""
    return [None if name.strip() == HUMAN else parse_player(name) for name in (first, second)]
