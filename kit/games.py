"""The registry of games the kit knows, by name."""
from __future__ import annotations

from kit.game import Game, GameError
from kit.nim import Nim
from kit.tictactoe import TicTacToe

GAMES = {"tictactoe": TicTacToe, "nim": Nim}


def get_game(name: str) -> Game:
    """A fresh game object for ``name``; raises GameError naming the games there are."""
    try:
        return GAMES[name]()
    except KeyError:
        raise GameError(f"unknown game {name!r}: choose one of {', '.join(GAMES)}") from None
