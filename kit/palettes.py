"""Bead palettes: which colour of bead stands for which move, read from TOML files."""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kit import datafiles
from kit.game import GameError
from kit.games import get_game
from kit.i18n import _
from kit.shown import shown


class UnknownColourError(GameError):
    """Text that names no colour of the palette, or more than one."""


class UnknownPaletteError(GameError):
    """No palette of that name, or a palette file that does not make sense."""


@dataclass(frozen=True)
class Colour:
    """One bead colour: its key, its name, a one-letter code and an RGB.

    The key (``move``) is the move it stands for (the game's move code), or in a palette of colours per
    box its place in each box's order (0 for a box's first move)."""

    move: int
    name: str
    code: str
    rgb: str  # "#rrggbb"

    @property
    def spoken(self) -> str:
        """The colour's name in the current language (a builder's own name stays as written)."""
        return _(self.name)

    def named_by(self, word: str) -> bool:
        """Whether lower-case ``word`` is this colour's letter or starts its name, in English or spoken."""
        names = (self.name.lower(), self.spoken.lower())
        return word == self.code.lower() or any(name.startswith(word) for name in names)


@dataclass(frozen=True)
class Palette:
    name: str
    game: str
    title: str
    description: str
    colours: tuple[Colour, ...]
    from_file: bool = False  # a builder's own file, not a shipped palette: a kit keeps a copy (as_file)
    # Colours per box: every box uses the same few colours again, its moves taking them in order (a game
    # whose labels draw each move as an arrow needs no colour to mean one move everywhere).
    per_box: bool = False

    def as_file(self) -> dict[str, Any]:
        """The palette as its TOML file: what a kit keeps of a palette that came from a file."""
        colours = [{"move": c.move, "name": c.name, "code": c.code, "rgb": c.rgb} for c in self.colours]
        if self.per_box:
            return {
                "game": self.game,
                "title": self.title,
                "description": self.description,
                "per_box": True,
                "colours": [{k: v for k, v in c.items() if k != "move"} for c in colours],
            }
        return {"game": self.game, "title": self.title, "description": self.description, "colours": colours}

    def for_move(self, move: int) -> Colour:
        """The colour whose key is ``move``: a move code's colour, or in a palette of colours per box the
        colour at that place of a box's order (box_colours says which move of a box it is)."""
        return self._by_move[move]

    def box_colours(self, codes: Iterable[int]) -> dict[int, Colour]:
        """The colour of each move of one box, by move code. Colours per box go to the box's moves in the
        order of their codes (Hexapawn: the moving pawn's square in reading order, then its target), so a
        box of four moves uses the palette's first four colours and one of two its first two."""
        ordered = sorted(set(codes))
        if self.per_box:
            return dict(zip(ordered, self.colours, strict=False))
        return {code: self._by_move[code] for code in ordered if code in self._by_move}

    @property
    def _by_move(self) -> dict[int, Colour]:
        return {c.move: c for c in self.colours}

    def check_covers(self, boxes: Iterable[Iterable[int]], what: str) -> None:
        """Raises UnknownPaletteError when a move of a box (given as its move codes) has no colour (a pile
        or take too big for the palette, or a box with more moves than colours per box), naming ``what``
        needs it."""
        short = any(len(self.box_colours(codes)) < len(set(codes)) for codes in map(list, boxes))
        if short:
            raise UnknownPaletteError(
                _(
                    "palette {name!r} has {count} colours, too few for {what}: choose a smaller game or "
                    "another palette"
                ).format(name=self.name, count=len(self.colours), what=what)
            )

    def parse(self, text: str, *, among: tuple[int, ...] | None = None) -> Colour:
        """The colour named by ``text``: its letter, its name (in English or the current language), or a
        prefix of a name that fits one.

        ``among`` limits the choice to the colours for those moves (a box's colours), so a prefix only
        needs to be unique among them.
        """
        word = text.strip().lower()
        colours = [c for c in self.colours if among is None or c.move in among]
        names = ", ".join(f"{c.spoken} ({c.code})" for c in colours)
        if not word:
            raise UnknownColourError(_("type a colour: {names}").format(names=names))
        exact = [c for c in colours if word in (c.name.lower(), c.spoken.lower(), c.code.lower())]
        matches = exact or [c for c in colours if c.named_by(word)]
        if len(matches) == 1:
            return matches[0]
        if matches:
            options = _(" or ").join(c.spoken for c in matches)
            raise UnknownColourError(
                _("{text!r} could be {options}: type more letters").format(text=text.strip(), options=options)
            )
        raise UnknownColourError(
            _("{text!r} is not a colour here: choose one of {names}").format(text=text.strip(), names=names)
        )


def palette_names(game: str | None = None) -> list[str]:
    return [n for n in datafiles.names("palettes") if game is None or load_palette(n).game == game]


def load_palette(name: str, *, game: str | None = None) -> Palette:
    """The palette called ``name``; raises UnknownPaletteError, also when it is for another game."""
    data = datafiles.read("palettes", name)
    if data is None:
        raise UnknownPaletteError(
            _("unknown palette {name!r}: choose one of {names}").format(
                name=name, names=", ".join(palette_names(game))
            )
        )
    palette = palette_from_data(name, data, source=f"palette {name!r}")
    if game is not None and palette.game != game:
        raise UnknownPaletteError(
            _("palette {name!r} is for {other}, not {game}: choose one of {names}").format(
                name=name, other=palette.game, game=game, names=", ".join(palette_names(game))
            )
        )
    return palette


def choose_palette(value: str, *, game: str) -> Palette:
    """The palette ``value`` names for a kit of ``game`` (the game's family name): a palette file (one
    that exists, or a name ending in .toml) or a shipped palette."""
    if not datafiles.names_a_file(value):
        return load_palette(value, game=game)
    palette = palette_from_data(Path(value).name, datafiles.read_file(value), source=value, shipped=False)
    if palette.game != game:
        raise UnknownPaletteError(
            _("{file}: game is {other!r}, but the kit is {game}: write game = {game!r}").format(
                file=value, other=palette.game, game=game
            )
        )
    return palette


def default_palette(game: str) -> Palette:
    """The palette a kit of ``game`` gets unless told otherwise (the game names it)."""
    return load_palette(get_game(game).default_palette)


FIELDS = ("game", "title", "description", "per_box", "colours")
# The words the play table takes as commands at any prompt (tracker.table.play_table's COMMAND_WORDS, census
# and zählung before a recount, and the words for a bead by its square in tracker.table.squares; a test keeps
# them the same): a colour called one of them could never be typed at the colour prompt.
TABLE_WORDS = frozenset({
    "undo", "discard", "board", "help", "?", "quit", "exit", "zurück", "verwerfen", "brett", "hilfe", "ende",
    "census", "zählung", "square", "sq", "feld",
})  # fmt: skip
COLOUR_FIELDS = ("move", "name", "code", "rgb")
BOX_COLOUR_FIELDS = ("name", "code", "rgb")  # per box: a colour's place in the list is its key
RGB = re.compile(r"#[0-9a-fA-F]{6}")
MAX_COLOUR_NAME = 30  # a colour's name is typed at the prompt and printed on labels


def palette_from_data(name: str, data: dict[str, Any], *, source: str, shipped: bool = True) -> Palette:
    """A palette from its TOML table, checked field by field (``source`` names it in errors); a file of
    one's own may leave out its title and description."""
    fields = datafiles.Fields(data, source, UnknownPaletteError)
    fields.only(FIELDS)
    game = fields.text("game")
    title = fields.text("title", None if shipped else name)
    description = fields.text("description", None if shipped else f"your own colours, from {name}").strip()
    per_box = data.get("per_box", False)
    if not isinstance(per_box, bool):
        fields.fail(f"per_box must be true or false, not {per_box!r}")
    rows = data.get("colours")
    if not isinstance(rows, list) or not rows:
        example = "" if per_box else "move = 0, "
        fields.fail(
            f'colours must be a list of tables, e.g. colours = [{{ {example}name = "red", '
            'code = "R", rgb = "#d7263d" }]'
        )
    colours = tuple(
        _colour(row, f"{source}: colours[{i}]", None if not per_box else i - 1)
        for i, row in enumerate(rows, start=1)
    )
    for key in ("move", "name", "code"):
        seen = [str(getattr(c, key)).lower() for c in colours]
        repeated = next((v for v in seen if seen.count(v) > 1), None)
        if repeated is not None:
            fields.fail(
                f"two colours have {key} {repeated!r}: each colour needs its own move, name and letter"
            )
    for colour in colours:
        words = colour.name.lower().split()
        if words and (colour.name.lower().strip() in TABLE_WORDS or words[0] in TABLE_WORDS):
            fields.fail(
                _(
                    "a colour is called {name!r}, which the play table takes as a command, so it could never "
                    "be typed: call it something else"
                ).format(name=colour.name)
            )
    return Palette(name, game, title, description, colours, from_file=not shipped, per_box=per_box)


def _colour(row: Any, source: str, place: int | None) -> Colour:
    """A colour's table; ``place`` is its place in a palette of colours per box (its key), else None and
    the table gives its move."""
    allowed = COLOUR_FIELDS if place is None else BOX_COLOUR_FIELDS
    fields = datafiles.Fields(row if isinstance(row, dict) else {}, source, UnknownPaletteError)
    if not isinstance(row, dict):
        fields.fail(f"must be a table with {', '.join(allowed)}, not {row!r}")
    fields.only(allowed)
    move = fields.whole("move", least=0) if place is None else place
    name = fields.text("name")
    if not name.strip() or not name.isprintable() or len(name) > MAX_COLOUR_NAME:
        message = _("name must be 1-{most} printable characters (no control characters), not {name}")
        fields.fail(message.format(most=MAX_COLOUR_NAME, name=repr(shown(name))))
    colour = Colour(move, name, fields.text("code"), fields.text("rgb"))
    if len(colour.code) != 1 or not colour.code.isalnum():
        fields.fail(f"code must be one letter or digit, not {colour.code!r}")
    if not RGB.fullmatch(colour.rgb):
        fields.fail(f"rgb must be #rrggbb (six hex digits), not {colour.rgb!r}")
    return colour


def kit_code(fingerprint: str, palette: Palette) -> str:
    """The six-character code printed on a kit's labels, from its catalogue's fingerprint (game, side,
    rules and boxes) and its palette's colours, so labels in other colours never pass for these.

    In the game's default colours (or the palette that was its default, Hexapawn's one colour a move) the
    code is the fingerprint's first six hex digits, as every kit printed before the palette joined the code
    says; other colours hash into it."""
    game = get_game(palette.game)
    plain = load_palette(game.plain_code_palette or game.default_palette)
    if palette.colours == plain.colours and palette.per_box == plain.per_box:
        return fingerprint[:6].upper()
    rows: list[Any] = [[c.move, c.name, c.code, c.rgb] for c in palette.colours]
    colours = json.dumps(rows + (["per box"] if palette.per_box else []))
    return hashlib.sha256(f"{fingerprint} {colours}".encode()).hexdigest()[:6].upper()
