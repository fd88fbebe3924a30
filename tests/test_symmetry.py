"""The eight symmetries form the group D4, and canonical forms are invariant under them."""
from __future__ import annotations

import itertools

from kit.symmetry import GROUP, IDENTITY, canonical, distinct_squares, stabiliser, transform


def test_there_are_eight_distinct_permutations():
    assert len({s.perm for s in GROUP}) == 8
    assert all(sorted(s.perm) == list(range(9)) for s in GROUP)


def test_group_axioms():
    for a, b in itertools.product(GROUP, repeat=2):
        assert a.then(b) in GROUP  # closure
    for s in GROUP:
        assert IDENTITY.then(s) == s == s.then(IDENTITY)
        assert s.then(s.inverse()) == IDENTITY == s.inverse().then(s)
    for a, b, c in itertools.product(GROUP, repeat=3):
        assert a.then(b).then(c) == a.then(b.then(c))


def test_named_symmetries_move_the_corner_where_their_words_say():
    by_name = {s.name: s for s in GROUP}
    assert by_name["rot90"](0) == 2  # top-left goes to top-right on a clockwise quarter turn
    assert by_name["rot270"](0) == 6
    assert by_name["rot180"](0) == 8
    assert by_name["mirror"](0) == 2 and by_name["mirror"](3) == 5
    assert by_name["flip"](0) == 6
    assert by_name["diagonal"](1) == 3 and by_name["diagonal"](0) == 0
    assert by_name["antidiagonal"](0) == 8 and by_name["antidiagonal"](2) == 2


def test_transform_moves_pieces_and_composes(all_states):
    for state in all_states[::7]:
        board = state.position
        for a, b in itertools.product(GROUP, repeat=2):
            assert transform(transform(board, a), b) == transform(board, a.then(b))
        for s in GROUP:
            image = transform(board, s)
            assert all(image[s(i)] == board[i] for i in range(9))
            assert transform(image, s.inverse()) == board


def test_canonical_is_the_smallest_image_and_invariant(all_states):
    for state in all_states:
        board = state.position
        representative, symmetry = canonical(board)
        assert transform(board, symmetry) == representative
        assert representative == min(transform(board, s) for s in GROUP)
        for s in GROUP:
            assert canonical(transform(board, s))[0] == representative


def test_michie_opening_box_has_corner_edge_centre():
    assert distinct_squares(".........", tuple(range(9))) == (0, 1, 4)
    assert len(stabiliser(".........")) == 8
    assert stabiliser("X........") == (GROUP[0], GROUP[6])  # the main diagonal keeps the corner
    assert distinct_squares("X........", (1, 2, 3, 4, 5, 6, 7, 8)) == (1, 2, 4, 5, 8)
    assert distinct_squares("XO.......", tuple(range(2, 9))) == tuple(range(2, 9))
