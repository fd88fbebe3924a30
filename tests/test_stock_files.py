"""`--stock FILE.toml`: labels of a size no shipped stock has, from a builder's own file with the shipped
stocks' fields, each wrong field refused in one line, and the stock kept in the kit's manifest."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from generator.documents import labels
from generator.layout import SAFE_EDGE, plan_sheet
from generator.printed_kit import KitOptions, plan_kits
from generator.stocks import UnknownStockError, choose_stock, load_stock, stock_names
from tests.ink import layout_faults, recording
from tracker.cli.main import main

CUPS = 'title = "Cups of the after-school club"\nlabel_width = 40\nlabel_height = 28\n'


def test_a_stock_file_prints_labels_of_its_own_size(tmp_path, monkeypatch):
    path = tmp_path / "cups.toml"
    path.write_text(CUPS)
    stock = choose_stock(str(path))
    assert (stock.label_width, stock.label_height) == (40.0, 28.0) and stock.from_file and stock.cut_lines
    shipped = {(load_stock(n).label_width, load_stock(n).label_height) for n in stock_names()}
    assert (40.0, 28.0) not in shipped
    (spec,) = plan_kits(KitOptions(game="hexapawn", stock=choose_stock(str(path))))
    sheet = plan_sheet(spec.stock, spec.paper)
    assert len(sheet.slots) == 4 * 10 and (sheet.slots[0].w, sheet.slots[0].h) == (40.0, 28.0)
    with recording(monkeypatch) as canvases:
        labels.write(tmp_path / "labels.pdf", spec)
    assert layout_faults(canvases[0].inks, spec.page_mm, SAFE_EDGE) == []


def test_the_kit_keeps_its_stock_file(tmp_path):
    (tmp_path / "cups.toml").write_text(CUPS)
    result = CliRunner().invoke(
        main,
        ["generate", "--game", "nim", "--stock", str(tmp_path / "cups.toml"), "--out", str(tmp_path / "out")],
    )
    assert result.exit_code == 0, result.output
    manifest = json.loads((tmp_path / "out" / "nim" / "kit.json").read_text())
    assert manifest["stock"] == "cups.toml"
    assert manifest["stock_file"]["label_width"] == 40.0 and manifest["stock_file"]["paper"] == "any"


@pytest.mark.parametrize(
    "text, message",
    [
        ("label_width = 40\nlabel_heigth = 28\n", "unknown field 'label_heigth': the fields are title, "),
        (
            'label_width = "40"\nlabel_height = 28\n',
            "label_width must be a length in mm from 10 to 1000, not '40'",
        ),
        ("label_width = 40\n", "label_height is required: a length in mm"),
        ("label_width = 8\nlabel_height = 28\n", "label_width must be a length in mm from 10 to 1000, not 8"),
        ("label_width = 40\nlabel_height = 28\ncut_lines = 1\n", "cut_lines must be true or false, not 1"),
        ('label_width = 40\nlabel_height = 28\npaper = "a5"\n', "paper must be one of a4, letter, any"),
        (
            "label_width = 40\nlabel_height = 28\ncolumns = 4\n",
            "give all of columns, rows, left, top, pitch_x",
        ),
        (
            'paper = "a4"\nlabel_width = 40\nlabel_height = 28\ncolumns = 6\nrows = 10\nleft = 5\ntop = 5\n'
            "pitch_x = 40\npitch_y = 28\n",
            "its grid of 6 x 10 labels runs off a4 paper",
        ),
        ("label_width = 200\nlabel_height = 28\n", "a label of 200 x 28 mm does not fit on A4 or Letter"),
        ('label_width = 40\nlabel_height = 28\npaper = "a4"\n', 'plain paper (no grid) needs paper = "any"'),
    ],
)
def test_a_wrong_field_is_refused_in_one_line_and_nothing_is_written(tmp_path, text, message):
    path = tmp_path / "mine.toml"
    path.write_text(text)
    with pytest.raises(UnknownStockError) as error:
        choose_stock(str(path))
    assert str(error.value).startswith(f"{path}: ") and message in str(error.value)
    result = CliRunner().invoke(
        main, ["generate", "--game", "nim", "--stock", str(path), "--out", str(tmp_path / "out")]
    )
    assert result.exit_code == 2 and len(result.output.strip().splitlines()) == 1, result.output
    assert message in result.output and not (tmp_path / "out").exists()


def test_a_missing_stock_file_is_one_line():
    result = CliRunner().invoke(main, ["generate", "--stock", "no-such-stock.toml"])
    assert result.exit_code == 2 and result.output.strip() == "Error: no-such-stock.toml: no such file"
