"""The players of the population engine: MENACEs that learn (beads per member) and fixed policies.

Each player answers ``choose(codes, games, rng)`` for the games where it is to move, returning the
move index for each and which games it resigns, and ``settle(results)`` once the games are over.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from kit.game import GameError
from tracker.sim.tables import BoxTables, GameTables

POLICIES = ("random", "perfect", "ideal")


@dataclass
class Policy:
    """An opponent that does not learn: uniform over its table's moves (novice: perfect with prob. ``skill``).

    ``random``: any legal move. ``perfect``: kit.opponents.perfect_moves, ties at random. ``ideal``: the Nim
    notebook's player, the best take or take 1 when lost (deterministic). ``novice``: perfect with
    probability ``skill``, else random.
    """

    gt: GameTables
    kind: str
    skill: float = 1.0

    def choose(self, codes: np.ndarray, games: np.ndarray, rng: np.random.Generator):
        gt = self.gt
        if self.kind == "random":
            return _uniform(gt.n_legal, gt.nth_legal, codes, rng), None
        if self.kind == "ideal":
            return gt.nth_ideal[codes, 0], None
        if self.kind == "perfect":
            return _uniform(gt.n_perfect, gt.nth_perfect, codes, rng), None
        # novice: one uniform number decides perfect or random, another picks within the choice.
        perfect = rng.random(codes.size) < self.skill
        n = np.where(perfect, gt.n_perfect[codes], gt.n_legal[codes])
        pick = (rng.random(codes.size) * n).astype(np.intp)
        return np.where(perfect, gt.nth_perfect[codes, pick], gt.nth_legal[codes, pick]), None

    def settle(self, results: np.ndarray) -> None:
        """Nothing to learn."""


def parse_opponent(text: str) -> tuple[str, float]:
    """(kind, skill) for random, perfect, ideal, menace or novice:P; raises GameError otherwise."""
    if text in (*POLICIES, "menace"):
        return text, 1.0
    if text.startswith("novice:"):
        try:
            skill = float(text.removeprefix("novice:"))
        except ValueError:
            skill = -1.0
        if 0.0 <= skill <= 1.0:
            return "novice", skill
        raise GameError(f"{text!r}: novice:P needs a probability P from 0 to 1, e.g. novice:0.5")
    raise GameError(f"unknown opponent {text!r}: choose random, perfect, novice:P (0 <= P <= 1), ideal or menace")


def _uniform(n_table: np.ndarray, nth_table: np.ndarray, codes: np.ndarray, rng: np.random.Generator):
    pick = (rng.random(codes.size) * n_table[codes]).astype(np.intp)
    return nth_table[codes, pick]


@dataclass
class Menaces:
    """A population of MENACEs on one catalogue: ``beads[member, box, slot]``, each member its own games.

    ``members`` maps game i to the member that plays it (None: member i plays game i). With
    ``learning`` off the beads never change (a trained player in a tournament). ``first_box_empty``
    records the members whose first-move box has ever been empty after a game.
    """

    gt: GameTables
    bt: BoxTables
    beads: np.ndarray
    learning: bool = True
    members: np.ndarray | None = None
    first_box_empty: np.ndarray = field(init=False)
    _pending: list = field(default_factory=list, init=False, repr=False)

    @classmethod
    def fresh(cls, gt: GameTables, bt: BoxTables, population: int, **kwargs) -> Menaces:
        beads = np.repeat(bt.initial[np.newaxis], population, axis=0)
        return cls(gt, bt, beads, **kwargs)

    def __post_init__(self) -> None:
        rules = self.bt.rules
        self.first_box_empty = np.zeros(len(self.beads), bool)
        self._delta = np.array([rules.loss, rules.draw, rules.win], np.int32)  # indexed by result + 1
        self._keep_one = rules.keep_one
        self._is_first = np.zeros(self.beads.shape[1], bool)
        self._is_first[self.bt.first_boxes] = True

    def choose(self, codes: np.ndarray, games: np.ndarray, rng: np.random.Generator):
        bt, gt = self.bt, self.gt
        box = bt.box_of[codes].astype(np.intp)
        forced = box < 0
        if forced.any():
            # A position with one legal move has no box: MENACE plays it.
            moves = gt.nth_legal[codes, 0].astype(np.intp)
            boxed = np.flatnonzero(~forced)
            chosen, resigned = self._draw(codes[boxed], games[boxed], box[boxed], rng)
            moves[boxed] = chosen
            if resigned is not None:
                full = np.zeros(codes.size, bool)
                full[boxed] = resigned
                resigned = full
            return moves, resigned
        return self._draw(codes, games, box, rng)

    def _draw(self, codes, games, box, rng):
        rows = games if self.members is None else self.members[games]
        counts = self.beads[rows, box]
        cumulative = np.cumsum(counts, axis=1, dtype=np.int32)  # int32: several times faster than the default int64
        total = cumulative[:, -1]
        resigned = None
        if not total.all():
            empty = total == 0
            if self.bt.rules.empty_box == "resign":
                resigned = empty
            else:
                cumulative = self._refill(rows, box, empty, rng)
                total = cumulative[:, -1]
        ticket = (rng.random(codes.size) * total).astype(np.int32)
        slot = (cumulative > ticket[:, np.newaxis]).argmax(axis=1)  # the first slot whose running total passes the ticket
        if resigned is not None:
            slot[resigned] = 0  # no draw happens; the move is discarded by the caller
        moves = self.bt.slot_move[codes, slot].astype(np.intp)
        if self.learning:
            keep = slice(None) if resigned is None else ~resigned
            games, rows, box, slot = games[keep], rows[keep], box[keep], slot[keep]
            self.beads[rows, box, slot] -= 1  # the drawn bead is set aside until the game is settled
            self._pending.append((games, rows, box, slot))
        return moves, resigned

    def _refill(self, rows, box, empty, rng):
        """Put ``refill_beads`` random legal beads into each empty box (kit.learning.refill, vectorised)."""
        where = np.flatnonzero(empty)
        r, b = rows[where], box[where]
        for _ in range(self.bt.rules.refill_beads):
            slot = (rng.random(where.size) * self.bt.n_slots[b]).astype(np.intp)
            np.add.at(self.beads, (r, b, slot), 1)
        return np.cumsum(self.beads[rows, box], axis=1, dtype=np.int32)

    def settle(self, results: np.ndarray) -> None:
        """Settle every draw of the games just played (kit.learning.settle, vectorised); ``results`` from
        this player's side: 1 win, 0 draw, -1 loss."""
        if not self.learning:
            return
        floor = self.bt.rules.floor
        for games, rows, box, slot in self._pending:
            left = self.beads[rows, box, slot]
            after = np.maximum(floor, left + 1 + self._delta[results[games] + 1])
            if self._keep_one != "none":
                others = self.beads[rows, box].sum(axis=1) - left
                keeps = np.ones(box.size, bool) if self._keep_one == "every-box" else self._is_first[box]
                after = np.where(keeps & (others + after == 0), 1, after)
            self.beads[rows, box, slot] = after
        self._pending.clear()
        first = self.bt.first_boxes
        if self.members is None:
            self.first_box_empty |= (self.beads[:, first].sum(axis=2) == 0).any(axis=1)

