"""Export a store's event log (JSON lines or CSV) and merge such a file into another store.

Events keep their ids, so importing a file twice changes nothing. A kit's events in the file must
extend the history the store already has (one set of matchboxes has one history); anything else,
and any malformed line, rejects the whole file with its line number.

Every line's hash is recomputed on import from the event's content and the hash before it (the line
above, or the ``previous`` an export writes where the store's chain ran through events the file leaves
out, as in a one-kit export). That catches damage and edits that did not recompute the hashes; it is
not a signature: a file whose every hash was recomputed after an edit passes the check (the edited
events must then still replay under the rules, and must not contradict events the store already has).
The file ends with a line that counts its events, so a file cut short, or with a line deleted or added,
is refused unless that line was edited too.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterator
from datetime import datetime
from itertools import islice
from json.encoder import encode_basestring_ascii as _text  # what json.dumps does to a str
from typing import Any, NamedTuple, TextIO

from kit.game import GameError
from kit.i18n import _
from tracker.state.errors import MenaceError
from tracker.state.event_kinds import Renamed
from tracker.state.events import KINDS, BeadCounts, Event, World, initial_world, step
from tracker.state.kit_record import kit_problem
from tracker.store.bulk import collector_paused
from tracker.store.event_store import GENESIS, Store, dumps, event_hash, new_id, now
from tracker.store.replay import catalogue_problem

HEADER = {"format": "menace-kit events", "version": 2}
# Version 1 (before exports ended with an end line) is still read; nothing then tells it whole from cut.
HEADER_1 = {"format": "menace-kit events", "version": 1}
END = "menace-kit events"  # the last line: {"end": END, "events": N}, so a file cut short is refused
CSV_END = "#end"  # the CSV form's last row: "#end", the count of events, the other columns empty
CSV_COLUMNS = ("id", "kit", "game", "kind", "at", "data", "hash")
CSV_PREVIOUS = (*CSV_COLUMNS, "previous")  # a one-kit export: each row also has the hash it is chained to
CHUNK = 2000  # events per write: a few hundred kilobytes, instead of one small write per event


class ImportRejected(MenaceError):
    """The file was not imported; nothing changed."""


class Line(NamedTuple):
    """One event of a file, with where it is and the hashes that chain it."""

    number: int  # the line number in the file
    event: Event
    hash: str
    previous: str | None  # the hash it is chained to, when the file says (else the line before's)


def export(store: Store, out: TextIO, *, fmt: str, kit_id: str | None = None) -> int:
    """Writes the log (or one kit's events) to ``out``; returns how many events were written.

    Each event's data is copied as the JSON text the store holds (written by ``dumps``, so already in the
    export's form) rather than parsed and encoded again: that was most of the time for a large log.
    """
    count = 0
    rows = _with_gaps(store.event_rows(kit_id))
    if fmt == "jsonl":
        out.write(json.dumps(HEADER) + "\n")
        # The keys in sorted order, as dumps(record) wrote them: at, data, game, hash, id, kind, kit,
        # previous (only where the chain skips events the file leaves out).
        while chunk := list(islice(rows, CHUNK)):
            out.write(
                "".join(
                    f'{{"at":{_text(at)},"data":{data},"game":{"null" if game is None else _text(game)},'
                    f'"hash":{_text(hash_)},"id":{_text(id_)},"kind":{_text(kind)},"kit":{_text(kit)}'
                    f"{_previous(gap)}}}\n"
                    for id_, kit, game, kind, at, data, hash_, gap in chunk
                )
            )
            count += len(chunk)
        out.write(json.dumps({"end": END, "events": count}) + "\n")
    else:
        columns = CSV_PREVIOUS if kit_id else CSV_COLUMNS
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(columns)
        for id_, kit, game, kind, at, data, hash_, gap in rows:
            writer.writerow((id_, kit, game or "", kind, at, data, hash_, *([gap or ""] if kit_id else [])))
            count += 1
        writer.writerow((CSV_END, count, *[""] * (len(columns) - 2)))
    return count


def _previous(gap: str | None) -> str:
    return "" if gap is None else f',"previous":{_text(gap)}'


def _with_gaps(rows: Iterator[tuple[Any, ...]]) -> Iterator[tuple[Any, ...]]:
    """The rows with their previous hash only where it is not the hash of the row before (else None)."""
    last = GENESIS
    for *row, previous in rows:
        yield (*row, None if previous == last else previous)
        last = row[6]


def check_chain(lines: list[Line]) -> None:
    """Recomputes every line's hash from its event and the hash before it; raises ImportRejected at the
    first that differs (the file was damaged, or edited without recomputing the hashes)."""
    before = GENESIS
    for line in lines:
        previous = before if line.previous is None else line.previous
        if event_hash(previous, line.event, dumps(line.event.data)) != line.hash:
            raise ImportRejected(
                _(
                    "line {number}: the event's hash does not match its content and the hash before it (the "
                    "file was damaged or edited after export); nothing imported"
                ).format(number=line.number)
            )
        before = line.hash


def read_events(text: str) -> list[Line]:
    """The events of an export with their line numbers; raises ImportRejected at the first bad line."""
    lines = text.splitlines()
    if not lines:
        raise ImportRejected(_("the file is empty: nothing imported"))
    if lines[0].startswith("{"):
        return list(_jsonl(lines))
    return list(_csv(text))


def cut_short(where: int) -> ImportRejected:
    message = _(
        "line {number}: the file stops before the export's end line, so it was cut short: nothing imported; "
        "export it again"
    )
    return ImportRejected(message.format(number=where))


def not_last(number: int) -> ImportRejected:
    message = _("line {number}: the export's end line is not the file's last; nothing imported")
    return ImportRejected(message.format(number=number))


def count_differs(number: int, said: object, found: int) -> ImportRejected:
    message = _(
        "line {number}: the export's end line says {said} events, and the file holds {found} (a line was "
        "deleted or added): nothing imported"
    )
    return ImportRejected(message.format(number=number, said=said, found=found))


def _jsonl(lines: list[str]) -> Iterator[Line]:
    try:
        header = json.loads(lines[0])
    except (ValueError, RecursionError):
        header = None
    if header not in (HEADER, HEADER_1):
        message = _("line 1: not a menace-kit export (expected the header {header})")
        raise ImportRejected(message.format(header=json.dumps(HEADER)))
    ends = header == HEADER
    count = 0
    for number, line in enumerate(lines[1:], start=2):
        if not line.strip():
            continue
        record = _json(line, _("line {number}").format(number=number))
        if ends and isinstance(record, dict) and "end" in record:
            if record != {"end": END, "events": count}:
                raise count_differs(number, record.get("events"), count)
            if any(rest.strip() for rest in lines[number:]):
                raise not_last(number)
            return
        count += 1
        yield _line(number, record)
    if ends:
        raise cut_short(len(lines))


def _csv(text: str) -> Iterator[Line]:
    reader = csv.reader(io.StringIO(text))
    try:
        header = next(reader)
    except csv.Error as error:
        raise ImportRejected(
            _("line {number}: {error}; nothing imported").format(number=1, error=error)
        ) from None
    columns = tuple(header)
    if columns not in (CSV_COLUMNS, CSV_PREVIOUS):
        message = _("line 1: not a menace-kit export (expected JSON lines, or CSV columns {columns})")
        raise ImportRejected(message.format(columns=",".join(CSV_COLUMNS)))
    count = 0
    try:
        for row in reader:
            number = reader.line_num
            if not row:
                continue
            if row[0] == CSV_END:
                if row[1:] != [str(count), *[""] * (len(columns) - 2)]:
                    raise count_differs(number, row[1] if len(row) > 1 else None, count)
                if any(rest for rest in reader):
                    raise not_last(number)
                return
            count += 1
            if len(row) != len(columns):
                message = _("line {number}: expected {columns} columns, found {found}; nothing imported")
                raise ImportRejected(message.format(number=number, columns=len(columns), found=len(row)))
            record: dict[str, Any] = dict(zip(columns, row, strict=True))
            record["data"] = _json(record["data"], _("line {number} (the data column)").format(number=number))
            record["game"] = record["game"] or None
            record["previous"] = record.get("previous") or None
            yield _line(number, record)
    except csv.Error as error:
        message = _("line {number}: {error}; nothing imported")
        raise ImportRejected(message.format(number=reader.line_num, error=error)) from None
    raise cut_short(reader.line_num)


def _json(text: str, where: str) -> Any:
    """The JSON value of ``text``; raises ImportRejected naming ``where`` for anything that is not an event's
    JSON, however hostile (nested thousands deep, a number of thousands of digits)."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        message = _("{where}: not JSON ({error}); nothing imported")
        raise ImportRejected(message.format(where=where, error=error.msg)) from None
    except RecursionError:
        message = _("{where}: nested too deeply to be an event; nothing imported")
        raise ImportRejected(message.format(where=where)) from None
    except ValueError:  # a number too long to convert (Python's limit is 4300 digits)
        message = _("{where}: a number too long to be an event's; nothing imported")
        raise ImportRejected(message.format(where=where)) from None


_FIELDS = {"id": str, "kit": str, "kind": str, "at": str, "data": dict}
_KINDS = frozenset(KINDS)


def _line(number: int, record: object) -> Line:
    if not isinstance(record, dict):
        raise ImportRejected(_("line {number}: not an event object; nothing imported").format(number=number))
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
        message = _("line {number}: the event has no valid {name}; nothing imported")
        raise ImportRejected(message.format(number=number, name=repr(name)))
    if game is not None and not isinstance(game, str):
        raise ImportRejected(
            _("line {number}: the event's 'game' is not text; nothing imported").format(number=number)
        )
    if not _is_time(at):
        message = _(
            "line {number}: the event's time {at} is not a date and time (ISO 8601); nothing imported"
        )
        raise ImportRejected(message.format(number=number, at=repr(at[:40])))
    if kind not in _KINDS:
        message = _("line {number}: unknown event kind {kind}; nothing imported")
        raise ImportRejected(message.format(number=number, kind=repr(kind)))
    hash_, previous = get("hash"), get("previous")
    if not isinstance(hash_, str) or not _is_hash(hash_) or not (previous is None or _is_hash(previous)):
        name = "previous" if isinstance(hash_, str) and _is_hash(hash_) else "hash"
        message = _(
            "line {number}: the event's {name} is not a SHA-256 hash (64 hex digits); nothing imported"
        )
        raise ImportRejected(message.format(number=number, name=repr(name)))
    return Line(number, Event(id_, kit, kind, at, data, game), hash_, previous)


def _is_time(text: str) -> bool:
    """Whether ``text`` is a date and time as the store writes them (ISO 8601, as ``now`` gives)."""
    try:
        datetime.fromisoformat(text)
    except ValueError:
        return False
    return len(text) >= 16  # a date alone is no time of an event


_HEX = frozenset("0123456789abcdef")


def _is_hash(value: object) -> bool:
    return isinstance(value, str) and len(value) == 64 and _HEX.issuperset(value)


def import_events(store: Store, text: str, *, rename: str | None = None) -> dict[str, Any]:
    """Merges an export into the store in one transaction; returns counts of what was added. With
    ``rename``, the one kit the file adds to the store gets that name (a "renamed" event after its own)."""
    with collector_paused():
        lines = read_events(text)
        check_chain(lines)
        return _import(store, [(line.number, line.event) for line in lines], rename)


def _import(store: Store, events: list[tuple[int, Event]], rename: str | None = None) -> dict[str, Any]:
    seen: set[str] = set()
    by_kit: dict[str, list[tuple[int, Event]]] = {}
    for number, event in events:
        if event.id in seen:
            message = _("line {number}: event {id} appears twice; nothing imported")
            raise ImportRejected(message.format(number=number, id=event.id))
        seen.add(event.id)
        by_kit.setdefault(event.kit, []).append((number, event))
    added = {"events": 0, "kits": 0, "games": 0}
    with store.transaction():
        if rename is not None:
            new = [kit_id for kit_id in by_kit if store.head(kit_id) is None]
            if len(new) > 1:  # none: the kit is here already (under its new name), and nothing is renamed
                message = _(
                    "--rename names the one kit a file adds, and this file adds {count}; nothing imported"
                )
                raise ImportRejected(message.format(count=len(new)))
        for kit_id, kit_events in by_kit.items():
            _merge_kit(store, kit_id, kit_events, added, rename)
    return added


def _merge_kit(
    store: Store, kit_id: str, events: list[tuple[int, Event]], added: dict[str, Any], rename: str | None
) -> None:
    """Appends the file's events of one kit that the store does not have yet; the caller holds the
    transaction."""
    new = _beyond_local(store.kit_log(kit_id), events)
    if not new:
        return
    if store.head(kit_id) is None:
        number, first = new[0]
        world = _add_kit(store, number, first, rename)
        added["kits"] += 1
        added["events"] += 1
        new = new[1:]
        if rename is not None:
            renamed = Renamed(rename)
            new.append((number, Event(new_id(), kit_id, renamed.kind, now(), renamed.data())))
    else:
        world = store.world(store.kit_by_id(kit_id))
    _add_events(store, world, new, store.event_ids_besides(kit_id), added)


def _beyond_local(
    local: list[tuple[str, str | None, str, str, str]], events: list[tuple[int, Event]]
) -> list[tuple[int, Event]]:
    """The file's events after the kit's history in the store, which they must start with; raises
    ImportRejected where they differ."""
    # A "renamed" event that an import made is this store's own: the file's history may go on without it.
    in_file = {event.id for _number, event in events}
    local = [row for row in local if row[2] != "renamed" or row[0] in in_file]
    common = min(len(local), len(events))
    for index in range(common):
        number, event = events[index]
        if event.id != local[index][0]:
            message = _(
                "line {number}: the file's history of this kit differs from the store's at its event "
                "{index}; nothing imported"
            )
            raise ImportRejected(message.format(number=number, index=index + 1))
        if (event.game, event.kind, event.at, dumps(event.data)) != local[index][1:]:
            message = _(
                "line {number}: event {id} ({kind}) is already in the store with different content: a "
                "conflict; nothing imported"
            )
            raise ImportRejected(message.format(number=number, id=event.id, kind=event.kind))
    return events[common:]


def _add_kit(store: Store, number: int, first: Event, rename: str | None) -> World:
    """Adds the kit a file's first event of it makes; raises ImportRejected if the store cannot take it."""
    if store.has_event(first.id):
        message = _("line {number}: event {id} already belongs to another kit; nothing imported")
        raise ImportRejected(message.format(number=number, id=first.id))
    try:
        kit = initial_world(first).kit
        problem = kit_problem(kit) or catalogue_problem(kit)  # what `new` checks, then what verify does
    except (GameError, KeyError, TypeError, ValueError, AttributeError) as error:
        message = _("line {number}: not a valid kit: {error}; nothing imported")
        raise ImportRejected(message.format(number=number, error=error)) from None
    if problem is not None:  # `menace verify` would reject the kit
        message = _("line {number}: not a valid kit: {error}; nothing imported")
        raise ImportRejected(message.format(number=number, error=problem))
    name = kit.name
    same_name = store.kit_called(rename or name)
    if same_name is not None:
        message = _("line {number}: the store already has another kit called {name}; nothing imported")
        raise ImportRejected(message.format(number=number, name=repr(same_name)))
    return store.add_kit(first, name=rename)


def _add_events(
    store: Store, world: World, new: list[tuple[int, Event]], taken: set[str], added: dict[str, Any]
) -> None:
    """Checks each event by events.step, as in live play (Store.apply), and writes them all at the end.

    The writes are gathered and made once: the last count of each bead, one row per game, the events in one
    executemany. Row by row, a 10,000-game import spent most of its time in SQLite calls."""
    kit_id = world.kit.id
    beads: BeadCounts = {}
    games: dict[str, dict[str, Any]] = {}
    for number, event in new:
        if event.id in taken:
            message = _("line {number}: event {id} already belongs to another kit; nothing imported")
            raise ImportRejected(message.format(number=number, id=event.id))
        try:
            change = step(world, event)
        except GameError as error:
            message = _("line {number}: {error}; nothing imported")
            raise ImportRejected(message.format(number=number, error=error)) from None
        world = change.world
        beads.update(change.beads)
        if change.game_row is not None:
            games.setdefault(change.game_row["id"], {}).update(change.game_row)
        added["events"] += 1
        added["games"] += event.kind == "game_ended"
    store.append([event for _number, event in new])
    store.write_beads(world.kit, beads)
    for row in games.values():
        store.write_game(kit_id, row)
    store.write_name(store.kit_by_id(kit_id), world.kit)
