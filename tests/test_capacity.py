"""The bead reserve and the boxes that may outgrow a matchbox, from simulated runs of the kit."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from generator.capacity import GAMES, MATCHBOX_BEADS, RUNS, beads_per_box, growth, percentile, simulate
from kit.catalogue import build_catalogue
from kit.match import play_game
from kit.matchbox import Catalogue
from kit.players import MenacePlayer, RandomPlayer
from kit.rules import load_rules


def test_a_matchbox_holds_90_five_mm_beads():
    assert beads_per_box() == MATCHBOX_BEADS == 90  # 10 x 6 a layer, 2 layers, three quarters full
    assert beads_per_box(bead_mm=6.0) == 30  # 8 x 5 x 1 = 40 packed


def test_percentile_is_the_nearest_rank():
    assert percentile(range(1, 21), 95) == 19  # enough in 19 runs of 20
    assert percentile(range(100, 0, -1), 95) == 95
    assert percentile([7], 95) == 7
    assert percentile([3, 1, 2], 50) == 2


def test_with_michies_rules_the_first_box_is_the_one_that_grows(first):
    grown = growth(first)
    assert (grown.runs, grown.games) == (RUNS, GAMES) == (300, 50)
    assert grown.outgrowing() == [1]
    assert max(grown.box_beads, key=grown.box_beads.__getitem__) == 1
    assert grown.box_beads[1] > MATCHBOX_BEADS >= max(n for box, n in grown.box_beads.items() if box != 1)
    # The opening box's colours (corner, edge, centre: squares 0, 1, 4) gain in every game: most reserve.
    assert set(first.move_codes(first.box(1).moves)) == {0, 1, 4}
    assert set(sorted(grown.reserve, key=grown.reserve.__getitem__)[-3:]) == {0, 1, 4}


def test_a_hundred_games_grow_the_first_box_past_what_the_issue_saw():
    grown = simulate(build_catalogue("tictactoe", "first"), runs=100, games=100)
    assert grown.box_beads[1] >= 194  # a recount saw 194 beads in box 1 after one run of 100 games


@pytest.mark.parametrize("side", ["first", "second"])
def test_rules_that_never_add_beads_need_no_reserve_and_fit_every_box(side):
    # Gardner's: a defeat takes a bead, nothing adds one.
    catalogue = build_catalogue("hexapawn", side, load_rules("gardner"))
    grown = growth(catalogue)
    assert set(grown.reserve.values()) == {0} and grown.outgrowing() == []
    assert grown.box_beads == {box.id: sum(box.beads) for box in catalogue.boxes}


def test_the_same_kit_gives_the_same_numbers_twice():
    once = simulate(build_catalogue("nim", "first"), runs=40)
    again = simulate(build_catalogue("nim", "first"), runs=40)
    assert once == again
    assert simulate(build_catalogue("nim", "first"), runs=40, seed=2) != once  # the seed does decide


Peaks = dict[int, int]


def recounted(catalogue: Catalogue, runs: int, games: int, seed: int) -> tuple[Peaks, Peaks]:
    """The simulation the slow way: fresh players each run, every box counted after every game; the
    largest of each colour's and each box's peaks over the runs."""
    game, rng = catalogue.game, random.Random(seed)
    start: Counter[int] = Counter()
    for box in catalogue.boxes:
        for move, n in box.initial_counts().items():
            start[game.move_code(move)] += n
    colour_peak: Counter[int] = Counter()
    box_peak = {box.id: sum(box.beads) for box in catalogue.boxes}
    for _ in range(runs):
        menace = MenacePlayer(catalogue)
        players = [menace, RandomPlayer(game)] if catalogue.menace == 0 else [RandomPlayer(game), menace]
        for _ in range(games):
            play_game(game, players, rng)
            held: Counter[int] = Counter()
            for box_id, counts in menace.boxes.items():
                box_peak[box_id] = max(box_peak[box_id], sum(counts.values()))
                for move, n in counts.items():
                    held[game.move_code(move)] += n
            for code in start:
                colour_peak[code] = max(colour_peak[code], held[code] - start[code])
    return {code: colour_peak[code] for code in sorted(start)}, box_peak


@pytest.mark.parametrize(
    "game, side, rules",
    [
        ("tictactoe", "first", "michie"),
        ("tictactoe", "second", "golf"),  # an empty box is refilled with random beads
        ("nim", "first", "nim"),
    ],
)
def test_the_peaks_are_the_beads_counted_box_by_box_after_every_game(game, side, rules):
    catalogue = build_catalogue(game, side, load_rules(rules))
    # With 3 runs the 95th percentile is the largest: the recount keeps the largest over the runs.
    grown = simulate(catalogue, runs=3, games=40, seed=7)
    reserve, box_beads = recounted(catalogue, runs=3, games=40, seed=7)
    assert grown.reserve == reserve and grown.box_beads == box_beads
    assert sum(reserve.values()) > 0
