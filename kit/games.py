"""The registry of games the kit knows, by name: a new game is one module and one line here."""

from __future__ import annotations

from functools import cache
from typing import Any

from kit.connect4 import ConnectFour
from kit.game import Game, GameError
from kit.hexapawn import Hexapawn
from kit.nim import Nim
from kit.othello import Othello
from kit.tictactoe import TicTacToe
from kit.ultimate import UltimateTicTacToe

GAMES: dict[str, type[Game[Any, Any]]] = {
    "tictactoe": TicTacToe, "nim": Nim, "hexapawn": Hexapawn,
    # No matchbox kit (Game.no_matchbox_kit): played by MCTS, random and people only.
    "connect4": ConnectFour, "othello": Othello, "ultimate": UltimateTicTacToe,
}


@cache
def get_game(name: str) -> Game[Any, Any]:
    """The game called ``name`` (one shared object: games hold no state); raises GameError naming the
    games."""
    try:
        return GAMES[name]()
    except KeyError:
        raise GameError(f"unknown game {name!r}: choose one of {', '.join(GAMES)}") from None
