"""What the classroom screen shows of a kit, as JSON data: the game in progress with the box in use, the
totals and curves, and every box with its beads now. Read through the store; nothing here writes.

Moves are named by their codes (a tic-tac-toe square is 0-8, square 1 is 0), as in every JSON the tracker
writes; each also carries its text for people (squares 1-9).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

from kit.matchbox import BeadChange, Box
from kit.picture import ByKind, Grid, Heaps, Picture
from tracker.state import session as sessions
from tracker.state.events import World
from tracker.state.kit_record import KitRecord
from tracker.state.opponents import HUMAN
from tracker.state.session import Session, Turn
from tracker.state.stats import running_score, summarise
from tracker.store.event_store import Store
from tracker.table.corrections import settle_instruction


def version(store: Store, kit: KitRecord) -> dict[str, Any]:
    """The cheap change counter the pages poll: the id of the kit's last event (one indexed lookup)."""
    return {"version": store.head(kit.id)}


def live(store: Store, kit: KitRecord) -> dict[str, Any]:
    """Everything the live page draws, read as one snapshot of the kit."""
    world = store.world(kit)
    assert world.mirror is not None
    results = store.results(kit, first_box=True)
    first = kit.box(kit.catalogue.first_box)
    return {
        "kit": header(kit),
        "version": world.head,
        "totals": summarise(results),
        "curve": running_score(results),
        "first_box": {
            "box": box_view(kit, first, first.initial_counts()),  # the beads it started with
            "history": [json.loads(row["first_box"]) for row in results if row["first_box"]],
        },
        "game": game_view(world),
        "ended": ended_view(world),
        "boxes": [box_view(kit, box, world.mirror[box.id]) for box in kit.boxes],
    }


def header(kit: KitRecord) -> dict[str, Any]:
    game = kit.catalogue.game
    return {
        "name": kit.name,
        "game": game.name,
        "title": game.title,
        "menace_plays": kit.menace_plays,
        "rules": kit.rules_name,
        "palette": kit.palette_name,
        "fingerprint": kit.fingerprint,
        "kit_code": kit.kit_code,  # what the labels print
    }


def picture_view(picture: Picture) -> dict[str, Any]:
    """The picture as the page's JSON draws it, by its kind (VIEWS; kit.picture says how to add a kind)."""
    return VIEWS.of(picture)(picture)


def _grid_view(grid: Grid) -> dict[str, Any]:
    return {
        "rows": grid.rows,
        "columns": grid.columns,
        "marks": list(grid.marks),
        "row_names": list(grid.row_names),
        "column_names": list(grid.column_names),
    }


VIEWS: ByKind[Callable[[Any], dict[str, Any]]] = ByKind("web view")
VIEWS.register(Grid, _grid_view)
VIEWS.register(Heaps, lambda heaps: {"heaps": list(heaps.tokens)})


def box_view(kit: KitRecord, box: Box, counts: Mapping[Any, int], drawn: Any = None) -> dict[str, Any]:
    """A box as its label shows it, each bead colour with its count, chance and the cell it marks."""
    game = kit.catalogue.game
    total = sum(counts.get(m, 0) for m in box.moves)
    beads = []
    for move in box.moves:
        colour, mark, count = kit.colour_of(move), game.move_mark(move), counts.get(move, 0)
        beads.append(
            {
                "code": kit.code(move),
                "colour": colour.spoken,  # in the server's language, as the table says it
                "rgb": colour.rgb,
                "label": mark.label,
                "cell": mark.cell,
                "count": count,
                "chance": round(count / total, 4) if total else 0,
                "drawn": move == drawn,
            }
        )
    return {
        "id": box.id,
        "move_number": box.move_number,
        "position": game.position_text(box.position),
        "picture": picture_view(game.picture(box.position)),
        "beads": beads,
        "total": total,
    }


def game_view(world: World) -> dict[str, Any] | None:
    """The game in progress: the real board, whose turn, the pupil's legal moves and the box in use."""
    session, kit = world.session, world.kit
    if session is None:
        return None
    game = kit.catalogue.game
    turn = sessions.turn(kit, session)
    view: dict[str, Any] = {
        "number": session.number,
        "opponent": session.opponent,
        "draw": session.bead_source,
        "in_browser": playable_in_browser(session),
        "turn": turn.value,
        "board": picture_view(game.picture(session.state.position)),
        "moves": [game.move_text(m) for m in session.moves],
        "legal": [],
        "box": None,
        "result": sessions.result(kit, session).value if turn is Turn.OVER else None,
    }
    if turn is Turn.OPPONENT:
        view["legal"] = [
            {"code": kit.code(m), "text": game.move_mark(m).label, "cell": game.move_mark(m).cell}
            for m in game.legal_moves(session.state)
        ]
    view["box"] = box_in_use(world, session, turn)
    return view


def box_in_use(world: World, session: Session, turn: Turn) -> dict[str, Any] | None:
    """The box to open now (MENACE to move), else the one MENACE last drew from, its bead highlighted."""
    kit, mirror = world.kit, world.mirror
    assert mirror is not None
    game = kit.catalogue.game
    if turn is Turn.MENACE:
        where = sessions.placement(kit, session)
        view = box_view(kit, where.box, mirror[where.box.id])
        return {**view, "turn": where.turn, "played": None}
    draws = session.draws
    if not draws:
        return None
    last = draws[-1]
    assert last.box is not None
    view = box_view(kit, kit.box(last.box), mirror[last.box], drawn=last.bead)
    return {**view, "turn": None, "played": game.move_phrase(last.played)}


def ended_view(world: World) -> dict[str, Any] | None:
    """The game just finished, while it may still be reopened: its result and what to do to each box."""
    ended, kit = world.ended, world.kit
    if ended is None:
        return None
    changes = [BeadChange(box, kit.move(code), before, after) for box, code, before, after in ended.changes]
    result = sessions.result(kit, ended.session).value
    return {
        "number": ended.session.number,
        "result": result,
        "instructions": [settle_instruction(c, kit.colour(c.move)).strip() for c in changes],
    }


def playable_in_browser(session: Session) -> bool:
    """A pupil in the browser plays the digital MENACE as a person: other games belong to their table."""
    return session.bead_source == "digital" and session.opponent == HUMAN
