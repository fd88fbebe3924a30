"""The matchbox catalogue: counts, bead bills, numbering and look-ups, against the published counts."""

from __future__ import annotations

import dataclasses
from collections import Counter

import pytest

from kit.catalogue import build_catalogue
from kit.game import SIDES, State
from kit.matchbox import NotABoxError
from kit.rules import load_rules, preset_names
from kit.tictactoe import LINES
from kit.walk import states


def by_move(catalogue) -> list[int]:
    counts = Counter(box.move_number for box in catalogue.boxes)
    return [counts[m] for m in sorted(counts)]


def test_304_boxes_for_menace_first(first):
    assert len(first.boxes) == 304
    assert by_move(first) == [1, 12, 108, 183]


def test_289_boxes_for_menace_second(second):
    assert len(second.boxes) == 289
    assert by_move(second) == [3, 38, 153, 95]


def test_338_positions_when_forced_moves_count(ttt):
    forced_too = [s for s in states(ttt, reduce=True) if s.to_move == 0 and ttt.outcome(s) is None]
    assert len(forced_too) == 338


def test_17_positions_where_the_opponent_already_threatens_twice(first):
    def threats(board: str, mark: str) -> set[int]:
        """The empty squares that would complete a line of ``mark``."""
        return {
            i
            for line in LINES
            if sorted(board[j] for j in line) == [".", mark, mark]
            for i in line
            if board[i] == "."
        }

    ply6 = [b.position for b in first.boxes if b.move_number == 4]
    lost = [b for b in ply6 if len(threats(b, "O")) >= 2 and not threats(b, "X")]
    assert len(lost) == 17  # Michie's 287 = 304 - 17


def test_56_symmetric_positions(first):
    assert sum(1 for b in first.boxes if len(first.game.stabiliser(b.position)) > 1) == 56


def test_distinct_and_every_square_moves(first):
    every = build_catalogue("tictactoe", "first", load_rules("golf"))

    def per_level(c):
        return [sum(len(b.moves) for b in c.boxes if b.move_number == m) for m in (1, 2, 3, 4)]

    assert per_level(first) == [3, 66, 492, 526]
    assert per_level(every) == [9, 84, 540, 549]


@pytest.mark.parametrize(
    "rules, beads_on, bill",
    [
        ("michie", "distinct", 1720),
        ("scroggs", "distinct", 1798),
        ("michie", "every", 1917),
        ("scroggs", "every", 2037),
    ],
)
def test_bead_bills(rules, beads_on, bill):
    base = build_catalogue("tictactoe", "first", load_rules(rules))
    preset = dataclasses.replace(load_rules(rules), beads_on=beads_on)
    game = base.game
    total = 0
    for box in base.boxes:
        state = State(box.position, 0)
        moves = game.distinct_moves(state) if preset.beads_on == "distinct" else game.legal_moves(state)
        total += len(moves) * preset.initial_count(box.move_number)
    assert total == bill
    if beads_on == "distinct":
        assert sum(sum(b.beads) for b in base.boxes) == bill


def test_nine_nim_boxes():
    catalogue = build_catalogue("nim")
    assert [b.position for b in catalogue.boxes] == list(range(1, 10))
    assert [b.id for b in catalogue.boxes] == list(range(1, 10))
    assert catalogue.box(1).moves == (1,) and catalogue.box(9).moves == (1, 2, 3)
    assert all(set(b.beads) == {3} for b in catalogue.boxes)


def test_numbering_and_fingerprint_are_pinned(first, second):
    # Changing these breaks every printed kit and every tracker store: do it only on purpose.
    assert first.fingerprint == "1599a041ae63"
    assert first.box(1).position == "........." and first.box(1).moves == (0, 1, 4)
    assert first.box(2).position == ".......OX"
    assert (first.box(13).position, first.box(13).move_number) == ("..O...X..", 2)
    assert (first.box(14).position, first.box(14).move_number) == (".....OOXX", 3)
    assert (first.box(304).position, first.box(304).moves) == ("OOXO..X.X", (4, 5))
    assert [b.position for b in second.boxes[:3]] == ["........X", ".......X.", "....X...."]


def test_boxes_are_ordered_by_move_number_then_text(first):
    keys = [(b.move_number, b.position) for b in first.boxes]
    assert keys == sorted(keys)
    assert [b.id for b in first.boxes] == list(range(1, 305))


def test_every_bead_move_is_legal_and_leads_to_a_reachable_position(ttt, first):
    canonical_states = set(states(ttt, reduce=True))
    for box in first.boxes:
        state = State(box.position, 0)
        assert set(box.moves) <= set(ttt.legal_moves(state))
        for move in ttt.legal_moves(state):
            child = ttt.play(state, move)
            assert State(ttt.canonical(child.position), 1) in canonical_states


@pytest.mark.parametrize(
    "board, message",
    [
        ("XXXOO....", "finished game"),
        ("X........", "O's turn"),
        ("XOXOXOOX.", "one move"),
    ],
)
def test_locate_explains_positions_without_a_box(first, board, message):
    with pytest.raises(NotABoxError, match=message):
        first.locate(board)


def test_locate_prefers_the_simplest_turn(first):
    assert first.locate(".........").turn == "as printed"
    placement = first.locate("X...O....")
    assert placement.box.position == "....O...X" and placement.turn == "turned half a turn"


def test_nim_locate_is_the_token_count():
    catalogue = build_catalogue("nim")
    assert catalogue.locate("7").box.id == 7 and catalogue.locate("7").box.position == 7
    with pytest.raises(NotABoxError, match="finished"):
        catalogue.locate("0")


def test_json_shape(first):
    data = first.to_json()
    assert data["game"] == "tictactoe" and data["menace_plays"] == "first" and data["rules"] == "michie"
    assert data["fingerprint"] == first.fingerprint
    assert data["boxes"][0] == {
        "id": 1,
        "position": ".........",
        "move_number": 1,
        "moves": [0, 1, 4],
        "beads": {"0": 4, "1": 4, "4": 4},
    }


def test_side_rules_and_beads_change_the_fingerprint(first):
    # A printed kit and a store are matched by fingerprint, so every input that changes the boxes or
    # their rules must change it.
    presets = preset_names("tictactoe")
    prints = {
        build_catalogue("tictactoe", side, load_rules(rules)).fingerprint
        for side in SIDES
        for rules in presets
    }
    assert len(prints) == len(SIDES) * len(presets)
    box = first.boxes[-1]
    one_more_bead = (dataclasses.replace(box, beads=(box.beads[0] + 1, *box.beads[1:])),)
    assert dataclasses.replace(first, boxes=first.boxes[:-1] + one_more_bead).fingerprint != first.fingerprint


def test_the_networkx_tree_selects_the_same_boxes(ttt, first, second):
    from generator.tree import game_tree

    tree = game_tree(ttt, reduce=True)
    assert tree.number_of_nodes() == 765
    for catalogue in (first, second):
        selected = {
            data["position"]
            for node, data in tree.nodes(data=True)
            if data["to_move"] == catalogue.menace
            and not data["outcome"]
            and sum(len(tree.edges[node, child]["moves"].split()) for child in tree.successors(node)) > 1
        }
        assert selected == {box.position for box in catalogue.boxes}
