"""Rules presets and bead palettes: the shipped data files say what their sources say."""

from __future__ import annotations

import json
from importlib import resources

import pytest

from kit import datafiles
from kit.game import Result
from kit.games import get_game
from kit.palettes import UnknownColourError, UnknownPaletteError, load_palette, palette_names
from kit.rules import UnknownRulesError, default_rules, load_rules, preset_names


def test_shipped_presets():
    assert set(preset_names()) >= {"michie", "scroggs", "golf", "nim", "nim-floor0"}
    assert default_rules("tictactoe").name == "michie" and default_rules("nim").name == "nim"


@pytest.mark.parametrize(
    "name, beads, changes, floor, empty, keep_one, beads_on",
    [
        ("michie", (4, 3, 2, 1), (3, 1, -1), 0, "resign", "none", "distinct"),
        ("scroggs", (8, 4, 2, 1), (3, 1, -1), 0, "resign", "none", "distinct"),
        ("golf", (1,), (1, 0, -1), 0, "refill", "none", "every"),
        ("nim", (3,), (1, 0, -1), 1, "resign", "none", "every"),
        ("nim-floor0", (3,), (1, 0, -1), 0, "resign", "every-box", "every"),
    ],
)
def test_preset_values(name, beads, changes, floor, empty, keep_one, beads_on):
    rules = load_rules(name)
    assert rules.initial_beads == beads
    assert (rules.change(Result.WIN), rules.change(Result.DRAW), rules.change(Result.LOSS)) == changes
    policies = (rules.floor, rules.empty_box, rules.keep_one, rules.beads_on)
    assert policies == (floor, empty, keep_one, beads_on)
    assert rules.description


def test_the_shipped_files_read_alike_from_the_folder_and_through_importlib_resources(monkeypatch):
    """kit.datafiles reads kit/'s files from the disk, and through importlib.resources where kit/ is not a
    folder (a zip): both find the same files with the same contents."""

    def read_all() -> tuple[object, ...]:
        return datafiles.names("presets"), datafiles.names("palettes"), datafiles.read("presets", "michie")

    on_disk, asked, files = read_all(), [], resources.files
    monkeypatch.setattr(resources, "files", lambda package: asked.append(package) or files(package))
    assert read_all() == on_disk and asked == []  # straight from kit/
    monkeypatch.setattr(datafiles, "__file__", "/nowhere/kit/datafiles.py")
    assert read_all() == on_disk and set(asked) == {"kit"}
    assert "michie" in on_disk[0] and on_disk[2]["game"] == "tictactoe"  # type: ignore[index]


def test_golf_refills_with_three():
    assert load_rules("golf").refill_beads == 3


def test_initial_count_by_move_number():
    michie = load_rules("michie")
    assert [michie.initial_count(m) for m in (1, 2, 3, 4)] == [4, 3, 2, 1]
    assert load_rules("nim").initial_count(None) == 3


@pytest.mark.parametrize("name, game", [("nope", None), ("../michie", None), ("nim", "tictactoe")])
def test_unknown_or_wrong_game_rules(name, game):
    with pytest.raises(UnknownRulesError, match="choose one of"):
        load_rules(name, game=game)


def test_palettes_have_a_unique_letter_per_colour_and_a_colour_for_every_bead():
    from kit.catalogue import build_catalogue

    for name in palette_names():
        palette = load_palette(name)
        size = len(palette.colours)
        assert len({c.code.lower() for c in palette.colours}) == size
        assert len({c.name for c in palette.colours}) == size
        game = get_game(palette.game)
        boxes = [  # every box of the palette's game, under any preset and on either side, as move codes
            {game.move_code(move) for move in box.moves}
            for rules in preset_names(palette.game)
            for side in ("first", "second")
            for box in build_catalogue(palette.game, side, load_rules(rules)).boxes
        ]
        for codes in boxes:  # a colour for every move, and no two moves of a box share one
            colours = palette.box_colours(codes)
            assert set(colours) == codes and len(set(colours.values())) == len(codes), name


def test_michie_1963_colour_code():
    palette = load_palette("michie-1963")
    names = [palette.for_move(square).name for square in range(9)]
    assert names == ["white", "lilac", "silver", "black", "gold", "green", "amber", "red", "pink"]
    assert [palette.for_move(s).name for s in (0, 1, 4)] == ["white", "lilac", "gold"]


def test_colour_parsing():
    palette = load_palette("craft")
    assert palette.parse("Red").move == 0
    assert palette.parse(" k ").name == "black"
    assert palette.parse("vio").name == "violet"
    assert palette.parse("b", among=(2, 4)).name == "blue"  # the letter wins over a name prefix
    with pytest.raises(UnknownColourError, match="is not a colour here"):
        palette.parse("mauve")
    with pytest.raises(UnknownColourError, match="is not a colour here"):
        palette.parse("red", among=(1, 2))
    with pytest.raises(UnknownColourError, match="type a colour"):
        palette.parse("  ")
    assert load_palette("michie-1963").parse("g").name == "gold"
    with pytest.raises(UnknownColourError, match="could be blue or black"):
        palette.parse("bl")


def test_unknown_palette():
    with pytest.raises(UnknownPaletteError, match="choose one of"):
        load_palette("rainbow")
    with pytest.raises(UnknownPaletteError, match="not tictactoe"):
        load_palette("nim-craft", game="tictactoe")


def test_a_rules_policy_is_a_value_whose_word_is_the_files():
    from dataclasses import replace

    from kit.rules import BeadsOn, EmptyBox, KeepOne, Punish

    rules = load_rules("scroggs")
    assert (rules.empty_box, rules.keep_one, rules.beads_on, rules.punish) == (
        EmptyBox.RESIGN,
        KeepOne.NONE,
        BeadsOn.DISTINCT,
        Punish.EVERY_MOVE,
    )
    assert replace(rules, empty_box="refill").empty_box is EmptyBox.REFILL  # a word becomes its value once
    assert json.dumps(rules.as_dict()) == json.dumps({**rules.as_dict(), "empty_box": "resign"})
