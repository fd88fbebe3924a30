"""The plain-Python path: one MENACE at a time, drawing, refilling and settling through kit.learning and
playing against kit.opponents. It is the reference the numpy engine is tested against, and it is what
`menace simulate --population 1` would be without numpy.

Lookups that do not change during play (which box serves a board, the legal and perfect moves) are
memoised per position, so a game costs a handful of dictionary reads.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field

from generator.catalogue import Catalogue, NotABoxError, build_catalogue
from kit.game import Result, State
from kit.learning import Draw, pick, refill, settle
from kit.opponents import LOSS, perfect_moves, solve
from tracker.sim.players import parse_opponent


@dataclass
class ReferenceMenace:
    """One MENACE: boxes as {box id: {move in the box's orientation: beads}} plus the game's draws so far."""

    catalogue: Catalogue
    boxes: dict[int, dict[int, int]] = field(init=False)
    draws: list[Draw] = field(default_factory=list, init=False)
    first_boxes: frozenset[int] = field(init=False)
    _where: dict = field(default_factory=dict, init=False, repr=False)

    def __post_init__(self) -> None:
        self.boxes = {box.id: box.initial_counts() for box in self.catalogue.boxes}
        self.first_boxes = first_move_boxes(self.catalogue)

    def move(self, state: State, rng: random.Random) -> int | None:
        """MENACE's move in ``state``, or None when it resigns in front of an empty box."""
        placement = self._placement(state)
        if placement is None:
            return self.catalogue.game.legal_moves(state)[0]  # one legal move: no box
        box = placement.box
        counts = self.boxes[box.id]
        if not any(counts.values()):
            if self.catalogue.rules.empty_box == "resign":
                return None
            for move, added in refill(self.catalogue.rules, box.moves, rng).items():
                counts[move] = counts.get(move, 0) + added
        move = pick(counts, rng)
        counts[move] -= 1
        self.draws.append(Draw(box.id, move, counts[move], sum(counts.values()), box.id in self.first_boxes))
        return placement.to_real(move)

    def learn(self, result: Result) -> None:
        for change in settle(self.catalogue.rules, self.draws, result):
            self.boxes[change.box][change.move] = change.after
        self.draws.clear()

    def _placement(self, state: State):
        if state.position not in self._where:
            try:
                self._where[state.position] = self.catalogue.locate(state.position)
            except NotABoxError:
                self._where[state.position] = None
        return self._where[state.position]


def first_move_boxes(catalogue: Catalogue) -> frozenset[int]:
    """Ids of the boxes MENACE can face at its first move (tic-tac-toe first: box 1; second: three)."""
    game = catalogue.game
    start = game.initial()
    states = [start] if catalogue.menace == 0 else [game._apply(start, m) for m in game.legal_moves(start)]
    return frozenset(catalogue.locate(s.position).box.id for s in states)


class ReferenceOpponent:
    """random, perfect, ideal or novice:P from kit.opponents, with the moves memoised per state."""

    def __init__(self, game, opponent: str) -> None:
        self.game = game
        self.kind, self.skill = parse_opponent(opponent)
        self._legal: dict[State, tuple[int, ...]] = {}
        self._best: dict[State, tuple[int, ...]] = {}

    def move(self, state: State, rng: random.Random) -> int:
        if self.kind == "random" or (self.kind == "novice" and rng.random() >= self.skill):
            return rng.choice(self._legal_moves(state))
        if state not in self._best:
            lost = solve(self.game, state)[0] == LOSS
            best = perfect_moves(self.game, state)
            self._best[state] = best if self.kind != "ideal" else (self._legal_moves(state)[0],) if lost else best[:1]
        return rng.choice(self._best[state])

    def learn(self, result: Result) -> None:
        """Nothing to learn."""

    def _legal_moves(self, state: State) -> tuple[int, ...]:
        if state not in self._legal:
            self._legal[state] = self.game.legal_moves(state)
        return self._legal[state]


def play_game(game, players, rng: random.Random) -> int | None:
    """One game between two reference players; the winner (0 first, 1 second) or None for a draw."""
    state = game.initial()
    outcomes: dict = {}
    while True:
        mover = state.to_move
        move = players[mover].move(state, rng)
        if move is None:
            winner = 1 - mover  # resigned
            break
        state = game._apply(state, move)
        if state not in outcomes:
            outcomes[state] = game.outcome(state)
        if outcomes[state] is not None:
            winner = outcomes[state].winner
            break
    for side, player in enumerate(players):
        player.learn(Result.DRAW if winner is None else Result.WIN if winner == side else Result.LOSS)
    return winner


def reference_run(game_name: str, *, menace_plays: str = "first", rules: str | None = None,
                  opponent: str = "random", games: int, seed: int) -> list[int]:
    """One MENACE's results, game by game, from its side: 1 win, 0 draw, -1 loss."""
    catalogue = build_catalogue(game_name, menace_plays, rules)
    game = catalogue.game
    rng = random.Random(seed)
    menace = ReferenceMenace(catalogue)
    if parse_opponent(opponent)[0] == "menace":
        other = "second" if menace_plays == "first" else "first"
        rival = ReferenceMenace(build_catalogue(game_name, other, catalogue.rules.name))
    else:
        rival = ReferenceOpponent(game, opponent)
    side = catalogue.menace
    players = (menace, rival) if side == 0 else (rival, menace)
    results = []
    for _ in range(games):
        winner = play_game(game, players, rng)
        results.append(0 if winner is None else 1 if winner == side else -1)
    return results
