"""Nim labels' move rows ("1 from 3" beside a bead dot) are large enough to read on a box top: their size
from the label plan, for every stock and the Nim kits, and every row's words inside its row."""

from __future__ import annotations

from itertools import combinations, pairwise

import pytest

from generator.documents import labels
from generator.documents.common import KitSpec
from generator.drawing import CAP_HEIGHT, text_width
from generator.fonts import BOLD
from generator.layout import Rect
from generator.stocks import load_stock
from kit.catalogue import build_catalogue
from kit.design import KitDesign
from kit.i18n import _, use_language
from kit.nim import HeapTake
from kit.palettes import load_palette

STOCKS = ["plain", "zweckform-3651", "avery-l7654", "avery-l7160", "avery-l7651", "avery-5160"]
KITS = [
    "nim",
    "nim --heaps 10",
    "nim --heaps 1,2",
    "nim --heaps 1,2,3",
    "nim --heaps 1,2,3,4",
    "nim --heaps 1,2,3,4,5",
]
READABLE = 2.0  # mm: a row's capital height read at arm's length on a box top (8 pt type)
# Where a stock has no room for READABLE rows beside a picture, the smallest rows it prints (mm): the
# stocks 25-30 mm tall with ten or fifteen takes, and the mini labels.
SMALLER = {
    ("nim --heaps 1,2,3", "avery-l7651"): 1.9,
    **{("nim --heaps 1,2,3,4", stock): 1.85 for stock in ("zweckform-3651", "avery-l7654", "avery-5160")},
    ("nim --heaps 1,2,3,4", "avery-l7651"): 1.5,
    **{("nim --heaps 1,2,3,4,5", stock): 1.5 for stock in ("zweckform-3651", "avery-l7654", "avery-5160")},
    ("nim --heaps 1,2,3,4,5", "avery-l7651"): 1.25,
}


@pytest.fixture(scope="module")
def catalogues():
    return {kit: build_catalogue(kit) for kit in KITS}


def spec_for(catalogue, stock_name):
    stock = load_stock(stock_name)
    design = KitDesign.of(catalogue, load_palette(catalogue.game.default_palette))
    return KitSpec(design, stock, stock.paper_for(None))


@pytest.mark.parametrize("stock", STOCKS)
@pytest.mark.parametrize("kit", KITS)
def test_move_rows_are_readable_and_every_rows_words_fit_it(catalogues, kit, stock):
    spec = spec_for(catalogues[kit], stock)
    plan = labels.label_plan(spec)
    assert plan.row_cap >= SMALLER.get((kit, stock), READABLE), (kit, stock, plan.row_cap)
    size = plan.row_cap / CAP_HEIGHT
    assert all(plan.row_cap <= row.h * 0.7 for row in plan.move_rows)
    if plan.table_takes:
        lines = ["take", *(f"from {heap}" for heap in spec.game.heaps)]
        end = plan.table_cell(0, 1)[0] - plan.row_radius  # the words end left of the first column of dots
        assert all(plan.row_text_x(0) + text_width(words, BOLD, size) <= end for words in lines)
        r = plan.row_radius
        for index, row in enumerate(plan.move_rows):
            for take in range(1, plan.table_takes + 1):
                cx, cy = plan.table_cell(index, take)
                assert row.contains(Rect(cx - r, cy - r, 2 * r, 2 * r))
    for box in spec.catalogue.boxes if not plan.table_takes else ():
        for index, move in enumerate(spec.off_cells(box.moves)):
            row, words = plan.move_rows[index], labels.row_words(spec.game, move)
            assert plan.row_text_x(index) + text_width(words, BOLD, size) <= row.right + 1e-6, (box.id, words)
    label = Rect(0, 0, plan.width, plan.height)
    assert all(label.contains(part) for part in plan.parts.values())
    assert not any(a.overlaps(b) for a, b in combinations(plan.parts.values(), 2))
    # the picture gives the rows room, but stays a picture: three counters a row at least 3 mm (2.5 mm on
    # the mini labels)
    assert plan.picture.w >= (7.5 if stock == "avery-l7651" else 9.5)


def test_the_readable_floor_is_met_everywhere_not_listed_and_the_list_is_not_stale(catalogues):
    """Every exception is needed (its rows really are below READABLE): the list only ever shrinks."""
    for kit, stock in SMALLER:
        assert labels.label_plan(spec_for(catalogues[kit], stock)).row_cap < READABLE, (kit, stock)


@pytest.mark.parametrize(
    "kit, stock, rows, columns",
    [
        ("nim", "plain", 3, 1),
        ("nim --heaps 1,2,3", "avery-l7160", 6, 1),  # a column beside the picture, the number under it
        ("nim --heaps 1,2,3,4", "zweckform-3651", 10, 2),  # too short for ten rows: two columns of five
    ],
)
def test_rows_fill_columns_top_down(catalogues, kit, stock, rows, columns):
    plan = labels.label_plan(spec_for(catalogues[kit], stock))
    assert len(plan.move_rows) == rows
    lefts = sorted({round(row.x, 6) for row in plan.move_rows})
    assert len(lefts) == columns
    first = [row for row in plan.move_rows if round(row.x, 6) == lefts[0]]
    assert first == list(plan.move_rows[: len(first)])  # down the first column, then the next
    assert all(a.top > b.top for a, b in pairwise(first))


@pytest.mark.parametrize(
    "kit, stock, lines, takes",
    [
        ("nim --heaps 1,2,3", "plain", 4, 3),
        ("nim --heaps 1,2,3,4,5", "plain", 6, 5),
        ("nim --heaps 1,2,3,4,5", "avery-l7160", 6, 5),
    ],
)
def test_many_takes_from_heaps_print_larger_as_a_table(catalogues, kit, stock, lines, takes):
    """A heading line ("take 1 2 3") and a line per heap ("from 3" and its dots): larger than a row per take
    where the rows would fall short of 2 mm."""
    spec = spec_for(catalogues[kit], stock)
    plan = labels.label_plan(spec)
    assert (len(plan.move_rows), plan.table_takes) == (lines, takes)
    first_box = spec.catalogue.boxes[-1]  # the full heaps: every take
    every_take = {heap: list(range(1, heap + 1)) for heap in spec.game.heaps}
    assert labels.takes_by_heap(spec.game, spec.off_cells(first_box.moves)) == every_take
    assert labels.takes_by_heap(spec.game, []) == {} and labels.takes_by_heap(spec.game, [1, 2]) == {}
    assert labels.takes_by_heap(catalogues["nim"].game, [1, 2]) == {}  # one pile: rows


def test_heap_rows_say_how_many_from_which_heap_in_english_and_german(catalogues):
    game = catalogues["nim --heaps 1,2,3"].game
    assert labels.row_words(game, HeapTake(3, 2)) == "2 from 3"
    assert labels.row_words(catalogues["nim"].game, 2) == "take 2"  # one pile: the take alone
    use_language("de")
    try:
        assert labels.row_words(game, HeapTake(3, 2)) == "2 von 3"
        assert labels.row_words(catalogues["nim"].game, 2) == "nimm 2"
        assert (_("take"), _("from {heap}")) == ("nimm", "von {heap}")  # the table's words
    finally:
        use_language("en")
