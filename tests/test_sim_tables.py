"""The simulator's tables say what the kit says, for every game in the registry: children, outcomes,
the players' moves, which box serves a state and where each bead goes on the real board."""

from __future__ import annotations

import numpy as np
import pytest

from kit.catalogue import build_catalogue
from kit.games import GAMES, get_game
from kit.rules import load_rules, preset_names
from kit.solver import ideal_move, perfect_moves
from tracker.sim.flat import policy_tables
from tracker.sim.tables import DRAWN, LAST_MOVER_LOST, LAST_MOVER_WON, ONGOING, box_tables, game_tables

SIDES = ("first", "second")
TICTACTOE, NIM = get_game("tictactoe"), get_game("nim")
KIT_GAMES = [name for name in GAMES if get_game(name).no_matchbox_kit is None]
CATALOGUES = [(name, side, rules) for name in KIT_GAMES for rules in preset_names(name) for side in SIDES]


@pytest.mark.parametrize("name", KIT_GAMES)
def test_game_tables_agree_with_the_kit(name):
    game = get_game(name)
    gt = game_tables(game)
    assert gt.states[gt.start] == game.initial()
    assert list(gt.move_codes) == sorted(gt.move_codes)
    for code, state in enumerate(gt.states):
        assert gt.codes[state] == code
        outcome = game.outcome(state)
        if outcome is not None:
            expected = (
                DRAWN
                if outcome.winner is None
                else (LAST_MOVER_WON if outcome.winner != state.to_move else LAST_MOVER_LOST)
            )
            assert gt.terminal[code] == expected and gt.n_legal[code] == 0
            continue
        assert gt.terminal[code] == ONGOING
        legal = tuple(gt.move(i) for i in gt.nth_legal[code, : gt.n_legal[code]])
        assert legal == game.legal_moves(state)
        best = tuple(gt.move(i) for i in gt.nth_perfect[code, : gt.n_perfect[code]])
        assert best == perfect_moves(game, state)
        assert gt.move(gt.ideal[code]) == ideal_move(game, state)
        for move in legal:
            assert gt.states[gt.child[code, gt.move_index(move)]] == game.play(state, move)
        assert (gt.child[code] >= 0).sum() == len(legal)


@pytest.mark.parametrize("name, side, rules", CATALOGUES)
def test_box_tables_agree_with_the_catalogue(name, side, rules):
    rules = load_rules(rules)
    catalogue = build_catalogue(name, side, rules)
    bt, gt = box_tables(catalogue.game, side, rules), game_tables(catalogue.game)
    seen = set()
    for code, state in enumerate(gt.states):
        placement = catalogue.box_for(state) if gt.terminal[code] == ONGOING else None
        if placement is None:
            assert bt.box_of[code] == -1
            continue
        box = placement.box
        assert bt.box_of[code] == box.id - 1
        real = [gt.move(i) for i in bt.slot_move[code, : bt.n_slots[box.id - 1]]]
        assert real == [placement.to_real(m) for m in box.moves]
        seen.add(box.id)
    assert seen == {b.id for b in catalogue.boxes}
    assert [row[:n].tolist() for row, n in zip(bt.initial, bt.n_slots, strict=True)] == [
        list(b.beads) for b in catalogue.boxes
    ]
    assert set(bt.first_boxes + 1) == catalogue.first_move_boxes
    assert [b.id for b in catalogue.boxes if bt.is_first[b.id - 1]] == sorted(catalogue.first_move_boxes)


def test_first_move_boxes_known_answers():
    assert box_tables(TICTACTOE, "first", load_rules("michie")).first_boxes.tolist() == [0]
    assert box_tables(TICTACTOE, "second", load_rules("michie")).first_boxes.tolist() == [0, 1, 2]
    assert box_tables(NIM, "first", load_rules("nim")).first_boxes.tolist() == [8]  # 9 tokens
    nim = load_rules("nim")
    assert box_tables(NIM, "second", nim).first_boxes.tolist() == [5, 6, 7]  # 8, 7 and 6 tokens


@pytest.mark.parametrize("name", KIT_GAMES)
def test_a_finished_games_result_for_the_first_player_is_the_kits(name):
    game = get_game(name)
    gt, pt = game_tables(game), policy_tables(game)
    for code, state in enumerate(gt.states):
        outcome = game.outcome(state)
        winner = None if outcome is None else outcome.winner
        assert pt.first_result[code] == {None: 0, 0: 1, 1: -1}[winner]


def test_finished_noughts_and_crosses_known_answers():
    # 958 of the 5,478 positions are finished: X has won 626, O 316, and 16 are drawn.
    pt = policy_tables(TICTACTOE)
    assert (pt.terminal != ONGOING).sum() == 958
    assert np.bincount(pt.first_result[pt.terminal != ONGOING] + 1).tolist() == [316, 16, 626]
