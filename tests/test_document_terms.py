"""One term per idea over every printed document's words (generator/documents/, the German catalogue): the
text every kit and lesson pack draws, read from what the documents ask the canvas to draw (tests.ink), in
English and German; and the facts the documents state about the games' history."""

from __future__ import annotations

import re
import tempfile
from pathlib import Path

import pytest

from generator.lesson_pack import DOCUMENTS as LESSON_DOCUMENTS
from generator.lesson_pack import plan_lesson
from generator.printed_kit import DOCUMENTS, KitOptions, plan_kits
from kit.i18n import current_language, use_language
from kit.palettes import load_palette
from tests.ink import recording

# Each idea's one word, and the words the documents once used for it beside that one.
TERMS = {
    "en": {
        "reserve": ["spare"],  # beads bought beyond the starting beads (the fill sheet, the materials list)
        # a square, as the fill sheet and the tracker name it
        "top middle": ["top edge", "bottom edge", "left edge", "right edge"],
    },
    "de": {
        "Vorrat": ["Reserve"],
        "Kit-Code": ["Kitcode"],
        "Stundenverlauf": ["Stundenplan"],  # a lesson plan: a Stundenplan is a school's timetable
        "oben Mitte": ["obere Kante", "untere Kante", "linke Kante", "rechte Kante"],
    },
}
KITS = [
    ("tictactoe", {}),
    ("nim", {}),
    ("nim --heaps 1,2,3", {}),
    ("hexapawn", {}),
    ("hexapawn", {"menace_plays": "first"}),
]
LESSONS = ["tictactoe", "nim", "hexapawn"]


@pytest.fixture
def language():
    before = current_language()
    yield use_language
    use_language(before)


def words(monkeypatch, documents, subject) -> dict[str, str]:
    """Each document's text, its lines joined by spaces (a term broken across two lines still reads)."""
    texts = {}
    for name, _what, write in documents:
        with recording(monkeypatch) as canvases:
            write(Path(tempfile.mkdtemp(prefix="words-")) / name, subject)
        texts[name] = " ".join(ink.text for canvas in canvases for ink in canvas.inks if ink.kind == "text")
    return texts


def every_text(monkeypatch) -> dict[str, str]:
    texts = {}
    for game, options in KITS:
        (spec,) = plan_kits(KitOptions(game=game, **options))
        for name, text in words(monkeypatch, DOCUMENTS, spec).items():
            texts[f"{game} {options} {name}"] = text
    for game in LESSONS:
        for name, text in words(monkeypatch, LESSON_DOCUMENTS, plan_lesson(game, 2, 60)).items():
            texts[f"lesson {game} {name}"] = text
    return texts


def variants_used(texts: dict[str, str], lang: str) -> list[str]:
    return [
        f"{where}: {variant!r} where the documents say {term!r}"
        for where, text in texts.items()
        for term, variants in TERMS[lang].items()
        for variant in variants
        if re.search(rf"\b{re.escape(variant)}\b", text)
    ]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_document_says_each_idea_in_one_word(monkeypatch, language, lang):
    language(lang)
    texts = every_text(monkeypatch)
    assert variants_used(texts, lang) == []
    # The words checked for are the documents' own: each term is used somewhere.
    everything = " ".join(texts.values())
    assert [term for term in TERMS[lang] if term not in everything] == []


def test_the_check_finds_a_variant():
    assert variants_used({"fill.pdf": "Buy a few spare matchboxes"}, "en") == [
        "fill.pdf: 'spare' where the documents say 'reserve'"
    ]
    assert variants_used({"fill.pdf": "the reserved"}, "en") == []


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_hexapawn_documents_credit_gardner_and_name_published_kits_right(monkeypatch, language, lang):
    language(lang)
    lesson = plan_lesson("hexapawn", 1, 60)
    certificates = words(monkeypatch, LESSON_DOCUMENTS[-1:], lesson)["certificates.pdf"]
    assert "Gardner" in certificates and "Michie" in certificates
    # The four-colour palette is the one that says what published kits use (the default, hexapawn-clear,
    # speaks only of its own colours).
    (spec,) = plan_kits(KitOptions(game="hexapawn", palette=load_palette("hexapawn-four")))
    legend = words(monkeypatch, [d for d in DOCUMENTS if d[0] == "legend.pdf"], spec)["legend.pdf"]
    assert "kyp44" in legend
    assert not re.search("classic HER|klassischen HER", legend)


def test_the_record_sheet_heads_its_columns_with_moves_not_squares(monkeypatch, language):
    (spec,) = plan_kits(KitOptions(game="tictactoe"))
    text = words(monkeypatch, [d for d in DOCUMENTS if d[0] == "record-sheet.pdf"], spec)["record-sheet.pdf"]
    assert "1st 2nd 3rd 4th 5th 6th 7th 8th 9th result" in text


@pytest.mark.slow  # the raw board's bill simulates 100 MENACEs of 2,201 boxes
def test_a_raw_boards_even_colours_are_not_called_uneven(monkeypatch, language):
    (spec,) = plan_kits(KitOptions(game="tictactoe --symmetry none"))
    text = words(monkeypatch, [d for d in DOCUMENTS if d[0] == "fill.pdf"], spec)["fill.pdf"]
    assert "uneven" not in text and "about as many beads" in text


def test_the_legend_shows_a_flip_beside_a_turn(monkeypatch, language):
    # The play table often says "flipped over the diagonal", which no turn of a box shows.
    from generator.documents import legend as legend_pdf

    (spec,) = plan_kits(KitOptions(game="tictactoe"))
    with recording(monkeypatch) as canvases:
        legend_pdf.write(Path(tempfile.mkdtemp(prefix="words-")) / "legend.pdf", spec)
    headings = [ink.text for ink in canvases[0].inks if ink.text in ("the real game", "picture on box 2")]
    assert headings == ["picture on box 2", "the real game", "the real game"]
    legend = " ".join(ink.text for ink in canvases[0].inks)
    assert "turned a quarter turn clockwise" in legend and "flipped over the diagonal from top-left" in legend
    assert "the top row becomes the left column" in legend
