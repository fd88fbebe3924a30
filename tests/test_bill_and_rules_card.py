"""The bead bill (known answers) and the rules card written from preset fields."""

from __future__ import annotations

import pytest
from pypdf import PdfReader

from generator.bill import bill_for, outgrow_warning
from generator.capacity import growth
from generator.documents import fill
from generator.documents.common import KitSpec, has_draws
from generator.rules_text import bead_change, rules_card
from generator.stocks import load_stock
from kit.catalogue import build_catalogue
from kit.design import KitDesign
from kit.games import get_game
from kit.palettes import default_palette
from kit.rules import load_rules, preset_names


@pytest.mark.parametrize(
    "game, side, rules, beads",
    [
        ("tictactoe", "first", "michie", 1720),
        ("tictactoe", "first", "scroggs", 1798),
        ("nim", "first", "nim", 72),
    ],
)
def test_starting_beads_match_the_published_bills(game, side, rules, beads):
    bill = bill_for(build_catalogue(game, side, load_rules(rules)))
    assert bill.total_start == beads


def test_the_reserve_is_each_colours_simulated_growth(first):
    bill = bill_for(first)
    assert bill.reserve == growth(first).reserve and list(bill.reserve) == list(bill.start)
    assert bill.matchboxes == 304 and bill.buy(0) == bill.start[0] + bill.reserve[0]
    assert bill.outgrowing == (1,) and (bill.runs, bill.games) == (300, 50)
    assert bill_for(build_catalogue("hexapawn", "second")).total_reserve == 0  # Gardner's rules add none


def test_the_outgrow_warning_names_its_boxes_singular_or_plural():
    assert outgrow_warning(()) is None
    assert outgrow_warning((1,)) == (
        "box 1 may outgrow a matchbox, which holds about 90 beads of 5 mm; keep a bigger box or a bag ready"
    )
    assert outgrow_warning((1, 2, 5)).startswith("boxes 1, 2 and 5 may outgrow a matchbox,")
    assert outgrow_warning((3, 4)).startswith("boxes 3 and 4 may")


def fill_text(tmp_path, catalogue) -> str:
    spec = KitSpec(KitDesign.of(catalogue, default_palette(catalogue.game.name)), load_stock("plain"), "a4")
    fill.write(tmp_path / "fill.pdf", spec)
    return " ".join(" ".join(page.extract_text().split()) for page in PdfReader(tmp_path / "fill.pdf").pages)


def test_the_fill_sheet_says_where_the_reserve_comes_from_and_which_box_may_outgrow(tmp_path, first):
    text = fill_text(tmp_path, first)
    assert (
        "Reserve: enough for 50 games against a random player, in 19 of 20 simulated runs (300 MENACEs "
        "with these boxes and rules; a win adds 3 and a draw 1)."
    ) in text
    assert "Bigger boxes: box 1 may outgrow a matchbox, which holds about 90 beads of 5 mm;" in text
    nim = fill_text(tmp_path, build_catalogue("nim", "first"))
    assert "Reserve: enough for 50 games" in nim and "outgrow" not in nim


def test_bead_changes_in_physical_words():
    assert bead_change(3) == "put the bead back with 3 more of the same colour"
    assert bead_change(0) == "put the bead back"
    assert bead_change(-1) == "keep the bead out: it is confiscated"
    assert bead_change(-2) == "keep the bead out and take out 1 more of the same colour"


def card(name: str, *, has_draws: bool = True, levels: int | None = 4) -> dict[str, str]:
    rules = load_rules(name)
    words = {"find_words": "Find it.", "move_words": "Play it."}
    return dict(rules_card(rules, **words, has_draws=has_draws, levels=levels))


def test_cards_follow_the_fields_not_the_names():
    michie = card("michie")
    assert michie["Setting up"].endswith(
        "4 in boxes for MENACE's first move, 3 in boxes for MENACE's second move, "
        "2 in boxes for MENACE's third move, 1 in boxes for MENACE's fourth move."
    )
    assert "MENACE resigns" in michie["An empty box"] and "Keep it alive" not in michie
    golf = card("golf")
    assert "put in 3 beads" in golf["An empty box"] and "Why some squares have no dot" not in golf
    assert "first box is never emptied" in card("open-day")["Keep it alive"]
    nim = card("nim", has_draws=False, levels=None)
    assert "A draw" not in nim and "An empty box" not in nim  # floor 1: a box cannot run empty
    assert nim["MENACE loses"].endswith("never drops below 1 bead: if it would, put the bead back.")
    assert nim["Setting up"] == "Every box starts with 3 beads of each colour printed on its label."
    assert "No box is ever emptied" in card("nim-floor0", has_draws=False, levels=None)["Keep it alive"]


@pytest.mark.parametrize("name", preset_names())
def test_every_preset_gets_a_card(name):
    game = get_game(load_rules(name).game)
    levels = None if game.menace_move_number(game.initial()) is None else 4
    text = card(name, has_draws=has_draws(game), levels=levels)
    assert {"Setting up", "MENACE's turn", "MENACE wins", "MENACE loses"} <= set(text)
