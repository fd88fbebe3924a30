"""The matchbox catalogue: which positions get a box, their stable numbers, and the kit's fingerprint.

Boxes are numbered 1..n by MENACE's move number, then by position text (Nim: by token count), so the
same game, side and rules always give the same numbers, on paper and in every tracker store.
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from functools import cache, cached_property

from generator.walk import states
from kit.game import SIDES, Game, GameError, State
from kit.games import get_game
from kit.rules import Rules, default_rules, load_rules


class NotABoxError(GameError):
    """A position that has no matchbox: finished, the other side to move, or only one move left."""


@dataclass(frozen=True)
class Box:
    """One matchbox: its number, the position drawn on it, and the moves that get beads."""

    id: int
    position: str
    move_number: int | None
    moves: tuple[int, ...]  # in the box's own orientation
    beads: tuple[int, ...]  # initial beads for each of ``moves``

    def initial_counts(self) -> dict[int, int]:
        return dict(zip(self.moves, self.beads))


@dataclass(frozen=True)
class Placement:
    """Where a box's picture lies on the real board: ``to_board[i]`` is the real square of box square i."""

    box: Box
    board: str
    to_board: tuple[int, ...]
    turn: str  # how the label's picture turns onto the real board, in plain words

    def to_real(self, move: int) -> int:
        return self.to_board[move] if self.to_board else move


@dataclass(frozen=True)
class Catalogue:
    game: Game
    menace_plays: str  # "first" or "second"
    rules: Rules
    boxes: tuple[Box, ...]

    @property
    def menace(self) -> int:
        return SIDES[self.menace_plays]

    @property
    def fingerprint(self) -> str:
        """A short hash of the game, side, rules and box list: a printed kit and a store that share it match."""
        payload = {
            "game": self.game.name,
            "menace_plays": self.menace_plays,
            "rules": self.rules.as_dict(),
            "boxes": [[b.id, b.position, list(b.moves), list(b.beads)] for b in self.boxes],
        }
        return hashlib.sha256(json.dumps(payload, sort_keys=True).encode()).hexdigest()[:12]

    def box(self, box_id: int) -> Box:
        if not 1 <= box_id <= len(self.boxes):
            raise NotABoxError(f"there is no box {box_id}: boxes are numbered 1 to {len(self.boxes)}")
        return self.boxes[box_id - 1]

    def locate(self, text: str) -> Placement:
        """The box for a real position and how its picture lies on it; raises NotABoxError or GameError."""
        game = self.game
        position = game.parse_position(text)
        turn = game.whose_turn(position)
        names = game.player_names
        state = State(position, self.menace if turn is None else turn)
        if game.outcome(state) is not None:
            raise NotABoxError(f"{position} is a finished game: no box is needed")
        if turn is not None and turn != self.menace:
            raise NotABoxError(
                f"in {position} it is {names[turn]}'s turn, but this MENACE plays {names[self.menace]}"
            )
        representative, _ = game.canonical(position)
        box = self._by_position.get(representative)
        if box is None:
            moves = game.legal_moves(state)
            if len(moves) == 1:
                raise NotABoxError(f"{position} leaves MENACE one move, {game.move_text(moves[0])}: it has no box")
            raise NotABoxError(f"{position} has no box in this kit")
        symmetry = game.placements(representative, position)[0]
        if symmetry is None:
            return Placement(box, position, (), "as printed")
        return Placement(box, position, symmetry.perm, symmetry.description)

    @cached_property
    def _by_position(self) -> dict[str, Box]:
        # Kept on the instance, not in a cache keyed by the catalogue: that hashed all its boxes on every lookup.
        return {box.position: box for box in self.boxes}

    def to_json(self) -> dict:
        return {
            "game": self.game.name,
            "menace_plays": self.menace_plays,
            "rules": self.rules.name,
            "fingerprint": self.fingerprint,
            "boxes": [
                {
                    "id": b.id,
                    "position": b.position,
                    "move_number": b.move_number,
                    "moves": list(b.moves),
                    "beads": {str(m): n for m, n in zip(b.moves, b.beads)},
                }
                for b in self.boxes
            ],
        }


@cache
def build_catalogue(game_name: str, menace_plays: str = "first", rules_name: str | None = None) -> Catalogue:
    """The catalogue for a game, MENACE's side and a rules preset (the game's default when None)."""
    game = get_game(game_name)
    if menace_plays not in SIDES:
        raise GameError(f"unknown side {menace_plays!r}: MENACE plays first or second")
    rules = default_rules(game.name) if rules_name is None else load_rules(rules_name, game=game.name)
    chosen: dict[str, State] = {}
    for state in states(game, reduce=True):
        if game.outcome(state) is None and game.needs_box(state, SIDES[menace_plays]):
            chosen.setdefault(state.position, state)
    ordered = sorted(
        chosen.values(), key=lambda s: (game.menace_move_number(s) or 0, game.sort_key(s.position))
    )
    boxes = []
    for number, state in enumerate(ordered, start=1):
        move_number = game.menace_move_number(state)
        moves = game.distinct_moves(state) if rules.beads_on == "distinct" else game.legal_moves(state)
        beads = (rules.initial_count(move_number),) * len(moves)
        boxes.append(Box(number, state.position, move_number, moves, beads))
    return Catalogue(game, menace_plays, rules, tuple(boxes))
