"""Building a catalogue: which positions get a matchbox, and their stable numbers.

Boxes are numbered 1..n by MENACE's move number, then by the game's box order (tic-tac-toe: the
position's text; Nim: the token count), so the same game, side and rules always give the same numbers,
on paper and in every tracker store. What a box and a catalogue are is ``kit.matchbox``'s business.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from kit.game import SIDES, Game, GameError, State
from kit.games import game_from_spec
from kit.matchbox import Box, Catalogue
from kit.rules import Rules, load_rules
from kit.walk import states


@cache
def build_catalogue(
    game: str | Game[Any, Any], menace_plays: str = "first", rules: Rules | None = None
) -> Catalogue:
    """The catalogue for a game (a Game, or its name or spec, e.g. "nim --heaps 1,2,3"), MENACE's side and
    rules: Rules already read (the command line reads a name or file once, kit.rules.choose_rules), or
    None for the game's default preset. Cached by value: equal rules share a catalogue."""
    if isinstance(game, str):
        game = game_from_spec(game)
    game.require_matchbox_kit()
    if menace_plays not in SIDES:
        raise GameError(f"unknown side {menace_plays!r}: MENACE plays first or second")
    if rules is None:
        rules = load_rules(game.default_rules)
    elif not isinstance(rules, Rules):  # a name here would be looked up again below the command line
        raise TypeError(
            f"build_catalogue takes Rules, not {type(rules).__name__}: read the name with "
            "kit.rules.choose_rules at the command line"
        )
    if rules.game != game.name:
        raise GameError(f"rules {rules.name!r} are for {rules.game}, not {game.name}")
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
