"""Bead palettes: which colour of bead stands for which move, read from TOML files."""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from kit import datafiles
from kit.game import GameError


class UnknownColourError(GameError):
    """Text that names no colour of the palette, or more than one."""


class UnknownPaletteError(GameError):
    """No palette of that name, or a palette file that does not make sense."""


@dataclass(frozen=True)
class Colour:
    """One bead colour: the move it stands for (the game's move code), its name, a one-letter code and
    an RGB."""

    move: int
    name: str
    code: str
    rgb: str  # "#rrggbb"


@dataclass(frozen=True)
class Palette:
    name: str
    game: str
    title: str
    description: str
    colours: tuple[Colour, ...]

    def for_move(self, move: int) -> Colour:
        return self._by_move[move]

    @property
    def _by_move(self) -> dict[int, Colour]:
        return {c.move: c for c in self.colours}

    def check_covers(self, codes: Iterable[int], what: str) -> None:
        """Raises UnknownPaletteError when a move code of ``codes`` has no colour (a pile or take too big
        for the palette), naming ``what`` needs it."""
        missing = sorted(set(codes) - set(self._by_move))
        if missing:
            raise UnknownPaletteError(
                f"palette {self.name!r} has {len(self.colours)} colours, too few for {what}: "
                "choose a smaller game or another palette"
            )

    def parse(self, text: str, *, among: tuple[int, ...] | None = None) -> Colour:
        """The colour named by ``text``: its letter, its name, or a prefix of the name that fits one.

        ``among`` limits the choice to the colours for those moves (a box's colours), so a prefix only
        needs to be unique among them.
        """
        word = text.strip().lower()
        colours = [c for c in self.colours if among is None or c.move in among]
        names = ", ".join(f"{c.name} ({c.code})" for c in colours)
        if not word:
            raise UnknownColourError(f"type a colour: {names}")
        exact = [c for c in colours if word in (c.name.lower(), c.code.lower())]
        matches = exact or [c for c in colours if c.name.lower().startswith(word)]
        if len(matches) == 1:
            return matches[0]
        if matches:
            options = " or ".join(c.name for c in matches)
            raise UnknownColourError(f"{text.strip()!r} could be {options}: type more letters")
        raise UnknownColourError(f"{text.strip()!r} is not a colour here: choose one of {names}")


def palette_names(game: str | None = None) -> list[str]:
    return [n for n in datafiles.names("palettes") if game is None or load_palette(n).game == game]


def load_palette(name: str, *, game: str | None = None) -> Palette:
    """The palette called ``name``; raises UnknownPaletteError, also when it is for another game."""
    data = datafiles.read("palettes", name)
    if data is None:
        raise UnknownPaletteError(f"unknown palette {name!r}: choose one of {', '.join(palette_names(game))}")
    palette = _parse(name, data)
    if game is not None and palette.game != game:
        raise UnknownPaletteError(
            f"palette {name!r} is for {palette.game}, not {game}: "
            f"choose one of {', '.join(palette_names(game))}"
        )
    return palette


def default_palette(game: str) -> Palette:
    """The palette a kit of ``game`` gets unless told otherwise (the game names it)."""
    from kit.games import get_game  # the registry imports every game; palettes are read without it

    return load_palette(get_game(game).default_palette)


def _parse(name: str, data: dict[str, Any]) -> Palette:
    colours = tuple(Colour(c["move"], c["name"], c["code"], c["rgb"]) for c in data["colours"])
    codes = [c.code.lower() for c in colours]
    names = [c.name.lower() for c in colours]
    moves = [c.move for c in colours]
    if len(set(codes)) != len(codes) or len(set(names)) != len(names) or len(set(moves)) != len(moves):
        raise UnknownPaletteError(f"palette {name!r} repeats a colour's move, name or letter")
    if any(len(c.code) != 1 or len(c.rgb) != 7 or not c.rgb.startswith("#") for c in colours):
        raise UnknownPaletteError(f"palette {name!r} needs one-letter codes and colours as #rrggbb")
    return Palette(name, data["game"], data["title"], data["description"].strip(), colours)
