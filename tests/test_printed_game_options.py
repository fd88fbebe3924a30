"""The printed kit for games with options, read back from the PDFs: Nim with heaps 1, 2, 3 and the raw-board
tic-tac-toe kit (its legend and finder; its 69 pages of labels are written by `generate`, not here)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pypdf import PdfReader

from generator.documents import finder, legend
from generator.documents.common import KitSpec
from generator.printed_kit import KitOptions, generate, plan_kits
from kit.catalogue import build_catalogue
from kit.palettes import load_palette
from kit.rules import load_rules


def text_of(path: Path) -> str:
    return " ".join(" ".join(page.extract_text().split()) for page in PdfReader(path).pages)


@pytest.fixture(scope="module")
def heaps_kit(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("heaps")
    lines: list[str] = []
    generate(KitOptions(game="nim --heaps 1,2,3"), out, progress=lines.append)
    assert not any("matchboxes and" in line for line in lines)  # a small kit starts writing at once
    return out / "nim-heaps-1-2-3"


def test_the_heaps_kit_has_its_own_folder_and_manifest(heaps_kit):
    manifest = json.loads((heaps_kit / "kit.json").read_text())
    assert (manifest["game"], manifest["boxes"], manifest["palette"]) == (
        "nim --heaps 1,2,3",
        13,
        "nim-heaps",
    )
    assert manifest["fingerprint"] == build_catalogue("nim --heaps 1,2,3").fingerprint


def test_labels_name_the_heaps_and_each_take_from_a_heap(heaps_kit):
    labels = text_of(heaps_kit / "labels.pdf")
    assert "heaps 1, 2, 3 \u00b7 3 each" in labels and "heaps 0, 0, 1 \u00b7 3 each" in labels
    # A table of takes: "take 1 2 3" along the top, a line per heap with its dots ("from 3" G K N)
    assert labels.count("take 1 2 3 from") == 13 and "from 3 G K N 13 heaps 1, 2, 3" in labels


def test_the_legend_lists_the_six_colours_used_and_the_rules_from_the_options(heaps_kit):
    text = text_of(heaps_kit / "legend.pdf")
    for colour, take in [("red", "1 from 1"), ("blue", "2 from 2"), ("orange", "3 from 3")]:
        assert f"{colour} ({colour[0].upper() if colour != 'orange' else 'N'}): take {take}" in text
    assert "magenta (M)" not in text  # the palette has 15 colours; heaps of up to 3 use six
    assert "Start with 3 heaps of 1, 2 and 3 tokens" in text and "Whoever takes the last token wins" in text
    assert "Find the box whose picture shows the same heaps as the game, in any order." in text
    assert "number of tokens left" not in text  # the single pile's way of finding a box


def test_the_finder_says_how_to_find_a_set_of_heaps(heaps_kit):
    text = text_of(heaps_kit / "finder.pdf")
    assert "find the picture with the same heaps as the game" in text
    assert "Nim: one box per set of heaps boxes 1 to 13 (13 boxes)" in text


def test_a_big_kit_says_what_it_asks_for_before_writing(tmp_path, monkeypatch):
    import generator.printed_kit as printed_kit

    lines: list[str] = []
    monkeypatch.setattr(printed_kit, "write_kit", lambda spec, folder, progress, written: folder / "kit.json")
    options = KitOptions(game="tictactoe --symmetry none", rules=load_rules("go-blog"))
    generate(options, tmp_path, progress=lines.append)
    assert lines == [
        "Noughts and crosses, a box per board: 2,201 matchboxes and 21,633 beads, 69 pages of labels"
    ]


@pytest.mark.slow
def test_the_raw_board_finder_and_legend_never_turn_a_picture(tmp_path):
    (spec,) = plan_kits(KitOptions(game="tictactoe --symmetry none", rules=load_rules("go-blog")))
    assert isinstance(spec, KitSpec) and spec.palette == load_palette("craft")
    pages = finder.write(tmp_path / "finder.pdf", spec)
    text = text_of(tmp_path / "finder.pdf")
    assert "drawn as it lies on the table: never turn it" in text and "turn it in your head" not in text
    for group in (
        "move 1 box 1",
        "move 2 boxes 2 to 73",
        "move 3 boxes 74 to 829",
        "move 4 boxes 830 to 2201",
    ):
        assert f"MENACE's {group}" in text
    assert pages == 35 and "top row - - -" in text  # grouped by top row: 31 pages before the groups
    legend.write(tmp_path / "legend.pdf", spec)
    card = text_of(tmp_path / "legend.pdf")
    assert "Find the box whose picture is exactly the board on the table" in card
    assert "turned or flipped" not in card
