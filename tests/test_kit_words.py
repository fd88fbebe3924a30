"""Words each kit's legend says about itself, not copied from noughts and crosses: arrows where its labels
draw arrows, no symmetry note where it has no symmetry, only the colours it uses, and its own kind of Nim."""

from __future__ import annotations

import re

import pytest
from pypdf import PdfReader

from generator.documents import legend
from generator.documents.game_text import colour_letters
from generator.printed_kit import KitOptions, plan_kits
from kit.palettes import Colour


def legend_text(tmp_path, game: str, **options) -> str:
    (spec,) = plan_kits(KitOptions(game=game, **options))
    legend.write(tmp_path / "legend.pdf", spec)
    return " ".join(" ".join(p.extract_text().split()) for p in PdfReader(tmp_path / "legend.pdf").pages)


def test_hexapawn_shares_arrows_not_dots(tmp_path):
    text = legend_text(tmp_path, "hexapawn")
    assert "Why some squares have no dot" not in text and "share one dot" not in text
    assert "Why some moves have no arrow" in text and "only one of them has an arrow" in text


def test_the_raw_board_card_says_nothing_of_symmetry(tmp_path):
    text = legend_text(tmp_path, "tictactoe --symmetry none")
    assert "Why some squares have no dot" not in text and "different by symmetry" not in text
    assert "Michie gives no rule for an empty box" in text  # the rest of the source note stays
    folded = legend_text(tmp_path, "tictactoe")
    assert "Why some squares have no dot" in folded and "different by symmetry" in folded


@pytest.mark.parametrize("game, single", [("nim", True), ("nim --heaps 1,2,3", False)])
def test_only_single_pile_nim_is_called_single_pile(tmp_path, game, single):
    text = legend_text(tmp_path, game)
    assert ("The classic notebook rules for single-pile Nim:" in text) == single
    assert "The classic notebook rules for Nim:" in text or single


def test_the_letters_note_names_only_colours_the_kit_uses():
    (spec,) = plan_kits(KitOptions(game="hexapawn"))
    used = {(c.code, c.spoken) for c in spec.used_colours}
    named = set(re.findall(r"\b(\w) for (\w+)", colour_letters(spec.used_colours)))
    assert named and named <= used
    # A note over a colour no Hexapawn box holds (black, 'K') names it: the check can fail.
    black = Colour(9, "black", "K", "#1a1a1a")
    assert ("K", "black") in set(re.findall(r"\b(\w) for (\w+)", colour_letters((*spec.used_colours, black))))
