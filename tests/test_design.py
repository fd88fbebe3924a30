"""A kit's design (kit.design) and the stored kit that keeps one (tracker.state.kit_record, tracker.store)."""

from __future__ import annotations

import pytest

import kit.catalogue
from kit.catalogue import build_catalogue
from kit.design import KitDesign, design_kit, in_palette
from kit.games import game_from_spec
from kit.palettes import UnknownPaletteError, load_palette
from kit.rules import load_rules
from tests.cli import play_random, run
from tracker.state.kit_record import KitRecord
from tracker.store.event_store import Store, new_id


def test_michies_kit_is_named_by_its_known_fingerprint_and_code():
    design = design_kit(game_from_spec("tictactoe"), "first", load_rules("michie"))
    assert (design.fingerprint, design.code, design.palette.name) == ("1599a041ae63", "1599A0", "craft")
    assert len(design.catalogue.boxes) == 304 and design.menace_plays == "first"


def test_a_palette_with_too_few_colours_is_refused_for_the_boxes():
    catalogue = build_catalogue("nim --heaps 9", "first")
    with pytest.raises(UnknownPaletteError, match="too few"):
        in_palette(build_catalogue("tictactoe", "first"), load_palette("nim-takes"))
    assert in_palette(catalogue).palette.name == game_from_spec("nim").default_palette


def test_a_stored_kit_keeps_the_design_it_was_made_of(tmp_path):
    design = design_kit(game_from_spec("hexapawn"), "second")
    store = Store(tmp_path / "m.sqlite3", create=True)
    store.create_kit(KitRecord.made(new_id(), "h", design))
    assert store.kit("h").design == design


def test_a_stored_kit_printed_as_it_stands_keeps_its_own_code():
    design = design_kit(game_from_spec("tictactoe"), "first")
    emptied = tuple(
        box.__class__(box.id, box.position, box.move_number, box.moves, (0,) * len(box.moves))
        for box in design.catalogue.boxes
    )
    as_it_stands = KitDesign(
        design.catalogue.__class__(design.game, "first", design.rules, emptied),
        design.palette,
        design.fingerprint,
    )
    assert as_it_stands.code == design.code != KitDesign.of(as_it_stands.catalogue, design.palette).code


def test_everyday_commands_open_a_stored_kit_without_walking_its_game(tmp_path, monkeypatch):
    db = str(tmp_path / "m.sqlite3")
    assert run("new", "k", "--db", db).exit_code == 0
    assert play_random(db, games=3, seed=1).exit_code == 0

    def no_walk(*args, **kwargs):
        raise AssertionError("the game was walked")

    monkeypatch.setattr(kit.catalogue, "states", no_walk)
    build_catalogue.cache_clear()
    try:
        for command in (["stats"], ["box", "1"], ["games"], ["boxes", "--kit", "k"], ["kits"]):
            result = run(*command, "--db", db)
            assert result.exit_code == 0, (command, result.output)
    finally:
        build_catalogue.cache_clear()  # no catalogue made without the walk stays in the cache


def test_opening_a_stored_kit_costs_the_same_whatever_games_it_has_played(tmp_path):
    """Counted in SQLite's steps, not seconds: a kit's copies of its files are in its first event, and the
    search for it stops there rather than reading every event the kit has."""
    db = str(tmp_path / "m.sqlite3")
    assert run("new", "k", "--db", db).exit_code == 0

    def steps_to_open() -> int:
        store = Store(tmp_path / "m.sqlite3")
        steps = [0]

        def count() -> int:
            steps[0] += 1
            return 0

        store.db.set_progress_handler(count, 10)
        store.kit("k")
        return steps[0]

    fresh = steps_to_open()
    assert play_random(db, games=60, seed=1).exit_code == 0
    assert steps_to_open() < fresh * 1.5
