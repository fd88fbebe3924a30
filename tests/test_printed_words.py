"""What the printed kit says, read back from the PDFs: the game's rules, MENACE's side, forced moves, colour
letters, counts in the right number, and game, side and kit code on every document."""
from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader

from generator.printed_kit import KitOptions, generate
from kit.nim import Nim


def text_of(path: Path) -> str:
    """A PDF's text with its line breaks and runs of spaces made single spaces, to find wrapped sentences."""
    return " ".join(" ".join(page.extract_text().split()) for page in PdfReader(path).pages)


@pytest.fixture(scope="module")
def default_kit(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("words")
    generate(KitOptions(), out)
    return out


NIM_RULES = (
    "Start with 9 tokens in one pile. The two players take turns, and each turn takes 1 to 3 tokens from "
    "the pile. Whoever takes the last token loses."
)


def test_the_nim_rules_are_written_from_the_games_parameters():
    assert Nim().rules_summary() == NIM_RULES
    assert Nim(tokens=5, max_take=2).rules_summary() == (
        "Start with 5 tokens in one pile. The two players take turns, and each turn takes 1 to 2 tokens "
        "from the pile. Whoever takes the last token loses."
    )
    assert "each turn takes 1 token from" in str(Nim(tokens=1, max_take=1).rules_summary())


@pytest.mark.parametrize("name", ["legend.pdf", "fill.pdf"])
def test_the_nim_legend_and_fill_sheet_state_the_rules(default_kit, name):
    assert NIM_RULES in text_of(default_kit / "nim" / name)


def test_the_rules_cards_heading_names_the_game(default_kit):
    nim = text_of(default_kit / "nim" / "legend.pdf")
    assert "Rules card: Single-pile Nim \u00b7 Nim notebook (floor 1)" in nim
    ttt = text_of(default_kit / "tictactoe" / "legend.pdf")
    assert "Rules card: Noughts and crosses \u00b7 Michie (1961)" in ttt
    assert "Three of your marks in a row (across, down or diagonally) wins" in ttt
