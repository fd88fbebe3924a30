"""The Q-learner (kit/qlearn.py): the seed's schedule, update order and greedy choice, its values file, its
spec, and the key mapping that carries a table to a Nim game with more heaps."""

from __future__ import annotations

import json
import math
import random
from itertools import combinations_with_replacement

import pytest

from kit.game import GameError, Result, State
from kit.games import get_game
from kit.match import play_game
from kit.nim import Nim
from kit.players import RandomPlayer, make_player, parse_player
from kit.qlearn import QLearner, epsilon, fits_under, load_learner, padded, save_values
from tests.cli import play_match, run


class Dice:
    """An rng whose uniform numbers are given; choice takes the first move, so a test sees which path ran."""

    def __init__(self, *uniforms: float) -> None:
        self.uniforms = list(uniforms)

    def random(self) -> float:
        return self.uniforms.pop(0)

    def choice(self, moves):
        return moves[0]


def test_epsilon_is_the_seeds_schedule():
    assert epsilon(0.0) == 0.99
    assert epsilon(0.2) == pytest.approx(0.99 * math.exp(-1))
    assert epsilon(0.2, 3) == pytest.approx(0.99 * math.exp(-1) / 3)
    assert epsilon(1.0) == 0.05  # 0.99 e^-5 = 0.0067 is below the floor
    assert epsilon(0.6, 3) == 0.05


def test_one_won_game_by_hand():
    # Nim from 4 with takes of 1 only: the learner leaves 3 and 1, and the opponent takes the last token.
    # Last first: V(1) = 0.2 (1 + 0.9 * 1) = 0.38; then r = 0.38 and V(3) = 0.2 (1 + 0.9 * 0.38) = 0.2684.
    game = Nim(4, 1)
    learner = QLearner(game)
    learner.plan(1)
    outcome = play_game(game, [learner, RandomPlayer(game)], random.Random(0))
    assert outcome.winner == 0
    assert learner.values == pytest.approx({1: 0.38, 3: 0.2684})


def test_two_lost_games_by_hand_update_the_last_state_first():
    # Moving second from 4 (takes of 1), the learner leaves 2 and then 0: it took the last token and lost.
    # Game 1: V(0) = 0.2 (-1 - 0.9) = -0.38; V(2) = 0.2 (-1 + 0.9 * -0.38) = -0.2684.
    # Game 2: V(0) = -0.38 + 0.2 (-1.9 + 0.38) = -0.684; V(2) = -0.2684 + 0.2 (-1 - 0.6156 + 0.2684).
    game = Nim(4, 1)
    learner = QLearner(game)
    learner.plan(2)
    play_game(game, [RandomPlayer(game), learner], random.Random(0))
    assert learner.values == pytest.approx({0: -0.38, 2: -0.2684})
    play_game(game, [RandomPlayer(game), learner], random.Random(0))
    assert learner.values == pytest.approx({0: -0.684, 2: -0.53784})


def test_learning_rate_and_discount_are_used():
    game = Nim(4, 1)
    learner = QLearner(game, lr=0.5, gamma=0.0)
    learner.plan(1)
    play_game(game, [learner, RandomPlayer(game)], random.Random(0))
    assert learner.values == pytest.approx({1: 0.5, 3: 0.5})  # 0.5 (1 + 0 - 0)


def test_greedy_takes_the_highest_value_and_the_last_of_a_tie():
    nim = Nim()
    learner = QLearner(nim, values={8: 0.1, 7: 0.5, 6: 0.5})
    learner.plan(1)
    # 0.99 >= epsilon(0) = 0.99: a greedy move. Takes 2 and 3 leave 7 and 6, equal: the last, take 3.
    assert learner.choose(State(9, 0), Dice(0.99)) == 3
    learner.values[7] = 0.6
    assert learner.choose(State(9, 0), Dice(0.99)) == 2
    learner.values.clear()  # every position unseen, worth 0: the last move
    assert learner.choose(State(9, 0), Dice(0.99)) == 3
    assert learner.left == [6, 7, 6]


def test_a_move_is_random_while_the_uniform_number_is_below_epsilon():
    learner = QLearner(Nim(), values={6: 1.0})
    learner.plan(10)
    assert learner.choose(State(9, 0), Dice(0.98)) == 1  # explored: Dice's choice is the first move
    for _ in range(5):
        learner.learn(Result.DRAW)  # five games played: episode 0.5, epsilon 0.99 e^-2.5 = 0.0813
    assert learner.choose(State(9, 0), Dice(0.081)) == 1
    assert learner.choose(State(9, 0), Dice(0.082)) == 3


def test_divide_lowers_epsilon_only_where_it_says():
    learner = QLearner(Nim(), values={6: 1.0}, divide=lambda tokens: 3.0 if tokens <= 5 else 1.0)
    learner.plan(10)
    assert learner.choose(State(9, 0), Dice(0.4)) == 1  # 0.4 < 0.99: explores
    assert learner.choose(State(5, 0), Dice(0.4)) == 3  # 0.4 >= 0.33: greedy, and all unseen: the last


def test_a_learner_must_know_the_match_length():
    with pytest.raises(GameError, match="how many games"):
        QLearner(Nim()).choose(State(9, 0), random.Random(0))


def test_it_learns_tic_tac_toe_against_random():
    rewards = play_match("tictactoe", "q", "random", games=3000, seed=3).rewards
    assert sum(rewards[-1000:]) / 1000 > 0.6  # random first vs random wins about 0.58 - 0.29
    assert sum(rewards[:300]) / 300 < 0.5


def test_reproducible_from_the_seed():
    once = play_match("nim", "q", "q:0.1", games=300, seed=4)
    assert play_match("nim", "q", "q:0.1", games=300, seed=4) == once


@pytest.mark.parametrize("text, lr, gamma, path", [
    ("q", 0.2, 0.9, None), ("q:0.1", 0.1, 0.9, None), ("q:0.1:0.5", 0.1, 0.5, None),
    ("q::0.5", 0.2, 0.5, None), ("q:t.json", 0.2, 0.9, "t.json"),
])  # fmt: skip
def test_specs(text, lr, gamma, path):
    spec = parse_player(text)
    assert (spec.kind, spec.lr, spec.gamma, spec.path) == ("q", lr, gamma, path)
    assert parse_player(str(spec)) == spec and spec.learns and not spec.needs_catalogue


@pytest.mark.parametrize("text", ["q:0", "q:1.5", "q:0.1:2", "q:a", "q:0.1:0.5:3", "q:nan"])
def test_bad_specs_say_how_to_write_one(text):
    with pytest.raises(GameError, match=r"q\[:LR\[:GAMMA\]\] needs a learning rate 0 < LR <= 1"):
        parse_player(text)


def test_q_is_not_an_opponent_at_the_table():
    with pytest.raises(GameError, match="unknown player"):
        parse_player("q", learners=False)


def test_the_values_file_round_trips(tmp_path):
    nim = Nim()
    learner = QLearner(nim, 0.3, 0.8, {9: 0.5, 1: -0.25})
    save_values(tmp_path / "q.json", nim, learner)
    data = json.loads((tmp_path / "q.json").read_text())
    assert data == {"format": "menace-kit q-values", "version": 1, "game": "nim", "lr": 0.3, "gamma": 0.8,
                    "values": {"1": -0.25, "9": 0.5}}  # fmt: skip
    again = load_learner(tmp_path / "q.json", nim)
    assert (again.lr, again.gamma, again.values) == (0.3, 0.8, {9: 0.5, 1: -0.25})
    assert list(tmp_path.iterdir()) == [tmp_path / "q.json"]  # no temporary file left


@pytest.mark.parametrize("content, message", [
    (None, "cannot read"),
    ("{", "is not a JSON file"),
    ('{"format": "other"}', "is not a q values file"),
    ('{"format": "menace-kit q-values", "version": 1, "game": "nim", "lr": 0.2, "gamma": "x", "values": {}}',
     "numbers lr and gamma"),
    ('{"format": "menace-kit q-values", "version": 1, "game": "tictactoe", "lr": 0.2, "gamma": 0.9, '
     '"values": {}}', "values learnt on tictactoe do not carry over to nim"),
    ('{"format": "menace-kit q-values", "version": 1, "game": "nim", "lr": 0.2, "gamma": 0.9, '
     '"values": {"12": 1}}', "is not a Nim position"),
])  # fmt: skip
def test_a_bad_values_file_is_one_line(tmp_path, content, message):
    path = tmp_path / "q.json"
    if content is not None:
        path.write_text(content)
    with pytest.raises(GameError, match=message):
        make_player(parse_player(f"q:{path}"), Nim())


def test_match_saves_and_loads_the_first_players_values(tmp_path):
    path = tmp_path / "q.json"
    first = run("match", "--game", "nim", "--first", "q", "--second", "random", "--games", "200",
                "--seed", "1", "--save-first", str(path))  # fmt: skip
    assert first.exit_code == 0, first.output
    saved = load_learner(path, Nim())
    assert saved.values == play_match("nim", "q", "random", games=200, seed=1).players[0].values
    again = run("match", "--game", "nim", "--first", f"q:{path}", "--second", "random", "--games", "5",
                "--json")  # fmt: skip
    assert json.loads(again.output)["first"] == f"q:{path}"
    refused = run("match", "--first", "random", "--second", "q", "--games", "1", "--save-first", str(path))
    assert refused.exit_code == 2
    assert refused.output.splitlines()[-1] == (
        "Error: --save-first saves a q player's values: the --first player is not one"
    )


# --- transfer keys: Nim positions as sorted tuples of heaps -----------------------------------------
def states(heaps):
    """Every position of the Nim game that starts from the sorted ``heaps``, by brute force."""
    seen, todo = set(), [tuple(heaps)]
    while todo:
        position = todo.pop()
        if position not in seen:
            seen.add(position)
            for i, h in enumerate(position):
                todo += [tuple(sorted(position[:i] + (h - k,) + position[i + 1 :])) for k in range(1, h + 1)]
    return seen


def test_padding_puts_zero_heaps_in_front():
    assert padded((0, 2, 2), 4) == (0, 0, 2, 2)  # the seed's example: '[0,2,2]' -> '[0,0,2,2]'
    assert padded((1, 2), 2) == (1, 2)
    with pytest.raises(ValueError):
        padded((1, 2, 3), 2)


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_the_states_of_the_smaller_game_are_those_that_fit_under_its_heaps(n):
    smaller = tuple(range(1, n))
    bigger = states(tuple(range(1, n + 1)))
    assert len(bigger) == [2, 5, 14, 42, 132][n - 1]  # the states of heaps 1..n
    fitting = {p for p in bigger if fits_under(p, smaller)}
    assert fitting == {padded(p, n) for p in states(smaller)}
    assert len(fitting) == [2, 5, 14, 42][n - 2]


def test_fits_under_compares_sorted_heaps_place_by_place():
    assert fits_under((0, 1, 2), (1, 2)) and fits_under((0, 0, 0), (1, 2))
    assert not fits_under((1, 1, 2), (1, 2)) and not fits_under((0, 2, 2), (1, 2))
    assert not fits_under((1, 2), (1, 2, 3))
    assert all(
        fits_under(p, (2, 3)) == (p in states((0, 2, 3))) for p in combinations_with_replacement(range(4), 3)
    )


def test_a_table_of_fewer_heaps_carries_over_with_zero_heaps_in_front(tmp_path):
    small = get_game("nim", heaps=(1, 2), last_token="wins")
    big = get_game("nim", heaps=(1, 2, 3), last_token="wins")
    save_values(tmp_path / "q.json", small, QLearner(small, 0.3, 0.8, {(0, 2): 0.5, (1, 1): -0.25}))
    assert json.loads((tmp_path / "q.json").read_text())["game"] == "nim --heaps 1,2"
    a = make_player(parse_player(f"q:{tmp_path / 'q.json'}"), big)
    assert (a.values, a.divide) == ({(0, 0, 2): 0.5, (0, 1, 1): -0.25}, None)
    b = make_player(parse_player(f"q:{tmp_path / 'q.json'}:b"), big)
    assert b.values == a.values and (b.lr, b.gamma) == (0.3, 0.8)
    assert [b.divide(p) for p in [(0, 1, 2), (0, 0, 2), (1, 1, 2), (0, 2, 2), (0, 0, 3)]] == [3, 3, 1, 1, 1]
    save_values(tmp_path / "big.json", big, QLearner(big))
    with pytest.raises(GameError, match="learnt on nim --heaps 1,2,3 do not carry over to nim --heaps 1,2"):
        make_player(parse_player(f"q:{tmp_path / 'big.json'}"), small)
    with pytest.raises(GameError, match="learnt on nim --heaps 1,2 itself: :b divides epsilon"):
        make_player(parse_player(f"q:{tmp_path / 'q.json'}:b"), small)
    assert str(parse_player("q:t.json:b")) == "q:t.json:b"


def test_heaps_1_2_3_are_lost_for_the_first_learner_and_1_to_4_won():
    heaps_123 = play_match("nim --heaps 1,2,3", "q", "q", games=2000, seed=1).rewards
    heaps_1234 = play_match("nim --heaps 1,2,3,4", "q", "q", games=2000, seed=1).rewards
    assert sum(heaps_123[-500:]) < 0 < sum(heaps_1234[-500:])


def test_the_game_says_whose_values_carry_over_to_it():
    small = get_game("nim", heaps=(1, 2), last_token="wins")
    big = get_game("nim", heaps=(1, 2, 3), last_token="wins")
    values = {(0, 2): 0.5}
    assert small.values_carried_to(big, values) == {(0, 0, 2): 0.5}
    assert big.values_carried_to(small, {(0, 0, 2): 0.5}) is None  # more heaps to fewer: no
    assert small.values_carried_to(get_game("nim", heaps=(1, 2, 3), last_token="loses"), values) is None
    assert small.values_carried_to(get_game("nim", heaps=(3, 3, 3), last_token="wins"), values) is not None
    assert small.values_carried_to(get_game("nim", heaps=(1, 1, 1), last_token="wins"), values) is None
    assert small.values_carried_to(get_game("nim", heaps=(2, 3), last_token="wins"), values) is None
    assert Nim().values_carried_to(big, {9: 1.0}) is None  # one pile is another game (the default)
    assert get_game("tictactoe").values_carried_to(get_game("tictactoe"), {}) is None
