"""Hexapawn's known answers (Gardner's) and Gardner's last-move rule, as the kit implements them."""

from __future__ import annotations

from collections import Counter

import pytest

from kit.catalogue import build_catalogue
from kit.game import FIRST, SECOND, IllegalMoveError, InvalidMoveError, InvalidPositionError, Result, State
from kit.games import game_from_spec, get_game
from kit.hexapawn import PawnMove
from kit.matchbox import Draw, settle
from kit.players import parse_player
from kit.rules import UnknownRulesError, load_rules, rules_from_data
from kit.solver import LOSS, solve
from kit.walk import states

GAME = get_game("hexapawn")


@pytest.mark.parametrize(
    "side, by_move",
    [("second", {1: 2, 2: 10, 3: 7}), ("first", {1: 1, 2: 5, 3: 10, 4: 2})],
)
@pytest.mark.parametrize("rules", ["gardner", "hexapawn-michie"])
def test_box_counts_by_menace_move_number(side, by_move, rules):
    catalogue = build_catalogue("hexapawn", side, load_rules(rules))
    assert Counter(b.move_number for b in catalogue.boxes) == by_move


@pytest.mark.parametrize("side, boxes, raw", [("second", 17, 33), ("first", 14, 26)])
def test_positions_with_two_or_more_moves(side, boxes, raw):
    menace = {"first": FIRST, "second": SECOND}[side]
    catalogue = build_catalogue("hexapawn", side)
    assert sum(len(GAME.legal_moves(State(b.position, menace))) >= 2 for b in catalogue.boxes) == boxes
    unreduced = {
        s.position
        for s in states(GAME, reduce=False)
        if s.to_move == menace and len(GAME.legal_moves(s)) >= 2
    }
    assert len(unreduced) == raw


def test_white_loses_with_best_play():
    assert solve(GAME, GAME.initial())[0] == LOSS


def test_the_board_says_whose_turn_it_is():
    reachable = states(GAME, reduce=False)
    assert len(reachable) == len({s.position for s in reachable}) == 135
    assert all(GAME.whose_turn(s.position) == s.to_move for s in reachable)


def test_the_three_ways_to_win():
    assert GAME.outcome(State("W.B......", SECOND)).winner == FIRST  # reached the far row
    assert GAME.outcome(State("......W.W", SECOND)).winner == FIRST  # no Black pawn left
    assert GAME.outcome(State("....W.B..", FIRST)).winner == SECOND  # Black reached rank 1
    # Black to move, its one pawn blocked by a White one and nothing to capture: White wins.
    blocked = State("..B..W...", SECOND)
    assert GAME.legal_moves(blocked) == ()
    assert GAME.outcome(blocked).winner == FIRST


def test_moves_are_typed_as_people_say_them():
    assert GAME.parse_move("b1-b2") == PawnMove(7, 4)
    assert GAME.parse_move("A2xB3") == PawnMove(3, 1)
    assert GAME.parse_move("b1b2") == GAME.parse_move("8-5") == GAME.parse_move("85") == PawnMove(7, 4)
    assert GAME.move_text(PawnMove(3, 1), "algebraic") == "a2xb3"
    assert GAME.move_text(PawnMove(7, 4)) == "8-5"
    assert GAME.move_phrase(PawnMove(7, 4)) == "moves b1-b2 (squares 8 to 5)"
    for typo in ("b4-b3", "d1-d2", "b1", ""):
        with pytest.raises(InvalidMoveError):
            GAME.parse_move(typo)
    with pytest.raises(IllegalMoveError, match="no White pawn on b2"):
        GAME.play(GAME.initial(), PawnMove(4, 1))


def test_a_board_that_cannot_happen_is_refused():
    assert GAME.parse_position("bbb/.../www") == "BBB...WWW"
    with pytest.raises(InvalidPositionError, match="cannot happen"):
        GAME.parse_position("WWW...BBB")


def draws(*left: int) -> list[Draw]:
    """Draws from boxes 1, 2, 3, ...: each leaves ``left`` beads of its colour and nothing else."""
    return [Draw(box, 0, n, n, first_move=box == 1) for box, n in enumerate(left, start=1)]


def test_gardner_confiscates_only_the_last_moves_bead():
    gardner = load_rules("gardner", game="hexapawn")
    assert gardner.punish == "last-move"
    after = [c.after for c in settle(gardner, draws(0, 1, 0), Result.LOSS)]
    assert after == [1, 2, 0]  # the earlier beads go back, the last one is kept out
    assert [c.after for c in settle(gardner, draws(0, 1, 0), Result.WIN)] == [1, 2, 1]  # no change


def test_every_move_rules_punish_every_draw():
    michie = load_rules("hexapawn-michie", game="hexapawn")
    assert [c.after for c in settle(michie, draws(0, 1, 0), Result.LOSS)] == [0, 1, 0]


def test_punish_is_checked_and_old_fingerprints_stay():
    assert "punish" not in load_rules("michie").as_dict()  # kits printed before the field keep theirs
    assert load_rules("gardner").as_dict()["punish"] == "last-move"
    data = {"game": "hexapawn", "title": "t", "description": "d", "initial_beads": [1], "win": 0, "draw": 0}
    with pytest.raises(UnknownRulesError, match="punish"):
        rules_from_data("bad", data | {"loss": -1, "punish": "first-move"}, source="bad")


@pytest.mark.parametrize("name", ["hexapawn-four", "hexapawn-craft"])
def test_the_palette_colours_every_bead_of_every_hexapawn_kit(name):
    from kit.palettes import load_palette

    palette = load_palette(name)
    for side in ("first", "second"):
        for rules in ("gardner", "hexapawn-michie"):
            catalogue = build_catalogue("hexapawn", side, load_rules(rules))
            for box in catalogue.boxes:
                colours = palette.box_colours(GAME.move_code(m) for m in box.moves).values()
                assert len({c.code for c in colours}) == len(box.moves)


def test_the_play_table_labels_the_board_with_files_and_ranks():
    from tracker.state.text import position_lines

    board = GAME.parse_position("BBB/.W./W.W")
    assert position_lines(GAME, board, "numbers") == ["    a b c", "  3 B B B", "  2 . W .", "  1 W . W"]


def test_find_shows_the_label_beside_the_real_board():
    from click.testing import CliRunner

    from tracker.cli.main import main

    args = ["find", "--game", "hexapawn", "--menace-plays", "second", "BBB/W../.WW"]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[:6] == [
        "Box 1 (MENACE's move 1)",
        "label          real board",
        "B B B          B B B",
        ". . W          W . .",
        "W W .          . W W",
        "The label's picture, flipped left to right (mirror image), is the real board.",
    ]


def test_an_illegal_step_says_which_moves_are_legal():
    with pytest.raises(IllegalMoveError, match="b1 cannot go to b3: choose one of a1-a2, b1-b2, c1-c2"):
        GAME.play(GAME.initial(), GAME.parse_move("b1-b3"))


def test_the_rules_card_confiscates_only_the_last_moves_bead():
    from generator.rules_text import rules_card

    def card_of(rules: str) -> dict[str, str]:
        return dict(rules_card(load_rules(rules), find_words="", move_words="", has_draws=False, levels=3))

    card = card_of("gardner")
    assert card["MENACE loses"] == (
        "For the box of MENACE's last move (after a resignation: the move before): keep the bead out: "
        "it is confiscated. For every other box it used: put the bead back."
    )
    assert card["MENACE wins"] == "For every box it used: put the bead back."
    every = card_of("hexapawn-michie")["MENACE loses"]
    assert every == "For every box it used: keep the bead out: it is confiscated."


@pytest.mark.parametrize(
    ("palette", "letter", "captures"),
    [
        ("hexapawn-craft", "r", ["and y = a3xb2", "and n = c3xb2"]),  # a colour a move: red, yellow, orange
        (
            "hexapawn-four",
            "b",
            ["and y = a3xb2", "and k = c3xb2"],
        ),  # per box, in move order: blue, yellow, black
        ("hexapawn-clear", "b", ["and y = a3xb2", "and r = c3xb2"]),  # the default: blue, yellow, red
    ],
)
def test_the_terminal_label_names_captures_under_it_so_no_letter_hides_a_pawn(palette, letter, captures):
    from tracker.state.kit_record import KitRecord
    from tracker.state.text import label_beside_board

    catalogue = build_catalogue("hexapawn", "second")
    kit = KitRecord(
        "k", "k", "hexapawn", "second", "gardner", palette, catalogue.fingerprint, catalogue.boxes
    )
    placement = catalogue.place("B.B.WW.W.")  # a3-a2, a3xb2 and c3xb2: the two captures land on b2
    assert label_beside_board(GAME, placement, kit) == [
        "  label          real board",
        "  B . B          B . B",
        f"  {letter} W W          . W W",  # the White pawn on b2 stays in sight
        "  . W .          . W .",
        *(f"  {capture}" for capture in captures),
    ]


def test_her_with_gardners_rule_learns_to_beat_a_perfect_him():
    """1,000 HERs (gardner) against a perfect HIM lose about half their first ten games and fewer
    than 5% of games 91-100."""
    from tracker.sim.experiment import simulate

    sim = simulate(
        game_from_spec("hexapawn"),
        menace_plays="second",
        rules=load_rules("gardner"),
        opponent=parse_player("perfect"),
        games=100,
        population=1000,
        seed=1,
        engine="numpy",
    )
    first_ten = sim.losses[:10].sum() / (10 * 1000)
    last_ten = sim.losses[90:].sum() / (10 * 1000)
    assert 0.3 < first_ten < 0.6 and last_ten < 0.05, (first_ten, last_ten)
