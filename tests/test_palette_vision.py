"""Bead colours for every pupil's eyes: in every default palette, two colours that can share a box stay
apart under simulated protanopia, deuteranopia and tritanopia (kit.palettes, kit.catalogue)."""

from __future__ import annotations

from itertools import combinations

import numpy as np
import pytest
from colorspacious import cspace_convert, deltaE

from kit.catalogue import build_catalogue
from kit.games import game_from_spec
from kit.palettes import Colour, Palette, load_palette, palette_names

# Machado et al.'s simulation at full severity: protanopia, deuteranopia and tritanopia.
KINDS = ("protanomaly", "deuteranomaly", "tritanomaly")
LEAST = 10.0  # CAM02-UCS; the eight Okabe-Ito colours with white keep at least 11

# Every kit a default palette prints: the games' default options on both sides, a pile whose turns take up
# to 9 (nim-takes' every colour) and heaps 1..4 (the first ten colours of nim-heaps; a heap of 5 adds five
# more, which its legend says the letters tell apart).
KITS = [
    ("tictactoe", "first"),
    ("tictactoe", "second"),
    ("hexapawn", "first"),
    ("hexapawn", "second"),
    ("nim", "first"),
    ("nim", "second"),
    ("nim --max-take 9", "first"),
    ("nim --heaps 1,2,3,4", "first"),
]


def _rgb(colour: Colour) -> np.ndarray:
    return np.array([int(colour.rgb[i : i + 2], 16) for i in (1, 3, 5)]) / 255


def seen_apart(a: Colour, b: Colour) -> float:
    """The least CAM02-UCS distance between two colours as the three kinds of colour blindness see them."""

    def seen(colour: Colour, kind: str) -> np.ndarray:
        simulated = cspace_convert(
            _rgb(colour), {"name": "sRGB1+CVD", "cvd_type": kind, "severity": 100}, "sRGB1"
        )
        return np.clip(simulated, 0, 1)

    return min(float(deltaE(seen(a, kind), seen(b, kind), input_space="sRGB1")) for kind in KINDS)


def close_pairs(palette: Palette, boxes: list[list[int]]) -> list[tuple[str, str, float]]:
    """The pairs of colours that share one of ``boxes`` (each its move codes) and are closer than LEAST."""
    pairs = {
        tuple(sorted(pair, key=lambda c: c.move))
        for codes in boxes
        for pair in combinations(palette.box_colours(codes).values(), 2)
    }
    found = [(a.name, b.name, round(seen_apart(a, b), 1)) for a, b in pairs]
    return sorted(pair for pair in found if pair[2] < LEAST)


def _boxes(spec: str, side: str) -> list[list[int]]:
    catalogue = build_catalogue(spec, side)
    return [catalogue.move_codes(box.moves) for box in catalogue.boxes]


@pytest.mark.parametrize("spec, side", KITS)
def test_colours_sharing_a_box_stay_apart_for_colour_blind_eyes(spec: str, side: str) -> None:
    palette = load_palette(game_from_spec(spec).default_palette)
    assert close_pairs(palette, _boxes(spec, side)) == []


def test_every_default_palette_is_checked() -> None:
    checked = {game_from_spec(spec).default_palette for spec, _side in KITS}
    defaults = {"craft", "hexapawn-clear", "nim-craft", "nim-takes", "nim-heaps"}
    assert checked == defaults
    assert defaults <= set(palette_names())


def test_the_old_craft_red_and_green_fail() -> None:
    """The craft palette's red and green before the Okabe-Ito colours: 4.6 apart under deuteranopia."""
    red, green = Colour(0, "red", "R", "#d7263d"), Colour(3, "green", "G", "#2e9e44")
    old = Palette("old-craft", "tictactoe", "old", "", (red, green))
    assert close_pairs(old, _boxes("tictactoe", "first")) == [("red", "green", 4.6)]
    okabe = [
        Colour(i, rgb, "X", rgb)
        for i, rgb in enumerate(
            [
                "#000000",
                "#e69f00",
                "#56b4e9",
                "#009e73",
                "#f0e442",
                "#0072b2",
                "#d55e00",
                "#cc79a7",
                "#ffffff",
            ]
        )
    ]
    assert round(min(seen_apart(a, b) for a, b in combinations(okabe, 2)), 1) == 11.0


@pytest.mark.parametrize("name", palette_names())
def test_a_palette_with_close_colours_says_the_letters_tell_them_apart(name: str) -> None:
    palette = load_palette(name)
    close = any(seen_apart(a, b) < LEAST for a, b in combinations(palette.colours, 2))
    assert close == (name in {"hexapawn-craft", "michie-1963", "nim-heaps"})
    if close:
        assert "letter beads carry it on the bead" in palette.description.replace("\n", " ")
