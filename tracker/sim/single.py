"""The fast single-MENACE path: one MENACE in plain Python over the precomputed tables.

It makes exactly the same calls on its ``random.Random`` as the kit-based reference (reference.py), so
with the same seed it plays the very same games; the tests hold it to that, which is what lets it skip
kit.game's strings and dataclasses and run several times faster than a straightforward implementation.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cache

from tracker.sim.players import parse_opponent
from tracker.sim.tables import LAST_MOVER_LOST, LAST_MOVER_WON, ONGOING, box_tables, game_tables


@dataclass(frozen=True)
class _Lists:
    """The numpy tables as Python lists: indexing a list is far cheaper than indexing an array by a scalar."""

    start: int
    child: list
    terminal: list
    legal: list
    perfect: list
    ideal: list


@cache
def _lists(game_name: str) -> _Lists:
    gt = game_tables(game_name)

    def rows(n, nth):
        return [tuple(int(m) for m in nth[c, : n[c]]) for c in range(len(n))]

    return _Lists(gt.start, gt.child.tolist(), gt.terminal.tolist(), rows(gt.n_legal, gt.nth_legal),
                  rows(gt.n_perfect, gt.nth_perfect), rows(gt.n_ideal, gt.nth_ideal))


@cache
def _box_lists(game_name: str, menace_plays: str, rules_name: str | None):
    bt = box_tables(game_name, menace_plays, rules_name)
    initial = tuple(tuple(row[:n].tolist()) for row, n in zip(bt.initial, bt.n_slots))
    return initial, bt.box_of.tolist(), bt.slot_move.tolist(), frozenset(int(b) for b in bt.first_boxes)


class FastMenace:
    """One MENACE: beads[box][slot], slots in the order of the box's moves, as kit.learning.pick counts them."""

    def __init__(self, game_name: str, menace_plays: str, rules_name: str | None, lists: _Lists) -> None:
        bt = box_tables(game_name, menace_plays, rules_name)
        rules = bt.rules
        initial, self.box_of, self.slot_move, self.first = _box_lists(game_name, menace_plays, rules_name)
        self.beads = [list(row) for row in initial]
        self.legal = lists.legal
        self.floor, self.keep_one = rules.floor, rules.keep_one
        self.delta = {1: rules.win, 0: rules.draw, -1: rules.loss}
        self.refill_beads = rules.refill_beads if rules.empty_box == "refill" else 0
        self.slot_ranges = [range(len(b)) for b in self.beads]
        self.draws: list[tuple[int, int]] = []

    def move(self, code: int, rng: random.Random) -> int | None:
        box = self.box_of[code]
        if box < 0:
            return self.legal[code][0]
        beads = self.beads[box]
        total = sum(beads)
        if total == 0:
            if not self.refill_beads:
                return None
            for _ in range(self.refill_beads):
                beads[rng.choice(self.slot_ranges[box])] += 1
            total = self.refill_beads
        ticket = rng.randrange(total)
        for slot, count in enumerate(beads):
            ticket -= count
            if ticket < 0:
                break
        beads[slot] -= 1
        self.draws.append((box, slot))
        return self.slot_move[code][slot]

    def learn(self, result: int) -> None:
        """kit.learning.settle for this game's draws; ``result`` 1 win, 0 draw, -1 loss."""
        change = self.delta[result]
        for box, slot in self.draws:
            beads = self.beads[box]
            left = beads[slot]
            after = max(self.floor, left + 1 + change)
            if after == 0 and (self.keep_one == "every-box" or (self.keep_one == "first-box" and box in self.first)):
                if sum(beads) == left:
                    after = 1  # the box's last bead always goes back
            beads[slot] = after
        self.draws.clear()


class FastOpponent:
    def __init__(self, opponent: str, lists: _Lists) -> None:
        self.kind, self.skill = parse_opponent(opponent)
        self.legal = lists.legal
        self.best = lists.ideal if self.kind == "ideal" else lists.perfect

    def move(self, code: int, rng: random.Random) -> int:
        if self.kind == "random" or (self.kind == "novice" and rng.random() >= self.skill):
            return rng.choice(self.legal[code])
        return rng.choice(self.best[code])

    def learn(self, result: int) -> None:
        """Nothing to learn."""


def fast_run(game_name: str, *, menace_plays: str = "first", rules: str | None = None,
             opponent: str = "random", games: int, seed: int) -> list[int]:
    """One MENACE's results game by game (1 win, 0 draw, -1 loss): the same as reference_run's."""
    lists = _lists(game_name)
    rng = random.Random(seed)
    menace = FastMenace(game_name, menace_plays, rules, lists)
    if parse_opponent(opponent)[0] == "menace":
        other = "second" if menace_plays == "first" else "first"
        rival = FastMenace(game_name, other, rules, lists)
    else:
        rival = FastOpponent(opponent, lists)
    side = 0 if menace_plays == "first" else 1
    players = (menace, rival) if side == 0 else (rival, menace)
    child, terminal, start = lists.child, lists.terminal, lists.start
    results = []
    for _ in range(games):
        code, mover = start, 0
        while True:
            move = players[mover].move(code, rng)
            if move is None:
                winner = 1 - mover  # resigned in front of an empty box
                break
            code = child[code][move]
            state = terminal[code]
            if state != ONGOING:
                winner = mover if state == LAST_MOVER_WON else 1 - mover if state == LAST_MOVER_LOST else None
                break
            mover = 1 - mover
        first_result = 0 if winner is None else 1 if winner == 0 else -1
        players[0].learn(first_result)
        players[1].learn(-first_result)
        results.append(first_result if side == 0 else -first_result)
    return results
