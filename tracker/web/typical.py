"""Where a typical MENACE would be, for the live page: the simulator's band (tracker.sim.typical) for a
kit's opponents in the order it met them, worked out in a thread of the server, off the request path.

A request is answered at once: "working" while the band is being simulated (the page says "working
out..."), then "ready" with it. The band is simulated a little past the games played (the last opponent
going on, to the next power of two games), so a run in progress meets a new simulation only now and then.
Games against people are simulated against a stand-in (a novice player unless the teacher changes it on the
live page), said with the band; a game the simulator cannot play (an opponent it does not know) ends the band
there.
"""

from __future__ import annotations

import threading
from typing import Any

from kit.game import GameError
from kit.i18n import _
from tracker.state.kit_record import KitRecord
from tracker.state.opponents import HUMAN, opponent_name

SIMULATED = ("random", "perfect", "ideal", "novice", "menace")  # the players the simulator's engine plays
LEAST = 100  # games simulated at least: a band for the first games of a class
WORK = 2_000_000  # members x games at most: a long history is simulated with fewer members (100 at least)
MOST_MEMBERS, FEWEST_MEMBERS = 1_000, 100
STAND_IN = "novice:0.5"  # a person, as the simulator plays one: a perfect move half the time, else at random


def plan(opponents: list[str]) -> tuple[list[tuple[str, int]], int]:
    """The games to simulate, as (opponent, games) in order, and how many of the kit's games they cover:
    up to the first one the simulator cannot play; the last opponent goes on to a power of two games."""
    schedule: list[tuple[str, int]] = []
    covered = 0
    for name in opponents:
        if name.split(":")[0] not in SIMULATED:
            break
        if schedule and schedule[-1][0] == name:
            schedule[-1] = (name, schedule[-1][1] + 1)
        else:
            schedule.append((name, 1))
        covered += 1
    if schedule and covered == len(opponents):  # every game simulated: go on a little past them
        horizon = max(LEAST, 1 << covered.bit_length())
        name, count = schedule[-1]
        schedule[-1] = (name, count + horizon - covered)
    return schedule, covered


def members_for(games: int) -> int:
    return max(FEWEST_MEMBERS, min(MOST_MEMBERS, WORK // games))


class TypicalBands:
    """The bands this server has worked out, by what they depend on; one simulation at a time."""

    def __init__(self) -> None:
        self._answers: dict[str, dict[str, Any]] = {}
        self._busy = False
        self._lock = threading.Condition()
        self._stand_ins: dict[str, str] = {}  # kit id -> who plays the people's games (this server's run)

    def stand_in(self, kit: KitRecord) -> str:
        """Who the simulator seats where the kit played people."""
        with self._lock:
            return self._stand_ins.get(kit.id, STAND_IN)

    def change_stand_in(self, kit: KitRecord, text: object) -> str:
        """Seats ``text`` (a player the simulator plays, in its one spelling) for the kit's people; raises
        GameError when it is not one."""
        try:
            name = opponent_name(text, learners=True) if isinstance(text, str) else HUMAN
        except GameError:
            name = HUMAN
        if name.split(":")[0] not in SIMULATED:
            players = ", ".join("novice:P" if kind == "novice" else kind for kind in SIMULATED)
            message = _("a stand-in for people is a player the simulator plays: {players}")
            raise GameError(message.format(players=players))
        with self._lock:
            self._stand_ins[kit.id] = name
        return name

    def band(self, kit: KitRecord, opponents: list[str]) -> dict[str, Any]:
        """The band for the kit's games so far: {"state": "ready", ...}, "working", "none" or "failed"; with
        how many games were against people ("people") and who stood in for them ("stand_in")."""
        stand_in = self.stand_in(kit)
        people = sum(1 for name in opponents if name == HUMAN)
        said = {"people": people, "stand_in": stand_in}
        schedule, covered = plan([stand_in if name == HUMAN else name for name in opponents])
        if not schedule:
            if not opponents:
                return {"state": "none", "reason": _("no games yet"), **said}
            reason = _("the simulator cannot play game {number}'s opponent ({opponent})")
            return {
                "state": "none",
                "reason": reason.format(number=covered + 1, opponent=opponents[covered]),
                **said,
            }
        key = repr((kit.game, kit.menace_plays, kit.fingerprint, kit.rules_name, schedule))
        with self._lock:
            answer = self._answers.get(key)
            if answer is not None:
                return {**answer, "covers": covered, **said}
            if not self._busy:
                self._busy = True
                threading.Thread(
                    target=self._work, args=(key, kit, schedule), name="menace-typical", daemon=True
                ).start()
        return {"state": "working", **said}

    def wait(self, timeout: float) -> bool:
        """Until no simulation is under way (for tests): True if none is."""
        with self._lock:
            return self._lock.wait_for(lambda: not self._busy, timeout)

    def _work(self, key: str, kit: KitRecord, schedule: list[tuple[str, int]]) -> None:
        try:
            from kit.players import parse_player
            from tracker.sim.typical import typical_band  # numpy: only once a band is asked for

            games = sum(count for _name, count in schedule)
            opponents = [(parse_player(name), count) for name, count in schedule]
            band = typical_band(
                kit.catalogue.game, kit.menace_plays, kit.rules, opponents, population=members_for(games)
            )
            answer: dict[str, Any] = {"state": "ready", **band}
        except Exception as error:  # noqa: BLE001 - the thread's end: a band that fails says so, never hangs
            answer = {"state": "failed", "error": str(error) or type(error).__name__}
        with self._lock:
            self._answers[key] = answer
            self._busy = False
            self._lock.notify_all()
