"""A stored kit: a kit's design (kit.design) as the store keeps it, by names and its own copy of the boxes.

The store holds the catalogue's boxes so that opening a kit never walks the game tree again (about 13 ms
for tic-tac-toe); `menace verify` checks the copy against a freshly built catalogue and its fingerprint.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from kit.design import KitDesign
from kit.game import Game
from kit.games import game_from_spec
from kit.i18n import _
from kit.matchbox import Box, Catalogue, Placement
from kit.palettes import Colour, Palette, UnknownColourError, load_palette, palette_from_data
from kit.rules import Rules, load_rules, rules_from_data
from kit.shown import shown
from tracker.state.errors import MenaceError

MAX_NAME = 40
# A kit's fields as its kit_created event and the store's kits table name them (besides its boxes, and the
# copies of rules and palette files that only the event holds).
KIT_FIELDS = ("name", "game", "menace_plays", "rules", "palette", "fingerprint")
NAME_MARKS = " ._-"  # allowed in a kit's name besides letters and digits (of any script)


def kit_name(text: str) -> str:
    """``text`` as a kit's name: trimmed, runs of spaces made one, NFC-normalised (so "Ä" typed either way
    is one name); raises MenaceError unless it is 1-40 letters, digits, spaces, '.', '_' or '-', starting
    with a letter or digit."""
    name = unicodedata.normalize("NFC", " ".join(text.split()))
    if (
        not name
        or len(name) > MAX_NAME
        or not name[0].isalnum()
        or not all(c.isalnum() or c in NAME_MARKS for c in name)
    ):
        raise MenaceError(
            _(
                "{text} is not a kit name: use 1-{most} letters, digits, spaces, '.', '_' or '-', starting "
                "with a letter or digit"
            ).format(text=repr(shown(text)), most=MAX_NAME)
        )
    return name


def name_key(name: str) -> str:
    """What makes two kit names the same name: "class 7b", " class 7b " and "CLASS 7B" are one kit."""
    return unicodedata.normalize("NFC", unicodedata.normalize("NFC", " ".join(name.split())).casefold())


@dataclass(frozen=True)
class KitRecord:
    """One physical MENACE recorded in a store."""

    id: str  # stable across stores, so an export can be merged back
    name: str
    game: str  # the game's spec (kit.games): its plain name unless it has options
    menace_plays: str
    rules_name: str
    palette_name: str
    fingerprint: str
    boxes: tuple[Box, ...]
    # The kit's own copies of rules and a palette that came from files (their TOML tables), so the kit
    # works after the files are changed or gone; None for a shipped preset or palette, read by name.
    rules_file: dict[str, Any] | None = field(default=None, compare=False)
    palette_file: dict[str, Any] | None = field(default=None, compare=False)

    @classmethod
    def made(cls, kit_id: str, name: str, design: KitDesign) -> KitRecord:
        """A new stored kit of ``design``, with copies of its rules and palette if they came from files."""
        catalogue, palette = design.catalogue, design.palette
        return cls(
            kit_id,
            name,
            catalogue.game.spec,
            catalogue.menace_plays,
            catalogue.rules.name,
            palette.name,
            design.fingerprint,
            catalogue.boxes,
            catalogue.rules.as_file() if catalogue.rules.from_file else None,
            palette.as_file() if palette.from_file else None,
        )

    @cached_property
    def the_game(self) -> Game[Any, Any]:
        """The game its spec names, read back once."""
        return stored_game(self.game)

    @cached_property
    def catalogue(self) -> Catalogue:
        """A catalogue of the kit's own boxes: opening a stored kit never walks its game again."""
        return Catalogue(self.the_game, self.menace_plays, self.rules, self.boxes)

    @cached_property
    def rules(self) -> Rules:
        if self.rules_file is None:
            return load_rules(self.rules_name, game=self.the_game.name)
        source = f"kit {self.name}'s rules {self.rules_name}"
        return rules_from_data(self.rules_name, self.rules_file, source=source, shipped=False)

    @cached_property
    def palette(self) -> Palette:
        if self.palette_file is None:
            return load_palette(self.palette_name, game=self.the_game.name)
        source = f"kit {self.name}'s palette {self.palette_name}"
        return palette_from_data(self.palette_name, self.palette_file, source=source, shipped=False)

    @cached_property
    def design(self) -> KitDesign:
        """The kit's design as stored: its catalogue and palette, named by its stored fingerprint. (Each part
        is read when first asked for: a kit whose palette cannot be read still plays and replays.)"""
        return KitDesign(self.catalogue, self.palette, self.fingerprint)

    @cached_property
    def kit_code(self) -> str:
        """The kit code its labels print (kit.palettes.kit_code)."""
        return self.design.code

    @cached_property
    def _placements(self) -> dict[Any, Placement]:
        return {}

    def place(self, position: Any) -> Placement:
        """catalogue.place, remembered per position: replaying 10,000 games asks the same questions often."""
        placement = self._placements.get(position)
        if placement is None:
            placement = self._placements[position] = self.catalogue.place(position)
        return placement

    @cached_property
    def box_codes(self) -> dict[int, frozenset[int]]:
        """Each box's id and the move codes of its colours: the (box, move) pairs a beads row may have."""
        return {b.id: frozenset(self.code(m) for m in b.moves) for b in self.boxes}

    def box(self, box_id: int) -> Box:
        return self.catalogue.box(box_id)

    # Moves: in memory the tracker holds the game's own moves; events, the database and palettes key
    # them by their codes (small whole numbers), converted here and nowhere else.
    def code(self, move: Any) -> int:
        return self.catalogue.game.move_code(move)

    def move(self, code: int) -> Any:
        return self.catalogue.game.move_from_code(code)

    def colours(self, box: int | Box) -> dict[Any, Colour]:
        """The bead colour of each of the box's moves (a box or its number): one colour a move in most
        palettes, the same few colours again in every box in a palette of colours per box."""
        found = self._colours.get(box if isinstance(box, int) else box.id)
        if found is None:
            the_box = self.box(box) if isinstance(box, int) else box
            by_code = self.palette.box_colours(self.code(m) for m in the_box.moves)
            found = self._colours[the_box.id] = {m: by_code[self.code(m)] for m in the_box.moves}
        return found

    @cached_property
    def _colours(self) -> dict[int, dict[Any, Colour]]:
        return {}

    def colour_of(self, box: int | Box, move: Any) -> Colour:
        """The colour of ``move``'s beads in ``box`` (a box or its number)."""
        return self.colours(box)[move]

    def colour(self, box: int | Box, move: Any) -> str:
        """The name of ``move``'s bead colour in ``box``, in the current language. A move the box does not
        hold (an event that does not fit, refused with this name) has its palette's colour, or with colours
        per box, which give it none, its move's words."""
        colours = self.colours(box)
        if move in colours:
            return colours[move].spoken
        if self.palette.per_box:
            return self.catalogue.game.move_text(move)
        return self.palette.for_move(self.code(move)).spoken

    def parse_colour(self, text: str, box: Box) -> Any:
        """The move whose colour ``text`` names in ``box``; raises UnknownColourError.

        A colour is its name, its letter or a prefix unique in the whole palette, never only in the box:
        the same key means the same colour in every box ("b" is blue even in a box without blue, where it
        is refused rather than taken as black). A colour the box does not have is refused with the box's
        colours named. With colours per box the colour is looked up in this box's own colours."""
        colours = self.colours(box)
        held = ", ".join(f"{c.spoken} ({c.code})" for c in colours.values())
        word = text.strip().lower()
        if not word:
            raise UnknownColourError(_("type a colour: {colours}").format(colours=held))
        if not any(c.named_by(word) for c in self.palette.colours):
            message = _("{text} is not a colour here: choose one of {colours}")
            raise UnknownColourError(message.format(text=repr(text.strip()), colours=held))
        colour = self.palette.parse(text)  # an ambiguous prefix is refused with the colours it could be
        moves = [move for move, held_colour in colours.items() if held_colour == colour]
        if not moves:
            message = _("box {box} has no {colour} beads: it holds {colours}")
            raise UnknownColourError(message.format(box=box.id, colour=colour.spoken, colours=held))
        return moves[0]

    def created_data(self) -> dict[str, Any]:
        """The body of the kit_created event: everything needed to rebuild the kit elsewhere."""
        return (
            dict(zip(KIT_FIELDS, self.fields(), strict=True))
            | {"boxes": boxes_to_json(self.the_game, self.boxes)}
            | own_copies(self.rules_file, self.palette_file)
        )

    def fields(self) -> tuple[str, ...]:
        """The values of KIT_FIELDS, in their order."""
        return (self.name, self.game, self.menace_plays, self.rules_name, self.palette_name, self.fingerprint)


def kit_problem(kit: KitRecord) -> str | None:
    """Why ``kit`` is not one `menace new` makes (None: it is): its name as `new` takes names, rules and a
    palette it knows or carries whole, a colour for every move of every box and, in a palette from a file,
    none for a move no box has. Import asks it of every kit it adds."""
    from kit.game import GameError

    if not isinstance(kit.name, str):
        return _("its name {name} is not text").format(name=repr(kit.name))
    try:
        if kit_name(kit.name) != kit.name:
            return _("its name {name} is not a kit's name as the store keeps it (trimmed, NFC)").format(
                name=repr(kit.name)
            )
        kit.rules  # noqa: B018 - read to check: a preset this version does not ship, or a file's copy
        palette = kit.palette
        palette.check_covers((kit.catalogue.move_codes(b.moves) for b in kit.boxes), kit.game)
    except (GameError, MenaceError) as error:
        return str(error)
    if palette.from_file and not palette.per_box:
        held = {kit.code(m) for b in kit.boxes for m in b.moves}
        stray = next((c for c in palette.colours if c.move not in held), None)
        if stray is not None:
            return _("its palette has a colour ({name}) for move {move}, which no box of the kit has").format(
                name=repr(stray.name), move=stray.move
            )
    return None


def own_copies(rules_file: dict[str, Any] | None, palette_file: dict[str, Any] | None) -> dict[str, Any]:
    """The kit_created fields that hold a kit's copies of its rules and palette files (only those it has,
    so a kit of shipped presets is written as before)."""
    copies = {"rules_file": rules_file, "palette_file": palette_file}
    return {key: value for key, value in copies.items() if value is not None}


def stored_game(spec: str) -> Game[Any, Any]:
    """The game of a stored kit, from the spec its kit_created event and kits row keep: where a stored kit's
    game is read back, the one place below the command line and the screen that reads a game's spec."""
    return game_from_spec(spec)


def kit_from_data(kit_id: str, data: dict[str, Any]) -> KitRecord:
    name, game, menace_plays, rules, palette, fingerprint = (data[key] for key in KIT_FIELDS)
    return KitRecord(
        kit_id,
        name,
        game,
        menace_plays,
        rules,
        palette,
        fingerprint,
        boxes_from_json(stored_game(data["game"]), data["boxes"]),
        data.get("rules_file"),
        data.get("palette_file"),
    )


def boxes_to_json(game: Game[Any, Any], boxes: tuple[Box, ...]) -> list[list[Any]]:
    """Boxes as JSON rows: [id, position text, move number, move codes, beads]."""
    return [
        [
            b.id,
            game.position_text(b.position),
            b.move_number,
            [game.move_code(m) for m in b.moves],
            list(b.beads),
        ]
        for b in boxes
    ]


def boxes_from_json(game: Game[Any, Any], rows: list[list[Any]]) -> tuple[Box, ...]:
    return tuple(
        Box(int(i), game.parse_position(str(p)), n, tuple(game.move_from_code(c) for c in m), tuple(b))
        for i, p, n, m, b in rows
    )
