"""A kit's log and head as the store tests compare them: store only, so the tests that use them run on the
test-only install (no web extra)."""

from __future__ import annotations

from typing import Any

from tracker.store.event_store import Store


def log(db: str, kit: str) -> list[tuple[str, dict[str, Any]]]:
    """The kit's events as (kind, data), game ids replaced by the game's number, so two stores compare."""
    store = Store(db)
    try:
        kit_id = store.kit(kit).id
        numbers: dict[str, int] = {}
        events = []
        for event, _ in store.events(kit_id):
            if event.kind == "kit_created":
                continue
            data = dict(event.data)
            if event.kind == "game_started":
                numbers[data["game"]] = data["number"]
            if "game" in data:
                data["game"] = numbers[data["game"]]
            if event.kind in ("reopened", "undone"):
                data.pop("event")  # an event id: differs between stores by nature
            events.append((event.kind, data))
        return events
    finally:
        store.close()


def head(db: str, kit: str) -> str | None:
    store = Store(db)
    try:
        return store.head(store.kit(kit).id)
    finally:
        store.close()
