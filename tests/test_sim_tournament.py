"""The Nim notebook's tournament: games between members of one population (play_pairings) against the
kit's one-game-at-a-time loop, the self-play procedure, which MENACE becomes which player, and known
answers of the round robin."""
from __future__ import annotations

import numpy as np
import pytest

from generator.catalogue import build_catalogue
from tests.test_sim_known_answers import exact
from tracker.sim import nim_tournament
from tracker.sim.nim_tournament import PLAYERS, coin_pairs, round_robin, self_play, stable_pairs, tournament
from tracker.sim.players import Menaces
from tracker.sim.population import play_pairings, rounds_of
from tracker.sim.reference import reference_pairings
from tracker.sim.tables import box_tables, game_tables


def test_a_round_never_holds_a_member_twice_and_keeps_each_members_order():
    pairs = stable_pairs(0, 10, 3000, np.random.default_rng(0))
    rounds = rounds_of(pairs, 10)
    for member in range(10):
        mine = rounds[(pairs == member).any(axis=1)]
        assert (np.diff(mine) > 0).all()  # its games one after another, in the order given
    assert rounds.max() + 1 < 3000 * 0.6  # and games without a member in common share a round


def _beads(player, catalogue):
    slots = box_tables("nim", "first", catalogue.rules.name).initial.shape[1]
    return np.array([[player.boxes[b.id][m] for m in b.moves] + [0] * (slots - len(b.moves))
                     for b in catalogue.boxes])


@pytest.mark.parametrize("rules", ["nim", "nim-floor0"])
def test_play_pairings_agrees_with_one_game_at_a_time(rules):
    """A stable of 4 playing 30 games between random pairs: the members' beads afterwards, by the engine
    (300 stables at once) and by kit.match's loop (200 stables), agree in distribution."""
    size, games, engine_runs, reference_runs = 4, 30, 300, 200
    rng = np.random.default_rng(5)
    schedules = [stable_pairs(0, size, games, rng) for _ in range(engine_runs)]
    gt = game_tables("nim")
    population = Menaces.fresh(gt, box_tables("nim", "first", rules), size * engine_runs)
    pairs = np.concatenate([s + size * run for run, s in enumerate(schedules)])
    play_pairings(gt, population, pairs, rng)
    engine = population.beads.reshape(engine_runs, size, *population.beads.shape[1:])
    catalogue = build_catalogue("nim", "first", rules)
    reference = np.array([
        [_beads(p, catalogue) for p in reference_pairings(rules, size, [tuple(g) for g in s.tolist()], seed)]
        for seed, s in enumerate(schedules[:reference_runs])
    ])  # fmt: skip
    a, b = engine.reshape(engine_runs, -1), reference.reshape(reference_runs, -1)
    spread = np.sqrt(a.var(axis=0, ddof=1) / engine_runs + b.var(axis=0, ddof=1) / reference_runs) + 1e-9
    assert (np.abs(a.mean(axis=0) - b.mean(axis=0)) <= 6 * spread).all()
    assert (a.mean(axis=0) != np.tile(population.bt.initial.ravel(), size)).any()  # they did learn


def test_self_play_is_self_play():
    """Two MENACEs, a fair coin for who starts each game, both learning from their own side."""
    games = 4000
    rng = np.random.default_rng(1)
    training = self_play("nim", [coin_pairs(0, 1, games, rng)], 2, rng)
    a_first = training.pairs[:, 0] == 0
    assert set(map(tuple, training.pairs.tolist())) == {(0, 1), (1, 0)}
    assert abs(a_first.sum() - games / 2) <= 6 * np.sqrt(games / 4)
    initial = box_tables("nim", "first", "nim").initial
    assert (training.beads[0] != initial).any() and (training.beads[1] != initial).any()
    # Both learn the winning takes at 2..4 tokens (1, 2, 3), whichever side they meet them on.
    for member in (0, 1):
        assert [int(np.argmax(training.beads[member, n - 1])) for n in (2, 3, 4)] == [0, 1, 2]
    # Having learnt, the second player wins: 9 tokens is lost for the first player.
    assert (training.results[-1000:] == 1).mean() < 0.05
    # A wins as first player as often as B does: the same procedure on both sides.
    a_wins = (training.results[a_first] == 1).mean()
    b_wins = (training.results[~a_first] == 1).mean()
    assert abs(a_wins - b_wins) <= 6 * np.sqrt(0.25 / (games / 2) * 2)


def test_the_players_are_the_notebooks_members(monkeypatch):
    """floor1 = first of its pair, part-trained = first of the 100-game pair, floor0 = the second of its
    pair, stable = member 0 of the stable after all its games."""
    trainings = []

    def recording(*args):
        trainings.append(self_play(*args))
        return trainings[-1]

    monkeypatch.setattr(nim_tournament, "self_play", recording)
    players = nim_tournament.self_play_players(300, 40, 2000, np.random.default_rng(3))
    floor1, floor0 = trainings
    assert np.bincount(floor1.pairs.min(axis=1), minlength=3).tolist() == [300, 0, 40]
    assert (floor0.pairs[:300] // 2 == 0).all() and (floor0.pairs[300:] >= 2).all()
    assert len(floor0.pairs) == 2300 and (floor0.pairs[:, 0] != floor0.pairs[:, 1]).all()
    expected = {"floor1": floor1.beads[0], "part-trained": floor1.beads[2], "floor0": floor0.beads[1],
                "stable": floor0.beads[2]}
    for name, beads in expected.items():
        assert np.array_equal(players[name][1], beads[np.newaxis])
    assert [players[n][0] for n in PLAYERS[:5]] == ["nim", "nim-floor0", "nim-floor0", "nim", "nim"]
    assert np.array_equal(players["untrained"][1][0], box_tables("nim", "first", "nim").initial)


def test_a_seed_gives_the_same_table():
    small = dict(games=300, training=200, part_training=20, stable_training=600)
    one, again, other = (tournament(**small, seed=s).wins for s in (7, 7, 8))
    assert np.array_equal(one, again) and not np.array_equal(one, other)


def test_round_robin_known_answers():
    """Nobody beats the ideal player moving second (9 tokens is lost for the first player); a fresh
    MENACE (3 beads per take) plays uniformly at random, so untrained vs untrained is random vs random."""
    games = 40_000
    fresh = ("nim", box_tables("nim", "first", "nim").initial[np.newaxis].copy())
    wins = round_robin(dict.fromkeys(PLAYERS[:5], fresh), games, np.random.default_rng(11)) / games
    assert (wins[:, PLAYERS.index("ideal")] == 0).all()
    untrained, ideal = PLAYERS.index("untrained"), PLAYERS.index("ideal")
    for (i, j), (kind_i, kind_j) in {(untrained, untrained): ("random", "random"),
                                     (ideal, untrained): ("ideal", "random")}.items():
        p = float(exact("nim", kind_i, kind_j)[0])
        assert abs(wins[i, j] - p) <= 6 * np.sqrt(p * (1 - p) / games)
    assert float(exact("nim", "random", "random")[0]) == pytest.approx(0.5075, abs=5e-5)
