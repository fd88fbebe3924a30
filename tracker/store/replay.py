"""Rebuilding a kit from its event log, and `verify`: does the log still explain the store?

Replay goes through ``tracker.state.events.step``, the same code that recorded each event, so a mismatch
means the store was changed behind the log's back (or the log itself was edited).
"""

from __future__ import annotations

import json
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

from kit.catalogue import build_catalogue
from kit.game import GameError
from kit.i18n import _, n_
from tracker.state.errors import MenaceError
from tracker.state.events import Event, EventError
from tracker.state.kit_record import KIT_FIELDS, KitRecord, boxes_to_json
from tracker.state.replay import replay
from tracker.store.bulk import collector_paused
from tracker.store.event_store import GENESIS, CountsChanged, ResultsChanged, Store, dumps, event_hash
from tracker.store.faults import StoreDamaged
from tracker.store.tables import GAME_COLUMNS, GAMES, KITS

PROJECTIONS = ("beads", "games", "checksums")


@dataclass(frozen=True)
class Rebuilt:
    """What `menace rebuild` did to one kit: how many beads rows and games rows it put right."""

    name: str
    events: int
    games: int  # finished games in the log
    beads_fixed: int  # beads rows added, changed or removed
    games_fixed: int  # games rows added, changed or removed
    dropped: tuple[int, ...] = ()  # the numbers of finished games the log does not have finished


class RebuildDrops(MenaceError):
    """A rebuild would drop finished games the games table shows and the log does not: refused unless
    forced, since a log that lost its tail is more often the damage than the games table."""


def _dropped(before: dict[Any, Any], after: dict[Any, Any]) -> tuple[int, ...]:
    """The numbers of games finished before the rebuild that are gone or no longer finished after it."""
    status, number = GAMES.columns.index("status"), GAMES.columns.index("number")
    return tuple(
        sorted(
            row[number]
            for game_id, row in before.items()
            if row[status] == "finished" and (game_id not in after or after[game_id][status] != "finished")
        )
    )


def rebuild_kits(store: Store, kit_name: str | None = None, *, force: bool = False) -> list[Rebuilt]:
    """Rebuilds one kit (or every kit, and then drops projection rows of kits the store does not have) in
    one transaction; raises EventError naming the kit whose log does not replay, and (unless ``force``)
    RebuildDrops naming the finished games it would drop; either way nothing is changed."""
    with store.transaction():
        kit_ids = [store.kit(kit_name).id] if kit_name is not None else [k["id"] for k in store.kits()]
        done = []
        for kit_id in kit_ids:
            before = _rows(store, kit_id)
            try:
                replayed = store.rebuild(kit_id)
            except GameError as error:
                name = store.kit_by_id(kit_id).name
                message = _("kit {kit}: the log does not replay ({error}): see `menace verify`").format(
                    kit=name, error=error
                )
                raise EventError(message) from None
            after = _rows(store, kit_id)
            finished = sum(1 for g in replayed.games.values() if g["status"] == "finished")
            fixed = [
                sum(before[t].get(key) != after[t].get(key) for key in before[t].keys() | after[t].keys())
                for t in ("beads", "games")
            ]
            dropped = _dropped(before["games"], after["games"])
            if dropped and not force:
                numbers = ", ".join(str(n) for n in dropped[:10]) + (" ..." if len(dropped) > 10 else "")
                message = n_(
                    "kit {kit}: the games table has game {numbers} finished and the log does not (did the "
                    "log lose its tail?): nothing was changed; run `menace rebuild --force` to drop it",
                    "kit {kit}: the games table has games {numbers} finished and the log does not (did the "
                    "log lose its tail?): nothing was changed; run `menace rebuild --force` to drop them",
                    len(dropped),
                )
                raise RebuildDrops(message.format(kit=replayed.world.kit.name, numbers=numbers))
            beads_fixed, games_fixed = fixed
            done.append(
                Rebuilt(replayed.world.kit.name, replayed.events, finished, beads_fixed, games_fixed, dropped)
            )
        if kit_name is None:
            for table in PROJECTIONS:
                store.db.execute(f"DELETE FROM {table} WHERE kit NOT IN (SELECT id FROM kits)")
    return done


def _rows(store: Store, kit_id: str) -> dict[str, dict[Any, Any]]:
    """The kit's beads rows ((box, move) -> count) and games rows (id -> row), as stored."""
    beads = store.db.execute("SELECT box, move, count FROM beads WHERE kit = ?", (kit_id,))
    games = store.db.execute(GAMES.select() + " WHERE kit = ?", (kit_id,))
    return {"beads": {(b, m): c for b, m, c in beads}, "games": {row[0]: row for row in games}}


def verify(store: Store, kit_name: str | None = None) -> tuple[list[str], dict[str, int]]:
    """Problems found (none: the store is sound) and counts of what was checked."""
    # SQLite's integrity check runs on a connection of its own in a second thread while this one replays
    # the log: it works inside SQLite with the GIL released, so on two cores the two overlap.
    damaged: StoreDamaged | None = None
    with ThreadPoolExecutor(1) as pool:
        integrity = pool.submit(_integrity_check, store)
        # One snapshot: a game recorded by another process while the log is replayed is in none of what is
        # read (log, kits, beads, games), not in some of it, which would be reported as a mismatch.
        try:
            with collector_paused(), store.snapshot():  # the replay's objects are freed before it resumes
                chain, replayed, checked = _verify_log(store, kit_name)
        except StoreDamaged as error:  # a page SQLite cannot read, or a row's text that is not what it wrote
            damaged, chain, replayed, checked = error, [], [], {"events": 0, "kits": 0, "games": 0}
        try:
            problems = integrity.result()
        except StoreDamaged as error:
            damaged, problems = damaged or error, []
    if damaged is not None:  # one line: what SQLite found (its integrity check's words where it has some)
        found = problems[0] if problems else damaged.reason
        return [StoreDamaged("", store.path, found).verified()], checked
    return problems + chain[: 20 - len(problems)] + replayed, checked


def _verify_log(store: Store, kit_name: str | None) -> tuple[list[str], list[str], dict[str, int]]:
    """The hash chain's problems, the replay's problems, and counts of what was checked."""
    checked = {"events": 0, "kits": 0, "games": 0}
    chain: list[str] = []
    previous = GENESIS
    by_kit: dict[str, list[Event]] = {}
    rows = store.db.execute("SELECT seq, id, kit, kind, at, data, game, hash FROM events ORDER BY seq")
    for seq, id_, kit_id, kind, at, data_text, game, stored in rows:
        # An edited log (not JSON, nested too deep, a huge number) is reported, never a traceback.
        texts = (id_, kit_id, kind, at, data_text, stored)
        if not all(isinstance(text, str) for text in texts) or not isinstance(game, str | None):
            # A NULL or a number where SQLite wrote text: a flipped byte in a row's header says another type.
            chain.append(
                _(
                    "event {seq} has a field that is not text: the log was changed after it was written"
                ).format(seq=seq)
            )
            id_, kit_id, kind, at, data_text, stored = (str(text) for text in texts)
            game = None if game is None else str(game)
        try:
            data = json.loads(data_text)
        except (ValueError, RecursionError):
            data = {}
            chain.append(
                _(
                    "event {seq} ({kind}) has data that is not JSON: the log was changed after it was written"
                ).format(seq=seq, kind=kind)
            )
        event = Event(id_, kit_id, kind, at, data, game)
        if event_hash(previous, event, data_text) != stored and len(chain) < 20:
            chain.append(
                _(
                    "hash chain broken at event {seq} ({kind}): the log was changed after it was written"
                ).format(seq=seq, kind=kind)
            )
        previous = stored
        by_kit.setdefault(kit_id, []).append(event)
        checked["events"] += 1
    kits = {row["id"]: row for row in store.kits()}
    wanted = [store.kit(kit_name).id] if kit_name is not None else sorted(set(by_kit) | set(kits))
    replayed: list[str] = []
    for kit_id in wanted:
        replayed += _verify_kit(store, kit_id, by_kit.get(kit_id, []), checked)
    if kit_name is None:
        replayed += _orphans(store)
    return chain, replayed, checked


def _orphans(store: Store) -> list[str]:
    """Projection rows of a kit the store does not have (`menace rebuild` drops them)."""
    problems = []
    for table in PROJECTIONS:
        query = f"SELECT kit, count(*) FROM {table} WHERE kit NOT IN (SELECT id FROM kits) GROUP BY kit"
        for kit_id, count in store.db.execute(query):
            rows = n_(
                "the {table} table has {count} row for kit {kit}, which the store does not have",
                "the {table} table has {count} rows for kit {kit}, which the store does not have",
                count,
            )
            problems.append(rows.format(table=table, count=count, kit=str(kit_id)[:8]))
    return problems


def _integrity_check(store: Store) -> list[str]:
    db = store.connect()
    try:
        integrity = db.execute("PRAGMA integrity_check").fetchall()
    finally:
        db.close()
    if integrity != [("ok",)]:
        found = "; ".join(" ".join(str(r[0]).split()) for r in integrity[:5])  # one line, whatever it says
        return [_("SQLite integrity check: {found}").format(found=found)]
    return []


def _verify_kit(store: Store, kit_id: str, events: list[Event], checked: dict[str, int]) -> list[str]:
    try:
        done = replay(events)
    except GameError as error:
        return [_("kit {kit}: the log does not replay: {error}").format(kit=kit_id[:8], error=error)]
    kit = done.world.kit
    label = _("kit {kit}").format(kit=kit.name)
    problems = []
    checked["kits"] += 1
    checked["games"] += sum(1 for g in done.games.values() if g["status"] == "finished")
    stored = store.db.execute(KITS.select((*KIT_FIELDS, "boxes")) + " WHERE id = ?", (kit_id,)).fetchone()
    if (
        stored is None
        or stored[:-1] != kit.fields()
        or _json_or_none(stored[-1]) != boxes_to_json(kit.catalogue.game, kit.boxes)
    ):
        problems.append(_("{label}: the kits table does not match the kit's first event").format(label=label))
    problem = catalogue_problem(kit)
    if problem is not None:
        problems.append(f"{label}: {problem}")
    mirror = store.mirror(kit, checked=False)
    problems += _stray_beads(store, kit, label)
    for box, moves in done.world.loaded_mirror.items():
        if mirror.get(box, {}) != moves:
            problems.append(
                _("{label}: box {box} holds {stored} in the store, but the log says {logged}").format(
                    label=label,
                    box=box,
                    stored=_fmt(kit, box, mirror.get(box, {})),
                    logged=_fmt(kit, box, moves),
                )
            )
    columns = GAME_COLUMNS  # every column: an edited opponent, draw or time is as wrong as an edited result
    stored_games = {g["id"]: g for g in store.games(kit, checked=False)}
    for game_id, row in done.games.items():
        have = stored_games.pop(game_id, None)
        want = {c: row.get(c) for c in columns}
        want["moves"] = want["moves"] or ""
        if want["first_box"] is not None:
            want["first_box"] = dumps({str(m): n for m, n in sorted(want["first_box"].items())})
        if have is None or {c: have[c] for c in columns} != want:
            message = _("{label}: game {number} in the games table does not match the log")
            problems.append(message.format(label=label, number=row["number"]))
    for row in stored_games.values():
        message = _("{label}: game {number} is in the games table but not in the log")
        problems.append(message.format(label=label, number=row["number"]))
    if not problems:  # else the counts are wrong, or the store is older than its checksums
        try:
            store.mirror(kit)
        except CountsChanged:
            problems.append(
                _("{label}: the checksum kept with its bead counts does not match them").format(label=label)
            )
        try:
            store.games(kit, last=1)
        except ResultsChanged:
            problems.append(
                _("{label}: the checksum kept with its games does not match them").format(label=label)
            )
    return problems[:20]


def _json_or_none(text: Any) -> Any:
    """A stored JSON text read back, or None where it is not JSON (reported as a mismatch, not raised)."""
    try:
        return json.loads(text)
    except (ValueError, TypeError, RecursionError):
        return None


def catalogue_problem(kit: KitRecord) -> str | None:
    """What is wrong with the kit's own copy of its catalogue (None: it is the catalogue its game, side and
    rules make, and hashes to its fingerprint). Import asks this too, so it takes no kit verify rejects."""
    try:
        fresh = build_catalogue(kit.game, kit.menace_plays, kit.rules)
    except GameError as error:
        return _("cannot build its catalogue: {error}").format(error=error)
    if fresh.boxes != kit.boxes or fresh.fingerprint != kit.fingerprint:
        return _("its stored catalogue is not the catalogue of kit {fingerprint}").format(
            fingerprint=fresh.fingerprint
        )
    if kit.catalogue.fingerprint != kit.fingerprint:
        return _("its stored boxes do not hash to its fingerprint")
    return None


def _stray_beads(store: Store, kit: KitRecord, label: str) -> list[str]:
    """Rows of the beads table for a box, or a colour of a box, that the kit does not have."""
    problems = []
    valid = kit.box_codes
    for box, code in store.db.execute("SELECT box, move FROM beads WHERE kit = ? ORDER BY box", (kit.id,)):
        if box not in valid:
            message = _("{label}: the beads table has a row for box {box}, which the kit does not have")
            problems.append(message.format(label=label, box=box))
        elif code not in valid[box]:
            # A colour per box names no move outside its box: such a row is named by its move code.
            colours = {} if kit.palette.per_box else {c.move: c.spoken for c in kit.palette.colours}
            colour = colours.get(code) or _("move code {code}").format(code=code)
            message = _("{label}: the beads table has {colour} beads in box {box}, which has no such colour")
            problems.append(message.format(label=label, colour=colour, box=box))
    return problems


def _fmt(kit: KitRecord, box: int, moves: dict[Any, int]) -> str:
    """'red 4, black 3': each colour's beads in ``box``, as a person recounting it sees them (not move
    codes)."""
    return ", ".join(f"{kit.colour(box, m)} {n}" for m, n in sorted(moves.items())) or _("no beads")
