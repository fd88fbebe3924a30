"""A kit's state rebuilt from its events alone, through the same step that recorded each of them."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from kit.i18n import _
from tracker.state.events import Event, EventError, World, initial_world, step


@dataclass
class Replayed:
    """A kit rebuilt from its events: its final world and every game row."""

    world: World
    games: dict[str, dict[str, Any]] = field(default_factory=dict)
    events: int = 0


def replay(events: Iterable[Event]) -> Replayed:
    """Rebuilds a kit from its events, the first being kit_created; raises EventError at the first misfit."""
    iterator = iter(events)
    first = next(iterator, None)
    if first is None:
        raise EventError(_("the kit has no events"))
    done = Replayed(initial_world(first), events=1)
    for event in iterator:
        change = step(done.world, event)
        done.world = change.world
        done.events += 1
        if change.game_row is not None:
            done.games.setdefault(change.game_row["id"], {}).update(change.game_row)
    return done
