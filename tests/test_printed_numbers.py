"""Counts on the printed pages have thousands separators in the document's language (2,290 beads; 2.290
Perlen), while box numbers, which people look up and type, stay as they are (box 2201)."""

from __future__ import annotations

import pytest
from pypdf import PdfReader

from generator.documents import drawer_labels, fill, finder
from generator.printed_kit import KitOptions, plan_kits
from kit.i18n import current_language, use_language


def text_of(path) -> str:
    return " ".join(" ".join(page.extract_text().split()) for page in PdfReader(path).pages)


def test_counts_have_separators_in_english_and_german(tmp_path):
    before = current_language()
    try:
        for lang, shopping, rack in (
            ("en", "Shopping list: 304 matchboxes and 2,290 beads", "Stack the 2,201 boxes"),
            ("de", "Einkaufsliste: 304 Streichholzschachteln und 2.290 Perlen", "2.201 Schachteln"),
        ):
            use_language(lang)
            (noughts,) = plan_kits(KitOptions(game="tictactoe"))
            fill.write(tmp_path / f"fill-{lang}.pdf", noughts)
            assert shopping in text_of(tmp_path / f"fill-{lang}.pdf")
            (raw,) = plan_kits(KitOptions(game="tictactoe --symmetry none"))
            assert raw.kit_title.endswith("(2,201 boxes)" if lang == "en" else "(2.201 Schachteln)")
            assert rack in drawer_labels._rack_text(raw)  # the rack map's words; rendered in the slow run
    finally:
        use_language(before)


@pytest.mark.slow  # the raw board's drawer fronts: 2,201 boxes
def test_the_raw_boards_rack_map_has_separators_in_english_and_german(tmp_path):
    before = current_language()
    try:
        for lang, rack in (("en", "Stack the 2,201 boxes"), ("de", "2.201 Schachteln")):
            use_language(lang)
            (raw,) = plan_kits(KitOptions(game="tictactoe --symmetry none"))
            drawer_labels.write(tmp_path / f"drawers-{lang}.pdf", raw)
            assert rack in text_of(tmp_path / f"drawers-{lang}.pdf")
    finally:
        use_language(before)


@pytest.mark.slow  # the raw board's finder: 2,201 boxes
def test_box_numbers_stay_without_separators(tmp_path):
    (raw,) = plan_kits(KitOptions(game="tictactoe --symmetry none"))
    finder.write(tmp_path / "finder.pdf", raw)
    assert "boxes 830 to 2201 (1,372 boxes)" in text_of(tmp_path / "finder.pdf")
