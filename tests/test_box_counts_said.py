"""Every Hexapawn box count that people read (README, docs, `menace generate` and `lesson` help, a lesson
pack's plan and materials) is the count the catalogue gives for the side it names, so a teacher buying
matchboxes for six groups reads one number. Crosses kit.catalogue, tracker.cli and the docs."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from kit.catalogue import build_catalogue
from tests.cli import run

ROOT = Path(__file__).parent.parent
GAME_NAMES = re.compile(r"Hexapawn|\bHER\b|\bHIM\b|\bNim\b|tic-tac-toe|noughts and crosses", re.IGNORECASE)
COUNT = re.compile(r"\b(\d[\d,]*)[ -](?:matchbox(?:es)?|boxes)\b")
SIDES = {"second": re.compile(r"\bsecond\b|\bHER\b"), "first": re.compile(r"\bfirst\b|\bHIM\b")}
AFTER = 40  # characters after a count that may still name its side: "(19 boxes, MENACE moving second)"


def hexapawn_counts(text: str) -> list[tuple[int, str]]:
    """(count, the words from the game's name to just past the count, short of another game's name) for
    each box count said of Hexapawn: the game named last before the count, in its sentence or table cell."""
    found = []
    for part in re.split(r"(?<=[.;])\s+|\|", " ".join(text.split())):
        for count in COUNT.finditer(part):
            names = list(GAME_NAMES.finditer(part, 0, count.start()))
            if names and names[-1].group().lower() in ("hexapawn", "her", "him"):
                after = GAME_NAMES.search(part, count.end())  # another game's words are not this count's
                end = min(count.end() + AFTER, after.start() if after else len(part))
                words = part[names[-1].start() : end]
                found.append((int(count.group(1).replace(",", "")), words))
    return found


def side_said(words: str, default: str = "second") -> str:
    """The side the words name, or ``default`` when they name none (the kit's: Gardner's HER, second)."""
    named = [side for side, pattern in SIDES.items() if pattern.search(words)]
    return named[0] if len(named) == 1 else default


def pdf_text(path: Path) -> str:
    return " ".join(page.extract_text() or "" for page in PdfReader(path).pages)


def test_the_counts_are_gardners_her_and_him():
    counts = {side: len(build_catalogue("hexapawn", side).boxes) for side in SIDES}
    assert counts == {"second": 19, "first": 18}
    assert hexapawn_counts("Hexapawn (18 boxes) and Nim (9), tic-tac-toe's 304 boxes") == [
        (18, "Hexapawn (18 boxes) and ")
    ]
    assert side_said("HER: 19 boxes") == "second" and side_said("HIM, moving first, 18 boxes") == "first"


def said_texts(tmp_path: Path) -> dict[str, tuple[str, str]]:
    """Where -> (the text, the side a count in it is of when it names none)."""
    paths = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    texts = {str(path.relative_to(ROOT)): (path.read_text(), "second") for path in paths}
    for command in ("generate", "lesson", "new"):
        texts[f"menace {command} --help"] = (run(command, "--help").output, "second")
    for side in SIDES:  # a pack says its side once, on each page's title line
        out = tmp_path / side
        made = run(
            "lesson",
            "--game",
            "hexapawn",
            "--groups",
            "2",
            "--menace-plays",
            side,
            "--out",
            str(out),
            "--db",
            str(out / "store.sqlite3"),
        )
        assert made.exit_code == 0, made.output
        for document in ("lesson-plan.pdf", "materials.pdf"):
            texts[f"{document} ({side})"] = (pdf_text(out / "lesson-hexapawn" / document), side)
    return texts


def test_every_hexapawn_count_said_is_the_catalogues_for_its_side(tmp_path):
    counts = {side: len(build_catalogue("hexapawn", side).boxes) for side in SIDES}
    texts = said_texts(tmp_path)
    said = {where: hexapawn_counts(text) for where, (text, _side) in texts.items()}
    wrong = [
        (where, count, words)
        for where, found in said.items()
        for count, words in found
        if count != counts[side_said(words, texts[where][1])]
    ]
    assert wrong == []
    for where in ("README.md", "docs/lesson.md", "menace generate --help", "materials.pdf (first)"):
        assert said[where], f"{where} no longer says Hexapawn's count: this test would miss a wrong one"


@pytest.mark.parametrize(
    "text",
    [
        "Hexapawn, Martin Gardner's 24-matchbox machine",
        "the Hexapawn kit (18 boxes)",
        "Hexapawn (HIM, 19 boxes)",
    ],
)
def test_a_count_that_is_not_the_kits_is_found(text):
    counts = {side: len(build_catalogue("hexapawn", side).boxes) for side in SIDES}
    found = hexapawn_counts(text)
    assert found and any(count != counts[side_said(words)] for count, words in found)
