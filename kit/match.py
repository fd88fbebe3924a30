"""The one match loop: two players play a game to its end, and both learn how it went.

The reference simulator and every experiment play through ``play_game``; a caller that shows or keeps
each move (a person's match at a terminal) passes ``apply``. A game at the tracker's table is not played
here: it is a state machine with commands (tracker.table.commands).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from kit.game import Game, Outcome, State
from kit.players import Player

Apply = Callable[[State[Any], Any], State[Any]]


def play_game(
    game: Game[Any, Any],
    players: Sequence[Player],
    rng: random.Random,
    *,
    state: State[Any] | None = None,
    apply: Apply | None = None,
    learn: bool = True,
) -> Outcome:
    """Plays from ``state`` (the start by default) to the end; ``players[i]`` moves for side i.

    ``apply(state, move)`` makes each move (default: ``game.play``, which refuses an illegal one) and
    may make more, such as the forced moves the tracker plays for MENACE. A player that chooses None
    resigns: the other side wins. With ``learn`` each player is then told its result.
    """
    state = game.initial() if state is None else state
    make_move = apply or game.play
    # Bound once: a simulated game is a few dozen calls, and looking methods up is a good part of them.
    outcome_of, choosers = game.outcome, [player.choose for player in players]
    while (outcome := outcome_of(state)) is None:
        mover = state.to_move
        move = choosers[mover](state, rng)
        if move is None:
            outcome = Outcome(1 - mover, resigned=True)
            break
        state = make_move(state, move)
    if learn:
        for side, player in enumerate(players):
            player.learn(outcome.result_for(side))
    return outcome
