"""The kit's loop (simulate --engine kit) finds each position's box once per catalogue: every fresh MENACE
made from the catalogue meets the same positions, and placing one by symmetry is most of a move's cost."""

from __future__ import annotations

import numpy as np

from kit.catalogue import build_catalogue
from kit.games import get_game
from kit.matchbox import Catalogue
from kit.players import PerfectSpec, RandomSpec
from kit.rules import load_rules
from tracker.sim.single import play_members

MICHIE = load_rules("michie")
TICTACTOE = get_game("tictactoe")


def test_each_position_is_placed_once_per_catalogue(monkeypatch):
    built = build_catalogue(TICTACTOE, "first", MICHIE)  # shared by every test: a copy with no memo
    catalogue = Catalogue(built.game, built.menace_plays, built.rules, built.boxes)
    assert catalogue.first_move_boxes  # found once, by place, before the games
    placed: list[object] = []
    place = Catalogue.place

    def counting(self: Catalogue, position: object):  # type: ignore[no-untyped-def]
        placed.append(position)
        return place(self, position)

    monkeypatch.setattr(Catalogue, "place", counting)
    monkeypatch.setattr("tracker.sim.single.build_catalogue", lambda *args: catalogue)
    play_members(TICTACTOE, "first", MICHIE, RandomSpec(), 20, 30, np.random.default_rng(1))
    assert placed and len(placed) == len(set(placed))  # 20 MENACEs x 30 games, each position once


def test_a_kept_placement_is_the_one_found_afresh():
    kept = build_catalogue(TICTACTOE, "first", MICHIE)
    play_members(TICTACTOE, "first", MICHIE, RandomSpec(), 5, 20, np.random.default_rng(2))
    states = list(kept._placements)
    assert len(states) > 50
    fresh = Catalogue(kept.game, kept.menace_plays, kept.rules, kept.boxes)
    for state in states:
        assert kept.box_for(state) == fresh.box_for(state)


def test_the_kit_loop_counts_menace_s_resignations_among_its_losses():
    """Michie's rules against perfect play: a first box runs dry and MENACE resigns every game after."""
    played = play_members(TICTACTOE, "first", MICHIE, PerfectSpec(), 4, 150, np.random.default_rng(1))
    losses = int(played.tallies[:, 0].sum())
    assert 0 < played.resigned <= losses
    assert (
        play_members(
            TICTACTOE, "first", load_rules("golf"), PerfectSpec(), 4, 150, np.random.default_rng(1)
        ).resigned
        == 0
    )  # an empty box is refilled: no resigning
