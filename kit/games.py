"""The registry of games the kit knows, by name, and games made from a name and options.

A new game is one module and one line here. ``get_game("nim", heaps=(1, 2, 3))`` makes a game with
options; ``game_from_spec("nim --heaps 1,2,3")`` reads one back from its spec (``Game.spec``). Both hand
out one shared object per spec: games hold no state, and the solver and catalogues remember per object.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kit.game import Game, GameError
from kit.hexapawn import Hexapawn
from kit.nim import Nim, make_nim
from kit.tictactoe import TicTacToe

# Each game's maker takes the game's options as keywords; its class says which options it reads.
GAMES: dict[str, type[Game[Any, Any]]] = {"tictactoe": TicTacToe, "nim": Nim, "hexapawn": Hexapawn}
_MAKERS: dict[str, Callable[..., Game[Any, Any]]] = {"nim": make_nim}
_BY_SPEC: dict[str, Game[Any, Any]] = {}


def get_game(name: str, **options: Any) -> Game[Any, Any]:
    """The game called ``name`` with ``options`` (keywords, e.g. max_take=3; defaults when left out);
    raises GameError naming the games, or the option that does not apply."""
    if name not in GAMES:
        raise GameError(f"unknown game {name!r}: choose one of {', '.join(GAMES)}")
    if not options and name in _BY_SPEC:
        return _BY_SPEC[name]
    cls = GAMES[name]
    for key in options:
        if key.replace("_", "-") not in cls.option_parsers:
            raise GameError(f"--{key.replace('_', '-')} does not apply to {name}{_options_of(cls)}")
    game = _MAKERS.get(name, cls)(**options)
    return _BY_SPEC.setdefault(game.spec, game)


def game_from_spec(spec: str) -> Game[Any, Any]:
    """The game a spec names: a plain name ("nim") or a name and options ("nim --heaps 1,2,3")."""
    name, *words = spec.split() or [""]
    if name in _BY_SPEC and not words:
        return _BY_SPEC[name]
    if name not in GAMES:
        raise GameError(f"unknown game {name!r}: choose one of {', '.join(GAMES)}")
    parsers = GAMES[name].option_parsers
    options: dict[str, Any] = {}
    while words:
        word = words.pop(0)
        key = word.removeprefix("--")
        if not word.startswith("--") or key not in parsers:
            raise GameError(f"{word} does not apply to {name}{_options_of(GAMES[name])}")
        parse = parsers[key]
        if parse is None:
            options[key.replace("-", "_")] = True
        elif not words:
            raise GameError(f"{word} needs a value")
        else:
            options[key.replace("-", "_")] = parse(words.pop(0))
    return get_game(name, **options)


def cache_clear() -> None:
    """Forgets the shared game objects, as functools.cache_clear does: get_game makes them afresh."""
    _BY_SPEC.clear()


def _options_of(cls: type[Game[Any, Any]]) -> str:
    names = ", ".join(f"--{key}" for key in cls.option_parsers)
    return f": its options are {names}" if names else ": it takes no options"
