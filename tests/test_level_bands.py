"""The move-level bands (labels, finder, drawer fronts) told apart in grey: each level's colour has its own
lightness, and its words are black or white, whichever reads on it."""

from __future__ import annotations

import itertools

import pytest

from generator.drawing import LEVEL_COLOURS, ink_on, level_colour, luminance


def lightness(rgb: str) -> float:
    """CIE L* (0 black .. 100 white): how light a colour prints in grey."""
    y = luminance(rgb)
    return 116 * y ** (1 / 3) - 16 if y > 216 / 24389 else y * 24389 / 27


def test_the_levels_print_as_greys_at_least_15_lightness_apart():
    # Noughts and crosses has four levels (five with --forced-boxes); before, levels 1-4 were L* 45, 35,
    # 36 and 45: one dark grey.
    assert [round(lightness(LEVEL_COLOURS[n])) for n in range(1, 6)] == [19, 70, 36, 86, 54]
    for a, b in itertools.combinations(range(1, 6), 2):
        assert abs(lightness(level_colour(a)) - lightness(level_colour(b))) >= 15, (a, b)


@pytest.mark.parametrize("level", [*range(1, 7), None])
def test_a_bands_words_contrast_with_it(level):
    colour = level_colour(level)
    light, ink = sorted((luminance(colour), luminance(ink_on(colour))))
    assert (ink + 0.05) / (light + 0.05) >= 4.5  # WCAG AA for text
