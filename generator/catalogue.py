"""Building a catalogue: which positions get a matchbox, and their stable numbers.

Boxes are numbered 1..n by MENACE's move number, then by the game's box order (tic-tac-toe: the
position's text; Nim: the token count), so the same game, side and rules always give the same numbers,
on paper and in every tracker store. What a box and a catalogue are is ``kit.matchbox``'s business.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from generator.walk import states
from kit.game import SIDES, GameError, State
from kit.games import game_from_spec
from kit.matchbox import Box, Catalogue
from kit.rules import Rules, choose_rules


@cache
def build_catalogue(game_spec: str, menace_plays: str = "first", rules_name: str | Rules | None = None
                    ) -> Catalogue:
    """The catalogue for a game (its name or spec, e.g. "nim --heaps 1,2,3"), MENACE's side and rules: a
    preset's name, a rules file's name (kit.rules.choose_rules) or Rules already read (the game's default
    preset when None)."""
    game = game_from_spec(game_spec)
    game.require_matchbox_kit()
    if menace_plays not in SIDES:
        raise GameError(f"unknown side {menace_plays!r}: MENACE plays first or second")
    if isinstance(rules_name, Rules):
        rules = rules_name
        if rules.game != game.name:
            raise GameError(f"rules {rules.name!r} are for {rules.game}, not {game.name}")
    else:
        rules = choose_rules(rules_name or game.default_rules, game=game.name)
    chosen: dict[object, State[Any]] = {}
    for state in states(game, reduce=True):
        if game.outcome(state) is None and game.needs_box(state, SIDES[menace_plays]):
            chosen.setdefault(state.position, state)
    ordered = sorted(
        chosen.values(), key=lambda s: (game.menace_move_number(s) or 0, game.box_order(s.position))
    )
    boxes = []
    for number, state in enumerate(ordered, start=1):
        move_number = game.menace_move_number(state)
        moves = game.distinct_moves(state) if rules.beads_on == "distinct" else game.legal_moves(state)
        beads = (rules.initial_count(move_number),) * len(moves)
        boxes.append(Box(number, state.position, move_number, moves, beads))
    return Catalogue(game, menace_plays, rules, tuple(boxes))
