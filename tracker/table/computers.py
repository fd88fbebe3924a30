"""Games at the table with nobody typing: the tracker draws MENACE's beads and a computer plays the opponent.

Runs from the classroom screen and the lab's recorded matches drive the table's commands through
``ComputerTable.step``, one recorded decision at a time, so they can stop, pause or pace between any two.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from typing import Any

from kit.game import Result, State
from kit.i18n import _
from kit.players import MenaceSpec, Player, make_player
from kit.rules import load_rules
from tracker.state import session as sessions
from tracker.state.errors import MenaceError
from tracker.state.events import World
from tracker.state.kit_record import KitRecord
from tracker.state.opponents import Opponent
from tracker.state.session import Turn
from tracker.store.event_store import Store, StoreChanged
from tracker.table import commands as c

# A game's result for the opponent, from MENACE's as the game_ended event says it.
OPPONENTS_RESULT = {"win": Result.LOSS, "draw": Result.DRAW, "loss": Result.WIN}

ABANDONED = object()  # what a Choose gives when it gave up waiting for the player (a run was stopped)
Choose = Callable[[Player, State[Any], random.Random], Any]  # the move, None (resigns) or ABANDONED
Gate = Callable[[], AbstractContextManager[bool]]  # held while a decision is recorded; False: do not


class NobodyTypes(MenaceError):
    """The game in progress wants a person's answer (a person's move, or a physical draw): a game resumed
    from `menace play`, which only `menace play` can finish."""


def learning_opponent(opponent: Opponent, kit: KitRecord) -> Player:
    """A fresh opponent that learns (a second MENACE) on its own side's boxes, to keep from game to game."""
    from kit.catalogue import build_catalogue  # only a learning opponent needs its boxes

    game = kit.catalogue.game
    side = "second" if kit.catalogue.menace == 0 else "first"
    spec = opponent.spec
    assert spec is not None, "a person does not learn here"
    named = spec.rules if isinstance(spec, MenaceSpec) else None
    rules = load_rules(named, game=game.name) if named else None  # a preset, never a file
    return make_player(spec, game, build_catalogue(game, side, rules))


class Opponents:
    """The computer opponents of one table, by name: a fresh one each game, or one that learns (a second
    MENACE), made once and kept, learning at the end of each game as MENACE's beads are settled."""

    def __init__(self, kit: KitRecord) -> None:
        self.kit = kit
        self.learner: tuple[Opponent, Player] | None = None
        self.fresh: tuple[Opponent, str | None, Player | None] | None = None  # opponent, game id, its player

    def player(self, opponent: Opponent, game_id: str | None = None) -> Player | None:
        """The computer ``opponent``'s player (None: a person) in the game ``game_id``."""
        if not opponent.learns:
            if self.fresh is None or self.fresh[:2] != (opponent, game_id):
                self.fresh = (opponent, game_id, opponent.player(self.kit.catalogue.game))
            return self.fresh[2]
        if self.learner is None or self.learner[0] != opponent:
            self.learner = (opponent, learning_opponent(opponent, self.kit))
        return self.learner[1]

    def heard(self, decision: c.Decision) -> None:
        """A learning opponent settles its own draws as MENACE's are settled (a game it resigned: a loss)."""
        if self.learner is not None:
            for event in decision.events:
                if event.kind == "game_ended":
                    self.learner[1].learn(OPPONENTS_RESULT[event.data["result"]])


@contextmanager
def always() -> Iterator[bool]:
    yield True


def plain_choice(player: Player, state: State[Any], rng: random.Random) -> Any:
    return player.choose(state, rng)


class ComputerTable:
    """One kit's games against a computer opponent, the tracker drawing MENACE's beads from its mirror."""

    def __init__(self, store: Store, world: World, opponent: Opponent, rng: random.Random) -> None:
        self.store, self.world, self.opponent, self.rng = store, world, opponent, rng
        self.kit = world.kit
        self.opponents = Opponents(self.kit)
        self.games_done = 0  # games settled (or discarded)

    def step(self, choose: Choose = plain_choice, gate: Gate = always) -> c.Decision | None:
        """Decides and records the next command of the kit's game (a new game when none is in progress): a
        digital draw, the opponent's move, the settlement. ``gate`` is held while it is recorded, and may
        say not to. None: nothing was recorded (the choice was abandoned, the gate said no, or another
        process changed the kit and it was read again)."""
        command = self.next_command(choose)
        if command is None:
            return None
        decision = c.decide(self.world, command)
        with gate() as go:
            if not go:
                return None
            try:
                self.world = self.store.commit(self.world, decision.changes)
            except StoreChanged:
                self.world = self.store.world(self.kit)
                return None
        self.opponents.heard(decision)
        if decision.ended or isinstance(command, c.DiscardGame):
            self.games_done += 1
        return decision

    def next_command(self, choose: Choose) -> c.Command | None:
        session = self.world.session
        if session is None:
            return c.StartGame(self.opponent, "digital")
        now = sessions.turn(self.kit, session)
        if now is Turn.OVER:
            return c.Settle()
        if now is Turn.MENACE:
            if session.bead_source != "digital":
                raise NobodyTypes(_("the table asked for an answer, and nobody types during a run"))
            return c.DigitalDraw(self.rng)
        player = self.opponents.player(session.opponent, session.game_id)
        if player is None:
            raise NobodyTypes(_("the table asked for an answer, and nobody types during a run"))
        move = choose(player, session.state, self.rng)
        if move is ABANDONED:
            return None
        if move is None:  # a second MENACE resigned at an empty box: MENACE wins (as kit.match scores it)
            return c.OpponentResigns()
        return c.OpponentMove(move)
