"""Games too big for matchboxes: `menace boxes` says so in one line with their size, and every other
command that needs boxes refuses them in one line (exit 2), never with a traceback."""

from __future__ import annotations

import json

import pytest

from tests.cli import run

SIZES = {
    "connect4": "4,531,985,219,092 positions (John Tromp's count of legal positions)",
    "othello": "about 10^28 positions (L. V. Allis, 1994)",
    "ultimate": "at most 4.4 x 10^39 positions "
    "(81 cells X, O or empty, times 10 choices of the board to play in)",
}
TITLES = {"connect4": "Four-in-a-row", "othello": "Othello", "ultimate": "Ultimate tic-tac-toe"}


@pytest.mark.parametrize("game", SIZES)
def test_boxes_says_there_is_no_kit_and_how_many_positions_there_are(game):
    result = run("boxes", "--game", game)
    assert result.exit_code == 0, result.output
    assert result.output == (
        f"no matchbox kit: this game has {SIZES[game]}, where noughts and crosses needs 304 boxes\n"
    )
    data = json.loads(run("boxes", "--game", game, "--json").output)
    assert data["boxes"] is None and data["game"] == game


def test_boxes_json_gives_the_exact_count_of_four_in_a_row_positions():
    data = json.loads(run("boxes", "--game", "connect4", "--json").output)
    assert (data["positions"], data["qualifier"]) == (4_531_985_219_092, "exact")


@pytest.mark.parametrize("game", SIZES)
@pytest.mark.parametrize(
    "args",
    [
        ["find", "X......"],
        ["graph", "--out", "{tmp}/tree.graphml"],
        ["generate", "--out", "{tmp}/kits"],
        ["simulate", "--games", "3"],
        ["new", "big", "--db", "{tmp}/store.db"],
        ["train", "t", "--games", "3"],
    ],
)
def test_commands_that_need_boxes_offer_only_the_games_with_a_kit(game, args, tmp_path):
    """--help does not offer a game the command then refuses; given anyway, it is one usage line."""
    offered = "tictactoe, nim, hexapawn" + (", all" if args[0] == "generate" else "")
    assert game not in run(args[0], "--help").output.partition("--game")[2].partition("\n")[0]
    result = run(*[arg.format(tmp=tmp_path) for arg in args], "--game", game)
    assert result.exit_code == 2, result.output
    assert result.output == (
        f"Error: menace {args[0]}: --game takes one of {offered} (see menace {args[0]} --help)\n"
    )
    assert not list(tmp_path.iterdir())  # nothing written


def test_a_game_without_a_kit_is_still_refused_with_its_size_below_the_command_line():
    """The command line offers only games with a kit; the library still says why the others have none."""
    from kit.game import GameError
    from kit.games import game_from_spec

    with pytest.raises(GameError, match="no matchbox kit: Othello has about 10\\^28 positions"):
        game_from_spec("othello").require_matchbox_kit()


@pytest.mark.parametrize("player", ["perfect", "novice:0.5", "ideal", "menace"])
def test_players_that_need_the_whole_game_or_boxes_are_refused_in_one_line(player):
    result = run("match", "--game", "connect4", "--first", player, "--second", "random", "--games", "1")
    assert result.exit_code == 2, result.output
    lines = result.output.splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: ") and "4,531,985,219,092 positions" in lines[0]
