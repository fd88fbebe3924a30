"""Build aids: the fill sheet by colour, labels a level per sheet, the game record sheet, drawer fronts and
the rack map."""

from __future__ import annotations

import pytest
from pypdf import PdfReader

from generator.bill import bill_for, colour_runs
from generator.documents import fill
from generator.documents.common import KitSpec
from generator.layout import Rect
from generator.stocks import load_stock
from kit.catalogue import build_catalogue
from kit.design import KitDesign
from kit.palettes import default_palette
from tests.test_print_area import blank_border, needs_pdftoppm


def spec_for(game: str, side: str = "first") -> KitSpec:
    design = KitDesign.of(build_catalogue(game, side), default_palette(game))
    return KitSpec(design, load_stock("plain"), "a4")


def text_of(path) -> str:
    return " ".join(" ".join(page.extract_text().split()) for page in PdfReader(path).pages)


def test_each_colours_runs_of_boxes_add_up_to_its_beads():
    catalogue = build_catalogue("tictactoe", "first")
    runs = colour_runs(catalogue)
    assert runs[0] == [(4, [(1, 1)]), (3, [(2, 13)]), (2, [(14, 119)]), (1, [(122, 281)])]
    bill = bill_for(catalogue)
    for code, by_count in runs.items():
        assert sum(n * (b - a + 1) for n, spans in by_count for a, b in spans) == bill.start[code]
    assert colour_runs(build_catalogue("nim", "first"))[2] == [(3, [(2, 9)])]


def test_the_fill_sheet_says_where_each_colour_goes(tmp_path):
    fill.write(tmp_path / "fill.pdf", spec_for("tictactoe"))
    text = text_of(tmp_path / "fill.pdf")
    assert "Filling by colour: one bag of beads at a time" in text
    assert "red (top left) 4 in box 1; 3 in boxes 2-13; 2 in boxes 14-119; 1 in boxes 122-281" in text
    assert "blue (top right) 3 in boxes 2-8, 10 and 12;" in text
    fill.write(tmp_path / "nim.pdf", spec_for("nim"))
    assert "yellow (take 2) 3 in boxes 2-9" in text_of(tmp_path / "nim.pdf")


def test_level_per_sheet_starts_every_move_level_on_a_sheet_of_its_own(tmp_path):
    from dataclasses import replace

    from generator.documents import labels

    spec = spec_for("tictactoe")
    plain = labels.sheets_of(spec, 32)
    assert [len(sheet) for sheet in plain] == [32] * 9 + [16]  # 304 boxes, 32 to an A4 sheet
    apart = labels.sheets_of(replace(spec, level_per_sheet=True), 32)
    assert [len(sheet) for sheet in apart] == [1, 12, 32, 32, 32, 12, 32, 32, 32, 32, 32, 23]
    assert all(len({box.move_number for box in sheet}) == 1 for sheet in apart)
    assert [box.id for sheet in apart for box in sheet] == list(range(1, 305))


def test_generate_level_per_sheet_says_each_sheets_level(tmp_path):
    import json

    from click.testing import CliRunner

    from tracker.cli.main import main

    result = CliRunner().invoke(main, ["generate", "--game", "nim", "--out", str(tmp_path)])
    assert result.exit_code == 0
    assert json.loads((tmp_path / "nim" / "kit.json").read_text())["level_per_sheet"] is False
    args = ["generate", "--game", "tictactoe", "--level-per-sheet", "--out", str(tmp_path)]
    assert CliRunner().invoke(main, args).exit_code == 0
    assert json.loads((tmp_path / "tictactoe" / "kit.json").read_text())["level_per_sheet"] is True
    pages = PdfReader(tmp_path / "tictactoe" / "labels.pdf").pages
    assert len(pages) == 12
    assert "sheet 2 of 12 \u00b7 MENACE's move 2 only" in " ".join(pages[1].extract_text().split())


@pytest.mark.parametrize(
    "game, side, menace, how",
    [
        ("tictactoe", "first", [1, 3, 5, 7, 9], "as the square played, 1-9 in reading order"),
        ("tictactoe", "second", [2, 4, 6, 8], "as the square played, 1-9 in reading order"),
        ("hexapawn", "second", [2, 4, 6], "as the pawn's square and where it goes (a1-a2, b1-b2, c1-c2;"),
        (
            "nim",
            "first",
            [],
            "Circle whether MENACE moved first or second, then write every move in order, "
            "both players', as the number taken (1, 2, 3).",
        ),
    ],
)
def test_the_record_sheet_has_a_column_per_move_and_says_how_to_write_them(tmp_path, game, side, menace, how):
    from generator.documents import record_sheet

    spec = spec_for(game, side)
    assert record_sheet.menace_moves(spec) == menace
    assert record_sheet.write(tmp_path / "record.pdf", spec) == 2
    text = text_of(tmp_path / "record.pdf")
    assert how in text and "so that it can be typed into the tracker later" in text
    header = " ".join(record_sheet.ordinal(n) for n in range(1, spec.game.longest_game() + 1))
    assert f"{header} result" in text
    # Nim's side column says "1st 2nd" on every row; the other sheets say it in the header, once a page.
    assert ("MENACE moved" in text) == (game == "nim") and (text.count("1st 2nd") > 2) == (game == "nim")


@pytest.mark.parametrize("game, pages", [("tictactoe", 4), ("nim", 2)])
def test_drawer_fronts_are_36_by_11_mm_inside_the_safe_area_with_a_rack_map(tmp_path, game, pages):
    import itertools

    from generator.documents import drawer_labels
    from generator.layout import SAFE_EDGE

    spec = spec_for(game)
    placed = [item for page in drawer_labels.strips(spec) for item in page]
    assert [box.id for box, _ in placed] == [box.id for box in spec.catalogue.boxes]
    page = Rect(0, 0, *spec.page_mm).inset(SAFE_EDGE)
    for sheet in drawer_labels.strips(spec):
        rects = [rect for _, rect in sheet]
        assert all(page.contains(r) and (r.w, r.h) == (36.0, 11.0) for r in rects)
        assert not any(a.overlaps(b) for a, b in itertools.combinations(rects, 2))
    assert len(drawer_labels.strips(spec)[0]) == min(120, len(placed))  # 5 x 24 to an A4 page
    assert drawer_labels.write(tmp_path / "drawers.pdf", spec) == pages
    text = text_of(tmp_path / "drawers.pdf")
    assert "Rack map" in text and f"Stack the {len(placed)} boxes in a rack of 10 to a shelf" in text


@needs_pdftoppm
@pytest.mark.parametrize("game", ["tictactoe", "nim"])
def test_drawer_fronts_print_nothing_in_the_outer_4_mm(tmp_path, game):
    from generator.documents import drawer_labels

    drawer_labels.write(tmp_path / "drawers.pdf", spec_for(game))
    assert blank_border(tmp_path / "drawers.pdf", 1, dpi=60)
