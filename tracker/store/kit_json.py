"""A kit's numbers as JSON data, the one source for `menace stats --json`, `menace boxes --kit --json` and the
classroom screen's API, so the three cannot drift apart."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from kit.finder import finder_key
from kit.matchbox import Catalogue
from kit.palettes import Palette
from kit.score import score_rule
from tracker.state.kit_record import KitRecord
from tracker.state.stats import summarise
from tracker.store.event_store import Store


def stats_data(store: Store, kit: KitRecord) -> dict[str, Any]:
    """`menace stats --json`: totals, Michie's score, streaks and the first box's beads (codes as keys)."""
    catalogue = kit.catalogue
    with store.snapshot():  # the results and the first box after the same game
        first = store.box_counts(kit, catalogue.first_box)
        results = store.results(kit)
    return {
        "kit": kit.name,
        **summarise(results),
        "score_rule": score_rule(kit.catalogue.game),  # what a game adds to the score, by result
        "first_box": {"id": catalogue.first_box, "beads": {str(kit.code(m)): n for m, n in first.items()}},
        "first_move_boxes": sorted(catalogue.first_move_boxes),
    }


def kit_catalogue(store: Store, kit: KitRecord) -> tuple[Catalogue, int]:
    """The kit's catalogue with its boxes holding the store's bead counts now, and its finished games."""
    with store.snapshot():
        mirror = store.mirror(kit)
        games = store.finished_games(kit)
    boxes = tuple(replace(b, beads=tuple(mirror[b.id].get(m, 0) for m in b.moves)) for b in kit.boxes)
    return replace(kit.catalogue, boxes=boxes), games


def boxes_data(store: Store, kit: KitRecord) -> dict[str, Any]:
    """`menace boxes --kit NAME --json`: every box with its beads now."""
    catalogue, games = kit_catalogue(store, kit)
    return {**catalogue_data(catalogue, kit.palette), **kit_fields(kit, games)}


def catalogue_data(catalogue: Catalogue, palette: Palette) -> dict[str, Any]:
    """`menace boxes --json`: the catalogue's JSON with each box's finder key (null where a game has none)
    and its bead colours in ``palette`` by move code, as `menace box --json` names them."""
    data = catalogue.to_json()
    for entry, box in zip(data["boxes"], catalogue.boxes, strict=True):
        entry["finder_key"] = finder_key(catalogue.game, box.position)
        colours = palette.box_colours(catalogue.move_codes(box.moves))
        entry["colours"] = {str(code): colour.spoken for code, colour in colours.items()}
    return data


def kit_fields(kit: KitRecord, games: int) -> dict[str, Any]:
    """What `menace boxes --kit --json` adds to the catalogue's JSON."""
    # The counts changed, so the catalogue's own hash would too: the kit keeps its printed fingerprint.
    return {"fingerprint": kit.fingerprint, "kit": kit.name, "games": games}
