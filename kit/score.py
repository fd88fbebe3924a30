"""Michie's running score, the one rule that the printed kit, the tracker's commands and the classroom screen
count with: +3 a win, +1 a draw, -1 a loss, as his learning curve did, with draws only where a game has them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kit.game import Game
from kit.i18n import _

SCORES = {"win": 3, "draw": 1, "loss": -1}  # the change to the running score, by MENACE's result


def score_rule(game: Game[Any, Any]) -> dict[str, int]:
    """The rule for ``game``'s results: a draw's only where the game can be drawn (not Hexapawn, not Nim)."""
    return {result: change for result, change in SCORES.items() if result != "draw" or game.can_draw}


def score_rule_text(game: Game[Any, Any]) -> str:
    """The rule in words, as every document, command and page names it: '+3 a win, +1 a draw, -1 a loss'."""
    return rule_text(score_rule(game))


def rule_text(rule: Mapping[str, int]) -> str:
    """A rule (result -> change, a draw's where the game has them) in words."""
    if "draw" in rule:
        return _("{win:+d} a win, {draw:+d} a draw, {loss:+d} a loss").format(**rule)
    return _("{win:+d} a win, {loss:+d} a loss").format(**rule)
