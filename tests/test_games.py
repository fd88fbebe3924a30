"""Known-answer tests for the rules of noughts and crosses and Nim (published facts)."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest

from kit.game import IllegalMoveError, InvalidPositionError, Result, State
from kit.tictactoe import winner
from kit.walk import states, walk


def test_tictactoe_tree_has_5478_positions_and_16167_moves(ttt, all_states):
    assert len(all_states) == 5478
    assert sum(1 for _ in walk(ttt, reduce=False)) == 16167


def test_765_positions_up_to_symmetry_by_ply(ttt):
    canonical = states(ttt, reduce=True)
    assert len(canonical) == 765
    by_ply = Counter(9 - s.position.count(".") for s in canonical)
    not_won = Counter(9 - s.position.count(".") for s in canonical if winner(s.position) is None)
    assert [by_ply[p] for p in range(9)] == [1, 3, 12, 38, 108, 174, 204, 153, 57]
    assert [not_won[p] for p in range(9)] == [1, 3, 12, 38, 108, 153, 183, 95, 34]


def test_parse_position_accepts_exactly_the_reachable_boards(ttt, all_states):
    reachable = {s.position for s in all_states}
    accepted = set()
    for marks in itertools.product("XO.", repeat=9):
        try:
            accepted.add(ttt.parse_position("".join(marks)))
        except InvalidPositionError:
            pass
    assert accepted == reachable


@pytest.mark.parametrize(
    "text, normal",
    [("x...o....", "X...O...."), ("X-- -O- ---".replace(" ", ""), "X...O...."), ("xo./.../...", "XO.......")],
)
def test_parse_position_forgives_common_spellings(ttt, text, normal):
    assert ttt.parse_position(text) == normal


@pytest.mark.parametrize("text", ["", "XXXX", "X" * 9, "XX.......", "XXXOO.OO.", "abcdefghi"])
def test_parse_position_rejects_bad_boards_with_a_reason(ttt, text):
    with pytest.raises(InvalidPositionError, match="board|cannot happen"):
        ttt.parse_position(text)


def test_outcomes(ttt):
    assert ttt.outcome(State("XXXOO....", 1)).winner == 0
    assert ttt.outcome(State("XX.OOO.X.", 0)).winner == 1
    assert ttt.outcome(State("XOXXOOOXX", 1)).winner is None
    assert ttt.outcome(State("XOXXOOOXX", 1)).result_for(0) is Result.DRAW
    assert ttt.outcome(State("X........", 1)) is None


def test_illegal_moves_are_refused(ttt):
    state = ttt.play(ttt.initial(), 4)
    with pytest.raises(IllegalMoveError, match=r"square 5 \(centre\) is taken: choose one of 1, 2, 3, 4, 6"):
        ttt.play(state, 4)
    with pytest.raises(IllegalMoveError):
        ttt.play(state, 9)


def test_nim_rules(nim):
    assert nim.initial() == State(9, 0)
    assert nim.legal_moves(State(2, 0)) == (1, 2)
    assert nim.legal_moves(State(9, 0)) == (1, 2, 3)
    # Taking the last token loses: the player now to move has won.
    assert nim.outcome(nim.play(State(1, 0), 1)).winner == 1
    with pytest.raises(IllegalMoveError, match="only 2 tokens left: take fewer"):
        nim.play(State(2, 0), 3)
    assert [n for n in range(1, 10) if nim.best_take(n) is None] == [1, 5, 9]
    assert nim.best_take(7) == 2 and nim.best_take(4) == 3
    with pytest.raises(InvalidPositionError):
        nim.parse_position("10")


def test_nim_best_take_wins_from_every_unlost_count(nim):
    def wins(tokens: int) -> bool:  # the player to move wins with best play
        return tokens > 0 and any(not wins(tokens - t) for t in range(1, min(3, tokens) + 1)) or tokens == 0

    for tokens in range(1, 10):
        take = nim.best_take(tokens)
        assert (take is not None) == wins(tokens)
        if take:
            assert not wins(tokens - take)
