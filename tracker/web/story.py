"""A box's story, for a box opened from the wall: its bead counts after each game and the games that drew from
it, so a class sees why MENACE now plays what it plays. Read by replaying the kit's log through the one
``step`` (the counts as every game left them, census and refills included); nothing here writes.
"""

from __future__ import annotations

from typing import Any

from kit.i18n import _
from tracker.state import session as sessions
from tracker.state.errors import MenaceError
from tracker.state.events import initial_world, step
from tracker.state.kit_record import KitRecord
from tracker.store.event_store import Store

LAST_GAMES = 40  # the games that used the box, latest first: a box used in every game would list thousands


class NoSuchBox(MenaceError):
    """The kit has no box of that number."""


def story(store: Store, kit: KitRecord, box_id: int) -> dict[str, Any]:
    """Box ``box_id``'s counts by move code after game 0 (its start), 1, 2, ... (games counted as the running
    score counts them: finished ones), and the last LAST_GAMES games that drew from it, latest first."""
    if box_id not in kit.box_codes:
        raise NoSuchBox(_("kit {kit} has no box {box}").format(kit=kit.name, box=box_id))
    box = kit.box(box_id)
    events = (event for event, _hash in store.events(kit.id))
    world = initial_world(next(events))

    def counts() -> dict[str, int]:
        now = world.loaded_mirror[box_id]
        return {str(kit.code(move)): now.get(move, 0) for move in box.moves}

    after = [counts()]
    used: list[dict[str, Any]] = []
    for event in events:
        before = world
        world = step(world, event).world
        if event.kind == "game_ended" and before.session is not None:
            after.append(counts())
            drawn = [s.bead for s in before.session.draws if s.box == box_id]
            if drawn:
                used.append(_used(kit, box_id, before.session, drawn, len(after) - 1))
        elif event.kind == "reopened" and len(after) > 1:  # the game just finished is in play again
            after.pop()
            if used and used[-1]["game"] == len(after):
                used.pop()
    return {"box": box_id, "counts": after, "games": used[::-1][:LAST_GAMES], "used": len(used)}


def _used(
    kit: KitRecord, box_id: int, session: sessions.Session, drawn: list[Any], place: int
) -> dict[str, Any]:
    box = kit.box(box_id)
    beads = [
        {
            "code": kit.code(bead),
            "colour": kit.colour_of(box, bead).spoken,
            "rgb": kit.colour_of(box, bead).rgb,
        }
        for bead in drawn
    ]
    return {
        "game": place,
        "number": session.number,
        "opponent": str(session.opponent),
        "result": sessions.result(kit, session).value,
        "drawn": beads,
    }
