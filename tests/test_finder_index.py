"""The finder's index from a key to its page: every key of a level lies in one row's range, and the page
that row names prints that key's heading."""

from __future__ import annotations

import pytest
from pypdf import PdfReader

from generator.documents import finder
from generator.printed_kit import KitOptions, plan_kits


def test_the_index_rows_cover_every_key_once_in_page_order():
    (spec,) = plan_kits(KitOptions(game="tictactoe"))
    rows = finder.index_rows(spec, finder._paginate(spec))
    # Pages of pictures counted from 1: the finder prints them after the three steps and the index.
    assert [(level, page) for level, _low, _high, page in rows] == [
        (1, 1),
        (2, 1),
        (3, 1),
        (3, 2),
        (3, 3),
        (4, 3),
        (4, 4),
        (4, 5),
        (4, 6),
        (4, 7),
    ]
    assert rows[0][1:3] == ("-/-/-", "-/-/-") and rows[-1][2] == "X/XXOO/O"
    keys = spec.finder_keys
    assert keys is not None
    for box in spec.catalogue.boxes:
        key = keys[box.id]
        assert len([r for r in rows if r[0] == box.move_number and r[1] <= key <= r[2]]) == 1, key


@pytest.mark.slow  # prints and reads back the 9-page finder: about 5 s
def test_every_key_is_on_the_page_its_index_row_names(tmp_path):
    (spec,) = plan_kits(KitOptions(game="tictactoe"))
    assert finder.write(tmp_path / "finder.pdf", spec) == 9  # the three steps, the index, 7 of pictures
    pages = [" ".join(page.extract_text().split()) for page in PdfReader(tmp_path / "finder.pdf").pages]
    assert "Index: from a key to its page" in pages[1]
    assert (
        "part by part from the left: - before O before X, and a part before a longer one that starts the "
        "same (X before XO)" in pages[1]
    )
    assert "MENACE's move 1 key -/-/- only page 3" in pages[1]
    rows = finder.index_rows(spec, finder._paginate(spec))
    keys = spec.finder_keys
    assert keys is not None
    for box in spec.catalogue.boxes:
        key = keys[box.id]
        (page,) = [page for level, low, high, page in rows if level == box.move_number and low <= key <= high]
        assert f"page {page + 2} of 9" in pages[page + 1] and f"key {key} " in pages[page + 1] + " ", key


def test_raw_boards_are_grouped_by_top_row_and_every_page_starts_with_its_range():
    """2,201 raw boards: a level of more than 20 is split by the board's top row (its boxes run on in
    number order), and each page of pictures opens with its level's band, which says the page's boxes."""
    (spec,) = plan_kits(KitOptions(game="tictactoe --symmetry none"))
    assert spec.finder_keys is None
    level_2 = [box for box in spec.catalogue.boxes if box.move_number == 2]
    found = finder.groups(spec, level_2)
    assert [(row, len(boxes), boxes[0].id) for row, boxes in found[:3]] == [
        ("---", 30, 2),
        ("--O", 6, 32),
        ("--X", 6, 38),
    ]
    # Top rows with no piece, an O, an X, or an X and an O: 1 + 3 + 3 + 6.
    assert sum(len(boxes) for _row, boxes in found) == 72 and len(found) == 13
    for _row, boxes in found:
        assert [box.id for box in boxes] == list(range(boxes[0].id, boxes[-1].id + 1))
    pages = finder._paginate(spec)
    assert len(pages) == 35
    assert all(page[0][0] == "heading" for page in pages)
    assert [len(group) for _row, group in finder.groups(spec, spec.catalogue.boxes[:1])] == [1]  # one group


@pytest.mark.parametrize(
    ("language", "one", "range_"),
    [
        ("en", "MENACE's move 1 key -/-/- only page 3", "keys -/-/XO to X/O/- page 3"),
        ("de", "MENACEs Zug 1 nur Schlüssel -/-/- Seite 3", "Schlüssel -/-/XO bis X/O/- Seite 3"),
    ],
)
def test_an_index_row_of_one_key_says_its_key_in_full(tmp_path, language, one, range_):
    """The sub-headings' German abbreviates "key" to fit two pictures' width ("Schl."); the index has room
    and a row of one key reads as plainly as a row of a range beside it."""
    from generator.pdfout import canvas_for
    from kit.i18n import use_language

    use_language(language)
    (spec,) = plan_kits(KitOptions(game="tictactoe"))
    rows = finder.index_rows(spec, finder._paginate(spec))[:2]
    canvas = canvas_for(tmp_path / "index.pdf", spec.page_size, title="index")
    finder._index(canvas, spec, rows, 250.0, first=False, front=2)
    canvas.save()
    text = " ".join(PdfReader(tmp_path / "index.pdf").pages[0].extract_text().split())
    assert one in text and range_ in text and "Schl." not in text


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_raw_finders_intro_keeps_clear_of_its_first_band(tmp_path, language):
    """The raw board's intro is six lines in German: its last went under the first band, which the
    first page of pictures placed a fixed 21 mm below the heading."""
    from generator.documents.common import text_page
    from generator.fonts import register_fonts
    from generator.layout import SAFE_EDGE
    from kit.i18n import use_language
    from tests.ink import RecordingCanvas, layout_faults

    use_language(language)
    register_fonts()
    (spec,) = plan_kits(KitOptions(game="tictactoe --symmetry none"))
    first = finder._paginate(spec)[0]
    canvas = RecordingCanvas(str(tmp_path / "finder.pdf"), pagesize=spec.page_size)
    with text_page(canvas, spec, finder.TITLE, page=1, pages=35) as top:
        finder._intro(canvas, spec, top)
        kind, item, x, y = first[0]
        assert kind == "heading"
        finder._heading(canvas, spec, item, x, y, [])
    assert layout_faults(canvas.inks, spec.page_mm, SAFE_EDGE) == []
