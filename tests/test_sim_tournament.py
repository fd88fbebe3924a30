"""The Nim notebook's tournament, played by the kit's match loop: how pairs are drawn, the self-play
procedure, which MENACE becomes which player, and known answers of the round robin."""

from __future__ import annotations

import random
from collections import Counter
from math import sqrt

import pytest

from kit.players import IdealPlayer, RandomPlayer
from tests.test_sim_known_answers import exact
from tracker.lab import nim_tournament
from tracker.lab.nim_tournament import (
    PLAYERS,
    coin_pairs,
    first_player_wins,
    fresh,
    frozen,
    nim,
    round_robin,
    self_play,
    stable_pairs,
    tournament,
)


def within(count: int, n: int, p: float, sigmas: float = 6) -> bool:
    return abs(count - n * p) <= sigmas * sqrt(n * p * (1 - p)) + 1e-9


def test_pairs_are_drawn_as_the_notebook_draws_them():
    rng = random.Random(0)
    coin = coin_pairs(4, 7, 4000, rng)
    assert set(coin) == {(4, 7), (7, 4)} and within(coin.count((4, 7)), 4000, 0.5)
    stable = Counter(stable_pairs(2, 10, 18_000, rng))
    assert sorted(stable) == [(a, b) for a in range(2, 12) for b in range(2, 12) if a != b]
    assert all(within(n, 18_000, 1 / 90) for n in stable.values())  # uniform over the ordered pairs


def test_self_play_is_self_play():
    """Two MENACEs, a fair coin for who starts each game, both learning from their own side."""
    games = 4000
    rng = random.Random(1)
    training = self_play("nim", [coin_pairs(0, 1, games, rng)], 2, rng)
    a_first = [first == 0 for first, _ in training.pairs]
    initial = fresh("nim").boxes
    assert all(member.boxes != initial for member in training.members)
    # Both learn the winning takes at 2..4 tokens (1, 2, 3), whichever side they meet them on.
    for member in training.members:
        assert [max(member.boxes[n], key=member.boxes[n].__getitem__) for n in (2, 3, 4)] == [1, 2, 3]
    # Having learnt, the second player wins: 9 tokens is lost for the first player.
    assert training.results[-1000:].count(1) < 50
    # A wins as first player as often as B does: the same procedure on both sides.
    a_wins = [r == 1 for r, first in zip(training.results, a_first, strict=True) if first]
    b_wins = [r == 1 for r, first in zip(training.results, a_first, strict=True) if not first]
    assert abs(sum(a_wins) / len(a_wins) - sum(b_wins) / len(b_wins)) <= 6 * sqrt(0.25 / (games / 2) * 2)


def test_the_players_are_the_notebooks_members(monkeypatch):
    """floor1 = first of its pair, part-trained = first of the 40-game pair, floor0 = the second of its
    pair, stable = member 0 of the stable after all its games."""
    trainings = []

    def recording(*args):
        trainings.append(self_play(*args))
        return trainings[-1]

    monkeypatch.setattr(nim_tournament, "self_play", recording)
    players = nim_tournament.self_play_players(300, 40, 2000, random.Random(3))
    floor1, floor0 = trainings
    assert Counter(min(pair) for pair in floor1.pairs) == {0: 300, 2: 40}
    assert all(max(pair) <= 1 for pair in floor0.pairs[:300]) and all(min(p) >= 2 for p in floor0.pairs[300:])
    assert len(floor0.pairs) == 2300 and all(a != b for a, b in floor0.pairs)
    expected = {
        "floor1": floor1.members[0],
        "part-trained": floor1.members[2],
        "floor0": floor0.members[1],
        "stable": floor0.members[2],
    }
    for name, member in expected.items():
        assert players[name] == [member], name
    assert [players[n][0].catalogue.rules.name for n in PLAYERS[:5]] == [
        "nim", "nim-floor0", "nim-floor0", "nim", "nim"]  # fmt: skip
    assert players["untrained"][0].boxes == fresh("nim").boxes


def test_a_seed_gives_the_same_table():
    small = dict(games=100, training=200, part_training=20, stable_training=600)
    one, again, other = (tournament(**small, seed=s).wins for s in (7, 7, 8))
    assert one == again and one != other
    against_random = dict(small, stable_training=0, training_opponent="random")
    assert tournament(**against_random, seed=7).wins == tournament(**against_random, seed=7).wins


def test_nobody_learns_in_the_round_robin():
    rng = random.Random(4)
    trained = self_play("nim", [coin_pairs(0, 1, 200, rng)], 2, rng).members
    before = [{box: dict(counts) for box, counts in m.boxes.items()} for m in trained]
    sides = frozen(trained[:1]), frozen(trained[1:])
    first_player_wins(*sides, 500, rng)
    assert [m.boxes for m in trained] == before  # the trained players are copied
    assert [side[0].boxes for side in sides] == before  # and the copies put back every bead they draw


def test_round_robin_known_answers():
    """Nobody beats the ideal player moving second (9 tokens is lost for the first player); a fresh
    MENACE (3 beads per take) plays uniformly at random, so untrained vs untrained is random vs random;
    a side with several members plays each game with one drawn at random."""
    wins = round_robin(dict.fromkeys(PLAYERS[:5], [fresh("nim")]), 300, random.Random(11))
    assert [row[PLAYERS.index("ideal")] for row in wins] == [0] * len(PLAYERS)
    rng, games = random.Random(12), 10_000
    untrained, ideal = frozen([fresh("nim")]), [IdealPlayer(nim())]
    random_vs_random = float(exact("nim", "random", "random")[0])
    assert within(first_player_wins(untrained, frozen([fresh("nim")]), games, rng), games, random_vs_random)
    ideal_vs_random = float(exact("nim", "ideal", "random")[0])
    assert within(first_player_wins(ideal, untrained, games, rng), games, ideal_vs_random)
    either = first_player_wins([ideal[0], RandomPlayer(nim())], untrained, games, rng)
    assert within(either, games, (ideal_vs_random + random_vs_random) / 2)
    assert random_vs_random == pytest.approx(0.5075, abs=5e-5)
