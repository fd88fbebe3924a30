"""A run: the classroom screen plays a kit's digital MENACE against a computer player by itself, so a class
watches it learn. It drives the table's commands (tracker.table.computers) as `menace play --draw digital
--opponent KIND --games N` does, in a thread of the server that holds the kit's play lock, paced between the
changes it records (one move a second up to as fast as the store takes) and paused or stopped from the live
page, between any two moves and while the opponent thinks.

Every game is recorded exactly as that command records it; a stopped run leaves its game in progress in the
store, as 'quit' does at a terminal, and the next run (or `menace play`) resumes it.
"""

from __future__ import annotations

import random
import sys
import threading
import traceback
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from kit.game import GameError, State
from kit.i18n import _
from kit.players import MenaceSpec, Player
from kit.rules import load_rules
from tracker.state.errors import MenaceError
from tracker.state.events import World
from tracker.state.opponents import Opponent
from tracker.store.event_store import Store
from tracker.table.computers import ABANDONED, ComputerTable
from tracker.table.play_lock import playing
from tracker.web.told import told

MAX_GAMES = 100_000  # as `menace play --games`
FASTEST = 0.0  # moves a second: 0 is as fast as the store takes
SLOWEST = 1.0  # one move a second
END_PAUSE = 3  # a finished game stays this many moves' time, so the class sees its line


class RunRefused(MenaceError):
    """The run cannot start or change now (HTTP 409), or was asked for wrongly (HTTP 400: ``bad``)."""

    def __init__(self, message: str, *, bad: bool = False) -> None:
        super().__init__(message)
        self.bad = bad


@dataclass
class Run:
    """One run's settings and progress; its thread changes ``played``, ``state`` and ``error``."""

    opponent: Opponent
    games: int
    speed: float  # moves a second; FASTEST: no wait
    state: str = "running"  # running, paused, stopping, stopped, finished, refused, failed
    played: int = 0  # games finished by this run
    error: str | None = None
    wake: threading.Condition = field(default_factory=threading.Condition, repr=False)

    def view(self) -> dict[str, Any]:
        return {
            "state": self.state,
            "opponent": str(self.opponent),
            "games": self.games,
            "played": self.played,
            "speed": self.speed,
            "error": self.error,
        }

    @property
    def active(self) -> bool:
        return self.state in ("running", "paused", "stopping")

    def pace(self, moves: float = 1) -> bool:
        """Waits ``moves`` moves' time (less if the speed is raised meanwhile), and while paused; False when
        asked to stop."""
        with self.wake:
            waited = 0.0
            while True:
                if self.state == "stopping":
                    return False
                if self.state == "paused":
                    self.wake.wait()
                    continue
                if self.speed == FASTEST:
                    return True
                left = moves / self.speed - waited
                if left <= 0:
                    return True
                step = min(left, 0.25)  # so a pause, a stop or a new speed takes effect within a moment
                self.wake.wait(step)
                waited += step

    @contextmanager
    def recording(self) -> Iterator[bool]:
        """Held while the run records a change, once it is not paused: a pause or stop asked meanwhile
        waits for it, so nothing is recorded after the page is told the run is paused. False: stopping."""
        with self.wake:
            while self.state == "paused":
                self.wake.wait()
            yield self.state != "stopping"

    def choose(self, player: Player, state: State[Any], rng: random.Random) -> Any:
        """The player's move, chosen in a thread of its own so that a stop need not wait for a slow player
        (mcts:1000000): ABANDONED when asked to stop first (the choice is left to finish unseen)."""
        chosen: list[Any] = []
        failed: list[BaseException] = []
        if hasattr(player, "halt"):  # a search that asks now and then whether to give up (kit.mcts)
            player.halt = lambda: self.state == "stopping" or not self.active  # stopped by now, even

        def think() -> None:
            try:
                chosen.append(player.choose(state, rng))
            except BaseException as error:  # noqa: BLE001 - said in the run's own thread
                failed.append(error)
            with self.wake:
                self.wake.notify_all()

        thinking = threading.Thread(target=think, name="menace-run-player", daemon=True)
        thinking.start()
        with self.wake:
            while thinking.is_alive() and self.state != "stopping":
                self.wake.wait(0.05)
            if self.state == "stopping":  # a halted search's move is no move: it is not played
                return ABANDONED
        if failed:
            raise failed[0]
        return chosen[0]


class Runs:
    """The runs of one server, one per kit at most (by the kit's id)."""

    def __init__(self, db_path: Path, rng: random.Random | None = None) -> None:
        self.db_path = db_path
        self.rng = rng or random.SystemRandom()
        self._runs: dict[str, Run] = {}
        self._lock = threading.Lock()

    def status(self, kit_id: str) -> dict[str, Any] | None:
        run = self._runs.get(kit_id)
        return run.view() if run is not None else None

    def start(self, kit_id: str, kit_name: str, opponent: object, games: object, speed: object) -> Run:
        """Starts a run on the kit; refused while one runs there, or while the kit is in play elsewhere
        (KitInPlay, said by the thread once it has tried the kit's play lock). Its draws and opponent use
        random.Random(seed), the seed the next randrange(2**32) of this server's rng: `menace play --seed
        SEED` plays the same games."""
        run = Run(_opponent(opponent), _games(games), _speed(speed))
        with self._lock:
            old = self._runs.get(kit_id)
            if old is not None and old.active:
                raise RunRefused(_("a run is going on this kit already: stop it first"))
            started: list[BaseException | None] = []
            ready = threading.Event()
            thread = threading.Thread(
                target=_play,
                args=(run, self.db_path, kit_name, random.Random(self.rng.randrange(2**32)), started, ready),
                name=f"menace-run-{kit_id[:8]}",
                daemon=True,
            )
            thread.start()
            ready.wait()
            if started[0] is not None:
                raise started[0]
            self._runs[kit_id] = run
        return run

    def change(self, kit_id: str, action: str, speed: object = None) -> Run:
        """Pauses, resumes, stops the kit's run or sets its speed."""
        run = self._runs.get(kit_id)
        if run is None or not run.active:
            raise RunRefused(_("no run is going on this kit: start one"))
        with run.wake:
            if action == "pause" and run.state == "running":
                run.state = "paused"
            elif action == "resume" and run.state == "paused":
                run.state = "running"
            elif action == "stop":
                run.state = "stopping"
            elif action == "speed":
                run.speed = _speed(speed)
            run.wake.notify_all()
        return run

    def wait(self, kit_id: str, timeout: float | None = None) -> None:
        """Until the kit's run has ended (for tests and shutting down)."""
        run = self._runs.get(kit_id)
        if run is None:
            return
        with run.wake:
            run.wake.wait_for(lambda: not run.active, timeout)


def _play(
    run: Run,
    db_path: Path,
    kit_name: str,
    rng: random.Random,
    started: list[BaseException | None],
    ready: threading.Event,
) -> None:
    """The run's thread: opens the store (a SQLite connection stays in its thread), takes the kit's play
    lock, says so through ``started`` and ``ready``, and plays until the games are done or it is stopped."""
    final = "failed"
    store: Store | None = None
    try:
        store = Store(db_path)
        kit = store.kit(kit_name)
        with playing(store, kit):
            started.append(None)
            ready.set()
            final = _games_played(run, store, kit, rng)
    except (MenaceError, GameError) as error:
        if not ready.is_set():  # the kit is in play elsewhere, or gone: the request says so
            started.append(error)
            ready.set()
        run.error = told(error)
    except Exception as error:  # noqa: BLE001 - the thread's end: a fault nobody foresaw fails the run
        said = _("an unexpected error ended the run: {error}").format(error=_one_line(error))
        traceback.print_exc(file=sys.stderr)  # the whole story for the terminal running `menace serve`
        if not ready.is_set():
            started.append(RunRefused(said))
            ready.set()
        run.error = said
    finally:
        if store is not None:
            store.close()
    with run.wake:
        run.state = final
        run.wake.notify_all()


def _games_played(run: Run, store: Store, kit: Any, rng: random.Random) -> str:
    """Plays the run's games, the table's commands one at a time: "finished", or "stopped" when asked to
    stop (looked at between any two moves, and while the opponent thinks)."""
    table = ComputerTable(store, store.world(kit), run.opponent, rng)
    table.opponents.player(run.opponent)  # a second MENACE's boxes and rules, checked before a game starts
    while run.played < run.games:  # as `menace play --games N`; a resumed game, with its own opponent,
        done = table.games_done  # counts as one of them
        decision = table.step(run.choose, run.recording)
        ended = table.games_done > done
        run.played += ended
        if ended and refused(table.world):  # every game from now on would be the same loss: stop, and say so
            return "refused"
        if not run.pace(0 if decision is None else END_PAUSE if ended else 1):
            return "stopped"
    return "finished"


def refused(world: World) -> bool:
    """Whether MENACE now refuses to play: it resigned the game just finished with no bead drawn, and every
    box it can meet at its first move is empty, as Scroggs' online MENACE refuses once it has run out of
    beads. (Moving second, an empty box for one opening still leaves the games that open otherwise.)"""
    ended = world.ended
    if ended is None or ended.session.resigned is None or ended.session.draws:
        return False
    mirror = world.loaded_mirror
    return all(not any(mirror[box].values()) for box in world.kit.catalogue.first_move_boxes)


def _one_line(error: BaseException) -> str:
    """An error as one line for the page: its message's first line, or its kind when it has none."""
    lines = str(error).strip().splitlines()
    return lines[0] if lines else type(error).__name__


def _opponent(value: object) -> Opponent:
    if not isinstance(value, str):
        raise RunRefused(_("a run needs an opponent: a computer player's name such as random"), bad=True)
    try:
        opponent = Opponent.parse(value, learners=True)  # a second MENACE learns through the run's games
    except GameError as error:
        raise RunRefused(str(error), bad=True) from None
    spec = opponent.spec
    if spec is None:
        raise RunRefused(_("a run plays a computer player: a person plays on the play page"), bad=True)
    if isinstance(spec, MenaceSpec) and spec.rules is not None:  # a preset's name: the server reads no file
        try:
            load_rules(spec.rules)
        except GameError as error:
            raise RunRefused(str(error), bad=True) from None
    return opponent


def _games(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_GAMES:
        message = _("games must be a whole number from 1 to {most}")
        raise RunRefused(message.format(most=MAX_GAMES), bad=True)
    return value


def _speed(value: object) -> float:
    """Moves a second, from SLOWEST up, or FASTEST (0): as fast as the store takes."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        value = -1.0
    if not (value == FASTEST or SLOWEST <= value <= 1000):
        raise RunRefused(_("speed is moves a second, from 1 to 1000, or 0 for as fast as it goes"), bad=True)
    return float(value)
