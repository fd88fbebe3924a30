"""What the classroom screen shows of a kit, as JSON data: the game in progress with the box in use, the
totals and curves, and every box with its beads now. Read through the store; nothing here writes.

Moves are named by their codes (a tic-tac-toe square is 0-8, square 1 is 0), as in every JSON the tracker
writes; each also carries its text for people (squares 1-9).
"""

from __future__ import annotations

import json
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, field
from typing import Any

from kit.game import State
from kit.i18n import current_language
from kit.matchbox import BeadChange, Box, Placement
from kit.picture import ByKind, Grid, Heaps, Picture
from kit.score import score_rule, score_rule_text
from tracker.state import session as sessions
from tracker.state.events import World
from tracker.state.kit_record import KitRecord
from tracker.state.session import Session, Step, Turn
from tracker.state.stats import Standing, running_score
from tracker.store.event_store import CHECKSUM_MODULUS, Store, game_term, games_digest
from tracker.table.corrections import settle_instruction


def version(store: Store, kit: KitRecord) -> dict[str, Any]:
    """The cheap change counter the pages poll: the id of the kit's last event (one indexed lookup)."""
    return {"version": store.head(kit.id)}


def live(store: Store, kit: KitRecord, world: World | None = None, *, boxes: bool = True) -> dict[str, Any]:
    """Everything the live page draws of the kit as it is now: built once per version of the kit (the id of
    its last event) and shared by every request for it, so a class of phones polling costs one build a
    change. ``world``: the kit's world at that version, if the caller holds it already (after a move).
    Without ``boxes``, not the wall's boxes: the phones never draw them, and they cost most of a build.
    The answer is shared: copy it before changing it."""
    head = store.head(kit.id)
    key = (str(store.path), kit.id, head, current_language())
    at_head = world if world is not None and world.head == head else None
    core = _VIEWS.get(key, lambda: build_live(store, kit, at_head, boxes=False))
    if not boxes:
        return core
    wall = _WALLS.get(
        key,
        lambda: {"boxes": every_box(kit, store.mirror(kit) if at_head is None else at_head.loaded_mirror)},
    )
    return {**core, **wall}


def recent_live(store: Store, kit: KitRecord, within: float) -> dict[str, Any]:
    """The live view without the boxes as built at most ``within`` seconds ago, else as it is now: while a
    run records hundreds of versions a second, thirty phones polling would each pay for a build of their
    own; this way they share one build per ``within``, and while it is being built the others are given the
    one before. Its "version" says which version it shows (a page asks again when the kit's version is
    another)."""
    where = (str(store.path), kit.id, current_language())
    with _RECENT_LOCK:
        kept = _RECENT.get(where)
        if kept is not None and (time.monotonic() - kept[0] < within or where in _RECENT_BUILDING):
            return kept[1]
        _RECENT_BUILDING.add(where)
        forgotten = _RECENT_FORGOTTEN.get(where[:2], 0)
    try:
        view = live(store, kit, boxes=False)
        with _RECENT_LOCK:
            if _RECENT_FORGOTTEN.get(where[:2], 0) == forgotten:  # else built from before a page's change
                _RECENT.pop(where, None)
                _RECENT[where] = (time.monotonic(), view)
                while len(_RECENT) > KeptResults.KITS:
                    del _RECENT[next(iter(_RECENT))]
    finally:
        with _RECENT_LOCK:
            _RECENT_BUILDING.discard(where)
    return view


def forget_recent(store: Store, kit: KitRecord) -> None:
    """Drops the kept recent view of ``kit``: after a change made on a page, a page asking next must see it
    (a view kept from just before would draw the board the change replaced, and so would one being built
    from before it)."""
    with _RECENT_LOCK:
        for where in [where for where in _RECENT if where[:2] == (str(store.path), kit.id)]:
            del _RECENT[where]
        key = (str(store.path), kit.id)
        _RECENT_FORGOTTEN[key] = _RECENT_FORGOTTEN.get(key, 0) + 1


def every_box(kit: KitRecord, mirror: Mapping[int, Mapping[Any, int]]) -> list[dict[str, Any]]:
    """Every box of the kit with its beads now, for the wall."""
    return [box_view(kit, box, mirror[box.id]) for box in kit.boxes]


def build_live(
    store: Store, kit: KitRecord, world: World | None = None, *, boxes: bool = True
) -> dict[str, Any]:
    """The live page's data from one snapshot of the kit (``world``, or the store's); without ``boxes``, not
    the wall's boxes."""
    world = store.world(kit) if world is None else world
    assert world.mirror is not None
    results = _RESULTS.read(store, kit)
    first = kit.box(kit.catalogue.first_box)
    return {
        "kit": header(kit),
        "version": world.head,
        "totals": results.totals,
        "curve": results.curve,
        "score_rule": score_rule(kit.catalogue.game),  # result -> change: a draw's only where there are draws
        "score_rule_said": score_rule_text(kit.catalogue.game),  # the same in the server's language
        "first_box": {
            "box": box_view(kit, first, first.initial_counts()),  # the beads it started with
            "history": results.history,
        },
        "game": game_view(world),
        "ended": ended_view(world),
        "last_game": last_game_view(world),
        "used_boxes": used_boxes(world),
    } | ({"boxes": every_box(kit, world.mirror)} if boxes else {})


class Memo:
    """The last few views, by key; a view asked for by many requests at once is built by the first, the
    others wait for it."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.views: OrderedDict[Hashable, dict[str, Any]] = OrderedDict()
        self.building: dict[Hashable, threading.Event] = {}
        self.lock = threading.Lock()

    def get(self, key: Hashable, build: Callable[[], dict[str, Any]]) -> dict[str, Any]:
        while True:
            with self.lock:
                if key in self.views:
                    self.views.move_to_end(key)
                    return self.views[key]
                wait = self.building.get(key)
                if wait is None:
                    done = self.building[key] = threading.Event()
                    break
            wait.wait()  # another request is building it (if it failed, this one tries)
        try:
            view = build()
            with self.lock:
                self.views[key] = view
                while len(self.views) > self.size:
                    self.views.popitem(last=False)
        finally:
            with self.lock:
                del self.building[key]
            done.set()
        return view


@dataclass
class _KitGames:
    """One kit's games rows as last read, and what the view draws of them, each list kept in step."""

    rows: list[tuple[Any, ...]] = field(default_factory=list)  # (id, number, status, result, beads) as stored
    digests: list[int] = field(default_factory=list)  # the checksum of the rows up to each
    standings: list[Standing] = field(default_factory=list)  # the totals after each row
    curve_at: list[int] = field(default_factory=list)  # the curve's length before each row
    history_at: list[int] = field(default_factory=list)  # the first box's history's length before each row
    curve: list[int] = field(default_factory=list)  # the running score after each finished game
    history: list[Any] = field(default_factory=list)  # the first box's beads after each game that stored them
    checked: float = 0.0  # when every row was last read (time.monotonic)

    def keep(self, count: int) -> None:
        """Forgets every row after the first ``count``."""
        if count < len(self.rows):
            del self.curve[self.curve_at[count] :], self.history[self.history_at[count] :]
            for kept in (self.rows, self.digests, self.standings, self.curve_at, self.history_at):
                del kept[count:]

    def add(self, row: tuple[Any, ...]) -> None:
        game_id, number, status, result, beads = row
        standing = self.standings[-1] if self.standings else Standing()
        self.curve_at.append(len(self.curve))
        self.history_at.append(len(self.history))
        if status == "finished":
            standing = standing.after(result)
            self.curve.append(standing.score)
            beads = json.loads(beads) if beads else None
            if beads is not None:
                self.history.append(beads)
        self.rows.append(row)
        before = self.digests[-1] if self.digests else 0
        self.digests.append((before + game_term(*row[:4])) % CHECKSUM_MODULUS)
        self.standings.append(standing)


@dataclass(frozen=True)
class KitResults:
    totals: dict[str, Any]  # stats.summarise of the finished games
    curve: list[int]  # the running score after each
    history: list[Any]  # the first box's beads after each game that stored them


class KeptResults:
    """Each kit's finished games' totals, curve and first-box beads, kept between versions: a new version
    reads only the games rows from the last few games on and adds them, so a view's cost does not grow with
    the kit's history (at 24,600 games reading and parsing every row took 280 ms a version, and 30 phones
    polling beside a run made the server build one after another). The rows kept and the rows read are
    checked together against the kit's results checksum, as Store.results checks them; on a mismatch (an
    older game changed) every row is read again. An older row edited behind the store's back leaves the sum
    as it was, so every row is read and compared with the kept ones at least every FULL_CHECK_S seconds.
    One read at a time: the next finds the rows the last one kept."""

    FULL_CHECK_S = 30.0

    KITS = 16  # kits kept at once: a class's screen shows one or two
    OVERLAP = 3  # the last games' rows are read again: a game in progress, or reopened, changes its row

    def __init__(self) -> None:
        self.kept: dict[tuple[str, str], _KitGames] = {}
        self.lock = threading.Lock()

    def read(self, store: Store, kit: KitRecord) -> KitResults:
        """The totals, curve and first-box history of the kit's finished games, as ``store`` sees them."""
        key = (str(store.path), kit.id)
        with self.lock:
            games = self.kept.pop(key, None) or _KitGames()
            self._bring_up_to_date(games, store, kit)
            self.kept[key] = games  # the kit read last goes last, so the one read longest ago goes first
            while len(self.kept) > self.KITS:
                del self.kept[next(iter(self.kept))]
            totals = (games.standings[-1] if games.standings else Standing()).summary()
            return KitResults(totals, list(games.curve), list(games.history))

    def _bring_up_to_date(self, games: _KitGames, store: Store, kit: KitRecord) -> None:
        keep = max(0, len(games.rows) - self.OVERLAP)
        if time.monotonic() - games.checked >= self.FULL_CHECK_S:
            keep, games.checked = 0, time.monotonic()
        rows_kept = games.rows
        since = rows_kept[keep][1] if keep < len(rows_kept) else (rows_kept[-1][1] + 1 if rows_kept else 0)
        rows, checksum = store.results_from(kit, since)
        if keep == 0:  # every row read: the kept ones that are as stored need not be added again
            keep = min(len(games.rows), len(rows))
            if games.rows[:keep] != rows[:keep]:
                pairs = enumerate(zip(games.rows, rows, strict=False))
                keep = next(i for i, (kept, read) in pairs if kept != read)
            rows = rows[keep:]
        before = games.digests[keep - 1] if keep else 0
        if (before + games_digest(row[:4] for row in rows)) % CHECKSUM_MODULUS != checksum:
            if not keep:
                store.results(kit)  # raises ResultsChanged: the rows are not what the log wrote
            keep, (rows, checksum) = 0, store.results_from(kit, 0)
            if games_digest(row[:4] for row in rows) != checksum:
                store.results(kit)
        games.keep(keep)
        for row in rows:
            games.add(row)


_RESULTS = KeptResults()
_VIEWS = Memo(64)  # a few kits, a few versions each: a class's screen shows one or two kits at a time
_WALLS = Memo(16)  # the wall's boxes, for the pages that draw them
_RECENT: dict[tuple[str, str, str], tuple[float, dict[str, Any]]] = {}  # recent_live's, when each was built
_RECENT_BUILDING: set[tuple[str, str, str]] = set()  # the recent views being built now
_RECENT_FORGOTTEN: dict[tuple[str, str], int] = {}  # how many times each kit's recent view was forgotten
_RECENT_LOCK = threading.Lock()


def curve(store: Store, kit: KitRecord) -> dict[str, Any]:
    """A kit's running score after each game, with what the classes page says of the kit."""
    results = store.results(kit)
    return {**header(kit), "games": len(results), "curve": running_score(results)}


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
        colour, mark, count = kit.colour_of(box, move), game.move_mark(move), counts.get(move, 0)
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
        "opponent": str(session.opponent),
        "draw": session.bead_source,
        "in_browser": playable_in_browser(session),
        "at_table": playable_at_table(session),  # the phone's table records it (physical draw, a person)
        "left_by_run": left_by_a_run(session),  # a run's game: a run finishes it, or the page discards it
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
        counts = mirror[where.box.id]
        view = box_view(kit, where.box, counts)
        return {**view, "turn": where.turn, "played": None, "on_board": on_board(kit, where, counts)}
    draws = session.draws
    if not draws:
        return None
    last = draws[-1]
    assert last.box is not None
    # As the box was when MENACE drew from it: the beads it drew in this game are out on top of it now.
    counts = dict(mirror[last.box])
    for box, bead in session.beads_drawn:
        if box == last.box:
            counts[bead] = counts.get(bead, 0) + 1
    where = kit.place(state_before(kit, session, last).position)
    view = box_view(kit, kit.box(last.box), counts, drawn=last.bead)
    board = on_board(kit, where, counts, drawn=last.bead, played=last.played)
    return {**view, "turn": where.turn, "played": game.move_phrase(last.played), "on_board": board}


def state_before(kit: KitRecord, session: Session, step: Step) -> State[Any]:
    """The game's state just before ``step``: as the step kept it, else its moves replayed from the start."""
    if step.before is not None:
        return step.before
    game = kit.catalogue.game
    state = game.initial()
    for earlier in session.steps:
        if earlier is step:
            return state
        for move in (earlier.played, *earlier.forced):
            state = game.play(state, move)
    raise ValueError("the step is not one of the game's")


def on_board(
    kit: KitRecord, where: Placement, counts: Mapping[Any, int], drawn: Any = None, played: Any = None
) -> dict[str, Any]:
    """The box's beads on the squares of the real board, where the table's placement of its label puts
    them (the drawn bead where it was played), with the real board under them and the label's turn."""
    game = kit.catalogue.game
    total = sum(counts.get(m, 0) for m in where.box.moves)
    beads = []
    for move in where.box.moves:
        real = played if move == drawn and played is not None else where.to_real(move)
        count = counts.get(move, 0)
        mark = game.move_mark(real)
        beads.append(
            {
                "code": kit.code(move),
                "colour": kit.colour_of(where.box, move).spoken,
                "rgb": kit.colour_of(where.box, move).rgb,
                "label": mark.label,  # the move on the real board
                "cell": mark.cell,
                "count": count,
                "chance": round(count / total, 4) if total else 0,
                "drawn": move == drawn,
            }
        )
    return {
        "picture": picture_view(game.picture(where.position)),
        "turn": where.turn,
        "as_printed": where.transform.name == "identity",
        "beads": beads,
        "total": total,
    }


def last_game_view(world: World) -> dict[str, Any] | None:
    """The game just finished, kept on screen until the next game's first move: its final board with the
    winning line (cells 0-8, as JSON counts them), its result, moves and bead changes."""
    ended, kit, session = world.ended, world.kit, world.session
    if ended is None or (session is not None and session.steps):
        return None
    game = kit.catalogue.game
    finished = ended.session
    changes = []
    for box, code, before, after in ended.changes:
        colour = kit.colour_of(box, kit.move(code))
        changes.append(
            {
                "box": box,
                "code": code,
                "colour": colour.spoken,
                "rgb": colour.rgb,
                "before": before,
                "after": after,
            }
        )
    last = finished.moves[-1] if finished.moves else None
    return {
        "number": finished.number,
        "opponent": str(finished.opponent),
        "result": sessions.result(kit, finished).value,
        "resigned": finished.resigned is not None,
        "resigned_by": finished.resigned_by,  # "menace", "opponent", or None
        "board": picture_view(game.picture(finished.state.position)),
        "line": winning_line(game.picture(finished.state.position)),
        "last_move_cell": game.move_mark(last).cell if last is not None else None,
        "moves": [game.move_text(m) for m in finished.moves],
        "boxes": [step.box for step in finished.draws],
        "changes": changes,
    }


def winning_line(picture: Picture) -> list[int]:
    """The cells that won: a full row, column or diagonal of one mark on a square board without names
    (tic-tac-toe), or a pawn on the far row of a board with named rows (Hexapawn: White up, Black down).
    Empty when the game was won another way (no move left, resigned) or drawn."""
    if not isinstance(picture, Grid) or picture.rows != picture.columns:
        return []
    n, marks = picture.rows, picture.marks
    if picture.row_names:
        top, bottom = range(n), range(n * (n - 1), n * n)
        return [c for c in top if marks[c] == "W"] + [c for c in bottom if marks[c] == "B"]
    lines = [[r * n + c for c in range(n)] for r in range(n)]
    lines += [[r * n + c for r in range(n)] for c in range(n)]
    lines += [[i * n + i for i in range(n)], [i * n + n - 1 - i for i in range(n)]]
    won = [line for line in lines if marks[line[0]] and all(marks[c] == marks[line[0]] for c in line)]
    return sorted({c for line in won for c in line})


def used_boxes(world: World) -> dict[str, list[int]]:
    """The boxes drawn from in the game in progress and in the game just finished, for the wall."""
    now = [s.box for s in world.session.draws if s.box is not None] if world.session is not None else []
    last = [s.box for s in world.ended.session.draws if s.box is not None] if world.ended is not None else []
    return {"current": now, "last": last}


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
        "instructions": [settle_instruction(c, kit.colour(c.box, c.move)).strip() for c in changes],
    }


def playable_in_browser(session: Session) -> bool:
    """A pupil in the browser plays the digital MENACE as a person: other games belong to their table."""
    return session.bead_source == "digital" and session.opponent.person


def playable_at_table(session: Session) -> bool:
    """A game the table on a phone records: MENACE's beads drawn from the real boxes, a person opposite."""
    return session.bead_source == "physical" and session.opponent.person


def left_by_a_run(session: Session) -> bool:
    """A game the computer plays on both sides (digital draws, a computer opponent), as a run leaves it when
    stopped: another run finishes it (POST .../run {"action": "finish"}), or a page discards it."""
    return session.bead_source == "digital" and not session.opponent.person
