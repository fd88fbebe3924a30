"""The raw board's kit (2,201 boxes) where its size broke a page made for 304: the rack map over pages of
readable shelves, and four-digit numbers on the fill sheet clear of their tick boxes."""

from __future__ import annotations

import pytest

from generator.documents import drawer_labels, fill
from generator.fonts import register_fonts
from generator.printed_kit import KitOptions, plan_kits
from tests.ink import RecordingCanvas


@pytest.fixture(scope="module")
def raw():
    (spec,) = plan_kits(KitOptions(game="tictactoe --symmetry none"))
    return spec


def test_the_rack_map_of_a_small_kit_stays_one_page_of_7_mm_shelves():
    (spec,) = plan_kits(KitOptions(game="tictactoe"))
    assert drawer_labels.rack_pages(spec) == [(range(31), 7.0)]


def test_the_raw_boards_rack_map_takes_pages_of_shelves_5_mm_or_more(raw):
    """221 shelves were 1 mm each on one page, their numbers too small to read."""
    pages = drawer_labels.rack_pages(raw)
    assert [len(shelves) for shelves, _h in pages] == [46, 50, 50, 50, 25]
    assert [shelf for shelves, _h in pages for shelf in shelves] == list(range(221))
    assert all(drawer_labels.RACK_MIN_H <= height <= drawer_labels.RACK_CELL_H for _s, height in pages)


def test_a_four_digit_box_number_keeps_clear_of_its_tick_box(raw, tmp_path):
    register_fonts()
    canvas = RecordingCanvas(str(tmp_path / "fill.pdf"), pagesize=raw.page_size)
    canvas.scale(72 / 25.4, 72 / 25.4)  # mm, as the fill sheet draws
    fill._entry(canvas, raw, raw.catalogue.boxes[-1], 15.0, 100.0)
    tick, number = canvas.inks[0], canvas.inks[1]
    assert (tick.kind, number.text) == ("rect", "2201")
    assert number.left - tick.right >= 1.0  # it was 0: "☐2201"
