"""The finder key: the same for every board of a box, small groups, and the same key from the library, the
command line, the labels and the finder's sub-headings."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from generator.documents import finder, labels
from generator.documents.common import MAX_GROUP, KitSpec
from generator.stocks import load_stock
from kit.catalogue import build_catalogue
from kit.design import KitDesign
from kit.finder import cell_orbits, finder_key
from kit.game import SIDES
from kit.games import get_game
from kit.matchbox import NotABoxError
from kit.palettes import default_palette
from kit.walk import states
from tracker.cli.main import main

TTT = get_game("tictactoe")


def test_the_cells_fall_into_the_orbits_of_each_games_symmetries():
    assert cell_orbits(TTT) == ((4,), (0, 2, 6, 8), (1, 3, 5, 7))  # centre, corners, edges
    assert cell_orbits(get_game("hexapawn")) == ((1,), (4,), (7,), (0, 2), (3, 5), (6, 8))  # the mirror
    assert cell_orbits(get_game("nim")) is None and finder_key(get_game("nim"), 5) is None


def test_a_key_counts_the_pieces_on_centre_corners_and_edges():
    assert finder_key(TTT, "XO.X..O.X") == "-/XXO/XO"
    assert finder_key(TTT, "....X....") == "X/-/-"
    assert finder_key(TTT, "O.X.X.X.O") == "X/XXOO/-"


def real_boxes(side: str) -> list[tuple[str, int]]:
    """Every legal board on which MENACE has a box, and that box's number."""
    catalogue = build_catalogue("tictactoe", side)
    found = []
    for state in states(TTT, reduce=False):
        if state.to_move != SIDES[side]:
            continue
        try:
            found.append((TTT.position_text(state.position), catalogue.place(state.position).box.id))
        except NotABoxError:
            continue  # finished, or MENACE's forced last move
    return found


@pytest.mark.parametrize("side, boards, biggest", [("first", 2201, 18), ("second", 2097, 18)])
def test_every_board_has_its_boxs_key_and_no_key_holds_more_than_20_boxes_of_a_level(side, boards, biggest):
    catalogue = build_catalogue("tictactoe", side)
    keys = {box.id: finder_key(TTT, box.position) for box in catalogue.boxes}
    real = real_boxes(side)
    assert len(real) == boards
    assert all(finder_key(TTT, board) == keys[box] for board, box in real)
    groups = Counter((box.move_number, keys[box.id]) for box in catalogue.boxes)
    assert max(groups.values()) == biggest <= MAX_GROUP


def test_boxes_and_find_give_the_same_key_on_the_command_line():
    listed = json.loads(CliRunner().invoke(main, ["boxes", "--json"]).output)
    keys = {entry["id"]: entry["finder_key"] for entry in listed["boxes"]}
    assert keys[1] == "-/-/-" and len(keys) == 304
    for board, box in real_boxes("first")[::5]:  # every 5th board: the library test covers them all
        found = json.loads(CliRunner().invoke(main, ["find", board, "--json"]).output)
        assert (found["box"], found["finder_key"]) == (box, keys[box]), board
    nim = json.loads(CliRunner().invoke(main, ["find", "--game", "nim", "7", "--json"]).output)
    assert nim["finder_key"] is None


def pdf_text(path) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(path).pages)


def key_spec(side: str) -> KitSpec:
    catalogue = build_catalogue("tictactoe", side)
    return KitSpec(KitDesign.of(catalogue, default_palette("tictactoe")), load_stock("plain"), "a4")


@pytest.mark.parametrize("side", ["first", "second"])
def test_the_labels_show_the_keys(tmp_path, side):
    spec = key_spec(side)
    keys = spec.finder_keys
    assert keys is not None
    labels.write(tmp_path / "labels.pdf", spec)
    lines = pdf_text(tmp_path / "labels.pdf").splitlines()
    printed = [line.split()[1] for line in lines if line.startswith("key ")]
    assert Counter(printed) == Counter(keys.values())


@pytest.mark.parametrize("side", ["first", "second"])
def test_the_finder_shows_the_keys(tmp_path, side):
    spec = key_spec(side)
    keys = spec.finder_keys
    assert keys is not None
    finder.write(tmp_path / "finder.pdf", spec)
    text = pdf_text(tmp_path / "finder.pdf")
    pictures = "\n".join(page.extract_text() for page in PdfReader(tmp_path / "finder.pdf").pages[2:])
    headings = [line.split()[1] for line in pictures.splitlines() if line.startswith("key ")]  # not the index
    groups = {(box.move_number, keys[box.id]) for box in spec.catalogue.boxes}
    assert len(headings) == len(groups)
    assert "Find a box in three steps" in text and "at most 18 pictures" in text
    assert "Read the board on the table as centre / corners / edges" in " ".join(text.split())


def test_kits_with_small_levels_have_no_keys_on_their_labels():
    for game in ("nim", "hexapawn"):
        design = KitDesign.of(build_catalogue(game, "second"), default_palette(game))
        spec = KitSpec(design, load_stock("plain"), "a4")
        assert spec.finder_keys is None and labels.label_plan(spec).key is None
