"""Games with options: Nim with several heaps and any single pile, raw-board tic-tac-toe (published counts),
the spec that names a game with its options, and the go-blog preset."""

from __future__ import annotations

import pytest

from kit.catalogue import build_catalogue
from kit.game import FIRST, GameError, IllegalMoveError, State
from kit.games import game_from_spec, get_game
from kit.nim import HeapTake, Nim, NimHeaps
from kit.rules import load_rules
from kit.solver import LOSS, solve
from kit.tictactoe import EMPTY
from kit.walk import states


def heaps_1_to(n: int) -> str:
    return "nim --heaps " + ",".join(str(h) for h in range(1, n + 1))


# --- specs ------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "given, spec",
    [
        ("nim", "nim"),
        ("nim --heaps 9", "nim"),  # the defaults are left out, so the spec is the plain name
        ("nim --heaps 9 --max-take 3 --last-token loses", "nim"),
        ("nim --heaps 10", "nim --heaps 10"),
        ("nim --heaps 3,1,2", "nim --heaps 1,2,3"),
        ("nim --heaps 1,2,3 --last-token wins", "nim --heaps 1,2,3"),
        ("nim --last-token wins --heaps 1,2,3 --max-take 2", "nim --heaps 1,2,3 --max-take 2"),
        ("nim --heaps 1,2,3 --last-token loses", "nim --heaps 1,2,3 --last-token loses"),
        ("tictactoe --symmetry full", "tictactoe"),
        ("tictactoe --forced-boxes --symmetry none", "tictactoe --symmetry none --forced-boxes"),
        ("hexapawn", "hexapawn"),
    ],
)
def test_a_spec_is_canonical_and_reads_back_to_the_same_game(given, spec):
    game = game_from_spec(given)
    assert game.spec == spec
    assert game_from_spec(spec) is game


def test_get_game_takes_options_as_keywords_and_hands_out_one_object_per_spec():
    game = get_game("nim", heaps=(1, 2, 3), last_token="wins")
    assert isinstance(game, NimHeaps) and game.spec == "nim --heaps 1,2,3"
    assert get_game("nim", heaps=(3, 2, 1)) is game
    assert get_game("nim") is get_game("nim", heaps=(9,), max_take=3) is game_from_spec("nim")
    assert isinstance(get_game("nim", heaps=(10,)), Nim)


@pytest.mark.parametrize(
    "spec, message",
    [
        ("tictactoe --heaps 3", "--heaps does not apply to tictactoe: its options are --symmetry"),
        ("hexapawn --symmetry none", "--symmetry does not apply to hexapawn: it takes no options"),
        ("nim --symmetry none", "--symmetry does not apply to nim"),
        ("nim --heaps", "--heaps needs a value"),
        ("nim --heaps 1,x", "--heaps '1,x'"),
        ("nim --heaps 0", "--heaps '0'"),
        ("nim --heaps 1,2,6", "a heap of 6 is too big"),
        ("nim --max-take 0", "--max-take '0'"),
        ("nim --last-token maybe", "choose loses or wins"),
        ("tictactoe --symmetry some", "choose full or none"),
        ("chess", "unknown game 'chess'"),
    ],
)
def test_bad_options_are_one_clear_error(spec, message):
    with pytest.raises(GameError, match=message.replace("(", r"\(")):
        game_from_spec(spec)


def test_default_games_keep_their_fingerprints():
    # Every store and printed kit made before options existed must still match its catalogue.
    assert build_catalogue("tictactoe", "first").fingerprint == "1599a041ae63"
    assert (
        build_catalogue("nim --heaps 9 --max-take 3", "first").fingerprint
        == build_catalogue("nim").fingerprint
    )


def test_options_change_the_fingerprint():
    prints = {
        build_catalogue(spec).fingerprint for spec in ("nim", "nim --heaps 10", "nim --last-token wins")
    }
    assert len(prints) == 3


# --- Nim with several heaps -------------------------------------------------------------------------
@pytest.mark.parametrize(
    "n, positions, boxes, choosy",
    [(1, 2, 1, 0), (2, 5, 4, 2), (3, 14, 13, 10), (4, 42, 41, 37), (5, 132, 131, 126)],
)
def test_heaps_1_to_n_have_facts_counts(n, positions, boxes, choosy):
    game = game_from_spec(heaps_1_to(n))
    assert len({s.position for s in states(game, reduce=True)}) == positions
    catalogue = build_catalogue(heaps_1_to(n))
    assert len(catalogue.boxes) == boxes
    assert sum(len(b.moves) > 1 for b in catalogue.boxes) == choosy  # with two or more distinct moves


@pytest.mark.parametrize("n, first_loses", [(3, True), (4, False), (5, False)])
def test_first_player_loses_heaps_1_2_3_and_wins_1_to_4_and_1_to_5(n, first_loses):
    game = game_from_spec(heaps_1_to(n))
    assert (solve(game, game.initial())[0] == LOSS) is first_loses
    assert game.mover_loses(game.initial().position) is first_loses


@pytest.mark.parametrize(
    "spec",
    [
        "nim --heaps 1,2,3,4,5",
        "nim --heaps 2,3,5 --max-take 2",
        "nim --heaps 1,2,3,4,5 --last-token loses",
        "nim --heaps 1,1,1,2 --last-token loses",
    ],
)
def test_the_xor_and_misere_rules_agree_with_exhaustive_search(spec):
    game = game_from_spec(spec)
    checked = 0
    for state in states(game, reduce=False):
        if game.outcome(state) is None:
            assert game.mover_loses(state.position) is (solve(game, state)[0] == LOSS), state
            checked += 1
    assert checked > 10


def test_no_rule_is_claimed_for_misere_with_a_take_limit():
    game = game_from_spec("nim --heaps 1,2,3 --max-take 2 --last-token loses")
    assert game.mover_loses((1, 2, 3)) is None


def test_a_move_takes_from_the_heap_of_a_size_and_the_heaps_stay_sorted():
    game = game_from_spec("nim --heaps 1,2,3")
    start = game.initial()
    assert game.legal_moves(start) == (
        HeapTake(1, 1),
        HeapTake(2, 1),
        HeapTake(2, 2),
        HeapTake(3, 1),
        HeapTake(3, 2),
        HeapTake(3, 3),
    )
    assert game.apply(start, HeapTake(3, 2)) == State((1, 1, 2), 1)
    assert game.apply(State((2, 2, 3), FIRST), HeapTake(2, 2)) == State((0, 2, 3), 1)
    with pytest.raises(IllegalMoveError, match="there is no heap of 4"):
        game.play(start, HeapTake(4, 1))
    limited = game_from_spec("nim --heaps 1,2,3 --max-take 2")
    with pytest.raises(IllegalMoveError, match="takes at most 2 tokens"):
        limited.play(start, HeapTake(3, 3))


def test_move_words_and_codes():
    game = game_from_spec("nim --heaps 3,4,5")
    for text in ("2 from 3", "take 2 from 3", "Take 2 from the heap of 3", "2 from heap 3", "2:3"):
        assert game.parse_move(text) == HeapTake(3, 2), text
    assert game.move_text(HeapTake(3, 2)) == "2 from 3"
    assert game.move_phrase(HeapTake(3, 2)) == "takes 2 from the heap of 3"
    assert game.move_mark(HeapTake(3, 2)).label == "take 2 from 3"
    # codes run heap by heap: 1 from 1 is 1; 1, 2 from 2 are 2, 3; 1-3 from 3 are 4-6; 5 from 5 is 15
    codes = {HeapTake(1, 1): 1, HeapTake(2, 2): 3, HeapTake(3, 1): 4, HeapTake(4, 1): 7, HeapTake(5, 5): 15}
    for move, code in codes.items():
        assert game.move_code(move) == code and game.move_from_code(code) == move
    for text in ("0 from 2", "2 from 6", "3", ""):
        with pytest.raises(GameError, match="not a move"):
            game.parse_move(text)
    with pytest.raises(GameError, match="a heap of 3 has only 3 tokens: take fewer"):
        game.parse_move("4 from 3")


def test_positions_parse_in_any_order_and_empty_heaps_may_be_left_out():
    game = game_from_spec("nim --heaps 1,2,3")
    assert game.parse_position("3 1") == (0, 1, 3)
    assert game.parse_position("2,1,1") == (1, 1, 2)
    assert game.position_text((0, 1, 3)) == "0,1,3"
    for text in ("1,3,3", "4", "1,1,1,1", "a"):  # two heaps of 3 never happen: only one heap starts at 3
        with pytest.raises(GameError):
            game.parse_position(text)


@pytest.mark.parametrize(
    "spec, winner",
    [
        ("nim --heaps 1,2,3", 0),
        ("nim --heaps 1,2,3 --last-token loses", 1),
        ("nim", 1),
        ("nim --last-token wins", 0),
    ],
)
def test_who_wins_when_player_0_takes_the_last_token(spec, winner):
    game = game_from_spec(spec)
    empty = game.parse_position("0")
    assert game.outcome(State(empty, 1)).winner == winner  # player 0 moved last, player 1 is to move


def test_rules_in_plain_words_follow_the_options():
    assert game_from_spec("nim --heaps 1,2,3").rules_summary() == (
        "Start with 3 heaps of 1, 2 and 3 tokens. The two players take turns, and each turn takes as many "
        "tokens as they like (at least one) from one heap. Whoever takes the last token wins."
    )
    assert game_from_spec("nim --heaps 10 --max-take 2 --last-token wins").rules_summary() == (
        "Start with 10 tokens in one pile. The two players take turns, and each turn takes 1 to 2 tokens "
        "from the pile. Whoever takes the last token wins."
    )


# --- one pile -------------------------------------------------------------------------------------
def test_a_single_pile_of_10_taking_1_to_3_has_10_boxes():
    catalogue = build_catalogue("nim --heaps 10")
    assert [game_from_spec("nim --heaps 10").position_text(b.position) for b in catalogue.boxes] == [
        str(n) for n in range(1, 11)
    ]


@pytest.mark.parametrize(
    "spec", ["nim", "nim --heaps 10", "nim --last-token wins", "nim --heaps 12 --max-take 2"]
)
def test_best_take_agrees_with_exhaustive_search(spec):
    game = game_from_spec(spec)
    for tokens in range(1, game.tokens + 1):
        state = State(tokens, FIRST)
        take = game.best_take(tokens)
        assert (take is None) is (solve(game, state)[0] == LOSS), tokens
        if take is not None:
            assert solve(game, game.apply(state, take))[0] == LOSS


# --- raw-board tic-tac-toe and the go-blog preset ---------------------------------------------------
@pytest.mark.parametrize(
    "spec, side, boxes",
    [
        ("tictactoe --symmetry none", "first", 2201),
        ("tictactoe --symmetry none", "second", 2097),
        ("tictactoe --symmetry none --forced-boxes", "first", 2423),
    ],
)
def test_raw_board_box_counts(spec, side, boxes):
    assert len(build_catalogue(spec, side).boxes) == boxes


def test_go_blog_puts_e_plus_2_halved_beads_on_every_empty_square():
    catalogue = build_catalogue("tictactoe --symmetry none", "first", load_rules("go-blog"))
    assert sum(sum(b.beads) for b in catalogue.boxes) == 21633
    for box in catalogue.boxes:
        empty = box.position.count(EMPTY)
        assert len(box.moves) == empty and set(box.beads) == {(empty + 2) // 2}, box
    rules = catalogue.rules
    assert (rules.win, rules.draw, rules.loss, rules.keep_one) == (3, 1, -1, "every-box")
    second = build_catalogue("tictactoe --symmetry none", "second", load_rules("go-blog"))
    assert all(set(b.beads) == {(b.position.count(EMPTY) + 2) // 2} for b in second.boxes)


@pytest.mark.parametrize("rules, resigns", [("go-blog", False), ("michie", True)])
def test_a_go_blog_menace_never_resigns_where_michies_does(rules, resigns):
    import random

    from kit.match import play_game
    from kit.players import MenacePlayer, PerfectPlayer

    game = game_from_spec("tictactoe --symmetry none")
    menace = MenacePlayer(build_catalogue(game.spec, "second", load_rules(rules)))
    rng = random.Random(4)
    outcomes = [play_game(game, [PerfectPlayer(game), menace], rng) for _ in range(300)]
    assert any(o.resigned for o in outcomes) is resigns
    if not resigns:
        assert all(sum(counts.values()) >= 1 for counts in menace.boxes.values())
