"""The learners' comparison on tic-tac-toe (tracker/lab/compare.py): games to stop losing and final rates."""

from __future__ import annotations

import json

from kit.players import QSpec
from tests.cli import play_match, run
from tracker.lab.compare import Row, compare, compare_lines, stopped_losing, tail_length


def test_games_to_stop_losing_is_the_last_loss_outside_the_final_fifth():
    assert tail_length(10) == 2 and tail_length(3) == 1
    assert stopped_losing([-1, 0, -1, 1, 0, 0, 0, 0, 1, 1]) == 3
    assert stopped_losing([1] * 10) == 0
    assert stopped_losing([0] * 8 + [-1, 0]) is None  # lost in the final fifth
    assert stopped_losing([0] * 7 + [-1, 0, 0]) == 8


def test_final_rates_pool_the_seeds_final_fifths():
    row = Row("q", "random", 10, [3, None], [(2, 0, 0), (1, 0, 1)])
    assert row.final_rates() == (0.75, 0.0, 0.25) and row.median_stop == 3
    assert Row("q", "random", 10, [None], [(0, 0, 2)]).median_stop is None


def test_each_run_is_a_seeded_match():
    (vs_random, vs_perfect) = compare(games=50, mcts_games=10, seeds=2, seed=4, players=[QSpec()])
    runs = [play_match("tictactoe", "q", "perfect", games=50, seed=4000 + k).rewards for k in range(2)]
    assert vs_perfect.stops == [stopped_losing(r) for r in runs]
    assert vs_perfect.tails == [(r[-10:].count(1), r[-10:].count(0), r[-10:].count(-1)) for r in runs]
    assert vs_random.opponent == "random" and vs_random.games == 50
    lines = compare_lines([vs_perfect], 2)
    wins, draws, losses = vs_perfect.final_rates()
    assert lines[3].split()[:3] == ["q", "perfect", "50"] and lines[3].endswith(f"{losses:>7.0%}")


def test_the_command_prints_json():
    result = run("study", "learners", "--games", "20", "--mcts-games", "10", "--seeds", "1", "--json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert [(r["player"], r["opponent"]) for r in data["rows"]][:2] == [
        ("menace:michie", "random"),
        ("menace:michie", "perfect"),
    ]
    assert len(data["rows"]) == 10 and data["rows"][-1]["games"] == 10
