"""Words people read: counts in the singular when there is one, and the tracker's count named as such."""

from __future__ import annotations

from kit.i18n import use_language
from tests.cli import run
from tracker.lab.compare import compare_lines


def test_one_menace_and_one_game_are_singular_in_the_simulation_summary() -> None:
    first = run("simulate", "--games", "1", "--seed", "1").output.splitlines()[0]
    assert first.endswith(": 1 game x 1 MENACE, seed 1"), first
    first = run("simulate", "--game", "nim", "--games", "3", "--population", "2", "--seed", "1").output
    assert ": 3 games x 2 MENACEs, seed 1" in first
    german = run("--lang", "de", "simulate", "--games", "1", "--seed", "1").output.splitlines()[0]
    use_language("en")  # the command set German for the process: the tests after this one read English
    assert german.endswith(": 1 Spiel x 1 MENACE, Seed 1") and "MENACE zieht zuerst" in german, german


def test_one_seed_is_singular() -> None:
    use_language("en")
    assert "; 1 seed. Games to stop losing" in compare_lines([], 1)[0]
    assert "; 3 seeds. Games to stop losing" in compare_lines([], 3)[0]
    use_language("de")
    try:
        assert "; 1 Seed. Spiele bis" in compare_lines([], 1)[0]
    finally:
        use_language("en")


def test_a_match_says_how_many_games_menace_resigned() -> None:
    """MENACE against perfect play: 24 draws, then it resigns at an empty box; the counts alone hid that."""
    lines = run("match", "--first", "menace", "--second", "perfect", "--games", "500", "--seed", "1").output
    assert lines.splitlines()[2:] == [
        "draws: 24",
        "second player (perfect) wins: 476",
        "menace resigned 440 games: a box it had to draw from was empty",
    ]
    quiet = run("match", "--game", "nim", "--first", "random", "--second", "random", "--games", "5").output
    assert "resigned" not in quiet  # nobody resigns, nothing is said
