"""The bill of materials for a kit: beads per colour, a reserve for wins, and the number of matchboxes.

Kept apart from the fill sheet's drawing so the arithmetic is tested as numbers.
"""
from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass
from functools import cache
from typing import Any

from kit.game import State
from kit.matchbox import Catalogue

RESERVE_GAMES = 20  # wins the reserve covers; a classroom session is rarely longer


@dataclass(frozen=True)
class Bill:
    matchboxes: int
    start: dict[int, int]  # beads per colour to fill every box, by move code (as palettes key colours)
    reserve: dict[int, int]  # extra beads per colour for wins and draws
    boxes_per_game: int  # the most boxes MENACE can use in one game
    per_game: int  # the most beads one game can add to one box
    reserve_games: int

    @property
    def total_start(self) -> int:
        return sum(self.start.values())

    @property
    def total_reserve(self) -> int:
        return sum(self.reserve.values())

    def buy(self, code: int) -> int:
        return self.start[code] + self.reserve[code]


def bill_for(catalogue: Catalogue, reserve_games: int = RESERVE_GAMES) -> Bill:
    """Beads to buy: every box's starting beads, plus beads for ``reserve_games`` games that add the most.

    A game adds at most max(win, draw) beads to each box MENACE used, and it uses at most
    ``boxes_per_game`` boxes; which colours gain is unknown in advance, so the reserve is shared out in
    proportion to each colour's share of the starting beads, rounded up.
    """
    start: Counter[int] = Counter()
    for box in catalogue.boxes:
        for move, count in zip(box.moves, box.beads, strict=True):
            start[catalogue.game.move_code(move)] += count
    per_game = max(catalogue.rules.win, catalogue.rules.draw, 0)
    boxes_per_game = longest_game(catalogue)
    pool = reserve_games * boxes_per_game * per_game
    total = sum(start.values())
    reserve = {code: math.ceil(pool * count / total) for code, count in sorted(start.items())}
    starting = dict(sorted(start.items()))
    return Bill(len(catalogue.boxes), starting, reserve, boxes_per_game, per_game, reserve_games)


@cache
def longest_game(catalogue: Catalogue) -> int:
    """The most boxes MENACE can draw from in one game (tic-tac-toe first: 4; Nim: 5)."""
    game = catalogue.game
    boxed = {box.position for box in catalogue.boxes}
    menace = catalogue.menace
    memo: dict[State[Any], int] = {}

    def deepest(state: State[Any]) -> int:
        if state in memo:
            return memo[state]
        moves = game.legal_moves(state)
        own = int(state.to_move == menace and game.canonical(state.position)[0] in boxed)
        memo[state] = own + max((deepest(game.play(state, m)) for m in moves), default=0)
        return memo[state]

    return deepest(game.initial())


def colour_runs(catalogue: Catalogue) -> dict[int, list[tuple[int, list[tuple[int, int]]]]]:
    """For each colour (move code): the starting counts it has, each with the runs of consecutive box
    numbers that get that many ("3 in boxes 2-6 and 8-13"), for filling the boxes one colour at a time."""
    game = catalogue.game
    found: dict[int, dict[int, list[tuple[int, int]]]] = {}
    for box in catalogue.boxes:
        for move, count in zip(box.moves, box.beads, strict=True):
            if count == 0:  # a trained box may hold none of a colour: nothing to put in
                continue
            runs = found.setdefault(game.move_code(move), {}).setdefault(count, [])
            if runs and runs[-1][1] == box.id - 1:
                runs[-1] = (runs[-1][0], box.id)
            else:
                runs.append((box.id, box.id))
    return {code: list(by_count.items()) for code, by_count in sorted(found.items())}
