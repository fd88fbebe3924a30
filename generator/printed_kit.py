"""Generating a printable kit: every document for each game into DIR/<game>/, with a kit.json manifest."""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from generator.documents import (
    calibration,
    drawer_labels,
    fill,
    finder,
    labels,
    legend,
    paper_machine,
    record_sheet,
    score_sheet,
)
from generator.documents.common import KitSpec, count_boxes
from generator.layout import check_print_area, pages_needed
from generator.pdfout import FolderInUse, atomic_folder, write_documents
from generator.stocks import DEFAULT_STOCK, Stock, load_stock
from kit.design import design_kit
from kit.game import GameError
from kit.games import GAMES, game_from_spec, get_game
from kit.i18n import _, current_language
from kit.numerals import number
from kit.palettes import Palette
from kit.rules import Rules

# In the order a builder uses them: check the printer, print labels, read the legend, fill, play.
DOCUMENTS = (
    ("calibration.pdf", "calibration page", calibration.write),
    ("labels.pdf", "box labels", labels.write),
    ("legend.pdf", "bead legend and rules card", legend.write),
    ("finder.pdf", "box finder", finder.write),
    ("fill.pdf", "fill sheet and shopping list", fill.write),
    ("score-sheet.pdf", "score sheet", score_sheet.write),
    ("record-sheet.pdf", "game record sheet", record_sheet.write),
    ("drawer-labels.pdf", "drawer fronts and rack map", drawer_labels.write),
)
MANIFEST = "kit.json"
PAPER_MACHINE = ("paper-machine.pdf", "paper machine", paper_machine.write)
BIG_KIT = 400  # boxes: more than Michie's 304 (a raw-board kit has 2,201)
ALL_GAMES = "all"


class KitOutputError(GameError):
    """The kit cannot be written where it was asked to go."""


@dataclass(frozen=True)
class KitOptions:
    """What `menace generate` was asked for; None means the default for each game."""

    game: str = ALL_GAMES
    menace_plays: str | None = None  # None: each game's own default (kit.game.Game.default_menace_plays)
    # Values read once by the command line (a preset, a file, or a stored kit's own): with every game, each
    # applies to the game it is for, the others get their defaults.
    rules: Rules | None = None
    palette: Palette | None = None
    paper: str | None = None
    stock: Stock | None = None  # None: generator.stocks.DEFAULT_STOCK
    offset_x: float = 0.0
    offset_y: float = 0.0
    level_per_sheet: bool = False  # each move level's labels start on a sheet of their own


def plan_kits(options: KitOptions) -> list[KitSpec]:
    """One KitSpec per game asked for; raises a GameError for any bad name before anything is written."""
    if options.game == ALL_GAMES:
        games = [
            name
            for name in GAMES
            if get_game(name).printed_kit_draft is None and get_game(name).no_matchbox_kit is None
        ]
    elif options.game.partition(" ")[0] not in GAMES:
        raise GameError(
            _("unknown game {game!r}: choose one of {games} or {all}").format(
                game=options.game, games=", ".join(GAMES), all=ALL_GAMES
            )
        )
    else:
        chosen = game_from_spec(options.game)
        chosen.require_matchbox_kit()
        games = [chosen.spec]
    stock = options.stock or load_stock(DEFAULT_STOCK)
    paper = stock.paper_for(options.paper)
    check_print_area(stock, paper, offset_x=options.offset_x, offset_y=options.offset_y)
    rules_game = _owner(options.rules, games)
    palette_game = _owner(options.palette, games)
    specs = []
    for game in games:
        rules = options.rules if rules_game == game else None
        the_game = game_from_spec(game)
        side = options.menace_plays or the_game.default_menace_plays
        design = design_kit(the_game, side, rules, options.palette if palette_game == game else None)
        specs.append(
            KitSpec(
                design,
                stock,
                paper,
                options.offset_x,
                options.offset_y,
                level_per_sheet=options.level_per_sheet,
            )
        )
    return specs


class _Preset(Protocol):
    @property
    def game(self) -> str: ...


def _owner(chosen: _Preset | None, games: list[str]) -> str | None:
    """The game of ``games`` that rules or a palette (read by the command line) are for: with one game,
    that game (the command line checked they are for it)."""
    if chosen is None:
        return None
    return games[0] if len(games) == 1 else chosen.game


def generate(
    options: KitOptions,
    out: Path,
    progress: Callable[[str], None] = lambda line: None,
    written: Callable[[int], None] = lambda files: None,
    *,
    force: bool = False,
) -> list[Path]:
    """Writes every kit asked for under ``out``, calling ``written(1)`` after each file (files_to_write
    of them); returns the manifests' paths. A folder holding another kit (another side, stock, palette,
    language, ...) is refused before anything is written, unless ``force``."""
    if not force:
        check_kits(options, out)
    specs = plan_kits(options)
    paths = []
    for spec in specs:
        catalogue = spec.catalogue
        if len(catalogue.boxes) > BIG_KIT:  # say what it asks for before writing many pages
            beads = sum(sum(box.beads) for box in catalogue.boxes)
            pages = pages_needed(len(catalogue.boxes), labels.sheet_plan(spec))
            progress(
                _("{game}: {boxes} matchboxes and {beads} beads, {pages} pages of labels").format(
                    game=catalogue.game.title,
                    boxes=number(len(catalogue.boxes)),
                    beads=number(beads),
                    pages=pages,
                )
            )
        paths.append(write_kit(spec, Path(out) / kit_folder(catalogue.game.spec), progress, written))
    return paths


def write_paper_machines(
    options: KitOptions, out: Path, progress: Callable[[str], None] = lambda line: None
) -> list[Path]:
    """The paper machine (generator.documents.paper_machine) of every game asked for that has one, each
    into DIR/<game>-paper/; raises a GameError when none has."""
    specs = [spec for spec in plan_kits(options) if paper_machine.has_paper_machine(spec)]
    if not specs:
        raise GameError(
            _("a paper machine is for Hexapawn and Nim with one pile: give --game hexapawn or --game nim")
        )
    paths = []
    for spec in specs:
        folder = Path(out) / f"{kit_folder(spec.game.spec)}-paper"
        try:
            folder.mkdir(parents=True, exist_ok=True)
            write_documents(folder, [PAPER_MACHINE], spec, progress)
        except OSError as error:
            raise KitOutputError(
                _("cannot write the kit to {where}: {why}").format(
                    where=error.filename or folder, why=error.strerror or error
                )
            ) from None
        paths.append(folder / PAPER_MACHINE[0])
    return paths


def files_to_write(options: KitOptions) -> int:
    """The files ``generate`` writes for ``options``: every document of every kit and its manifest."""
    return len(plan_kits(options)) * (len(DOCUMENTS) + 1)


def kit_folder(spec: str) -> str:
    """The folder a game's kit goes in: its plain name ("nim"), or with options "nim-heaps-1-2-3"."""
    return re.sub(r"[^a-z0-9]+", "-", spec.lower()).strip("-")


KIT_FILES = (*(name for name, _what, _write in DOCUMENTS), MANIFEST)


def write_kit(
    spec: KitSpec,
    folder: Path,
    progress: Callable[[str], None],
    written: Callable[[int], None] = lambda files: None,
) -> Path:
    """Every document of one kit and its manifest into a fresh folder that then takes ``folder``'s place
    whole: a run stopped at any point leaves the kit that was there or the new one, never a mix (a kit
    folder holding files of someone's own is refused before anything is written)."""
    manifest = folder / MANIFEST
    try:
        with atomic_folder(folder, KIT_FILES) as fresh:
            files = [
                {**entry, "sha256": _sha256(fresh / entry["file"])}
                for entry in write_documents(fresh, DOCUMENTS, spec, progress, written, shown=folder)
            ]
            (fresh / MANIFEST).write_text(
                json.dumps(_manifest(spec, files), indent=2) + "\n", encoding="utf-8"
            )
    except FolderInUse as error:
        raise KitOutputError(
            _("{folder} holds files that are not a kit's ({files}): give --out another folder").format(
                folder=folder, files=", ".join(error.strangers)
            )
        ) from None
    except OSError as error:
        raise KitOutputError(
            _("cannot write the kit to {where}: {why}").format(where=folder, why=error.strerror or error)
        ) from None
    progress(
        _("wrote {path} (kit {code}, {boxes})").format(
            path=manifest, code=spec.code, boxes=count_boxes(len(spec.catalogue.boxes))
        )
    )
    written(1)
    return manifest


# What makes two kits the same kit, as the manifest says it: the rest (files, boxes) follows from these.
KIT_CHOICES = (
    "game",
    "side",
    "rules",
    "palette",
    "stock",
    "stock_file",
    "paper",
    "offset_mm",
    "level_per_sheet",
    "language",
    "group",
    "kit_code",
)


def check_kits(options: KitOptions, out: Path) -> None:
    """Raises a KitOutputError when a kit ``options`` asks for would replace another kit under ``out``."""
    for spec in plan_kits(options):
        check_same_kit(spec, Path(out) / kit_folder(spec.catalogue.game.spec))


def check_same_kit(spec: KitSpec, folder: Path) -> None:
    """Raises a KitOutputError when ``folder`` holds a kit other than ``spec``'s (as its manifest says):
    one kit written over another loses the first without a word. A manifest of an older version, without
    a language, was English; a folder without a readable manifest holds no kit to keep."""
    try:
        there = json.loads((folder / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):  # no kit there (or none that can be read: writing says why it fails)
        return
    if not isinstance(there, dict):
        return
    there.setdefault("language", "en")
    here = _manifest(spec, [])
    differ = [key for key in KIT_CHOICES if there.get(key) != here.get(key)]
    if differ:
        differences = "; ".join(
            _("{what} {there} there, {here} here").format(
                what=key.replace("_", " "), there=_shown(there.get(key)), here=_shown(here.get(key))
            )
            for key in [key for key in differ if key != "kit_code"] or differ
        )
        raise KitOutputError(
            _(
                "{folder} holds another kit ({differences}): give --out another folder, or "
                "--force to replace it"
            ).format(folder=folder, differences=differences)
        )


def _shown(value: Any) -> str:
    if isinstance(value, dict):
        return ", ".join(f"{key} {item}" for key, item in value.items())
    return "-" if value is None else str(value)


def _manifest(spec: KitSpec, files: list[dict[str, Any]]) -> dict[str, Any]:
    catalogue = spec.catalogue
    return {
        "game": catalogue.game.spec,
        "side": catalogue.menace_plays,
        "rules": catalogue.rules.name,
        "palette": spec.palette.name,
        "stock": spec.stock.name,
        **({"stock_file": spec.stock.as_file()} if spec.stock.from_file else {}),
        "paper": spec.paper,
        "offset_mm": {"x": spec.offset_x, "y": spec.offset_y},
        "level_per_sheet": spec.level_per_sheet,
        "language": current_language(),
        "fingerprint": catalogue.fingerprint,
        "kit_code": spec.code,
        **({"group": spec.group} if spec.group is not None else {}),  # a lesson's group's kit
        "boxes": len(catalogue.boxes),
        "files": files,
    }


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()
