"""kit:NAME players: a kit of the store in a match, playing its side from the beads it holds.

Without learning it plays from a copy of its beads and nothing is written. With learning its games are
played and recorded by the table's commands, exactly as `menace play --draw digital` does, one event per
move.
"""

from __future__ import annotations

import random
from typing import Any

from kit.game import Game, GameError, Result
from kit.i18n import _
from kit.players import MenacePlayer
from tracker.state.kit_record import KitRecord
from tracker.state.opponents import KitSpec, Opponent
from tracker.store.event_store import Store
from tracker.table.computers import ComputerTable
from tracker.table.play_table import Operator, Stop, Table

SIDE_NAMES = ("first", "second")


def stored_kit(store: Store | None, spec: KitSpec, game: Game[Any, Any], side: int) -> KitRecord:
    """The kit a kit:NAME spec names, checked to be of ``game`` and to play ``side`` (0 first, 1 second);
    raises GameError."""
    if store is None:
        raise GameError(_("{spec} needs the store that holds the kit").format(spec=spec))
    kit = store.kit(spec.name)
    if kit.game != game.spec:
        raise GameError(
            _("kit {name} is a {game} kit: play it with --game {game}").format(name=kit.name, game=kit.game)
        )
    if kit.catalogue.menace != side:
        raise GameError(
            _("kit {name} plays {side}: make it the --{side} player").format(
                name=kit.name, side=kit.menace_plays
            )
        )
    return kit


def kit_player(store: Store | None, spec: KitSpec, game: Game[Any, Any], side: int) -> MenacePlayer:
    """The kit as a player that does not learn: its beads now, copied, every drawn bead put back."""
    kit = stored_kit(store, spec, game, side)
    assert store is not None
    boxes = {box: dict(counts) for box, counts in store.mirror(kit).items()}
    return MenacePlayer(kit.catalogue, boxes, learning=False)


def record_kit_games(
    store: Store,
    kit: KitRecord,
    opponent: Opponent,
    *,
    games: int,
    rng: random.Random,
    operator: Operator | None = None,
) -> list[int]:
    """Plays ``games`` games of the kit (digital draw) against ``opponent`` (a person or a computer), each
    recorded as it is played: by the table's commands when a computer plays, at the terminal's play table
    when a person does (``operator``); returns the kit's reward per game (+1, 0, -1)."""
    world = store.world(kit)
    if world.session is not None:
        raise GameError(
            _(
                "kit {name} has game {number} in progress: finish or discard it with `menace play "
                "--kit {name}` first"
            ).format(name=kit.name, number=world.session.number)
        )
    if operator is None:
        computers = ComputerTable(store, world, opponent, rng)
        while computers.games_done < games:
            computers.step()
    else:
        table = Table(store, world, operator, bead_source="digital", opponent=opponent, rng=rng)
        finished = 0
        try:
            while finished < games:  # a game a person discards does not count, as at `menace play`
                finished += table.play_game()
        except Stop:
            message = _("stopped: `menace play --kit {name}` resumes the game in progress")
            raise GameError(message.format(name=kit.name)) from None
    rows: list[dict[str, Any]] = store.games(kit, finished_only=True)
    return [Result(row["result"]).reward for row in rows if row["number"] > world.started]
