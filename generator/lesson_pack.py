"""Writing a lesson's pack: its documents, the kit every group builds, and a lesson.json manifest, into one
folder (DIR/lesson-<game>/)."""

from __future__ import annotations

import json
from collections.abc import Callable, Hashable, Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

from generator.documents import (
    board,
    certificates,
    lesson_plan,
    materials,
    paper_machine,
    role_cards,
    rules_sheet,
    worksheet,
)
from generator.lesson import GAMES, Lesson, LessonError, Trained
from generator.pdfout import atomic_path, write_documents
from generator.printed_kit import KitOptions, KitOutputError, plan_kits, write_kit
from generator.stocks import Stock
from kit.i18n import _, current_language, n_
from kit.palettes import Palette
from kit.rules import Rules

# In the order a teacher uses them: plan, buy and print, then the sheets for the groups' tables.
DOCUMENTS = (
    ("lesson-plan.pdf", "lesson plan", lesson_plan.write),
    ("materials.pdf", "materials list", materials.write),
    ("rules-sheet.pdf", "rules sheet", rules_sheet.write),
    ("role-cards.pdf", "role cards", role_cards.write),
    ("worksheet.pdf", "tally and plot worksheet", worksheet.write),
    ("board.pdf", "board and pieces", board.write),
    ("certificates.pdf", "certificates", certificates.write),
)


# A machine that needs no boxes, for a class or a pair without a kit (Hexapawn and Nim only).
def _paper_machine(path: Path, lesson: Lesson) -> int:
    return paper_machine.write(path, lesson.spec)


PAPER_MACHINE = ("paper-machine.pdf", "paper machine", _paper_machine)
MANIFEST = "lesson.json"
KIT_FOLDER = "kit"


def plan_lesson(
    game: str,
    groups: int,
    minutes: int,
    *,
    menace_plays: str | None = None,
    rules: Rules | None = None,
    palette: Palette | None = None,
    stock: Stock | None = None,
    paper: str | None = None,
    trained: Trained | None = None,
    counts: Mapping[int, Mapping[Hashable, int]] | None = None,
) -> Lesson:
    """The lesson asked for, its kit made as `menace generate` makes it (None: the game's default side,
    rules, palette, the plain stock); raises a LessonError (one line) for bad input.

    A MENACE that starts ``trained`` prints its boxes with the beads ``counts`` gives (box id -> move ->
    beads), under the kit's own code, as `menace generate --kit` prints a trained kit."""
    if game not in GAMES:
        raise LessonError(
            _("a lesson is for {games}, not {game!r}: choose one of them").format(
                games=", ".join(GAMES), game=game
            )
        )
    (spec,) = plan_kits(
        KitOptions(
            game=game, menace_plays=menace_plays, rules=rules, palette=palette, paper=paper, stock=stock
        )
    )
    if counts is not None:
        catalogue = spec.catalogue
        boxes = tuple(
            replace(b, beads=tuple(counts[b.id].get(m, 0) for m in b.moves)) for b in catalogue.boxes
        )
        # The trained boxes under the kit's own fingerprint: its code stays the one `menace train` makes.
        design = replace(spec.design, catalogue=replace(catalogue, boxes=boxes))
        spec = replace(spec, design=design)
    return Lesson(spec, groups, minutes, trained)


def documents(lesson: Lesson) -> tuple[Any, ...]:
    """The pack's documents: DOCUMENTS, and the paper machine where the game has one."""
    return DOCUMENTS + ((PAPER_MACHINE,) if paper_machine.has_paper_machine(lesson.spec) else ())


def pack_folder(lesson: Lesson) -> str:
    return f"lesson-{lesson.spec.game.name}"


def write_pack(lesson: Lesson, out: Path, progress: Callable[[str], None] = lambda line: None) -> Path:
    """Every document of the lesson and its kit under ``out``/lesson-<game>/; returns the manifest's path.
    Each file appears whole or not at all."""
    folder = Path(out) / pack_folder(lesson)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        files = write_documents(folder, documents(lesson), lesson, progress)
    except OSError as error:
        raise LessonError(
            _("cannot write the lesson to {where}: {why}").format(
                where=error.filename or folder, why=error.strerror or error
            )
        ) from None
    try:
        for spec, kit_path in zip(lesson.kit_specs(), kit_folders(lesson), strict=True):
            write_kit(spec, folder / kit_path, progress)
    except KitOutputError as error:
        raise LessonError(str(error)) from None
    manifest = folder / MANIFEST
    with atomic_path(manifest) as temporary:
        temporary.write_text(json.dumps(_manifest(lesson, files), indent=2) + "\n", encoding="utf-8")
    progress(
        n_(
            "wrote {path} (lesson for {groups} group, kit {code})",
            "wrote {path} (lesson for {groups} groups, kit {code})",
            lesson.groups,
        ).format(path=manifest, groups=lesson.groups, code=lesson.spec.code)
    )
    return manifest


def kit_folders(lesson: Lesson) -> list[str]:
    """Where each kit of lesson.kit_specs() goes in the pack: kit/, or kit/group-1/, kit/group-2/, ..."""
    if lesson.shared:
        return [KIT_FOLDER]
    return [f"{KIT_FOLDER}/{lesson.store_name(group)}" for group in range(1, lesson.groups + 1)]


def _manifest(lesson: Lesson, files: list[dict[str, Any]]) -> dict[str, Any]:
    spec = lesson.spec
    return {
        "game": spec.game.spec,
        "groups": lesson.groups,
        "minutes": lesson.minutes,
        "language": current_language(),
        "shared_kit": lesson.shared,
        # A MENACE that starts trained: how (`menace train` with these makes the same kit in the tracker).
        "trained": None
        if lesson.trained is None
        else {
            "games": lesson.trained.games,
            "opponent": lesson.trained.opponent,
            "seed": lesson.trained.seed,
        },
        "kits": lesson.kits,
        "kit_folder": KIT_FOLDER,
        "kit_code": spec.code,
        # What the kit is made of, named as kit.json names it (its own copy is in the kit folder).
        "side": spec.catalogue.menace_plays,
        "rules": spec.catalogue.rules.name,
        "palette": spec.palette.name,
        "stock": spec.stock.name,
        "paper": spec.paper,
        # Keyed by the palette's colour keys, as palettes and kit.json are: a move code (a tic-tac-toe
        # square, 0-8), or for colours given per box (Hexapawn) the colour's place in the palette.
        "beads_per_kit": {str(code): count for code, count in lesson.beads_per_kit.items()},
        "beads_total": {str(code): count for code, count in lesson.beads_total.items()},
        # Each group's kit: its folder (its labels and pages say the group), and the tracker's line for it.
        "group_kits": []
        if lesson.shared
        else [
            {
                "group": group,
                "folder": path,
                "store_kit": lesson.store_name(group),
                "store_line": lesson.store_line(group),
            }
            for group, path in enumerate(kit_folders(lesson), start=1)
        ],
        "plan": [{"start": s.start, "end": s.end, "title": s.title} for s in lesson.steps()],
        "files": files,
    }
