"""The bead bill (known answers from facts.md) and the rules card written from preset fields."""
from __future__ import annotations

import math

import pytest

from generator.bill import bill_for, longest_game
from generator.catalogue import build_catalogue
from generator.documents.common import has_draws
from generator.rules_text import bead_change, rules_card
from kit.games import get_game
from kit.rules import load_rules, preset_names


@pytest.mark.parametrize(
    "game, side, rules, beads",
    [
        ("tictactoe", "first", "michie", 1720),
        ("tictactoe", "first", "scroggs", 1798),
        ("nim", "first", "nim", 72),
    ],
)
def test_starting_beads_match_the_published_bills(game, side, rules, beads):
    bill = bill_for(build_catalogue(game, side, rules))
    assert bill.total_start == beads


def test_longest_games():
    assert longest_game(build_catalogue("tictactoe", "first")) == 4  # the fifth move is forced: no box
    assert longest_game(build_catalogue("tictactoe", "second")) == 4
    assert longest_game(build_catalogue("nim", "first")) == 5  # 9, 7, 5, 3, 1 tokens


def test_reserve_is_the_win_pool_shared_out_and_rounded_up(first):
    bill = bill_for(first, reserve_games=20)
    pool = 20 * 4 * 3
    assert bill.reserve == {m: math.ceil(pool * n / 1720) for m, n in bill.start.items()}
    assert pool <= bill.total_reserve < pool + len(bill.start)
    assert bill.matchboxes == 304 and bill.buy(0) == bill.start[0] + bill.reserve[0]


def test_bead_changes_in_physical_words():
    assert bead_change(3) == "put the bead back with 3 more of the same colour"
    assert bead_change(0) == "put the bead back"
    assert bead_change(-1) == "keep the bead out: it is confiscated"
    assert bead_change(-2) == "keep the bead out and take out 1 more of the same colour"


def card(name: str, *, has_draws: bool = True, levels: int | None = 4) -> dict[str, str]:
    rules = load_rules(name)
    words = {"find_words": "Find it.", "move_words": "Play it."}
    return dict(rules_card(rules, **words, has_draws=has_draws, levels=levels))


def test_cards_follow_the_fields_not_the_names():
    michie = card("michie")
    assert michie["Setting up"].endswith(
        "4 in boxes for MENACE's first move, 3 in boxes for MENACE's second move, "
        "2 in boxes for MENACE's third move, 1 in boxes for MENACE's fourth move."
    )
    assert "MENACE resigns" in michie["An empty box"] and "Keep it alive" not in michie
    golf = card("golf")
    assert "put in 3 beads" in golf["An empty box"] and "Why some squares have no dot" not in golf
    assert "first box is never emptied" in card("open-day")["Keep it alive"]
    nim = card("nim", has_draws=False, levels=None)
    assert "A draw" not in nim and "An empty box" not in nim  # floor 1: a box cannot run empty
    assert nim["MENACE loses"].endswith("never drops below 1 bead: if it would, put the bead back.")
    assert nim["Setting up"] == "Every box starts with 3 beads of each colour printed on its label."
    assert "No box is ever emptied" in card("nim-floor0", has_draws=False, levels=None)["Keep it alive"]


@pytest.mark.parametrize("name", preset_names())
def test_every_preset_gets_a_card(name):
    game = get_game(load_rules(name).game)
    levels = None if game.menace_move_number(game.initial()) is None else 4
    text = card(name, has_draws=has_draws(game), levels=levels)
    assert {"Setting up", "MENACE's turn", "MENACE wins", "MENACE loses"} <= set(text)
