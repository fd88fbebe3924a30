"""Afterstate value learning, as the multi-row Nim seed does it, on any game of the registry.

The learner keeps one value per position it has left behind (the position after its own move). It moves
at random with probability eps = max(EPS_MIN, 0.99 * exp(-5 * episode) / divide), episode being the
game's index in the match over the match's length; otherwise it makes the move whose resulting position
has the highest value (an unseen position is worth 0; ties go to the last such move in the game's move
order, as the seed's ``>=`` scan). After a game it walks back over the positions it left, last first:
V(s) += lr * (r0 + gamma * r - V(s)), then r = V(s), with r0 = r = the game's reward (+1, 0, -1) at the
start. ``divide`` is 1, or 3 in positions that are also positions of a smaller game whose table the
learner started from (the seed's transfer, approach b).
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

from kit.game import Game, GameError, Result, State
from kit.games import game_from_spec
from kit.i18n import _
from kit.nim import fits_under
from kit.nim import padded as padded  # the transfer's key: the studies and tests read it here

EPS_MIN = 0.05
EXP_RATE, DECAY_RATE = 0.99, 5.0
# The seed does not print its learning rate and discount; these are those of the tic-tac-toe tutorial it
# builds on.
DEFAULT_LR, DEFAULT_GAMMA = 0.2, 0.9
FORMAT = "menace-kit q-values"
SMALLER_DIVIDE = 3.0  # approach b: epsilon's divisor in positions of the smaller game
Values = dict[Any, float]  # position after the learner's move -> its value


def epsilon(episode: float, divide: float = 1.0) -> float:
    """The chance of a random move at ``episode`` (game index / games, from 0 towards 1)."""
    return max(EPS_MIN, EXP_RATE * math.exp(-DECAY_RATE * episode) / divide)


def back_up(values: Values, left: list[Any], reward: float, lr: float, gamma: float) -> None:
    """The seed's update after a game, over the positions ``left`` in the order they were left."""
    r0 = r = reward
    for position in reversed(left):
        value = values.get(position, 0.0)
        value += lr * (r0 + gamma * r - value)
        values[position] = r = value


class QLearner:
    """A player that learns afterstate values; told the match's length by ``plan`` before it moves.

    ``divide(position)`` is the divisor of epsilon in the state the learner moves from (default 1)."""

    def __init__(
        self,
        game: Game[Any, Any],
        lr: float = DEFAULT_LR,
        gamma: float = DEFAULT_GAMMA,
        values: Values | None = None,
        *,
        divide: Callable[[Any], float] | None = None,
    ) -> None:
        self.game, self.lr, self.gamma = game, lr, gamma
        self.values: Values = {} if values is None else values
        self.divide = divide
        self.games: int | None = None  # the match's length, from plan
        self.played = 0  # games finished since plan
        self.left: list[Any] = []  # positions left behind in the game being played

    def plan(self, games: int) -> None:
        """The coming match has ``games`` games: the exploration schedule runs over them."""
        if games < 1:
            raise GameError(_("a match has at least one game"))
        self.games, self.played = games, 0

    def choose(self, state: State[Any], rng: random.Random) -> Any:
        if self.games is None:
            raise GameError(_("a q player must be told how many games it will play (QLearner.plan)"))
        moves = self.game.legal_moves(state)
        divide = 1.0 if self.divide is None else self.divide(state.position)
        if rng.random() < epsilon(self.played / self.games, divide):
            move = rng.choice(moves)
            after = self.game.apply(state, move).position
        else:
            move, after, best = None, None, -math.inf
            for candidate in moves:
                position = self.game.apply(state, candidate).position
                value = self.values.get(position, 0.0)
                if value >= best:
                    move, after, best = candidate, position, value
        self.left.append(after)
        return move

    def learn(self, result: Result) -> None:
        back_up(self.values, self.left, result.reward, self.lr, self.gamma)
        self.left = []
        self.played += 1


# --- the values file ------------------------------------------------------------------------------
def values_to_json(game: Game[Any, Any], learner: QLearner) -> dict[str, Any]:
    """The learner as the values file holds it: positions as the game writes them, sorted."""
    values = {game.position_text(p): v for p, v in learner.values.items()}
    return {
        "format": FORMAT,
        "version": 1,
        "game": game.spec,
        "lr": learner.lr,
        "gamma": learner.gamma,
        "values": dict(sorted(values.items())),
    }


def save_values(path: Path, game: Game[Any, Any], learner: QLearner) -> None:
    """Writes the values file (via a temporary file, so a failed write leaves no half a file)."""
    temporary = path.with_name(path.name + ".tmp")
    try:
        temporary.write_text(json.dumps(values_to_json(game, learner), indent=1) + "\n", encoding="utf-8")
        temporary.replace(path)
    except OSError as error:
        raise GameError(_("cannot write {path}: {why}").format(path=path, why=error.strerror)) from None


def read_values(path: Path) -> dict[str, Any]:
    """The values file at ``path`` as data, checked for its shape; raises GameError saying what is wrong."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise GameError(_("cannot read {path}: {why}").format(path=path, why=error.strerror)) from None
    except (UnicodeDecodeError, ValueError, RecursionError):  # not JSON, 4,300 digits, nested 100,000 deep
        raise GameError(_("{path} is not a JSON file").format(path=path)) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("version") != 1:
        raise GameError(
            _("{path} is not a q values file (format {format!r}, version 1)").format(path=path, format=FORMAT)
        )
    numbers = [data.get("lr"), data.get("gamma"), *(data.get("values") or {}).values()]
    if (
        not isinstance(data.get("values"), dict)
        or not isinstance(data.get("game"), str)
        or not all(
            isinstance(x, int | float) and not isinstance(x, bool) and math.isfinite(x) for x in numbers
        )
    ):
        raise GameError(
            _("{path}: a q values file has a game, numbers lr and gamma, and values by position").format(
                path=path
            )
        )
    return data


def load_learner(path: Path, game: Game[Any, Any], *, smaller_epsilon: bool = False) -> QLearner:
    """A learner that starts from the values file at ``path``; raises GameError saying what is wrong.

    Values learnt on Nim with fewer heaps carry over with zero heaps put in front of each position (the
    seed's transfer, approach a); ``smaller_epsilon`` also divides epsilon by 3 in positions of that
    smaller game (approach b)."""
    data = read_values(path)
    try:
        source = game_from_spec(data["game"])
    except GameError as error:
        raise GameError(f"{path}: {error}") from None
    values = {_position(source, text, path): float(v) for text, v in data["values"].items()}
    divide = None
    if source.spec != game.spec:
        values = transferred(values, source, game)
        if smaller_epsilon:
            divide = smaller_divide(source.initial().position)
    elif smaller_epsilon:
        raise GameError(
            _(
                "{path} was learnt on {game} itself: :b divides epsilon in the positions of the "
                "smaller game a table was learnt on"
            ).format(path=path, game=game.spec)
        )
    return QLearner(game, float(data["lr"]), float(data["gamma"]), values, divide=divide)


def _position(game: Game[Any, Any], text: str, path: Path) -> Any:
    try:
        return game.parse_position(text)
    except GameError as error:
        raise GameError(f"{path}: {error}") from None


# --- transfer between Nim games with more and fewer heaps -----------------------------------------
def transferred(values: Values, source: Game[Any, Any], game: Game[Any, Any]) -> Values:
    """Values learnt on ``source``, keyed for ``game``: only Nim with fewer heaps (same rules, its start a
    position of ``game`` once zero heaps are put in front) carries over; raises GameError otherwise."""
    carried = source.values_carried_to(game, values)
    if carried is None:
        raise GameError(
            _(
                "values learnt on {source} do not carry over to {game}: only a table of Nim with "
                "fewer heaps does (zero heaps are put in front)"
            ).format(source=source.spec, game=game.spec)
        )
    return carried


def smaller_divide(smaller_start: tuple[int, ...]) -> Callable[[Any], float]:
    """Approach b's divisor of epsilon: SMALLER_DIVIDE in positions of the smaller game, else 1."""
    return lambda position: SMALLER_DIVIDE if fits_under(position, smaller_start) else 1.0
