"""How far a kit's beads grow in use, found by playing it: the bead reserve per colour, and the boxes that
may outgrow a matchbox.

Many fresh MENACEs with the kit's boxes and rules each play GAMES games against a random player through
kit's one match loop (kit.match.play_game, the MENACE player of kit.players), seeded, so the same kit
always prints the same numbers. For each colour we note the most beads it ever held beyond its starting
beads, summed over all boxes, and for each box the most beads it ever held; the printed numbers are the
run at the PERCENTILE-th percentile (nearest rank), so they suffice in 19 runs of 20.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, cast

from kit.game import Game, Outcome, State
from kit.match import play_game
from kit.matchbox import Catalogue
from kit.palettes import Palette
from kit.players import MenacePlayer, Player, RandomPlayer

GAMES = 50  # games a run plays: a long classroom session, or two
RUNS = 300  # simulated MENACEs for a game with its default options; about 0.4 s of CPU for tic-tac-toe
# A game with options (several heaps, raw boards) can have far more boxes and longer games: it runs fewer
# MENACEs to keep `generate` quick (Nim with heaps 1-5: about 0.5 s).
OPTIONS_RUNS = 100
PERCENTILE = 95  # "in 19 of 20 simulated runs"
SEED = 1961  # the year of Michie's MENACE: any fixed number keeps the printed numbers the same

# A matchbox's beads. Assumed: 5 mm craft (fuse) beads, 5 mm across and 5 mm long, the beads the shipped
# palettes name. A standard box is about 53 x 36.5 x 11.6 mm outside; with about 1 mm of card at each side
# its tray is about 51 x 34 x 10 mm inside. Beads in rows: floor(51 / 5) x floor(34 / 5) = 10 x 6 = 60 a
# layer, floor(10 / 5) = 2 layers = 120 beads packed; a bead is drawn by shaking and reaching in, so a box
# works up to three quarters full: 120 * 3 // 4 = 90 beads.
BEAD_MM = 5.0
TRAY_MM = (51.0, 34.0, 10.0)
FULLNESS = 0.75


def beads_per_box(bead_mm: float = BEAD_MM, tray_mm: tuple[float, float, float] = TRAY_MM) -> int:
    """How many beads a matchbox holds and still lets a bead be drawn (90 for the assumed beads)."""
    packed = math.prod(math.floor(side / bead_mm) for side in tray_mm)
    return math.floor(packed * FULLNESS)


MATCHBOX_BEADS = beads_per_box()


@dataclass(frozen=True)
class Growth:
    """What a kit's simulated runs need: per colour (its key: colour_keys) beads beyond the start, per box
    the most beads it holds, each at the PERCENTILE-th percentile of the runs."""

    reserve: dict[int, int]  # colour key -> beads beyond the colour's starting beads (0: never grows)
    box_beads: dict[int, int]  # box number -> the most beads it held, starting beads included
    runs: int
    games: int

    def outgrowing(self, capacity: int = MATCHBOX_BEADS) -> list[int]:
        """The boxes whose bead count may pass what a matchbox holds, by number."""
        return [box for box, beads in sorted(self.box_beads.items()) if beads > capacity]


def runs_for(catalogue: Catalogue) -> int:
    """How many MENACEs ``growth`` simulates for a kit: RUNS, or OPTIONS_RUNS for a game with options."""
    game = catalogue.game
    return RUNS if game.spec == game.name else OPTIONS_RUNS


def colour_keys(catalogue: Catalogue, palette: Palette | None = None) -> dict[int, dict[Any, int]]:
    """Each box's moves with the key of their bead colour, by box number: the move code (a colour stands
    for one move everywhere), or with ``palette``'s colours per box the colour's place in the palette.
    Beads are bought and counted by colour, so bills and reserves add up by this key."""
    keys = {}
    for box in catalogue.boxes:
        codes = {move: catalogue.game.move_code(move) for move in box.moves}
        if palette is not None and palette.per_box:
            colours = palette.box_colours(codes.values())
            keys[box.id] = {move: colours[code].move for move, code in codes.items()}
        else:
            keys[box.id] = codes
    return keys


class _Remembered:
    """A game's rules as a simulation asks them, each state's answers worked out once: 300 MENACEs of 50 games
    meet the same few thousand states 250,000 times, and the rules are pure functions of the state (the
    moves come back in the same order, so the same seed draws the same games). Only what the match loop
    and the random player ask: initial, outcome, legal_moves and play.

    Every state the loop meets is one this object made (initial, or play's), one object per position met:
    its answers are found by the object's id, without hashing the state again at every move."""

    def __init__(self, game: Game[Any, Any]) -> None:
        self.game = game
        self._start = game.initial()
        self._equal: dict[State[Any], State[Any]] = {}  # one object per state, for the ids below
        # id(state) -> the state (which keeps the id its own), its outcome, its moves, the states after them
        self._known: dict[int, tuple[State[Any], Outcome | None, tuple[Any, ...], dict[Any, State[Any]]]] = {}

    def initial(self) -> State[Any]:
        return self._start

    def _node(
        self, state: State[Any]
    ) -> tuple[State[Any], Outcome | None, tuple[Any, ...], dict[Any, State[Any]]]:
        node = self._known.get(id(state))
        if node is None:
            game = self.game
            node = self._known[id(state)] = (state, game.outcome(state), game.legal_moves(state), {})
        return node

    def outcome(self, state: State[Any]) -> Outcome | None:
        return self._node(state)[1]

    def legal_moves(self, state: State[Any]) -> tuple[Any, ...]:
        return self._node(state)[2]

    def play(self, state: State[Any], move: Any) -> State[Any]:
        after = self._node(state)[3]
        try:
            return after[move]
        except KeyError:
            made = self.game.play(state, move)  # checked the first time
            made = after[move] = self._equal.setdefault(made, made)
            return made


@cache
def growth(catalogue: Catalogue, palette: Palette | None = None) -> Growth:
    """``simulate`` with the kit's own number of runs, once per kit (the fill sheet and `generate` ask)."""
    return simulate(catalogue, runs=runs_for(catalogue), palette=palette)


def simulate(
    catalogue: Catalogue, *, runs: int, games: int = GAMES, seed: int = SEED, palette: Palette | None = None
) -> Growth:
    """Plays ``runs`` fresh MENACEs of ``catalogue`` ``games`` games each against a random player; the
    reserve is per colour of ``palette`` (None: per move, as any palette of a colour per move has it)."""
    game = catalogue.game
    start = {box.id: box.initial_counts() for box in catalogue.boxes}
    start_total = {box.id: sum(box.beads) for box in catalogue.boxes}
    code = colour_keys(catalogue, palette)
    # One player whose boxes are refilled before each run: it keeps its cache of where each state's box is.
    menace = MenacePlayer(catalogue, {box_id: dict(counts) for box_id, counts in start.items()})
    # The match loop and the random player take the rules remembered (they ask nothing else of a game).
    rules = cast("Game[Any, Any]", _Remembered(game))
    opponent = RandomPlayer(rules)
    players: list[Player] = [menace, opponent] if catalogue.menace == 0 else [opponent, menace]
    rng = random.Random(seed)
    colour_peaks: dict[int, list[int]] = {c: [] for by_move in code.values() for c in by_move.values()}
    box_peaks: dict[int, list[int]] = {box_id: [] for box_id in start}
    for _ in range(runs):
        settled: dict[int, dict[Any, int]] = {}  # the boxes this run has changed, as last settled
        gained = dict.fromkeys(colour_peaks, 0)  # beads per colour beyond the start, now
        colour_peak = dict.fromkeys(colour_peaks, 0)
        box_peak: dict[int, int] = {}
        for _ in range(games):
            outcome = play_game(rules, players, rng, apply=rules.play, learn=False)
            touched = {draw.box for draw in menace.draws}  # a refilled box is drawn from too
            menace.learn(outcome.result_for(catalogue.menace))
            for box_id in touched:
                now = menace.boxes[box_id]
                before = settled.get(box_id, start[box_id])
                for move, count in now.items():  # a colour once in a box keeps its key, even at 0
                    change = count - before.get(move, 0)
                    if change:
                        colour = code[box_id][move]
                        total = gained[colour] = gained[colour] + change
                        if total > colour_peak[colour]:
                            colour_peak[colour] = total
                settled[box_id] = dict(now)
                beads = sum(now.values())
                if beads > box_peak.get(box_id, 0):
                    box_peak[box_id] = beads
        for colour, peaks in colour_peaks.items():
            peaks.append(colour_peak[colour])
        for box_id, peaks in box_peaks.items():
            peaks.append(max(box_peak.get(box_id, 0), start_total[box_id]))
        for box_id in settled:  # refill what this run changed for the next
            menace.boxes[box_id] = dict(start[box_id])
    return Growth(
        {colour: percentile(peaks, PERCENTILE) for colour, peaks in sorted(colour_peaks.items())},
        {box_id: percentile(peaks, PERCENTILE) for box_id, peaks in box_peaks.items()},
        runs,
        games,
    )


def percentile(values: Sequence[int], percent: int) -> int:
    """The nearest-rank percentile: the smallest value that at least ``percent``% of ``values`` do not
    exceed (95th of 1..20: 19)."""
    ordered = sorted(values)
    return ordered[max(math.ceil(len(ordered) * percent / 100), 1) - 1]
