"""Label geometry as numbers: every stock on every paper it allows, labels on the page and apart, parts
apart, and bead dots inside their squares."""

from __future__ import annotations

from itertools import combinations

import pytest

from generator.documents import labels
from generator.documents.common import KitSpec
from generator.layout import (
    DOT_SHARE,
    MIN_HEIGHT_FOR_CODE,
    Rect,
    cell_centre,
    cell_rect,
    cell_size,
    heap_grid,
    plan_label,
    plan_sheet,
)
from generator.stocks import PAPERS, UnknownStockError, load_stock, stock_names
from kit.catalogue import build_catalogue
from kit.design import KitDesign
from kit.palettes import default_palette
from kit.picture import Heaps

STOCKS = ["avery-5160", "avery-l7160", "avery-l7651", "avery-l7654", "plain", "zweckform-3651"]
COMBINATIONS = [
    (name, paper) for name in STOCKS for paper in PAPERS if load_stock(name).paper in ("any", paper)
]


def test_every_stock_ships_and_parses():
    assert stock_names() == STOCKS
    assert len(COMBINATIONS) == 7  # plain on A4 and Letter, each label stock on its own paper


@pytest.mark.parametrize("name, paper", COMBINATIONS)
def test_labels_lie_on_the_page_without_overlapping(name, paper):
    sheet = plan_sheet(load_stock(name), paper)
    assert all(sheet.page.contains(slot) for slot in sheet.slots)
    assert not any(a.overlaps(b) for a, b in combinations(sheet.slots, 2))


@pytest.mark.parametrize(
    "name, paper, per_sheet, first",
    [
        ("plain", "a4", 32, Rect(9.0, 297 - 12.5 - 34, 48, 34)),  # 4 x 8, centred
        ("plain", "letter", 28, Rect(11.95, 279.4 - 20.7 - 34, 48, 34)),  # 4 x 7
        ("avery-l7651", "a4", 65, Rect(4.75, 297 - 10.7 - 21.2, 38.1, 21.2)),
        ("avery-l7160", "a4", 21, Rect(7.25, 297 - 15.15 - 38.1, 63.5, 38.1)),
        ("avery-5160", "letter", 30, Rect(4.7625, 279.4 - 12.7 - 25.4, 66.675, 25.4)),
        ("zweckform-3651", "a4", 40, Rect(0, 297 - 29.7, 52.5, 29.7)),
    ],
)
def test_known_sheets(name, paper, per_sheet, first):
    sheet = plan_sheet(load_stock(name), paper)
    assert len(sheet.slots) == per_sheet
    got = sheet.slots[0]
    assert (got.x, got.y, got.w, got.h) == pytest.approx((first.x, first.y, first.w, first.h), abs=1e-6)
    # the published grids are centred on the page to 0.1 mm (Avery's L7160 figures leave 7.17 mm on the right)
    last = sheet.slots[-1]
    assert sheet.width - last.right == pytest.approx(first.x, abs=0.1)
    assert last.y == pytest.approx(sheet.height - first.top, abs=0.1)


def test_offsets_move_the_print_right_and_down():
    stock = load_stock("avery-l7160")
    plain, moved = plan_sheet(stock, "a4"), plan_sheet(stock, "a4", offset_x=1.5, offset_y=-2.0)
    for a, b in zip(plain.slots, moved.slots, strict=True):
        assert (b.x - a.x, b.y - a.y) == pytest.approx((1.5, 2.0))


@pytest.mark.parametrize("name", STOCKS)
@pytest.mark.parametrize("move_rows, key", [(0, False), (3, False), (0, True)])
def test_label_parts_lie_inside_the_label_and_apart(name, move_rows, key, ttt):
    stock = load_stock(name)
    plan = plan_label(stock.label_width, stock.label_height, move_rows=move_rows, key=key)
    assert (plan.key is not None) == key
    label = Rect(0, 0, plan.width, plan.height)
    parts = plan.parts
    assert len(plan.move_rows) == move_rows
    assert all(label.contains(part) for part in parts.values()), parts
    assert not any(a.overlaps(b) for a, b in combinations(parts.values(), 2))
    assert (plan.code is None) == (stock.label_height < MIN_HEIGHT_FOR_CODE)
    board = ttt.picture(ttt.initial().position)
    assert all(plan.picture.contains(cell_rect(plan.picture, board, i)) for i in range(len(board.marks)))
    r = plan.row_radius
    for index, row in enumerate(plan.move_rows):
        cx, cy = plan.row_dot_centre(index)
        assert row.contains(Rect(cx - r, cy - r, 2 * r, 2 * r))
        assert cx + r < plan.row_text_x(index) < row.right  # the words start right of the dot
    assert (plan.row_cap > 1.5) == bool(move_rows)  # three rows of "take 2" are large on every stock


def test_only_the_mini_labels_drop_the_kit_code():
    stocks = {name: load_stock(name) for name in STOCKS}
    dropped = [n for n, s in stocks.items() if plan_label(s.label_width, s.label_height).code is None]
    assert dropped == ["avery-l7651"]


@pytest.mark.parametrize("name", STOCKS)
@pytest.mark.parametrize("catalogue", ["first", "second"])
def test_every_bead_dot_sits_inside_its_square(name, catalogue, request):
    """Where the drawing puts a label's dots (generator.drawing.draw_grid uses these same functions)."""
    cat = request.getfixturevalue(catalogue)
    game, boxes = cat.game, cat.boxes
    assert len(boxes) == {"first": 304, "second": 289}[catalogue]
    stock = load_stock(name)
    area = plan_label(stock.label_width, stock.label_height).picture
    for box in boxes:
        board = game.picture(box.position)
        r = cell_size(area, board) * DOT_SHARE
        for move in box.moves:
            square = game.move_mark(move).cell
            cx, cy = cell_centre(area, board, square)
            cell = cell_rect(area, board, square)
            assert cell.contains(Rect(cx - r, cy - r, 2 * r, 2 * r)), (box.id, square)
            # and clear of the square's edges by at least a tenth of the square, so grid lines never cut it
            assert min(cx - r - cell.x, cell.right - cx - r) >= cell.w * 0.1


@pytest.mark.parametrize("game, rows", [("nim", 3), ("tictactoe", 0)])
def test_labels_give_a_row_to_each_move_off_the_picture(game, rows):
    """Nim's takes have no cell on its picture of counters, so every Nim label gets a row per take (box 1 uses
    one of them); tic-tac-toe's moves are all squares of the board, so its labels get none."""
    spec = KitSpec(KitDesign.of(build_catalogue(game), default_palette(game)), load_stock("plain"), "a4")
    assert len(labels.label_plan(spec).move_rows) == rows


@pytest.mark.parametrize(
    "heaps, grid",
    [
        (Heaps((4,), (9,)), (3, 3)),  # Nim's pile of 9: a 3 x 3 block, whatever is left
        (Heaps((1, 2, 3), (1, 2, 3)), (3, 3)),  # one row per heap
        (Heaps((1, 2, 3, 4), (1, 2, 3, 4)), (4, 4)),
        (Heaps((0, 2, 3, 4, 5), (1, 2, 3, 4, 5)), (5, 5)),  # five heaps read as five rows, not six
        (Heaps((10,), (10,)), (4, 3)),  # a heap wider than the block wraps onto more rows
    ],
)
def test_counters_are_laid_out_in_a_block_with_a_row_per_heap(heaps, grid):
    assert heap_grid(heaps) == grid


def test_stock_errors_name_the_choices():
    with pytest.raises(UnknownStockError, match="unknown stock 'nope': choose one of avery-5160, "):
        load_stock("nope")
    with pytest.raises(UnknownStockError, match="stock 'avery-5160' is printed on letter paper, not a4"):
        load_stock("avery-5160").paper_for("a4")
    assert load_stock("avery-5160").paper_for(None) == "letter"
    assert load_stock("plain").paper_for("letter") == "letter"
    assert load_stock("plain").paper_for(None) == "a4"


def test_the_sticky_matchbox_stock_fits_a_box_top_and_fills_its_sheet_evenly():
    stock = load_stock("avery-l7654")
    sheet = plan_sheet(stock, "a4")
    assert len(sheet.slots) == 40 and (stock.label_width, stock.label_height) == (45.7, 25.4)
    assert stock.label_width < 53 and stock.label_height < 36.5 and not stock.trimmed
    gaps = sheet.clearance()  # no trims, no cut lines: the labels' print, each inside its label
    assert gaps["left"] == pytest.approx(gaps["right"]) and gaps["top"] == pytest.approx(gaps["bottom"])
    assert sheet.slots[0].x == pytest.approx(210 - sheet.slots[-1].right)
    assert sheet.height - sheet.slots[0].top == pytest.approx(sheet.slots[-1].y)
