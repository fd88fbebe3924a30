"""Players: anything that chooses moves in a game, and learns from results if it can.

One protocol for all of them: ``choose(state, rng)`` returns a legal move, or None to resign, and
``learn(result)`` is told how each game ended. Players are named by one registry (``parse_player``), so
the tracker's events, the simulator and the command line agree on what "novice:0.5" means, and a new
player is one class and one line in ``PLAYERS``.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

from kit.game import Game, GameError, Result, State
from kit.i18n import _
from kit.matchbox import Box, Catalogue, Draw, draw_from, settled_counts
from kit.mcts import MctsPlayer
from kit.qlearn import DEFAULT_GAMMA, DEFAULT_LR, QLearner, load_learner
from kit.solver import ideal_move, perfect_moves


class Player(Protocol):
    def choose(self, state: State[Any], rng: random.Random) -> Any | None:
        """A legal move in ``state`` (the player is to move), or None to resign."""

    def learn(self, result: Result) -> None:
        """How the game just played ended, from this player's side."""


@runtime_checkable
class Planning(Protocol):
    """A player that needs the match's length before it plays (the Q-learner's exploration schedule)."""

    def plan(self, games: int) -> None: ...


class RandomPlayer:
    """Any legal move, uniformly."""

    def __init__(self, game: Game[Any, Any]) -> None:
        self.game = game

    def choose(self, state: State[Any], rng: random.Random) -> Any:
        return rng.choice(self.game.legal_moves(state))

    def learn(self, result: Result) -> None:
        """Nothing to learn."""


class PerfectPlayer:
    """Game-theoretic best play (kit.solver.perfect_moves), ties broken at random."""

    def __init__(self, game: Game[Any, Any]) -> None:
        self.game = game

    def choose(self, state: State[Any], rng: random.Random) -> Any:
        return rng.choice(perfect_moves(self.game, state))

    def learn(self, result: Result) -> None:
        """Nothing to learn."""


class NovicePlayer:
    """Perfect with probability ``skill``, else random: one uniform number decides which, each move."""

    def __init__(self, game: Game[Any, Any], skill: float) -> None:
        self.game, self.skill = game, skill

    def choose(self, state: State[Any], rng: random.Random) -> Any:
        if rng.random() < self.skill:
            return rng.choice(perfect_moves(self.game, state))
        return rng.choice(self.game.legal_moves(state))

    def learn(self, result: Result) -> None:
        """Nothing to learn."""


class IdealPlayer:
    """The Nim notebook's ideal player: the first best move, or the first legal move when lost."""

    def __init__(self, game: Game[Any, Any]) -> None:
        self.game = game

    def choose(self, state: State[Any], rng: random.Random) -> Any:
        return ideal_move(self.game, state)

    def learn(self, result: Result) -> None:
        """Nothing to learn."""


class MenacePlayer:
    """A digital MENACE: the catalogue's boxes with bead counts, drawn from and settled by kit.matchbox.

    With ``learning`` off the beads never change (a trained player measured in a tournament).
    """

    def __init__(
        self, catalogue: Catalogue, boxes: dict[int, dict[Any, int]] | None = None, *, learning: bool = True
    ) -> None:
        self.catalogue = catalogue
        self.boxes = boxes if boxes is not None else {b.id: b.initial_counts() for b in catalogue.boxes}
        self.learning = learning
        self.draws: list[Draw] = []
        # Each state met, looked up once: its box, whether that is a first-move box and how the box's
        # moves turn onto the board; or, where MENACE has no box, its only move.
        self._where: dict[State[Any], _Where] = {}

    def choose(self, state: State[Any], rng: random.Random) -> Any | None:
        where = self._where.get(state)
        if where is None:
            where = self._where[state] = self._locate(state)
        box, first, to_real = where
        if box is None:
            return to_real
        drawn = draw_from(self.boxes[box.id], box, self.catalogue.rules, rng, first_move=first)
        if drawn is None:
            return None  # an empty box under rules that resign
        self.draws.append(drawn)
        return to_real(drawn.move)

    def _locate(self, state: State[Any]) -> _Where:
        placement = self.catalogue.box_for(state)
        if placement is None:
            return None, False, self.catalogue.game.legal_moves(state)[0]  # one legal move: no box
        box = placement.box
        return box, self.catalogue.is_first_move_box(box.id), placement.transform.move

    def learn(self, result: Result) -> None:
        boxes = self.boxes
        if self.learning:
            for drawn, after in zip(self.draws, settled_counts(self.catalogue.rules, self.draws, result),
                                    strict=True):
                boxes[drawn.box][drawn.move] = after
        else:
            for drawn in self.draws:
                boxes[drawn.box][drawn.move] += 1
        self.draws.clear()


# A state's box, whether it is a first-move box and the box-to-board move map; or None, False, the only move.
_Where = tuple[Box | None, bool, Any]


# --- the registry ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class PlayerSpec:
    """A player named on a command line or in an event: its kind and its parameters; ``str`` writes it back
    as parse_player reads it ("novice:0.5", "mcts:5000:1.4", "menace:scroggs")."""

    kind: str
    skill: float = 1.0  # novice: the probability of a perfect move
    iterations: int = 0  # mcts: iterations per move
    explore: float = 1.0  # mcts: the exploration constant c
    rules: str | None = None  # menace: the rules preset (None: the game's default)
    lr: float = DEFAULT_LR  # q: the learning rate
    gamma: float = DEFAULT_GAMMA  # q: the discount
    path: str | None = None  # q: the values file it starts from (None: fresh)
    smaller_epsilon: bool = False  # q: epsilon / 3 in positions of the smaller game the file was learnt on
    kit: str | None = None  # kit: the name of a kit in the tracker's store

    def __str__(self) -> str:
        if self.kind == "novice":
            return f"novice:{self.skill:g}"
        if self.kind == "mcts":
            return f"mcts:{self.iterations}" + (f":{self.explore:g}" if self.explore != 1.0 else "")
        if self.kind == "menace" and self.rules is not None:
            return f"menace:{self.rules}"
        if self.kind == "kit":
            return f"kit:{self.kit}"
        if self.kind == "q" and self.path is not None:
            return f"q:{self.path}" + ":b" * self.smaller_epsilon
        if self.kind == "q" and (self.lr, self.gamma) != (DEFAULT_LR, DEFAULT_GAMMA):
            return f"q:{self.lr:g}" + (f":{self.gamma:g}" if self.gamma != DEFAULT_GAMMA else "")
        return self.kind

    @property
    def learns(self) -> bool:
        return PLAYERS[self.kind].learns

    @property
    def needs_catalogue(self) -> bool:
        return PLAYERS[self.kind].needs_catalogue


@dataclass(frozen=True)
class PlayerKind:
    make: Callable[..., Player]
    help: str
    learns: bool = False  # its state outlives one game
    needs_catalogue: bool = False  # plays from the matchboxes of its side
    parse: Callable[[str, str], PlayerSpec] | None = None  # (kind, argument) -> spec, or GameError saying why
    usage: str = ""  # how the kind is written when it takes an argument, e.g. "novice:P (0 <= P <= 1)"
    searches_all: bool = False  # solves the game by exhaustive search (kit.solver): small games only


def _novice(kind: str, argument: str) -> PlayerSpec:
    try:
        skill = float(argument)
    except ValueError:
        skill = -1.0
    if 0.0 <= skill <= 1.0:
        return PlayerSpec(kind, skill)
    raise GameError(_("novice:P needs a probability P from 0 to 1, e.g. novice:0.5"))


def _mcts(kind: str, argument: str) -> PlayerSpec:
    iterations, _colon, explore = argument.partition(":")
    try:
        spec = PlayerSpec(kind, iterations=int(iterations), explore=float(explore) if explore else 1.0)
    except ValueError:
        spec = PlayerSpec(kind)
    if spec.iterations >= 1 and spec.explore >= 0.0 and math.isfinite(spec.explore):
        return spec
    raise GameError(_(
        "mcts:N[:C] needs N iterations (at least 1) and an optional exploration "
        "constant C >= 0, e.g. mcts:5000 or mcts:1000:1.4"
    ))


def _q(kind: str, argument: str) -> PlayerSpec:
    if argument.endswith((".json", ".json:b")):
        return PlayerSpec(kind, path=argument.removesuffix(":b"), smaller_epsilon=argument.endswith(":b"))
    lr, _colon, gamma = argument.partition(":")
    try:
        spec = PlayerSpec(kind, lr=float(lr) if lr else DEFAULT_LR,
                          gamma=float(gamma) if gamma else DEFAULT_GAMMA)
    except ValueError:
        spec = PlayerSpec(kind, lr=-1.0)
    if 0.0 < spec.lr <= 1.0 and 0.0 <= spec.gamma <= 1.0 and argument.count(":") <= 1:
        return spec
    raise GameError(_(
        "q[:LR[:GAMMA]] needs a learning rate 0 < LR <= 1 (default {lr:g}) and a discount "
        "0 <= GAMMA <= 1 (default {gamma:g}), e.g. q:0.1:0.9; or q:FILE.json[:b] (saved values)"
    ).format(lr=DEFAULT_LR, gamma=DEFAULT_GAMMA))


def _make_q(game: Game[Any, Any], spec: PlayerSpec) -> QLearner:
    if spec.path is not None:
        return load_learner(Path(spec.path), game, smaller_epsilon=spec.smaller_epsilon)
    return QLearner(game, spec.lr, spec.gamma)


def _kit(kind: str, argument: str) -> PlayerSpec:
    if argument.strip():
        return PlayerSpec(kind, kit=argument.strip())
    raise GameError(_("kit:NAME needs the name of a kit in the store, e.g. kit:class-7b"))


def _from_store(game: Game[Any, Any], spec: PlayerSpec, catalogue: Catalogue | None) -> Player:
    text = _("{spec} is a kit in the tracker's store: only the tracker makes it (menace match)")
    raise GameError(text.format(spec=spec))


def _menace(kind: str, argument: str) -> PlayerSpec:
    return PlayerSpec(kind, rules=argument or None)  # the catalogue, built by the caller, checks the name


PLAYERS: dict[str, PlayerKind] = {
    "random": PlayerKind(lambda game, spec, catalogue: RandomPlayer(game), "any legal move"),
    "perfect": PlayerKind(lambda game, spec, catalogue: PerfectPlayer(game), "best play, ties at random",
                          searches_all=True),
    "novice": PlayerKind(
        lambda game, spec, catalogue: NovicePlayer(game, spec.skill),
        "novice:P: perfect with probability P, else random",
        parse=_novice,
        usage="novice:P (0 <= P <= 1)",
        searches_all=True,
    ),
    "ideal": PlayerKind(
        lambda game, spec, catalogue: IdealPlayer(game), "the first best move; the first legal one when lost",
        searches_all=True,
    ),
    "mcts": PlayerKind(
        lambda game, spec, catalogue: MctsPlayer(game, spec.iterations, spec.explore),
        "mcts:N[:C]: Monte Carlo tree search (UCT), N iterations a move, exploration C (default 1)",
        parse=_mcts,
        usage="mcts:N[:C]",
    ),
    "menace": PlayerKind(
        lambda game, spec, catalogue: MenacePlayer(catalogue),
        "menace[:RULES]: a fresh MENACE that learns",
        learns=True,
        needs_catalogue=True,
        parse=_menace,
        usage="menace[:RULES]",
    ),
    "q": PlayerKind(
        lambda game, spec, catalogue: _make_q(game, spec),
        "q[:LR[:GAMMA]]: a fresh Q-learner (afterstate values, the multi-row Nim seed's); q:FILE.json "
        "starts from a values file",
        learns=True,
        parse=_q,
        usage="q[:LR[:GAMMA]] or q:FILE.json[:b]",
    ),
    "kit": PlayerKind(
        _from_store,
        "kit:NAME: a kit of the store, playing its side from the beads it holds",
        learns=True,  # with --learn its games are recorded in the store
        parse=_kit,
        usage="kit:NAME",
    ),
}


def player_usage(*, learners: bool = True) -> list[str]:
    """How each kind is written ("random", "novice:P (0 <= P <= 1)", "mcts:N[:C]"), for messages and help."""
    return [kind.usage or name for name, kind in PLAYERS.items() if learners or not kind.learns]


def parse_player(text: str, *, learners: bool = True) -> PlayerSpec:
    """The player named ``text`` (random, perfect, novice:P, ideal, mcts:N[:C], menace[:RULES], q...); raises
    GameError.

    With ``learners`` off, players whose state outlives a game (menace, q) are refused."""
    kind, colon, argument = text.strip().partition(":")
    entry = PLAYERS.get(kind)
    if entry is not None and (learners or not entry.learns):
        if entry.parse is not None:
            try:
                return entry.parse(kind, argument)
            except GameError as error:
                raise GameError(f"{text.strip()!r}: {error}") from None
        if not colon:
            return PlayerSpec(kind)
    raise GameError(_("unknown player {text!r}: choose {players}").format(
        text=text, players=", ".join(player_usage(learners=learners))))


def make_player(spec: PlayerSpec, game: Game[Any, Any], catalogue: Catalogue | None = None) -> Player:
    """A fresh player for ``spec``; a MENACE needs the ``catalogue`` of its side."""
    if spec.needs_catalogue and catalogue is None:
        raise GameError(_("a {kind} player needs a catalogue of boxes").format(kind=spec.kind))
    too_big = game.no_matchbox_kit
    if PLAYERS[spec.kind].searches_all and too_big is not None:
        raise GameError(_("{kind} play searches the whole game, and {game} has {positions}: play random or "
                          "mcts:N instead").format(kind=spec.kind, game=game.title, positions=too_big))
    return PLAYERS[spec.kind].make(game, spec, catalogue)
