"""Logs of the open-day physical-MENACE tracker (philip-kimber/MENACE), replayed into a new kit.

That tracker's log format: a CONFIG (starting beads,
rewards) and a list of games, each MENACE's bead (a square of its box's picture, 9 = resign) and the
visitor's square in turn. Its 304 box pictures are built its own way, so each bead is turned into the real
square it was played on through that tracker's own pictures and symmetries, and then recorded as the
events live play makes (``tracker.state.events``), under the preset whose rewards are the CONFIG's.
Starting beads other than the preset's are recorded as a census of each box before the first game.

The real record may hold what our rules would refuse, and it is kept as it happened, each case listed:
- a resignation at a box that still held beads: a census empties the box, MENACE resigns, and after the
  game a census puts back what the other tracker still counted;
- a bead of a colour the box held none of: a census of one such bead before the draw (it was drawn, so it
  was there), and after the game a census of the count the other tracker then had.
So W/D/L and every count come out as the other tracker's own replay has them.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from kit.catalogue import build_catalogue
from kit.game import GameError
from kit.i18n import _
from kit.rules import Rules, load_rules, preset_names
from tracker.state import event_kinds as bodies
from tracker.state import session as sessions
from tracker.state.errors import MenaceError
from tracker.state.events import Event, World, game_ended
from tracker.state.kit_record import KitRecord
from tracker.state.session import Turn
from tracker.store.event_store import Store, new_id, now
from tracker.table.squares import bead_for

# The other tracker's symmetries, in its order: board[i] = picture[rot[i]].
ROTS = (
    (0, 1, 2, 3, 4, 5, 6, 7, 8), (0, 3, 6, 1, 4, 7, 2, 5, 8), (6, 3, 0, 7, 4, 1, 8, 5, 2),
    (6, 7, 8, 3, 4, 5, 0, 1, 2), (8, 7, 6, 5, 4, 3, 2, 1, 0), (8, 5, 2, 7, 4, 1, 6, 3, 0),
    (2, 5, 8, 1, 4, 7, 0, 3, 6), (2, 1, 0, 5, 4, 3, 8, 7, 6),
)  # fmt: skip
LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
RESIGN = 9
EMPTY = "........."
PALETTE = "craft"


class PkRejected(MenaceError):
    """The log cannot be imported; nothing was recorded."""


@dataclass
class PkImported:
    """What the import recorded: the kit, its rules, each game's result and the anomalies kept."""

    kit: str
    rules: str
    results: list[str] = field(default_factory=list)
    anomalies: list[str] = field(default_factory=list)


# --- the other tracker's boxes ---------------------------------------------------------------------
def _image(picture: str, rot: tuple[int, ...]) -> str:
    return "".join(picture[rot[i]] for i in range(9))


def _images(picture: str) -> set[str]:
    return {_image(picture, rot) for rot in ROTS}


def _won(board: str) -> bool:
    return any(board[a] != "." and board[a] == board[b] == board[c] for a, b, c in LINES)


def _put(board: str, square: int, mark: str) -> str:
    return board[:square] + mark + board[square + 1 :]


def bead_squares(picture: str) -> list[int]:
    """The picture's squares that get beads: each empty square whose move is not an image of one before."""
    given: set[str] = set()
    squares = []
    for square in range(9):
        if picture[square] != ".":
            continue
        after = _put(picture, square, "X")
        if not _images(after) & given:
            squares.append(square)
        given.add(after)
    return squares


def pictures() -> list[list[str]]:
    """The other tracker's box pictures, level by level (MENACE's move 1 to 4), in its order."""
    levels = [[EMPTY]]
    for _level in range(3):
        level: list[str] = []
        listed: set[str] = set()
        for picture in levels[-1]:
            for x in bead_squares(picture):
                for y in range(9):
                    if y == x or picture[y] != ".":
                        continue
                    board = _put(_put(picture, x, "X"), y, "O")
                    if _won(board) or _images(board) & listed:
                        continue
                    listed.add(board)
                    level.append(board)
        levels.append(level)
    return levels


def pk_place(levels: list[list[str]], board: str) -> tuple[str, tuple[int, ...]] | None:
    """The other tracker's box for a real board: the first picture and first symmetry that give it."""
    level = board.count("X")
    for picture in levels[level] if level < len(levels) else ():
        for rot in ROTS:
            if _image(picture, rot) == board:
                return picture, rot
    return None


# --- reading the file ------------------------------------------------------------------------------
def read_log(text: str) -> tuple[dict[str, Any], list[list[int]]]:
    """CONFIG and GAMES of a log; raises PkRejected for anything that is not such a file."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise PkRejected(_("not a log of the open-day tracker (not JSON); nothing imported")) from None
    if (
        not isinstance(data, dict)
        or not isinstance(data.get("CONFIG"), dict)
        or not isinstance(data.get("GAMES"), list)
    ):
        raise PkRejected(_('not a log of the open-day tracker (no "CONFIG" and "GAMES"); nothing imported'))
    config = data["CONFIG"]
    _numbers(config.get("INITIAL_BOX_BEADS"), 9, "CONFIG.INITIAL_BOX_BEADS", low=0)
    _numbers(config.get("INITIAL_WEIGHTS"), 3, "CONFIG.INITIAL_WEIGHTS", low=0)
    _numbers(config.get("INCENTIVES"), 3, "CONFIG.INCENTIVES", low=-9999)
    games = data["GAMES"]
    for number, game in enumerate(games, start=1):
        if not isinstance(game, list) or not all(type(n) is int and 0 <= n <= 9 for n in game):
            raise PkRejected(
                _("game {number} is not a list of squares 0-9; nothing imported").format(number=number)
            )
    return config, games


def _numbers(value: object, length: int, name: str, *, low: int) -> None:
    if (
        not isinstance(value, list)
        or len(value) != length
        or not all(type(n) is int and low <= n <= 9999 for n in value)
    ):
        raise PkRejected(
            _("{name} is not {length} whole numbers; nothing imported").format(name=name, length=length)
        )


def matching_rules(incentives: list[int]) -> Rules:
    """The tic-tac-toe preset that settles as the other tracker did: its rewards, never below 0, the
    opening box keeping its last bead, resigning at an empty box, beads on symmetry-distinct moves."""
    draw, win, loss = incentives
    for name in ["open-day", *preset_names("tictactoe")]:
        rules = load_rules(name)
        if (rules.win, rules.draw, rules.loss, rules.floor) == (win, draw, loss, 0) and (
            rules.empty_box,
            rules.keep_one,
            rules.beads_on,
            rules.punish,
        ) == ("resign", "first-box", "distinct", "every-move"):
            return rules
    raise PkRejected(
        _(
            "no rules preset rewards a draw {draw:+d}, a win {win:+d} and a loss {loss:+d} with the opening "
            "box kept from emptying; nothing imported"
        ).format(draw=draw, win=win, loss=loss)
    )


# --- importing -------------------------------------------------------------------------------------
def class_of(picture: str, square: int) -> list[int]:
    """The picture's empty squares whose move is the same as ``square``'s by a symmetry of the picture."""
    same = _images(_put(picture, square, "X"))
    return [s for s in range(9) if picture[s] == "." and _put(picture, s, "X") in same]


class PkBoxes:
    """The other tracker's own counts, square by square of each picture, settled by its rules: what each
    of our boxes must hold after every game (a colour of ours is a class of its squares)."""

    def __init__(self, config: dict[str, Any]) -> None:
        self.levels = pictures()
        self.incentives = dict(zip(("draw", "win", "loss"), config["INCENTIVES"], strict=True))
        self.counts = {EMPTY: list(config["INITIAL_BOX_BEADS"])}
        for level, weight in zip(self.levels[1:], config["INITIAL_WEIGHTS"], strict=True):
            for picture in level:
                given = bead_squares(picture)
                self.counts[picture] = [weight if s in given else 0 for s in range(9)]
        self.drawn: list[tuple[str, int]] = []

    def place(self, board: str) -> tuple[str, tuple[int, ...]]:
        found = pk_place(self.levels, board)
        if found is None:
            raise GameError(_("the other tracker has no box for the board {board}").format(board=board))
        return found

    def ours(self, box: Any, board: str) -> dict[Any, int]:
        """Our box's counts (by bead) as the other tracker has them; ``board`` is the box's own picture."""
        picture, rot = self.place(board)
        counts = self.counts[picture]
        return {bead: sum(counts[s] for s in class_of(picture, rot[bead])) for bead in box.moves}

    def settle(self, result: str) -> None:
        for picture, square in self.drawn:
            counts = self.counts[picture]
            counts[square] = max(0, counts[square] + self.incentives[result])
            if picture == EMPTY and not sum(counts):
                counts[square] = 1  # the opening box keeps one bead of the drawn colour
        self.drawn = []


def import_pk(store: Store, text: str, name: str) -> PkImported:
    """Creates kit ``name`` and records the log's games into it, all in one transaction; raises PkRejected
    (nothing recorded) for a file that is not such a log or a game that cannot be replayed."""
    config, games = read_log(text)
    rules = matching_rules(config["INCENTIVES"])
    pk = PkBoxes(config)
    catalogue = build_catalogue("tictactoe", "first", rules)
    boxes = catalogue.boxes
    kit = KitRecord(new_id(), name, "tictactoe", "first", rules.name, PALETTE, catalogue.fingerprint, boxes)
    done = PkImported(kit.name, rules.name)
    with store.transaction():
        world = store.create_kit(kit)
        for box in kit.boxes:  # starting beads other than the preset's: a census of the box
            counts = pk.ours(box, box.position)
            if counts != dict(zip(box.moves, box.beads, strict=True)):
                world = _census(store, world, box.id, counts)
        for number, moves in enumerate(games, start=1):
            try:
                world = _game(store, world, pk, moves, number, done)
            except GameError as error:
                raise PkRejected(
                    _("game {number}: {error}; nothing imported").format(number=number, error=error)
                ) from None
    return done


def _game(store: Store, world: World, pk: PkBoxes, moves: list[int], number: int, done: PkImported) -> World:
    kit = world.kit
    game = kit.catalogue.game
    game_id = new_id()
    world = _apply(store, world, bodies.GameStarted(world.started + 1, game_id, "human", "physical"))
    odd: set[int] = set()  # boxes where the record did what our rules refuse: put right after the game
    forced: list[Any] = []
    for index, value in enumerate(moves, start=1):
        session = world.session
        assert session is not None
        turn = sessions.turn(kit, session)
        if forced:
            if value != forced[0]:
                raise GameError(
                    _("number {index}: MENACE's forced move was square {forced}, not {value}").format(
                        index=index, forced=forced[0], value=value
                    )
                )
            forced.pop(0)
            continue
        if turn is Turn.OVER:
            raise GameError(_("number {index}: the game was already over").format(index=index))
        if turn is Turn.OPPONENT:
            game.play(session.state, value)  # an illegal move is refused in the game's own words
            world = _apply(store, world, bodies.Moved(value, game_id))
            forced = list(world.session.steps[-1].forced) if world.session else []
            continue
        board = session.state.position
        where = kit.place(board)
        picture, rot = pk.place(board)
        box, counts = where.box, world.loaded_mirror[where.box.id]
        if value == RESIGN:
            if sum(pk.counts[picture]):
                done.anomalies.append(
                    _("game {number}: MENACE resigned at box {id}, which held beads").format(
                        number=number, id=box.id
                    )
                )
                odd.add(box.id)
            if sum(counts.values()):
                world = _census(store, world, box.id, {m: 0 for m in box.moves})
            world = _apply(store, world, bodies.Resigned(game_id, box.id))
            continue
        real = rot.index(value)
        game.play(session.state, real)
        if pk.counts[picture][value] == 0:
            done.anomalies.append(
                _(
                    "game {number}: MENACE drew a bead of a colour box {id} held none of (square {square})"
                ).format(number=number, id=box.id, square=real + 1)
            )
            odd.add(box.id)
        bead = sessions.beads_for(kit, where, real)[0]
        if counts.get(bead, 0) == 0:  # it was drawn, so it was there
            world = _census(store, world, box.id, {bead: 1})
            counts = world.loaded_mirror[box.id]
        bead = bead_for(kit, where, real, counts)
        pk.drawn.append((picture, value))
        world = _apply(store, world, bodies.Drew(game_id, box.id, kit.code(bead), real))
        forced = list(world.session.steps[-1].forced) if world.session else []
    session = world.session
    assert session is not None
    if sessions.turn(kit, session) is not Turn.OVER:
        raise GameError(_("the game is not over at the end of its numbers"))
    ended = game_ended(world)
    world = _apply(store, world, ended)
    done.results.append(ended.result)
    pk.settle(ended.result)
    for box_id in sorted(odd):
        box = kit.box(box_id)
        want = pk.ours(box, box.position)
        if want != {m: world.loaded_mirror[box_id].get(m, 0) for m in box.moves}:
            world = _census(store, world, box_id, want)
    return world


def _census(store: Store, world: World, box: int, counts: dict[Any, int]) -> World:
    return _apply(store, world, bodies.Census(box, {str(world.kit.code(m)): n for m, n in counts.items()}))


def _apply(store: Store, world: World, body: bodies.Body) -> World:
    data = body.data()
    return store.apply(world, Event(new_id(), world.kit.id, body.kind, now(), data, data.get("game")))
