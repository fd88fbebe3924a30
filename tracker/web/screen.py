"""What the projector view adds to the live view: the moments a class should not miss (the first box empty,
the first draw) and where the opponent changed, counted along the running score's games axis.

Apart from tracker.web.view on purpose: this reads the games table only (one query), and the live view is
built elsewhere. Games are counted as the curve counts them: finished games, the first being 1.
"""

from __future__ import annotations

import json
from typing import Any

from tracker.state.kit_record import KitRecord
from tracker.store.event_store import Store


def screen(store: Store, kit: KitRecord) -> dict[str, Any]:
    """The projector's banners and curve marks for the kit now, read as one snapshot."""
    finished = store.games(kit, finished_only=True)
    first_id = kit.catalogue.first_box
    first_now = store.box_counts(kit, first_id)
    return {
        "version": store.head(kit.id),
        "first_box": {
            "box": first_id,
            "empty": sum(first_now.values()) == 0,
            "since": empty_since(finished) if sum(first_now.values()) == 0 else None,
        },
        "first_draw": first_draw(finished),
        "opponents": opponent_changes(finished),
    }


def opponent_changes(finished: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each run of games against one opponent: {"from": the first game's place on the curve, "opponent"}."""
    changes: list[dict[str, Any]] = []
    for place, row in enumerate(finished, start=1):
        if not changes or changes[-1]["opponent"] != row["opponent"]:
            changes.append({"from": place, "opponent": row["opponent"]})
    return changes


def first_draw(finished: list[dict[str, Any]]) -> dict[str, int] | None:
    """The kit's first drawn game: its place on the curve and its number (discarded games are numbered)."""
    for place, row in enumerate(finished, start=1):
        if row["result"] == "draw":
            return {"game": place, "number": row["number"]}
    return None


def empty_since(finished: list[dict[str, Any]]) -> dict[str, int] | None:
    """The game that emptied the first box for good (its place on the curve and its number); None when it
    was emptied some other way than by a game (a census, say)."""
    since = None
    for place, row in enumerate(finished, start=1):
        counts = json.loads(row["first_box"]) if row["first_box"] else None
        if counts is None:
            continue
        if sum(counts.values()) == 0:
            since = since or {"game": place, "number": row["number"]}
        else:
            since = None
    return since
