"""The eight symmetries of the square board form the group D4; canonical forms are invariant under them."""

from __future__ import annotations

import itertools

from kit.games import get_game
from kit.symmetry import square_symmetries

GROUP = square_symmetries(3)
IDENTITY = GROUP[0]
PERMS = {s.perm for s in GROUP}
TTT = get_game("tictactoe")


def test_there_are_eight_distinct_permutations():
    assert len(PERMS) == 8
    assert all(sorted(s.perm) == list(range(9)) for s in GROUP)
    assert IDENTITY.perm == tuple(range(9))


def test_group_axioms():
    for a, b in itertools.product(GROUP, repeat=2):
        assert a.then(b) in PERMS  # closure
    for s in GROUP:
        assert IDENTITY.then(s) == s.perm == s.then(IDENTITY)
        assert s.inverse() in PERMS
        assert tuple(s.perm[i] for i in s.inverse()) == IDENTITY.perm
    by_perm = {s.perm: s for s in GROUP}
    for a, b, c in itertools.product(GROUP, repeat=3):
        assert by_perm[a.then(b)].then(c) == a.then(by_perm[b.then(c)])


def test_named_symmetries_move_the_corner_where_their_words_say():
    by_name = {s.name: s for s in GROUP}
    assert by_name["rot90"](0) == 2  # top-left goes to top-right on a clockwise quarter turn
    assert by_name["rot270"](0) == 6
    assert by_name["rot180"](0) == 8
    assert by_name["mirror"](0) == 2 and by_name["mirror"](3) == 5
    assert by_name["flip"](0) == 6
    assert by_name["diagonal"](1) == 3 and by_name["diagonal"](0) == 0
    assert by_name["antidiagonal"](0) == 8 and by_name["antidiagonal"](2) == 2


def test_transforms_move_pieces_and_moves_alike(all_states):
    for state in all_states[::7]:
        board = state.position
        for t in TTT.symmetries:
            image = t.position(board)
            assert all(image[t.move(i)] == board[i] for i in range(9))
            assert sorted(t.move(i) for i in range(9)) == list(range(9))


def test_canonical_is_the_smallest_image_and_invariant(all_states):
    for state in all_states:
        board = state.position
        representative = TTT.canonical(board)
        assert representative == min(t.position(board) for t in TTT.symmetries)
        for t in TTT.symmetries:
            assert TTT.canonical(t.position(board)) == representative


def test_michie_opening_box_has_corner_edge_centre():
    def distinct(board):
        return TTT.distinct_moves(TTT.initial().__class__(board, TTT.whose_turn(board)))

    assert distinct(".........") == (0, 1, 4)
    assert len(TTT.stabiliser(".........")) == 8
    assert [t.name for t in TTT.stabiliser("X........")] == ["identity", "diagonal"]
    assert distinct("X........") == (1, 2, 4, 5, 8)
    assert distinct("XO.......") == tuple(range(2, 9))
