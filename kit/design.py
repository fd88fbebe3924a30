"""A kit's design: the boxes and beads of one MENACE and the colours its beads come in, as one value.

"Kit" names three things in this project: this core package, a printed kit (``generator``: a design on
paper) and a stored kit (``tracker``: a design with a name and a history of games). What they share is
the design: a catalogue (game, MENACE's side, rules, and the boxes with their beads) and a bead palette,
named by the fingerprint and the kit code its labels print. A printed kit and a stored kit with the same
kit code are the same physical MENACE.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from kit.catalogue import build_catalogue
from kit.game import Game
from kit.matchbox import Catalogue
from kit.palettes import Palette, kit_code, load_palette
from kit.rules import Rules


@dataclass(frozen=True)
class KitDesign:
    """A catalogue and the palette of its beads; ``fingerprint`` names the kit (the starting catalogue's)."""

    catalogue: Catalogue
    palette: Palette
    # The catalogue's own fingerprint for a kit as designed. A stored kit printed as it stands keeps its
    # own beside boxes that hold other beads, so its labels print the code `menace play` says.
    fingerprint: str

    @classmethod
    def of(cls, catalogue: Catalogue, palette: Palette) -> KitDesign:
        """The design of ``catalogue`` in ``palette``, named by the catalogue's fingerprint."""
        return cls(catalogue, palette, catalogue.fingerprint)

    @property
    def game(self) -> Game[Any, Any]:
        return self.catalogue.game

    @property
    def rules(self) -> Rules:
        return self.catalogue.rules

    @property
    def menace_plays(self) -> str:
        return self.catalogue.menace_plays

    @property
    def code(self) -> str:
        """The six-character kit code on every label and page (kit.palettes.kit_code)."""
        return kit_code(self.fingerprint, self.palette)


def design_kit(
    game: Game[Any, Any], menace_plays: str, rules: Rules | None = None, palette: Palette | None = None
) -> KitDesign:
    """A new kit's design: the catalogue of ``game`` for MENACE's side under ``rules`` (None: the game's
    default preset), in ``palette`` (None: the game's default); raises UnknownPaletteError when the palette
    has too few colours for the boxes."""
    return in_palette(build_catalogue(game, menace_plays, rules), palette)


def in_palette(catalogue: Catalogue, palette: Palette | None = None) -> KitDesign:
    """The design of ``catalogue`` in ``palette`` (None: the game's default); raises UnknownPaletteError
    when the palette has too few colours for the boxes."""
    chosen = palette or load_palette(catalogue.game.default_palette)
    chosen.check_covers((catalogue.move_codes(b.moves) for b in catalogue.boxes), catalogue.game.spec)
    return KitDesign.of(catalogue, chosen)
