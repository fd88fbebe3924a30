"""A MENACE for every pupil: each phone that joins the class from the big screen gets a kit of its own, of
the game the teacher chose (`menace serve --pupils GAME`), and plays it on the play page.

A pupil's kit is an ordinary stored kit, named ``pupil-`` and a nickname the pupil gives (checked as
`menace new` checks names) or the next free number ("pupil-7"): nothing personal is asked. The class is
every kit so named with the class's design, so it is read from the store alone and outlives a restart of
the server. A phone is given its kit's id in a cookie, and a phone that joins again gets the same kit.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Any

from kit.design import KitDesign, design_kit
from kit.games import game_from_spec
from kit.i18n import _
from tracker.state.errors import MenaceError
from tracker.state.kit_record import KitRecord, kit_name, name_key
from tracker.store.event_store import Store, new_id

PREFIX = "pupil-"
COOKIE = "menace-pupil"
COOKIE_AGE = 7 * 24 * 3600  # seconds: a class that goes on next week finds its MENACEs again
MOST = 60  # kits in one class: a class is about thirty; more would be someone making kits in a loop


class NoClass(MenaceError):
    """The server was started without a class (`menace serve --pupils GAME`)."""


@dataclass(frozen=True)
class PupilClass:
    """The class's choice: the game each pupil's MENACE plays, on the game's own side and rules."""

    design: KitDesign

    @classmethod
    def of(cls, spec: str) -> PupilClass:
        """The class for the game ``spec`` names ("tictactoe", "nim --heaps 1,2,3"); raises GameError when
        it names no game with a matchbox kit."""
        game = game_from_spec(spec)
        game.require_matchbox_kit()
        return cls(design_kit(game, game.default_menace_plays))

    @property
    def title(self) -> str:
        return self.design.catalogue.game.title

    def member(self, row: dict[str, Any]) -> bool:
        """Whether a row of the store's kits is a pupil's MENACE of this class."""
        catalogue = self.design.catalogue
        return (
            name_key(row["name"]).startswith(PREFIX)
            and row["game"] == catalogue.game.spec
            and row["menace_plays"] == catalogue.menace_plays
            and row["fingerprint"] == self.design.fingerprint
        )

    def has(self, kit: KitRecord) -> bool:
        """Whether ``kit`` is a pupil's MENACE of this class."""
        return self.member(
            {
                "name": kit.name,
                "game": kit.game,
                "menace_plays": kit.menace_plays,
                "fingerprint": kit.fingerprint,
            }
        )


class Pupils:
    """The class this server holds, if any; one kit is made at a time."""

    def __init__(self, spec: str | None) -> None:
        self.chosen = PupilClass.of(spec) if spec is not None else None
        self._making = threading.Lock()

    @property
    def the_class(self) -> PupilClass:
        if self.chosen is None:
            raise NoClass(_("no class is set up: start the screen with `menace serve --pupils GAME`"))
        return self.chosen

    def members(self, store: Store) -> list[dict[str, Any]]:
        """The store's rows of the class's kits, in the order they were made."""
        return [row for row in store.kits() if self.the_class.member(row)]

    def suggested(self, store: Store) -> str:
        """The next free numbered name: pupil-1, pupil-2, ..."""
        taken = {name_key(row["name"]) for row in store.kits()}
        number = 1
        while name_key(f"{PREFIX}{number}") in taken:
            number += 1
        return f"{PREFIX}{number}"

    def mine(self, store: Store, kit_id: str | None) -> KitRecord | None:
        """The phone's kit (its id from the cookie) if it is one of this class's."""
        if not kit_id or self.chosen is None:
            return None
        row = next((row for row in store.kits() if row["id"] == kit_id), None)
        return store.kit_by_id(kit_id) if row is not None and self.chosen.member(row) else None

    def join(self, store: Store, nickname: object) -> KitRecord:
        """A new kit of the class, called pupil-NICKNAME (or the next free number when none is given);
        raises MenaceError for a name that is not a kit name or is taken, or a full class."""
        the_class = self.the_class
        if nickname is not None and not isinstance(nickname, str):
            raise MenaceError(_("a nickname is text, or nothing for a number"))
        with self._making:
            if len(self.members(store)) >= MOST:
                message = _("the class has {most} MENACEs already: ask your teacher")
                raise MenaceError(message.format(most=MOST))
            text = (nickname or "").strip()
            if not text:
                name = self.suggested(store)
            else:
                name = kit_name(text)
                if not name_key(name).startswith(PREFIX):
                    name = kit_name(PREFIX + name)
            kit = KitRecord.made(new_id(), name, the_class.design)
            store.create_kit(kit)  # a name taken is refused there, as `menace new` refuses it
            return kit
