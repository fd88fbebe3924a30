"""What the printed kit says, read back from the PDFs: the game's rules, MENACE's side, forced moves, colour
letters, counts in the right number, and game, side and kit code on every document."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from pypdf import PdfReader

from generator.printed_kit import DOCUMENTS, KitOptions, generate
from generator.stocks import load_stock
from kit.games import get_game
from kit.nim import Nim
from kit.rules import load_rules, preset_names

FILES = [name for name, _, _ in DOCUMENTS]
ONE_PLURAL = re.compile(r"\b1 (beads|tokens|boxes|matchboxes|games|colours|moves)\b")


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
    assert "Rules card: Single-pile Nim \u00b7 No colour runs out (Nim notebook, floor 1)" in nim
    ttt = text_of(default_kit / "tictactoe" / "legend.pdf")
    assert "Rules card: Noughts and crosses \u00b7 Michie (1961)" in ttt
    assert "Three of your marks in a row (across, down or diagonally) wins" in ttt


def kits() -> list[tuple[str, str, str]]:
    """(game, side, rules) for every rules preset, on both sides when a position says whose turn it is."""
    found = []
    for name in preset_names():
        game = get_game(load_rules(name).game)
        sides = ("first",) if game.whose_turn(game.initial().position) is None else ("first", "second")
        found += [(game.name, side, name) for side in sides]
    return found


@pytest.fixture(scope="module")
def kit_of(tmp_path_factory: pytest.TempPathFactory) -> Callable[[str, str, str], Path]:
    """The folder of a kit on plain A4 for (game, side, rules), printed the first time a test asks."""
    out = tmp_path_factory.mktemp("every")
    folders: dict[tuple[str, str, str], Path] = {}

    def folder(game: str, side: str, rules: str) -> Path:
        if (game, side, rules) not in folders:
            options = KitOptions(game=game, menace_plays=side, rules=load_rules(rules))
            generate(options, out / f"{side}-{rules}")
            folders[game, side, rules] = out / f"{side}-{rules}" / game
        return folders[game, side, rules]

    return folder


@pytest.mark.slow
def test_no_pdf_of_any_kit_puts_one_with_a_plural(kit_of):
    every_kit = {kit: kit_of(*kit) for kit in kits()}  # every preset on every side
    assert len(every_kit) == len(kits()) >= 14  # tic-tac-toe 5 presets x 2 sides, Nim 2, Hexapawn 2 x 2
    for (game, side, rules), folder in every_kit.items():
        # The finder's words depend on the side only (the rules move dots, not words): read it once a side.
        first_preset = preset_names(game)[0]
        for name in [n for n in FILES if n != "finder.pdf" or rules == first_preset]:
            # Line by line: separate strings (a heading's "move 1", then "boxes 1 to 3") make no phrase.
            for page in PdfReader(folder / name).pages:
                for line in page.extract_text().splitlines():
                    assert not ONE_PLURAL.search(line), (rules, side, name, line)
    michie_labels = text_of(every_kit["tictactoe", "first", "michie"] / "labels.pdf")
    assert michie_labels.count("1 bead each") == 183 and michie_labels.count("4 beads each") == 1
    assert "1 token \u00b7 3 beads each" in text_of(every_kit["nim", "first", "nim"] / "labels.pdf")


# The counts run along the bottom of a label with move rows: room for "beads" on every stock.
@pytest.mark.parametrize(
    "stock, each",
    [
        ("plain", "3 beads each"),
        ("avery-l7651", "3 beads each"),
        ("zweckform-3651", "3 beads each"),
        ("avery-l7160", "3 beads each"),
        ("avery-5160", "3 beads each"),
    ],
)
def test_nim_labels_say_beads_where_they_have_room_and_the_legend_quotes_them(tmp_path, stock, each):
    generate(KitOptions(game="nim", stock=load_stock(stock)), tmp_path)
    labels = text_of(tmp_path / "nim" / "labels.pdf")
    assert labels.count(f"tokens \u00b7 {each}") == 8 and f"1 token \u00b7 {each}" in labels
    legend = text_of(tmp_path / "nim" / "legend.pdf")
    assert f"\u201c9 tokens \u00b7 {each}\u201d: put in 3 beads of every dot's colour" in legend
    assert "Every box starts with 3 beads of each colour" in legend


def test_the_rules_card_explains_the_forced_move_menaces_symbol_and_the_letters(kit_of):
    first = text_of(kit_of("tictactoe", "first", "michie") / "legend.pdf")
    second = text_of(kit_of("tictactoe", "second", "michie") / "legend.pdf")
    nim = text_of(kit_of("nim", "first", "nim") / "legend.pdf")
    forced = "MENACE's fifth move has no box: only one empty square is left, so play it for MENACE."
    assert forced in first and "has no box" not in second and "has no box" not in nim
    assert "MENACE plays X and moves first; its opponent plays O." in first
    assert "MENACE plays O and moves second; its opponent plays X." in second
    assert "the same boxes serve MENACE moving first or second" in nim
    letters = "The letter in each dot is its colour's initial (R for red)"
    assert f"{letters}, so a label reads in black and white too, except K for black, N for orange." in first
    assert f"{letters}, so a label reads in black and white too. The legend" in nim


@pytest.mark.parametrize(
    "game, side, rules",
    [
        ("tictactoe", "first", "michie"),
        pytest.param("tictactoe", "second", "michie", marks=pytest.mark.slow),
        ("nim", "first", "nim"),
        ("hexapawn", "second", "gardner"),
        ("hexapawn", "first", "hexapawn-michie"),
    ],
)
def test_every_page_of_every_document_states_game_side_and_kit_code(kit_of, game, side, rules):
    folder = kit_of(game, side, rules)
    code = json.loads((folder / "kit.json").read_text())["kit_code"]
    title = {
        "tictactoe": f"MENACE playing {side} at Noughts and crosses (",
        "nim": "MENACE playing first or second at Nim (9 boxes)",
        "hexapawn": f"MENACE playing {side} at Hexapawn (",
    }[game]
    for name in FILES:
        for number, page in enumerate(PdfReader(folder / name).pages, start=1):
            text = " ".join(page.extract_text().split())
            assert title in text and code in text, (name, number)
