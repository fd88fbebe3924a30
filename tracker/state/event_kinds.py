"""What each kind of event says, as a typed value: one ``parse`` from the event's stored JSON body and one
``data`` that writes it back, the one way the tracker writes that kind.

The stored body is what the hash chain covers, so ``data`` writes exactly the keys and values the tracker
has always written, and an event is never written again from its parsed value: the store keeps the body
as it came. ``parse`` reads only what the event needs, key by key in the order ``tracker.state.events.step``
has always read them, so a missing key or a value of the wrong shape is reported as the same "malformed
... event" as before (``step`` turns the KeyError, TypeError, ... into that message). It checks no value
against the kit: that is ``step``'s work, with the kit's world in hand.

A kit's first event, kit_created, is the kit itself: ``tracker.state.kit_record.kit_from_data`` reads it and
``KitRecord.created_data`` writes it.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any, ClassVar, Self

Data = dict[str, Any]  # an event's body as stored: JSON text read back


@dataclass(frozen=True)
class Body(ABC):
    """An event's body, of the event kind ``kind``."""

    kind: ClassVar[str]

    @classmethod
    @abstractmethod
    def parse(cls, data: Data) -> Self:
        """The body ``data`` says; KeyError, TypeError, ... where it lacks a key or is not a JSON object."""

    @abstractmethod
    def data(self) -> Data:
        """The body as the event stores it."""

    def pair(self) -> tuple[str, Data]:
        """(kind, body), as ``Store.record`` takes events."""
        return self.kind, self.data()


@dataclass(frozen=True)
class GameStarted(Body):
    kind: ClassVar[str] = "game_started"
    number: int
    game: str
    opponent: str  # tracker.state.opponents.Opponent in its one spelling
    draw: str  # tracker.state.session.BEAD_SOURCES

    @classmethod
    def parse(cls, data: Data) -> Self:
        return cls(data["number"], data["game"], data["opponent"], data["draw"])

    def data(self) -> Data:
        return {"game": self.game, "number": self.number, "opponent": self.opponent, "draw": self.draw}


@dataclass(frozen=True)
class Refilled(Body):
    """An empty box refilled by the rules: ``added`` is move code (as text) -> beads."""

    kind: ClassVar[str] = "refilled"
    game: str | None
    box: int
    added: dict[str, int]

    @classmethod
    def parse(cls, data: Data) -> Self:
        return cls(data.get("game"), data["box"], data["added"])

    def data(self) -> Data:
        return {"game": self.game, "box": self.box, "added": self.added}


@dataclass(frozen=True)
class Drew(Body):
    """MENACE's bead ``move`` (a move code, in the box's orientation) drawn from ``box``, played on
    ``square`` (a move code on the real board)."""

    kind: ClassVar[str] = "drew"
    game: str | None
    box: int
    move: int
    square: int

    @classmethod
    def parse(cls, data: Data) -> Self:
        return cls(data.get("game"), data["box"], data["move"], data["square"])

    def data(self) -> Data:
        return {"game": self.game, "box": self.box, "move": self.move, "square": self.square}


@dataclass(frozen=True)
class Moved(Body):
    """The opponent's move, a move code on the real board."""

    kind: ClassVar[str] = "moved"
    square: int
    game: str | None

    @classmethod
    def parse(cls, data: Data) -> Self:
        return cls(data["square"], data.get("game"))

    def data(self) -> Data:
        return {"game": self.game, "square": self.square}


@dataclass(frozen=True)
class Resigned(Body):
    """MENACE resigned at the empty ``box``; or, ``by`` "opponent" (and no box), the opponent resigned."""

    kind: ClassVar[str] = "resigned"
    game: str | None
    box: int | None = None
    by: Any = None  # "opponent", or None: MENACE (any other value is refused by step)

    @classmethod
    def parse(cls, data: Data) -> Self:
        if "by" in data:
            return cls(data.get("game"), by=data["by"])
        return cls(data.get("game"), data["box"])

    def data(self) -> Data:
        if self.by is not None:
            return {"game": self.game, "by": self.by}
        return {"game": self.game, "box": self.box}


@dataclass(frozen=True)
class Undone(Body):
    """The game's last move (or resignation), made by the event ``event``, taken back."""

    kind: ClassVar[str] = "undone"
    game: str | None
    event: str | None

    @classmethod
    def parse(cls, data: Data) -> Self:
        return cls(data.get("game"), data["event"])

    def data(self) -> Data:
        return {"game": self.game, "event": self.event}


@dataclass(frozen=True)
class GameEnded(Body):
    """A finished game settled: its result for MENACE and its bead changes, [box, move code, before,
    after]."""

    kind: ClassVar[str] = "game_ended"
    game: str | None
    result: str
    changes: list[list[int]]

    @classmethod
    def parse(cls, data: Data) -> Self:
        return cls(data.get("game"), data["result"], data["changes"])

    def data(self) -> Data:
        return {"game": self.game, "result": self.result, "changes": self.changes}


@dataclass(frozen=True)
class Discarded(Body):
    kind: ClassVar[str] = "discarded"
    game: str | None

    @classmethod
    def parse(cls, data: Data) -> Self:
        return cls(data.get("game"))

    def data(self) -> Data:
        return {"game": self.game}


@dataclass(frozen=True)
class Census(Body):
    """A box recounted: ``counts`` is move code (as text) -> beads, for the colours counted."""

    kind: ClassVar[str] = "census"
    box: int
    counts: dict[str, int]

    @classmethod
    def parse(cls, data: Data) -> Self:
        return cls(data["box"], data["counts"])

    def data(self) -> Data:
        return {"box": self.box, "counts": self.counts}


@dataclass(frozen=True)
class Reopened(Body):
    """The game just finished, whose game_ended event is ``event``, in play again."""

    kind: ClassVar[str] = "reopened"
    game: str
    event: str

    @classmethod
    def parse(cls, data: Data) -> Self:
        return cls(data["game"], data["event"])

    def data(self) -> Data:
        return {"game": self.game, "event": self.event}


@dataclass(frozen=True)
class Renamed(Body):
    kind: ClassVar[str] = "renamed"
    name: str

    @classmethod
    def parse(cls, data: Data) -> Self:
        return cls(data["name"])

    def data(self) -> Data:
        return {"name": self.name}


@dataclass(frozen=True)
class Trained(Body):
    """A kit made by `menace train`: ``how`` it was trained (game, menace_plays, rules, opponent, games,
    seed), its ``results`` and every colour's count, [box, move code, beads]."""

    kind: ClassVar[str] = "trained"
    how: dict[str, Any]
    counts: list[list[int]]
    results: dict[str, int] | None = None

    @classmethod
    def parse(cls, data: Data) -> Self:
        return cls(data["how"], data["counts"], data.get("results"))

    def data(self) -> Data:
        results = {"results": self.results} if self.results is not None else {}
        return {"how": self.how, **results, "counts": self.counts}


BODIES: dict[str, type[Body]] = {
    body.kind: body
    for body in (
        GameStarted,
        Refilled,
        Drew,
        Moved,
        Resigned,
        Undone,
        GameEnded,
        Discarded,
        Census,
        Reopened,
        Renamed,
        Trained,
    )
}
