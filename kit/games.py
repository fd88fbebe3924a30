"""The registry of games the kit knows, by name: a new game is one module and one line here."""

from __future__ import annotations

from functools import cache
from typing import Any

from kit.game import Game, GameError
from kit.hexapawn import Hexapawn
from kit.nim import Nim
from kit.tictactoe import TicTacToe

GAMES: dict[str, type[Game[Any, Any]]] = {"tictactoe": TicTacToe, "nim": Nim, "hexapawn": Hexapawn}


@cache
def get_game(name: str) -> Game[Any, Any]:
    """The game called ``name`` (one shared object: games hold no state); raises GameError naming the
    games."""
    try:
        return GAMES[name]()
    except KeyError:
        raise GameError(f"unknown game {name!r}: choose one of {', '.join(GAMES)}") from None
