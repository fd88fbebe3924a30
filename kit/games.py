"""The registry of games the kit knows, by name, and games made from a name and options.

A new game is one module and one line here. ``get_game("nim", heaps=(1, 2, 3))`` makes a game with
options; ``game_from_spec("nim --heaps 1,2,3")`` reads one back from its spec (``Game.spec``). Both hand
out one shared object per spec: games hold no state, and the solver and catalogues remember per object.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator, MutableMapping
from typing import Any

from kit.game import Game, GameError
from kit.i18n import _


class _Registry(MutableMapping[str, type[Game[Any, Any]]]):
    """The games' classes by name, in order, each imported from its module the first time it is asked
    for: a noughts-and-crosses run does not load Othello's or ultimate noughts and crosses' rules."""

    def __init__(self, where: dict[str, str]) -> None:
        self._where = dict(where)  # name: "module.Class"
        self._loaded: dict[str, type[Game[Any, Any]]] = {}

    def __getitem__(self, name: str) -> type[Game[Any, Any]]:
        if name not in self._loaded:
            self._loaded[name] = _load(self._where[name])
        return self._loaded[name]

    def __setitem__(self, name: str, cls: type[Game[Any, Any]]) -> None:
        self._where.setdefault(name, f"{cls.__module__}.{cls.__qualname__}")
        self._loaded[name] = cls

    def __delitem__(self, name: str) -> None:
        del self._where[name]
        self._loaded.pop(name, None)

    def __contains__(self, name: object) -> bool:
        return name in self._where

    def __iter__(self) -> Iterator[str]:
        return iter(self._where)

    def __len__(self) -> int:
        return len(self._where)


def _load(where: str) -> Any:
    module, _dot, name = where.rpartition(".")
    return getattr(importlib.import_module(module), name)


# Each game's maker takes the game's options as keywords; its class says which options it reads.
GAMES = _Registry(
    {
        "tictactoe": "kit.tictactoe.TicTacToe",
        "nim": "kit.nim.Nim",
        "hexapawn": "kit.hexapawn.Hexapawn",
        # No matchbox kit (Game.no_matchbox_kit): played by MCTS, random and people only.
        "connect4": "kit.connect4.ConnectFour",
        "othello": "kit.othello.Othello",
        "ultimate": "kit.ultimate.UltimateTicTacToe",
    }
)
_MAKERS = {"nim": "kit.nim.make_nim"}  # where the class alone does not make the game
_BY_SPEC: dict[str, Game[Any, Any]] = {}


def get_game(name: str, **options: Any) -> Game[Any, Any]:
    """The game called ``name`` with ``options`` (keywords, e.g. max_take=3; defaults when left out);
    raises GameError naming the games, or the option that does not apply."""
    if name not in GAMES:
        raise GameError(
            _("unknown game {name!r}: choose one of {games}").format(name=name, games=", ".join(GAMES))
        )
    if not options and name in _BY_SPEC:
        return _BY_SPEC[name]
    cls = GAMES[name]
    for key in options:
        if key.replace("_", "-") not in cls.option_parsers:
            raise GameError(_options_of(cls).format(option=f"--{key.replace('_', '-')}", game=name))
    make: Callable[..., Game[Any, Any]] = _load(_MAKERS[name]) if name in _MAKERS else cls
    game = make(**options)
    return _BY_SPEC.setdefault(game.spec, game)


def game_from_spec(spec: str) -> Game[Any, Any]:
    """The game a spec names: a plain name ("nim") or a name and options ("nim --heaps 1,2,3")."""
    name, *words = spec.split() or [""]
    if name in _BY_SPEC and not words:
        return _BY_SPEC[name]
    if name not in GAMES:
        raise GameError(
            _("unknown game {name!r}: choose one of {games}").format(name=name, games=", ".join(GAMES))
        )
    parsers = GAMES[name].option_parsers
    options: dict[str, Any] = {}
    while words:
        word = words.pop(0)
        key = word.removeprefix("--")
        if not word.startswith("--") or key not in parsers:
            raise GameError(_options_of(GAMES[name]).format(option=word, game=name))
        parse = parsers[key]
        if parse is None:
            options[key.replace("-", "_")] = True
        elif not words:
            raise GameError(_("{option} needs a value").format(option=word))
        else:
            options[key.replace("-", "_")] = parse(words.pop(0))
    return get_game(name, **options)


def cache_clear() -> None:
    """Forgets the shared game objects, as functools.cache_clear does: get_game makes them afresh."""
    _BY_SPEC.clear()


def _options_of(cls: type[Game[Any, Any]]) -> str:
    """The sentence for an option ``cls`` does not take, with {option} and {game} still to fill in."""
    names = ", ".join(f"--{key}" for key in cls.option_parsers)
    if not names:
        return _("{option} does not apply to {game}: it takes no options")
    return _("{option} does not apply to {game}: its options are {names}").replace("{names}", names)
