"""The contract every registered game keeps: each test runs for every game in ``kit.games.GAMES``, and for
games with options (their specs, e.g. "nim --heaps 1,2,3").

A new game joins these tests by being registered, and must add its known box counts and first-move
boxes below (a registered game without them fails), the way tic-tac-toe's 304 / 289 are pinned.
Every reachable state is checked, so the tests stay exhaustive yet fast for the small games MENACE plays;
a game with no matchbox kit (``Game.no_matchbox_kit``: four-in-a-row, Othello) is checked on every state
of its first two plies and of a few hundred random games instead, and must refuse a catalogue.
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any

import pytest

from kit.catalogue import build_catalogue
from kit.game import SIDES, IllegalMoveError, NoMatchboxKit, State
from kit.games import GAMES, game_from_spec, get_game
from kit.walk import states

# Games with options play by the same contract: one of each kind of option.
VARIANTS = [
    "nim --heaps 1,2,3",
    "nim --heaps 1,2,2 --max-take 1 --last-token loses",
    "nim --heaps 10 --last-token wins",
    "tictactoe --symmetry none",
    "tictactoe --symmetry none --forced-boxes",
]
NAMES = sorted(GAMES) + VARIANTS
KIT_NAMES = [name for name in NAMES if game_from_spec(name).no_matchbox_kit is None]
BIG_NAMES = [name for name in NAMES if name not in KIT_NAMES]
GAMES_AND_SIDES = [(name, side) for name in KIT_NAMES for side in SIDES]
SAMPLED_GAMES = 100  # random games whose states stand in for every reachable state of a big game

# Known answers (the published counts), with each game's default rules: a new game must add its own.
KNOWN_BOXES = {
    ("tictactoe", "first"): 304,
    ("tictactoe", "second"): 289,
    ("nim", "first"): 9,
    ("nim", "second"): 9,
    ("hexapawn", "first"): 18,  # HIM: 1 + 5 + 10 + 2, single-move positions included
    ("hexapawn", "second"): 19,  # HER: 2 + 10 + 7
    ("nim --heaps 1,2,3", "first"): 13,  # every non-terminal sorted position, serving either side
    ("nim --heaps 1,2,3", "second"): 13,
    # sorted a <= b <= c under 1, 2, 2 (9) but the empty 0,0,0
    ("nim --heaps 1,2,2 --max-take 1 --last-token loses", "first"): 8,
    ("nim --heaps 1,2,2 --max-take 1 --last-token loses", "second"): 8,
    ("nim --heaps 10 --last-token wins", "first"): 10,
    ("nim --heaps 10 --last-token wins", "second"): 10,
    ("tictactoe --symmetry none", "first"): 2201,
    ("tictactoe --symmetry none", "second"): 2097,
    ("tictactoe --symmetry none --forced-boxes", "first"): 2423,
    ("tictactoe --symmetry none --forced-boxes", "second"): 2097,  # O never moves at one empty square
}
KNOWN_FIRST_MOVE_BOXES = {
    ("tictactoe", "first"): {1},
    ("tictactoe", "second"): {1, 2, 3},  # X's corner, edge and centre openings
    ("nim", "first"): {9},
    ("nim", "second"): {6, 7, 8},  # the first player took 3, 2 or 1
    ("hexapawn", "first"): {1},
    ("hexapawn", "second"): {1, 2},  # White pushed a side pawn (mirrors are one box) or the middle one
    ("nim --heaps 1,2,3", "first"): {13},  # boxes run by tokens left: the start is last
    ("nim --heaps 1,2,3", "second"): {5, 7, 9, 10, 11, 12},  # 0,1,2 0,1,3 1,1,2 0,2,3 1,1,3 1,2,2
    ("nim --heaps 1,2,2 --max-take 1 --last-token loses", "first"): {8},
    ("nim --heaps 1,2,2 --max-take 1 --last-token loses", "second"): {6, 7},  # 0,2,2 and 1,1,2
    ("nim --heaps 10 --last-token wins", "first"): {10},
    ("nim --heaps 10 --last-token wins", "second"): {7, 8, 9},
    ("tictactoe --symmetry none", "first"): {1},
    ("tictactoe --symmetry none", "second"): set(range(1, 10)),  # X's nine openings, each its own box
    ("tictactoe --symmetry none --forced-boxes", "first"): {1},
    ("tictactoe --symmetry none --forced-boxes", "second"): set(range(1, 10)),
}


@cache
def reachable(name: str) -> tuple[State[Any], ...]:
    """Every state reachable in play from the start, finished ones included; for a game with no matchbox
    kit, the states of its first two plies and of SAMPLED_GAMES random games."""
    game = game_from_spec(name)
    if game.no_matchbox_kit is None:
        return tuple(states(game, reduce=False))
    found = {game.initial(): None}
    for move in game.legal_moves(game.initial()):
        after = game.apply(game.initial(), move)
        found.update(dict.fromkeys(game.apply(after, reply) for reply in game.legal_moves(after)))
    rng = random.Random(11)
    for _ in range(SAMPLED_GAMES):
        state = game.initial()
        while game.outcome(state) is None:
            state = game.apply(state, rng.choice(game.legal_moves(state)))
            found[state] = None
    return tuple(found)


def every_move(name: str) -> set[Any]:
    """Every move legal somewhere in the game: the candidates that must be refused where not legal."""
    game = game_from_spec(name)
    return {move for state in reachable(name) for move in game.legal_moves(state)}


def orbit(keepers: tuple[Any, ...], move: Any) -> set[Any]:
    """The moves that the position's own symmetries make of ``move``: one move, as far as MENACE knows."""
    return {t.move(move) for t in keepers}


@pytest.mark.parametrize("name", NAMES)
def test_random_playthroughs_stay_legal(name):
    game, rng = game_from_spec(name), random.Random(8)
    candidates = sorted(every_move(name), key=game.move_code)
    for _ in range(300 if name in KIT_NAMES else 20):
        state = game.initial()
        while game.outcome(state) is None:
            moves = game.legal_moves(state)
            assert moves, f"{game.position_text(state.position)} is not over but has no legal move"
            for move in candidates:
                if move not in moves:
                    with pytest.raises(IllegalMoveError):
                        game.play(state, move)
            move = rng.choice(moves)
            assert game.play(state, move) == game.apply(state, move)
            state = game.apply(state, move)
        assert game.legal_moves(state) == ()
        assert game.outcome(state).winner in (None, 0, 1)


@pytest.mark.parametrize("name", KIT_NAMES)
def test_a_game_says_whether_it_can_be_drawn_as_its_finished_states_do(name):
    """Game.can_draw decides whether papers, commands and pages speak of draws: Hexapawn and Nim never."""
    game = game_from_spec(name)
    drawn = any((o := game.outcome(s)) is not None and o.winner is None for s in reachable(name))
    assert game.can_draw == drawn
    assert game.can_draw == (game.name == "tictactoe")


@pytest.mark.parametrize("name", NAMES)
def test_legal_moves_are_in_ascending_code_order_and_only_finished_games_have_none(name):
    game = game_from_spec(name)
    for state in reachable(name):
        moves = game.legal_moves(state)
        assert bool(moves) == (game.outcome(state) is None)
        codes = [game.move_code(m) for m in moves]
        assert codes == sorted(set(codes))


@pytest.mark.parametrize("name", NAMES)
def test_text_forms_and_move_codes_round_trip(name):
    game = game_from_spec(name)
    assert game.notations and game.notations[0] == "numbers"
    for state in reachable(name):
        text = game.position_text(state.position)
        assert game.parse_position(text) == state.position, text
        whose = game.whose_turn(state.position)
        assert whose in (None, state.to_move)
    for move in every_move(name):
        for notation in game.notations:
            assert game.parse_move(game.move_text(move, notation)) == move, (move, notation)
            assert game.move_phrase(move, notation)
        code = game.move_code(move)
        assert isinstance(code, int) and game.move_from_code(code) == move


@pytest.mark.parametrize("name", NAMES)
def test_transforms_map_positions_and_moves_consistently(name):
    game = game_from_spec(name)
    identity = game.symmetries[0]
    for state in reachable(name):
        position, mover = state.position, state.to_move
        assert identity.position(position) == position
        representative = game.canonical(position)
        assert any(t.position(position) == representative for t in game.symmetries)
        legal = game.legal_moves(state)
        for t in game.symmetries:
            image = State(t.position(position), mover)
            assert game.canonical(image.position) == representative, (t, position)
            assert game.outcome(image) == game.outcome(state)
            assert sorted(map(game.move_code, game.legal_moves(image))) == sorted(
                game.move_code(t.move(m)) for m in legal
            )
            for move in legal:
                after = game.apply(state, move).position
                assert game.apply(image, t.move(move)).position == t.position(after)


@pytest.mark.parametrize("name", NAMES)
def test_distinct_moves_keep_one_move_of_every_class(name):
    game = game_from_spec(name)
    for state in reachable(name):
        legal, distinct = game.legal_moves(state), game.distinct_moves(state)
        assert set(distinct) <= set(legal)
        keepers = game.stabiliser(state.position)
        assert all(t.position(state.position) == state.position for t in keepers)
        for move in legal:
            assert len(orbit(keepers, move) & set(distinct)) == 1, (state, move)


@pytest.mark.parametrize("name, side", GAMES_AND_SIDES)
def test_catalogue_known_box_counts_and_first_move_boxes(name, side):
    if (name, side) not in KNOWN_BOXES or (name, side) not in KNOWN_FIRST_MOVE_BOXES:
        pytest.fail(f"{name} is registered: add its known box counts and first-move boxes for {side}")
    catalogue = build_catalogue(name, side)
    assert len(catalogue.boxes) == KNOWN_BOXES[name, side]
    assert [b.id for b in catalogue.boxes] == list(range(1, len(catalogue.boxes) + 1))
    expected = KNOWN_FIRST_MOVE_BOXES[name, side]
    assert catalogue.first_move_boxes == expected
    assert {b.id for b in catalogue.boxes if catalogue.is_first_move_box(b.id)} == expected
    assert catalogue.first_box == min(expected)


@pytest.mark.parametrize("name, side", GAMES_AND_SIDES)
def test_place_and_locate_map_every_position_onto_its_box(name, side):
    game, catalogue = game_from_spec(name), build_catalogue(name, side)
    menace, found = SIDES[side], set()
    for state in reachable(name):
        if state.to_move != menace or game.outcome(state) is not None:
            continue
        placement = catalogue.box_for(state)
        if not game.needs_box(state, menace):
            assert placement is None
            continue
        assert placement is not None
        box, transform = placement.box, placement.transform
        located = catalogue.locate(game.position_text(state.position))
        assert (located.box, located.transform) == (box, transform)
        assert transform.position(box.position) == state.position
        drawn_state = State(box.position, menace)
        real = [placement.to_real(m) for m in box.moves]
        assert len(set(real)) == len(real)
        assert set(real) <= set(game.legal_moves(state))
        for move in box.moves:
            after_picture = game.apply(drawn_state, move).position
            assert transform.position(after_picture) == game.apply(state, placement.to_real(move)).position
        found.add(box.id)
    ids = {b.id for b in catalogue.boxes}
    assert found <= ids
    if game.whose_turn(game.initial().position) is not None:
        # Positions that say whose turn it is get a box only where MENACE meets them; Nim's one box
        # per count serves either side, so MENACE first never opens box 8, nor second box 9.
        assert found == ids, "every box is met in play"


@pytest.mark.parametrize("name", BIG_NAMES)
def test_a_game_with_no_matchbox_kit_refuses_every_box_in_one_line_with_its_size(name):
    from tracker.sim.tables import game_tables

    game = get_game(name)
    for build in (lambda: build_catalogue(name, "first"), lambda: game_tables(game_from_spec(name))):
        with pytest.raises(NoMatchboxKit) as refused:
            build()
        assert str(refused.value) == (
            f"no matchbox kit: {game.title} has {game.no_matchbox_kit}, "
            "against 304 boxes for noughts and crosses"
        )
    assert not any(game.needs_box(state, side) for state in reachable(name) for side in (0, 1))


# The simulator's tables (tracker.sim.tables), checked against the game for every reachable state.
@pytest.mark.parametrize("name", KIT_NAMES)
def test_simulator_tables_agree_with_the_game(name):
    from tracker.sim.tables import ONGOING, game_tables

    game, tables = game_from_spec(name), game_tables(game_from_spec(name))
    for state in reachable(name):
        code = tables.codes[state]
        over = game.outcome(state) is not None
        assert (tables.terminal[code] != ONGOING) == over
        legal = game.legal_moves(state)
        assert tables.n_legal[code] == (0 if over else len(legal))
        listed = [tables.move(i) for i in tables.nth_legal[code, : tables.n_legal[code]]]
        assert tuple(listed) == (() if over else legal)
        for index in range(len(tables.move_codes)):
            move = tables.move(index)
            child = tables.child[code, index]
            expected = tables.codes[game.apply(state, move)] if move in legal else -1
            assert child == expected, (state, move)
