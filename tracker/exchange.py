"""Export a store's event log (JSON lines or CSV) and merge such a file into another store.

Events keep their ids, so importing a file twice changes nothing. A kit's events in the file must
extend the history the store already has (one set of matchboxes has one history); anything else,
and any malformed line, rejects the whole file with its line number.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterator
from itertools import islice
from json.encoder import encode_basestring_ascii as _text  # what json.dumps does to a str
from typing import Any, TextIO

from kit.game import GameError
from tracker.bulk import collector_paused
from tracker.errors import MenaceError
from tracker.events import KINDS, BeadCounts, Event, World, initial_world, step
from tracker.store import Store

HEADER = {"format": "menace-kit events", "version": 1}
CSV_COLUMNS = ("id", "kit", "game", "kind", "at", "data", "hash")
CHUNK = 2000  # events per write: a few hundred kilobytes, instead of one small write per event


class ImportRejected(MenaceError):
    """The file was not imported; nothing changed."""


def export(store: Store, out: TextIO, *, fmt: str, kit_id: str | None = None) -> int:
    """Writes the log (or one kit's events) to ``out``; returns how many events were written.

    Each event's data is copied as the JSON text the store holds (written by ``dumps``, so already in the
    export's form) rather than parsed and encoded again: that was most of the time for a large log.
    """
    count = 0
    rows = store.event_rows(kit_id)
    if fmt == "jsonl":
        out.write(json.dumps(HEADER) + "\n")
        # The keys in sorted order, as dumps(record) wrote them: at, data, game, hash, id, kind, kit.
        while chunk := list(islice(rows, CHUNK)):
            out.write(
                "".join(
                    f'{{"at":{_text(at)},"data":{data},"game":{"null" if game is None else _text(game)},'
                    f'"hash":{_text(hash_)},"id":{_text(id_)},"kind":{_text(kind)},"kit":{_text(kit)}}}\n'
                    for id_, kit, game, kind, at, data, hash_ in chunk
                )
            )
            count += len(chunk)
    else:
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(CSV_COLUMNS)
        for id_, kit, game, kind, at, data, hash_ in rows:
            writer.writerow((id_, kit, game or "", kind, at, data, hash_))
            count += 1
    return count


def read_events(text: str) -> list[tuple[int, Event]]:
    """The events of an export with their line numbers; raises ImportRejected at the first bad line."""
    lines = text.splitlines()
    if not lines:
        raise ImportRejected("the file is empty: nothing imported")
    if lines[0].startswith("{"):
        return list(_jsonl(lines))
    return list(_csv(text))


def _jsonl(lines: list[str]) -> Iterator[tuple[int, Event]]:
    try:
        header = json.loads(lines[0])
    except ValueError:
        header = None
    if header != HEADER:
        raise ImportRejected(f"line 1: not a menace-kit export (expected the header {json.dumps(HEADER)})")
    for number, line in enumerate(lines[1:], start=2):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError as error:
            raise ImportRejected(f"line {number}: not JSON ({error.msg}); nothing imported") from None
        yield number, _event(number, record)


def _csv(text: str) -> Iterator[tuple[int, Event]]:
    reader = csv.reader(io.StringIO(text))
    try:
        header = next(reader)
    except csv.Error as error:
        raise ImportRejected(f"line 1: {error}; nothing imported") from None
    if tuple(header) != CSV_COLUMNS:
        raise ImportRejected(
            f"line 1: not a menace-kit export (expected JSON lines, or CSV columns {','.join(CSV_COLUMNS)})"
        )
    try:
        for row in reader:
            number = reader.line_num
            if not row:
                continue
            if len(row) != len(CSV_COLUMNS):
                raise ImportRejected(
                    f"line {number}: expected {len(CSV_COLUMNS)} columns, found {len(row)}; nothing imported"
                )
            record: dict[str, Any] = dict(zip(CSV_COLUMNS, row, strict=True))
            try:
                record["data"] = json.loads(record["data"])
            except ValueError:
                raise ImportRejected(
                    f"line {number}: the data column is not JSON; nothing imported"
                ) from None
            record["game"] = record["game"] or None
            yield number, _event(number, record)
    except csv.Error as error:
        raise ImportRejected(f"line {reader.line_num}: {error}; nothing imported") from None


_FIELDS = {"id": str, "kit": str, "kind": str, "at": str, "data": dict}
_KINDS = frozenset(KINDS)


def _event(number: int, record: object) -> Event:
    if not isinstance(record, dict):
        raise ImportRejected(f"line {number}: not an event object; nothing imported")
    get = record.get
    id_, kit, kind, at, data, game = get("id"), get("kit"), get("kind"), get("at"), get("data"), get("game")
    # Spelled out rather than looped over _FIELDS: this runs for every line of the file.
    if not (
        isinstance(id_, str)
        and id_
        and isinstance(kit, str)
        and kit
        and isinstance(kind, str)
        and kind
        and isinstance(at, str)
        and at
        and isinstance(data, dict)
    ):
        name = next(
            n for n, t in _FIELDS.items() if not isinstance(record.get(n), t) or (t is str and not record[n])
        )
        raise ImportRejected(f"line {number}: the event has no valid {name!r}; nothing imported")
    if game is not None and not isinstance(game, str):
        raise ImportRejected(f"line {number}: the event's 'game' is not text; nothing imported")
    if kind not in _KINDS:
        raise ImportRejected(f"line {number}: unknown event kind {kind!r}; nothing imported")
    return Event(id_, kit, kind, at, data, game)


def import_events(store: Store, text: str) -> dict[str, Any]:
    """Merges an export into the store in one transaction; returns counts of what was added."""
    with collector_paused():
        return _import(store, read_events(text))


def _import(store: Store, events: list[tuple[int, Event]]) -> dict[str, Any]:
    seen: set[str] = set()
    by_kit: dict[str, list[tuple[int, Event]]] = {}
    for number, event in events:
        if event.id in seen:
            raise ImportRejected(f"line {number}: event {event.id} appears twice; nothing imported")
        seen.add(event.id)
        by_kit.setdefault(event.kit, []).append((number, event))
    added = {"events": 0, "kits": 0, "games": 0}
    with store.transaction():
        for kit_id, kit_events in by_kit.items():
            _merge_kit(store, kit_id, kit_events, added)
    return added


def _merge_kit(store: Store, kit_id: str, events: list[tuple[int, Event]], added: dict[str, Any]) -> None:
    local = [
        row[0] for row in store.db.execute("SELECT id FROM events WHERE kit = ? ORDER BY seq", (kit_id,))
    ]
    common = min(len(local), len(events))
    for index in range(common):
        number, event = events[index]
        if event.id != local[index]:
            raise ImportRejected(
                f"line {number}: the file's history of this kit differs from the store's "
                f"at its event {index + 1}; "
                f"nothing imported"
            )
    new = events[common:]
    if not new:
        return
    world: World
    if not local:
        number, first = new[0]
        if store.has_event(first.id):
            raise ImportRejected(
                f"line {number}: event {first.id} already belongs to another kit; nothing imported"
            )
        try:
            world = initial_world(first)
            if store.db.execute("SELECT 1 FROM kits WHERE name = ?", (first.data["name"],)).fetchone():
                raise ImportRejected(
                    f"line {number}: the store already has another kit called "
                    f"{first.data['name']!r}; nothing imported"
                )
        except (GameError, KeyError, TypeError, ValueError) as error:
            if isinstance(error, ImportRejected):
                raise
            raise ImportRejected(f"line {number}: not a valid kit: {error}; nothing imported") from None
        store._append(first)
        store.write_kit(first)
        store.write_mirror(world.kit, world.loaded_mirror)
        added["kits"] += 1
        added["events"] += 1
        new = new[1:]
    else:
        world = store.world(store.kit_by_id(kit_id))
    # Every event is checked by tracker.events.step as in live play (Store.apply), but the writes are gathered
    # and
    # made once at the end: the last count of each bead, one row per game, the events in one executemany.
    # Row by row, a 10,000-game import spent most of its time in SQLite calls.
    taken = {row[0] for row in store.db.execute("SELECT id FROM events WHERE kit != ?", (kit_id,))}
    beads: BeadCounts = {}
    games: dict[str, dict[str, Any]] = {}
    for number, event in new:
        if event.id in taken:
            raise ImportRejected(
                f"line {number}: event {event.id} already belongs to another kit; nothing imported"
            )
        try:
            change = step(world, event)
        except GameError as error:
            raise ImportRejected(f"line {number}: {error}; nothing imported") from None
        world = change.world
        beads.update(change.beads)
        if change.game_row is not None:
            games.setdefault(change.game_row["id"], {}).update(change.game_row)
        added["events"] += 1
        added["games"] += event.kind == "game_ended"
    store._append_all([event for _, event in new])
    store.write_beads(world.kit, beads)
    for row in games.values():
        store.write_game(kit_id, row)
