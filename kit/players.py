"""Players: anything that chooses moves in a game, and learns from results if it can.

One protocol for all of them: ``choose(state, rng)`` returns a legal move, or None to resign, and
``learn(result)`` is told how each game ended. Players are named by one registry (``parse_player``), so
the tracker's events, the simulator and the command line agree on what "novice:0.5" means. A kind of
player is one ``PlayerSpec`` class (its parameters, how it is read and written back, how it is made) and
one entry in ``PLAYERS``; the tracker registers its own kinds with ``register``.
"""

from __future__ import annotations

import math
import random
from abc import ABC, abstractmethod
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, ClassVar, Protocol, Self, TypeVar, runtime_checkable

from kit.game import Game, GameError, Result, State
from kit.i18n import _
from kit.matchbox import Box, Catalogue, Draw, draw_from, settled_counts
from kit.mcts import mcts_player
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
            for drawn, after in zip(
                self.draws, settled_counts(self.catalogue.rules, self.draws, result), strict=True
            ):
                boxes[drawn.box][drawn.move] = after
        else:
            for drawn in self.draws:
                boxes[drawn.box][drawn.move] += 1
        self.draws.clear()


# A state's box, whether it is a first-move box and the box-to-board move map; or None, False, the only move.
_Where = tuple[Box | None, bool, Any]


# --- the registry ---------------------------------------------------------------------------------
class PlayerSpec(ABC):
    """A player named on a command line or in an event: one subclass a kind, holding only that kind's
    parameters, with how it is read (``parse``), written back (``str``, as ``parse_player`` reads it:
    "novice:0.5", "mcts:5000:1.4", "menace:scroggs") and made (``make``)."""

    kind: ClassVar[str]  # the name before the colon, and the key in PLAYERS
    usage: ClassVar[str | None] = None  # how it is written with its argument; None: it takes none
    learns: ClassVar[bool] = False  # its state outlives one game
    needs_catalogue: ClassVar[bool] = False  # plays from the matchboxes of its side
    searches_all: ClassVar[bool] = False  # solves the game by exhaustive search (kit.solver): small games

    @classmethod
    def parse(cls, argument: str) -> Self:
        """The spec for the text after "KIND:" ("" when there is no colon); raises GameError saying why."""
        return cls()

    def __str__(self) -> str:
        return self.kind

    @abstractmethod
    def make(self, game: Game[Any, Any], catalogue: Catalogue | None) -> Player:
        """A fresh player of this kind (``catalogue``: its side's boxes, for a kind that needs them)."""


@dataclass(frozen=True)
class RandomSpec(PlayerSpec):
    """Any legal move."""

    kind = "random"

    def make(self, game: Game[Any, Any], catalogue: Catalogue | None) -> Player:
        return RandomPlayer(game)


@dataclass(frozen=True)
class PerfectSpec(PlayerSpec):
    """Best play, ties at random."""

    kind = "perfect"
    searches_all = True

    def make(self, game: Game[Any, Any], catalogue: Catalogue | None) -> Player:
        return PerfectPlayer(game)


@dataclass(frozen=True)
class NoviceSpec(PlayerSpec):
    """novice:P: perfect with probability P, else random."""

    kind = "novice"
    usage = "novice:P (0 <= P <= 1)"
    searches_all = True
    skill: float  # the probability of a perfect move

    @classmethod
    def parse(cls, argument: str) -> Self:
        try:
            skill = float(argument)
        except ValueError:
            skill = -1.0
        if 0.0 <= skill <= 1.0:
            return cls(skill)
        raise GameError(_("novice:P needs a probability P from 0 to 1, e.g. novice:0.5"))

    def __str__(self) -> str:
        return f"novice:{self.skill:g}"

    def make(self, game: Game[Any, Any], catalogue: Catalogue | None) -> Player:
        return NovicePlayer(game, self.skill)


@dataclass(frozen=True)
class IdealSpec(PlayerSpec):
    """The first best move; the first legal one when lost."""

    kind = "ideal"
    searches_all = True

    def make(self, game: Game[Any, Any], catalogue: Catalogue | None) -> Player:
        return IdealPlayer(game)


MCTS_MAX = 1_000_000  # iterations a move: about a minute a move already; beyond, a match never ends


@dataclass(frozen=True)
class MctsSpec(PlayerSpec):
    """mcts:N[:C][:solver][:reuse][:python]: Monte Carlo tree search (UCT), N iterations a move, exploration
    C (default 1); the MCTS-Solver, the tree kept between moves, the pure-Python search (kit.mcts)."""

    kind = "mcts"
    usage = "mcts:N[:C]"
    iterations: int  # iterations per move
    explore: float = 1.0  # the exploration constant c
    solver: bool = False  # a proven win or loss ends the search
    reuse: bool = False  # the tree is kept between moves
    python: bool = False  # the reference search, even where a compiled one is installed

    @classmethod
    def parse(cls, argument: str) -> Self:
        iterations, *words = argument.split(":")
        explore = words.pop(0) if words and _is_number(words[0]) else ""
        try:
            spec = cls(int(iterations), float(explore) if explore else 1.0)
        except ValueError:
            spec = cls(0)
        if not (1 <= spec.iterations <= MCTS_MAX and spec.explore >= 0.0 and math.isfinite(spec.explore)):
            raise GameError(
                _(
                    "mcts:N[:C] needs N iterations (1 to 1,000,000) and an optional exploration "
                    "constant C >= 0, e.g. mcts:5000 or mcts:1000:1.4"
                )
            )
        unknown = [word for word in words if word not in _MCTS_FLAGS]
        if unknown or len(set(words)) < len(words):
            raise GameError(
                _(
                    "after mcts:N[:C] come only the words solver (a proven win or loss ends the search), "
                    "reuse "
                    "(the tree is kept between moves) and python (the pure-Python search), each once, e.g. "
                    "mcts:5000:solver:reuse"
                )
            )
        return replace(spec, **{word: True for word in words})

    def __str__(self) -> str:
        flags = "".join(f":{flag}" for flag in _MCTS_FLAGS if getattr(self, flag))
        return f"mcts:{self.iterations}" + (f":{self.explore:g}" if self.explore != 1.0 else "") + flags

    def make(self, game: Game[Any, Any], catalogue: Catalogue | None) -> Player:
        return mcts_player(
            game, self.iterations, self.explore, solver=self.solver, reuse=self.reuse, python=self.python
        )


_MCTS_FLAGS = ("solver", "reuse", "python")  # the words after mcts:N[:C], in the order str() writes them


def _is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


@dataclass(frozen=True)
class MenaceSpec(PlayerSpec):
    """menace[:RULES]: a fresh MENACE that learns."""

    kind = "menace"
    usage = "menace[:RULES]"
    learns = True
    needs_catalogue = True
    rules: str | None = None  # the rules preset or file (None: the game's default)

    @classmethod
    def parse(cls, argument: str) -> Self:
        return cls(argument or None)  # the catalogue, built by the caller, checks the name

    def __str__(self) -> str:
        return self.kind if self.rules is None else f"menace:{self.rules}"

    def make(self, game: Game[Any, Any], catalogue: Catalogue | None) -> Player:
        assert catalogue is not None, "make_player checks that a MENACE has its catalogue"
        return MenacePlayer(catalogue)


@dataclass(frozen=True)
class QSpec(PlayerSpec):
    """q[:LR[:GAMMA]]: a fresh Q-learner (afterstate values, the multi-row Nim seed's); q:FILE.json[:b]
    starts from a values file."""

    kind = "q"
    usage = "q[:LR[:GAMMA]] or q:FILE.json[:b]"
    learns = True
    lr: float = DEFAULT_LR  # the learning rate
    gamma: float = DEFAULT_GAMMA  # the discount
    path: str | None = None  # the values file it starts from (None: fresh)
    smaller_epsilon: bool = False  # epsilon / 3 in positions of the smaller game the file was learnt on

    @classmethod
    def parse(cls, argument: str) -> Self:
        if argument.endswith((".json", ".json:b")):
            return cls(path=argument.removesuffix(":b"), smaller_epsilon=argument.endswith(":b"))
        lr, _colon, gamma = argument.partition(":")
        try:
            spec = cls(float(lr) if lr else DEFAULT_LR, float(gamma) if gamma else DEFAULT_GAMMA)
        except ValueError:
            spec = cls(lr=-1.0)
        if 0.0 < spec.lr <= 1.0 and 0.0 <= spec.gamma <= 1.0 and argument.count(":") <= 1:
            return spec
        raise GameError(
            _(
                "q[:LR[:GAMMA]] needs a learning rate 0 < LR <= 1 (default {lr:g}) and a discount "
                "0 <= GAMMA <= 1 (default {gamma:g}), e.g. q:0.1:0.9; or q:FILE.json[:b] (saved values)"
            ).format(lr=DEFAULT_LR, gamma=DEFAULT_GAMMA)
        )

    def __str__(self) -> str:
        if self.path is not None:
            return f"q:{self.path}" + ":b" * self.smaller_epsilon
        if (self.lr, self.gamma) != (DEFAULT_LR, DEFAULT_GAMMA):
            return f"q:{self.lr:g}" + (f":{self.gamma:g}" if self.gamma != DEFAULT_GAMMA else "")
        return self.kind

    def make(self, game: Game[Any, Any], catalogue: Catalogue | None) -> Player:
        if self.path is not None:
            return load_learner(Path(self.path), game, smaller_epsilon=self.smaller_epsilon)
        return QLearner(game, self.lr, self.gamma)


_Kind = TypeVar("_Kind", bound=type[PlayerSpec])

# Each kind's name to its class, in the order messages and help list them. Others (the tracker's kits of
# the store) join with ``register``.
PLAYERS: dict[str, type[PlayerSpec]] = {
    spec.kind: spec for spec in (RandomSpec, PerfectSpec, NoviceSpec, IdealSpec, MctsSpec, MenaceSpec, QSpec)
}


def register(spec: _Kind) -> _Kind:
    """Adds a kind of player to the registry (a class decorator); the same class again changes nothing."""
    known = PLAYERS.setdefault(spec.kind, spec)
    if known is not spec:
        raise ValueError(
            f"two kinds of player are named {spec.kind!r}: {known.__qualname__}, {spec.__qualname__}"
        )
    return spec


def player_usage(*, learners: bool = True) -> list[str]:
    """How each kind is written ("random", "novice:P (0 <= P <= 1)", "mcts:N[:C]"), for messages and help."""
    return [kind.usage or name for name, kind in PLAYERS.items() if learners or not kind.learns]


def parse_player(text: str, *, learners: bool = True) -> PlayerSpec:
    """The player named ``text`` (random, perfect, novice:P, ideal, mcts:N[:C], menace[:RULES], q...); raises
    GameError.

    With ``learners`` off, players whose state outlives a game (menace, q) are refused."""
    name, colon, argument = text.strip().partition(":")
    kind = PLAYERS.get(name)
    if kind is not None and (learners or not kind.learns) and (colon == "" or kind.usage is not None):
        try:
            return kind.parse(argument)
        except GameError as error:
            raise GameError(f"{text.strip()!r}: {error}") from None
    offered = [name for name, kind in PLAYERS.items() if learners or not kind.learns]
    raise GameError(
        _("unknown player {text!r}: choose {players}").format(
            text=text, players=", ".join(player_usage(learners=learners))
        )
        + did_you_mean(name, offered)
    )


def did_you_mean(name: str, names: list[str]) -> str:
    """' (did you mean perfect?)' when ``name``, not one of ``names``, is close to some of them, else ''."""
    import difflib  # only for a mistyped name

    close = [] if name in names else difflib.get_close_matches(name, names)
    return _(" (did you mean {names}?)").format(names=", ".join(close)) if close else ""


def make_player(spec: PlayerSpec, game: Game[Any, Any], catalogue: Catalogue | None = None) -> Player:
    """A fresh player for ``spec``; a MENACE needs the ``catalogue`` of its side."""
    if spec.needs_catalogue and catalogue is None:
        raise GameError(_("a {kind} player needs a catalogue of boxes").format(kind=spec.kind))
    too_big = game.no_matchbox_kit
    if spec.searches_all and too_big is not None:
        raise GameError(
            _(
                "{kind} play searches the whole game, and {game} has {positions}: play random or "
                "mcts:N instead"
            ).format(kind=spec.kind, game=game.title, positions=too_big)
        )
    return spec.make(game, catalogue)
