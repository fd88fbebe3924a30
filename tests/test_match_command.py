"""`menace match` and its library: counts per named player, the curve, coin tosses, one-line errors."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from kit.games import get_game
from kit.players import MenacePlayer, parse_player
from tests.cli import play_match
from tracker.cli.main import main
from tracker.lab.matches import MatchResult, _seats, running_mean


def run(*args, input=None):
    return CliRunner().invoke(main, ["match", *args], input=input)


def test_running_mean_over_a_window_fewer_at_the_start():
    assert running_mean([1, -1, 0, 1, 1], 2) == [1.0, 0.0, -0.5, 0.5, 1.0]
    assert running_mean([1, -1, 0, 1, 1], 3) == [1.0, 0.0, 0.0, 0.0, 2 / 3]
    assert running_mean([], 3) == []


def test_nim_from_nine_the_first_mover_loses_to_best_play():
    result = run("--game", "nim", "--first", "ideal", "--second", "perfect", "--games", "5", "--seed", "1")
    assert result.exit_code == 0
    assert result.output == (
        "nim, 5 games, ideal moving first\n"
        "first player (ideal) wins: 0\n"
        "draws: 0\n"
        "second player (perfect) wins: 5\n"
    )


def test_alternate_counts_stay_with_the_named_players():
    # Whoever starts from 9 tokens loses against best play, so --first wins exactly the games it did
    # not start.
    result = play_match("nim", "perfect", "ideal", games=200, seed=6, alternate=True)
    assert 60 < result.first_started < 140 and result.first_started != 100  # 100 would hide a swap
    assert result.first_wins == 200 - result.first_started and result.second_wins == result.first_started
    text = run(
        "--game",
        "nim",
        "--first",
        "perfect",
        "--second",
        "ideal",
        "--games",
        "200",
        "--seed",
        "6",
        "--alternate",
    ).output
    assert text.splitlines() == [
        f"nim, 200 games, a coin toss for who moves first (perfect moved first in {result.first_started}); "
        "wins are counted per player",
        f"--first player (perfect) wins: {result.first_wins}",
        "draws: 0",
        f"--second player (ideal) wins: {result.second_wins}",
    ]


def test_a_match_words_its_counts_without_the_command():
    def made(rewards, *, alternate=False, started=0):
        return MatchResult(game="tictactoe", first="menace", second="random", learns=True, seed=1,
                           alternate=alternate, first_started=started, rewards=tuple(rewards))  # fmt: skip

    assert made([1] * 1200 + [0] * 3 + [-1]).lines() == [
        "tictactoe, 1,204 games, menace moving first",
        "first player (menace) wins: 1,200",
        "draws: 3",
        "second player (random) wins: 1",
    ]
    assert made([-1], alternate=True, started=1).lines() == [
        "tictactoe, 1 game, a coin toss for who moves first (menace moved first in 1); wins are counted per "
        "player",
        "--first player (menace) wins: 0",
        "draws: 0",
        "--second player (random) wins: 1",
    ]


def test_json_has_a_curve_only_when_a_player_learns():
    fixed = json.loads(
        run("--first", "random", "--second", "perfect", "--games", "3", "--seed", "2", "--json").output
    )
    assert "curve" not in fixed and fixed["first_wins"] == 0  # random never beats perfect
    assert fixed["first_wins"] + fixed["draws"] + fixed["second_wins"] == 3
    learning = json.loads(
        run("--first", "menace", "--second", "random", "--games", "30", "--seed", "2", "--json").output
    )
    assert len(learning["curve"]) == 30
    rewards = play_match("tictactoe", "menace", "random", games=30, seed=2).rewards
    assert learning["curve"] == running_mean(rewards, 1000)
    assert learning["first_wins"] == rewards.count(1) and learning["second_wins"] == rewards.count(-1)


def test_reproducible_from_the_seed():
    once = play_match("tictactoe", "mcts:20", "menace:scroggs", games=10, seed=5)
    assert play_match("tictactoe", "mcts:20", "menace:scroggs", games=10, seed=5) == once


def test_a_menace_playing_both_sides_shares_its_beads_only_where_the_boxes_are_the_same():
    nim = _seats(get_game("nim"), parse_player("menace"), sides=(0, 1))
    ttt = _seats(get_game("tictactoe"), parse_player("menace"), sides=(0, 1))
    assert all(isinstance(p, MenacePlayer) for p in [*nim.values(), *ttt.values()])
    assert nim[0].boxes is nim[1].boxes  # one box per count serves either side, as the notebook's
    assert ttt[0].boxes is not ttt[1].boxes and ttt[1].catalogue.menace_plays == "second"


@pytest.mark.parametrize(
    "spec, message",
    [
        (
            "mcts:0",
            "Error: 'mcts:0': mcts:N[:C] needs N iterations (1 to 1,000,000) and an optional exploration "
            "constant C >= 0, e.g. mcts:5000 or mcts:1000:1.4",
        ),
        (
            "genius",
            "Error: unknown player 'genius': choose random, perfect, novice:P (0 <= P <= 1), ideal, "
            "mcts:N[:C], menace[:RULES], q[:LR[:GAMMA]] or q:FILE.json[:b], kit:NAME",
        ),
        (
            "menace:nim",
            "Error: rules 'nim' are for nim, not tictactoe: choose one of go-blog, golf, michie, "
            "open-day, scroggs",
        ),
    ],
)
def test_a_bad_spec_is_one_line(spec, message):
    result = run("--first", spec, "--second", "random", "--games", "1")
    assert result.exit_code == 2 and result.output == message + "\n"


def test_a_human_types_moves_sees_the_board_and_is_told_the_result():
    # Nim from 9 against the ideal player: take 1 (8), it takes 3 (5); "4" is refused; take 1 (4), it
    # takes 3 (1); the last token is the human's, who loses.
    result = run(
        "--game", "nim", "--first", "human", "--second", "ideal", "--games", "1", input="1\n4\n1\n1\n"
    )
    assert result.exit_code == 0
    assert result.output == (
        "  9 tokens left  | | | | | | | | |\n"
        "Your move (1-3): 1\n"
        "ideal takes 3.\n"
        "  5 tokens left  | | | | |\n"
        "Your move (1-3): 4\n"
        "  '4' is not a take: type a number of tokens from 1 to 3\n"
        "Your move (1-3): 1\n"
        "ideal takes 3.\n"
        "  1 token left  |\n"
        "Your move (1): 1\n"  # one choice left: not (1-1)
        "  0 tokens left  \n"
        "You lose.\n"
        "nim, 1 game, human moving first\n"
        "first player (human) wins: 0\n"
        "draws: 0\n"
        "second player (ideal) wins: 1\n"
    )


def test_a_human_match_stops_in_one_line_when_input_ends_and_refuses_json():
    stopped = run("--first", "perfect", "--second", "human", "--games", "1", "--seed", "1", input="5\n")
    assert stopped.exit_code == 2
    assert stopped.output.endswith("Error: no more moves were typed, so the match stopped\n")
    refused = run("--first", "human", "--second", "perfect", "--games", "1", "--json")
    assert refused.exit_code == 2
    assert refused.output == "Error: a match with a human is shown at the terminal: leave out --json\n"
