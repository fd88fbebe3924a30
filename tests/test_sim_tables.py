"""The simulator's tables say what the kit says: children, outcomes, boxes, bead squares, perfect moves."""
from __future__ import annotations

import pytest

from generator.catalogue import build_catalogue
from kit.matchbox import NotABoxError
from generator.walk import states
from kit.games import get_game
from kit.solver import perfect_moves
from tracker.sim.tables import (
    DRAWN,
    LAST_MOVER_LOST,
    LAST_MOVER_WON,
    ONGOING,
    box_tables,
    encode,
    game_tables,
)


@pytest.mark.parametrize("name", ["tictactoe", "nim"])
def test_game_tables_agree_with_the_kit(name):
    game, gt = get_game(name), game_tables(name)
    for state in states(game, reduce=False):
        code = encode(game, state.position)
        outcome = game.outcome(state)
        if outcome is not None:
            expected = DRAWN if outcome.winner is None else (
                LAST_MOVER_WON if outcome.winner != state.to_move else LAST_MOVER_LOST)
            assert gt.terminal[code] == expected
            continue
        assert gt.terminal[code] == ONGOING
        legal = [gt.moves[i] for i in gt.nth_legal[code, : gt.n_legal[code]]]
        assert tuple(legal) == game.legal_moves(state)
        best = [gt.moves[i] for i in gt.nth_perfect[code, : gt.n_perfect[code]]]
        assert tuple(best) == perfect_moves(game, state)
        for move in legal:
            assert gt.child[code, gt.move_index(move)] == encode(game, game.play(state, move).position)


@pytest.mark.parametrize("name, side, rules", [("tictactoe", "first", "michie"), ("tictactoe", "second", "golf"),
                                               ("nim", "second", "nim")])
def test_box_tables_agree_with_locate(name, side, rules):
    catalogue = build_catalogue(name, side, rules)
    game, bt, gt = catalogue.game, box_tables(name, side, rules), game_tables(name)
    seen = set()
    for state in states(game, reduce=False):
        code = encode(game, state.position)
        if game.outcome(state) is not None or game.whose_turn(state.position) not in (None, catalogue.menace):
            assert bt.box_of[code] == -1
            continue
        try:
            placement = catalogue.place(state.position)
        except NotABoxError:
            assert bt.box_of[code] == -1 and gt.n_legal[code] == 1
            continue
        assert bt.box_of[code] == placement.box.id - 1
        real = [gt.moves[i] for i in bt.slot_move[code, : bt.n_slots[placement.box.id - 1]]]
        assert real == [placement.to_real(m) for m in placement.box.moves]
        seen.add(placement.box.id)
    assert seen == {b.id for b in catalogue.boxes}
    assert (bt.initial.sum(axis=1) == [sum(b.beads) for b in catalogue.boxes]).all()


def test_first_boxes():
    assert box_tables("tictactoe", "first", "michie").first_boxes.tolist() == [0]
    assert box_tables("tictactoe", "second", "michie").first_boxes.tolist() == [0, 1, 2]
    assert box_tables("nim", "second", "nim").first_boxes.tolist() == [5, 6, 7]  # 8, 7 and 6 tokens
