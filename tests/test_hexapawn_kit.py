"""Hexapawn's printed kit: pawns drawn as pawns, one arrow per bead move in the bead's colour with its
letter, letters that never touch, and the legend and fill sheet in words of pawn moves."""

from __future__ import annotations

import itertools
import math
from collections import Counter

import pytest
from pypdf import PdfReader

from generator.documents import fill, labels, legend
from generator.documents.common import KitSpec
from generator.layout import CROSS_APART, LETTER_AT, LETTER_GAP, LETTER_RADIUS, Rect, plan_arrows
from generator.stocks import load_stock
from kit.catalogue import build_catalogue
from kit.design import KitDesign
from kit.games import get_game
from kit.palettes import default_palette, load_palette

GAME = get_game("hexapawn")
SIDES = ["first", "second"]


def spec_for(side: str, palette: str | None = None) -> KitSpec:
    chosen = default_palette("hexapawn") if palette is None else load_palette(palette)
    return KitSpec(KitDesign.of(build_catalogue("hexapawn", side), chosen), load_stock("plain"), "a4")


@pytest.mark.parametrize("side", SIDES)
def test_four_colours_again_in_every_box_in_the_order_of_the_moves(side):
    """Hexapawn's default colours are per box: a box's moves, by move code (the pawn's square in reading
    order, then its target), take blue, yellow, red and sky in turn."""
    spec = spec_for(side)
    four = ["blue", "yellow", "red", "sky"]
    assert spec.palette.per_box and [c.name for c in spec.used_colours] == four
    for box in spec.catalogue.boxes:
        ordered = sorted(box.moves, key=GAME.move_code)
        assert [spec.colour(box, m).name for m in ordered] == four[: len(ordered)]
    # HIM's box 2 (.BB.B.W.W): a1-a2, a1xb2, c1xb2, c1-c2 (codes 57, 58, 76, 77)
    him = spec_for("first")
    assert {code: c.name for code, c in him.box_colours(him.catalogue.box(2)).items()} == dict(
        zip((57, 58, 76, 77), four, strict=True)
    )


@pytest.mark.parametrize("side", SIDES)
def test_every_move_is_an_arrow_from_its_pawn_and_none_is_a_dot_or_a_row(side):
    spec = spec_for(side)
    for box in spec.catalogue.boxes:
        arrows = spec.arrows(box)
        assert [(origin, target) for origin, target, _ in arrows] == [(m.start, m.end) for m in box.moves]
        assert [colour for _, _, colour in arrows] == [spec.colour(box, m) for m in box.moves]
        assert spec.on_cells(box.moves) == {} and spec.off_cells(box.moves) == []


def test_a_straight_step_and_a_capture_are_planned_in_cell_units():
    area = Rect(0, 0, 30, 30)  # 10 mm cells; cell 0 is centred on (5, 25)
    grid = GAME.picture("BBB.W.W.W")
    step, capture = plan_arrows(area, grid, [(0, 3), (0, 4)])
    assert step.tail == pytest.approx((5, 25 - 2.4)) and step.tip == pytest.approx((5, 15 + 1.0))
    assert step.letter == pytest.approx((5, 25 - 10 * LETTER_AT[0]))
    diagonal = 0.3 * 10 / math.sqrt(2)  # stops short of the white pawn on b2
    assert capture.tip == pytest.approx((15 - diagonal, 15 + diagonal))


@pytest.mark.parametrize("side", SIDES)
def test_no_two_letters_on_a_label_touch(side):
    area = Rect(0, 0, 3, 3)  # one unit per cell
    for box in spec_for(side).catalogue.boxes:
        arrows = plan_arrows(area, GAME.picture(box.position), [(m.start, m.end) for m in box.moves])
        for a, b in itertools.combinations(arrows, 2):
            assert math.dist(a.letter, b.letter) >= 2 * LETTER_RADIUS + LETTER_GAP - 1e-9, box.id


def test_crossing_captures_are_drawn_apart_with_their_letters_beside_their_heads():
    # HER's box .BBBWWW..: b3xc2 and c3xb2 cross at the corner between b3, c3, b2 and c2, (2, 2) here.
    crossing = [(1, 5), (2, 4)]
    b3xc2, c3xb2 = plan_arrows(Rect(0, 0, 3, 3), GAME.picture(".BBBWWW.."), crossing)
    alone = plan_arrows(Rect(0, 0, 3, 3), GAME.picture(".BBBWWW.."), crossing[:1])[0]
    assert alone.letter == pytest.approx((1.5 + LETTER_AT[0], 2.5 - LETTER_AT[0]))
    assert alone.tip == pytest.approx((2.5 - 0.3 / math.sqrt(2), 1.5 + 0.3 / math.sqrt(2)))
    # Each moved CROSS_APART sideways, away from the other's target: the heads part by twice that.
    apart = CROSS_APART * 2 / math.sqrt(2)
    assert c3xb2.tip[0] - b3xc2.tip[0] == pytest.approx(-(2 * (1 - 0.3 / math.sqrt(2)) - 1) - apart)
    assert math.dist(b3xc2.letter, c3xb2.letter) >= 2 * LETTER_RADIUS + LETTER_GAP
    assert b3xc2.letter[1] == pytest.approx(c3xb2.letter[1])  # mirror places, between the pawns of
    assert b3xc2.letter[0] - 2 == pytest.approx(2 - c3xb2.letter[0])  # c3 and c2, and of b3 and b2
    assert b3xc2.letter == pytest.approx((2.5, 2.05), abs=0.02)


def single_letters(path) -> Counter[str]:
    text = "\n".join(page.extract_text() for page in PdfReader(path).pages)
    return Counter(word for word in text.split() if len(word) == 1 and word.isalpha())


@pytest.mark.parametrize("side", SIDES)
@pytest.mark.parametrize("palette", ["hexapawn-clear", "hexapawn-four", "hexapawn-craft"])
def test_the_labels_letters_are_the_beads_letters_only(tmp_path, side, palette):
    """Each arrow carries its colour's letter; the pawns are drawn, not written as W and B."""
    spec = spec_for(side, palette)
    labels.write(tmp_path / "labels.pdf", spec)
    expected = Counter(spec.colour(box, m).code for box in spec.catalogue.boxes for m in box.moves)
    expected.update({column: len(spec.catalogue.boxes) for column in "abc"})  # the board's columns
    assert single_letters(tmp_path / "labels.pdf") == expected
    assert len(expected) == 3 + (4 if palette != "hexapawn-craft" else {"first": 12, "second": 13}[side])


def test_the_legend_of_colours_per_box_shows_them_in_order_on_the_fullest_box(tmp_path):
    spec = spec_for("second")
    assert legend.write(tmp_path / "legend.pdf", spec) == 3
    text = " ".join(" ".join(p.extract_text().split()) for p in PdfReader(tmp_path / "legend.pdf").pages)
    assert "B 1. blue (B) Y 2. yellow (Y) R 3. red (R) S 4. sky (S)" in text
    assert "Every box uses these colours again" in text and "picture on box 8" in text  # HER's first of 4
    assert "violet" not in text and "always stands for the same pawn move" not in text


def test_the_legend_lists_the_kits_own_colours_as_pawn_moves_and_explains_pawns(tmp_path):
    spec = spec_for("second", "hexapawn-craft")
    assert legend.write(tmp_path / "legend.pdf", spec) == 3
    text = " ".join(" ".join(p.extract_text().split()) for p in PdfReader(tmp_path / "legend.pdf").pages)
    assert "red a3-a2: steps forward" in text and "yellow a3xb2: captures" in text
    assert "amber" not in text  # a White move's colour: HIM's kit uses it, HER's does not
    assert "these are the 13 colours this kit uses" in text
    assert "How the pawns move and win" in text and "diagonally ahead onto an enemy pawn" in text
    assert "flipped left to right (mirror image)" in text


def test_the_fill_sheet_buys_each_colour_per_box_for_the_boxes_with_that_many_moves(tmp_path):
    """HER (19 boxes, 1 bead a move): every box holds blue, the 17 of two moves or more yellow, the 7 of
    three or more red, the 2 of four sky: 45 beads, no reserve."""
    spec = spec_for("second")
    assert [sum(len(b.moves) >= n for b in spec.catalogue.boxes) for n in (1, 2, 3, 4)] == [19, 17, 7, 2]
    fill.write(tmp_path / "fill.pdf", spec)
    text = " ".join(" ".join(p.extract_text().split()) for p in PdfReader(tmp_path / "fill.pdf").pages)
    assert "19 matchboxes and 45 beads" in text
    assert "B blue 19 0 19 Y yellow 17 0 17 R red 7 0 7 S sky 2 0 2 all colours 45 0 45" in text
    assert "every box holds the first colour" in text and "one pawn move" not in text
    assert "sky 1 in boxes 8 and 10" in text


def test_the_fill_sheet_names_each_colour_by_its_move_and_needs_no_reserve(tmp_path):
    spec = spec_for("first", "hexapawn-craft")
    fill.write(tmp_path / "fill.pdf", spec)
    text = " ".join(" ".join(p.extract_text().split()) for p in PdfReader(tmp_path / "fill.pdf").pages)
    assert "amber (a2-a3)" in text and "hazel (a1-a2)" in text
    assert "Reserve: none is needed" in text and "= 0 beads" not in text
