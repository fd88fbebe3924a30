"""Every string and shape of every printed document lies inside the printable area, no two strings
overlap, and the footer keeps a zone of its own (generator.layout.FOOTER_EDGE, FOOTER_ZONE, FOOTER_SIZE): for
every game and option set `menace generate` ships, in every language, on every stock and paper. Read from
what the documents ask the canvas to draw (tests.ink), not from pixels."""

from __future__ import annotations

import pytest

from generator.documents import calibration, drawer_labels, labels
from generator.documents.common import MARGIN
from generator.layout import SAFE_EDGE
from generator.printed_kit import DOCUMENTS, KitOptions, kit_folder, plan_kits
from generator.stocks import PAPERS, load_stock, stock_names
from kit.i18n import current_language, use_language
from kit.palettes import load_palette
from tests.ink import Ink, RecordingCanvas, footer_faults, layout_faults, off_scale, recording, shrunk_alone

# The games and option sets the README's kits table lists, and the sides and presets that change words.
KITS = [
    ("tictactoe", {}),
    ("tictactoe", {"menace_plays": "second"}),
    ("tictactoe --symmetry none", {}),
    ("nim", {}),
    ("nim --heaps 1,2,3", {}),
    ("nim --heaps 1,2,3,4", {}),
    ("nim --heaps 1,2,3,4,5", {}),
    ("hexapawn", {}),
    ("hexapawn", {"menace_plays": "first"}),
    # The old default palette: a colour and a letter per move (13 for HER), where hexapawn-clear has 4 a box.
    ("hexapawn", {"palette": load_palette("hexapawn-craft")}),
]
KIT_IDS = [
    kit_folder(game) + "".join(f"-{getattr(v, 'name', v)}" for v in options.values())
    for game, options in KITS
]
LANGUAGES = ["en", "de"]
# Documents whose pages depend on the label stock; the rest depend on the paper only.
BY_STOCK = {labels.write, calibration.write, drawer_labels.write}
STOCKS = [
    (name, paper) for name in stock_names() for paper in PAPERS if load_stock(name).paper in ("any", paper)
]


@pytest.fixture
def language():
    before = current_language()
    yield use_language
    use_language(before)


def inks_of(monkeypatch, write, spec) -> tuple[list[Ink], int]:
    with recording(monkeypatch) as canvases:
        pages = write(None if False else _nowhere(), spec)
    (canvas,) = canvases
    assert isinstance(canvas, RecordingCanvas) and canvas.inks
    return canvas.inks, pages


def _nowhere():
    import tempfile
    from pathlib import Path

    return Path(tempfile.mkdtemp(prefix="ink-")) / "document.pdf"


def footer_top(write, spec) -> float | None:
    """The top (mm) of a document's footer zone: a text page's margin, the strip of a label sheet below its
    labels (None: labels edge to edge leave no footer), the drawer fronts' sheet margin."""
    if write in (labels.write, calibration.write):
        return labels.footer_top(spec)
    if write is drawer_labels.write:
        return drawer_labels.SHEET_MARGIN
    return MARGIN


def page_faults(inks: list[Ink], spec, write) -> list[str]:
    """Everything the walk checks on one document's ink: the printable area, overlaps, the footer zone, and
    (beyond the labels, whose text fits each stock's label) text shrunk alone or off the type scale."""
    return [
        *layout_faults(inks, spec.page_mm, SAFE_EDGE),
        *footer_faults(inks, spec.page_mm, footer_top(write, spec)),
        *([] if write in BY_STOCK else [*shrunk_alone(inks), *off_scale(inks)]),
    ]


def faults_of(monkeypatch, game: str, options: dict, stock: str, paper: str, documents) -> list[str]:
    (spec,) = plan_kits(KitOptions(game=game, stock=load_stock(stock), paper=paper, **options))
    faults = []
    for name, _what, write in documents:
        inks, pages = inks_of(monkeypatch, write, spec)
        assert max(ink.page for ink in inks) == pages, name
        faults += [f"{name}: {fault}" for fault in page_faults(inks, spec, write)]
    return faults


# The kits whose labels differ most: the default board, the longest heaps, a move drawn as an arrow.
EVERY_STOCK = {"tictactoe", "nim --heaps 1,2,3,4,5", "hexapawn"}


def beyond_the_quick_run(game: str, stock: str, paper: str, lang: str) -> bool:
    """The quick run walks every kit on plain A4 in English and German, and the kits of EVERY_STOCK on
    every stock and paper in English; the raw board (2,201 boxes, seconds a document) only in the slow
    run, where tests/test_raw_board_pages.py keeps quick checks of its pages. The slow run walks the rest."""
    if "--symmetry none" in game:
        return True
    if (stock, paper) == ("plain", "a4"):
        return False
    return lang != "en" or game not in EVERY_STOCK


def slow_if(long: bool) -> list[pytest.MarkDecorator]:
    return [pytest.mark.slow] if long else []


def document_cases():
    for (game, options), kit_id in zip(KITS, KIT_IDS, strict=True):
        for paper in PAPERS:
            for lang in LANGUAGES:
                yield pytest.param(
                    game,
                    options,
                    paper,
                    lang,
                    id=f"{kit_id}-{paper}-{lang}",
                    marks=slow_if(beyond_the_quick_run(game, "plain", paper, lang)),
                )


@pytest.mark.parametrize("game, options, paper, lang", list(document_cases()))
def test_every_document_of_every_kit_lies_inside_the_page_without_overlapping_text(
    monkeypatch, language, game, options, paper, lang
):
    language(lang)
    documents = [document for document in DOCUMENTS if document[2] not in BY_STOCK]
    assert faults_of(monkeypatch, game, options, "plain", paper, documents) == []


def label_sheet_cases():
    for (game, options), kit_id in zip(KITS, KIT_IDS, strict=True):
        for stock, paper in STOCKS:
            for lang in LANGUAGES:
                yield pytest.param(
                    game,
                    options,
                    stock,
                    paper,
                    lang,
                    id=f"{kit_id}-{stock}-{paper}-{lang}",
                    marks=slow_if(beyond_the_quick_run(game, stock, paper, lang)),
                )


@pytest.mark.parametrize("game, options, stock, paper, lang", list(label_sheet_cases()))
def test_every_label_sheet_lies_inside_the_page_without_overlapping_text(
    monkeypatch, language, game, options, stock, paper, lang
):
    language(lang)
    documents = [document for document in DOCUMENTS if document[2] in BY_STOCK]
    assert faults_of(monkeypatch, game, options, stock, paper, documents) == []


# `menace lesson`'s documents, for each machine it ships; two groups give the role cards two pages.
LESSON_GAMES = ["hexapawn", "nim", "tictactoe"]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("paper", list(PAPERS))
@pytest.mark.parametrize("game", LESSON_GAMES)
def test_every_lesson_document_lies_inside_the_page_without_overlapping_text(
    monkeypatch, language, game, paper, lang
):
    from generator.documents import certificates
    from generator.lesson_pack import DOCUMENTS as LESSON_DOCUMENTS
    from generator.lesson_pack import plan_lesson

    language(lang)
    lesson = plan_lesson(game, 2, 60, paper=paper)
    faults = []
    for name, _what, write in LESSON_DOCUMENTS:
        inks, pages = inks_of(monkeypatch, write, lesson)
        assert max(ink.page for ink in inks) == pages, name
        faults += [
            f"{name}: {fault}"
            for fault in [
                *layout_faults(inks, lesson.spec.page_mm, SAFE_EDGE),
                *footer_faults(inks, lesson.spec.page_mm, None if write is certificates.write else MARGIN),
                *off_scale(inks),
            ]
        ]
    assert faults == []


# A lesson's group kit: its group in every label's band ("GRUPPE 30 · ZUG 4", the longest), and beside the
# kit code on every page. The three kits whose labels differ most, on every stock, in German; every
# document of the smallest (Hexapawn's) on plain A4, where the group lengthens each page's heading.
def group_cases():
    """The quick run walks plain A4; the slow run every stock."""
    for game in sorted(EVERY_STOCK):
        for stock, paper in STOCKS:
            yield pytest.param(
                game,
                stock,
                paper,
                id=f"{kit_folder(game)}-{stock}-{paper}",
                marks=slow_if((stock, paper) != ("plain", "a4")),
            )


@pytest.mark.parametrize("game, stock, paper", list(group_cases()))
def test_a_groups_kit_lies_inside_the_page_without_overlapping_text(
    monkeypatch, language, game, stock, paper
):
    from dataclasses import replace

    language("de")
    (spec,) = plan_kits(KitOptions(game=game, stock=load_stock(stock), paper=paper))
    spec = replace(spec, group=30)
    faults = []
    for name, _what, write in (
        DOCUMENTS
        if (game, stock, paper) == ("hexapawn", "plain", "a4")
        else [document for document in DOCUMENTS if document[2] in BY_STOCK]
    ):
        inks, pages = inks_of(monkeypatch, write, spec)
        faults += [f"{name}: {fault}" for fault in page_faults(inks, spec, write)]
    assert faults == []


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", ["tictactoe", "nim", "hexapawn"])
def test_the_rules_cards_heading_is_larger_than_its_sections(monkeypatch, language, game, lang):
    from generator.documents import legend

    language(lang)
    (spec,) = plan_kits(KitOptions(game=game))
    inks, _pages = inks_of(monkeypatch, legend.write, spec)
    card = next(i for i, ink in enumerate(inks) if ink.text.startswith(("Rules card", "Regelkarte")))
    heading, after = inks[card], card + 1
    while inks[after].size == heading.size and inks[after].left == heading.left:  # its second line
        after += 1
    below = [ink for ink in inks[after:] if ink.page == heading.page and ink.kind == "text"]
    assert max(ink.size for ink in below) < heading.size


@pytest.mark.parametrize("stock", ["plain", "avery-l7160"])
def test_every_labels_finder_key_is_one_size(monkeypatch, stock):
    # A move-4 key ("key X/XOOO/X") printed at about half the size of a move-1 key ("key -/-/-").
    (spec,) = plan_kits(KitOptions(game="tictactoe", stock=load_stock(stock)))
    inks, _pages = inks_of(monkeypatch, labels.write, spec)
    sizes = {round(ink.size, 3) for ink in inks if ink.text.startswith("key ")}
    assert len(sizes) == 1 and min(sizes) >= 2.0


def test_a_small_labels_bead_count_keeps_clear_of_its_picture(monkeypatch, tmp_path):
    # A builder's 30 x 18 mm stock: "3 beads each" ran up to the board's edge.
    from generator.stocks import choose_stock

    (tmp_path / "small.toml").write_text(
        'title = "Small"\ndescription = "Ours."\npaper = "a4"\nlabel_width = 30.0\nlabel_height = 18.0\n'
        "columns = 6\nrows = 14\nleft = 15.0\ntop = 20.0\npitch_x = 30.0\npitch_y = 18.0\n"
    )
    (spec,) = plan_kits(KitOptions(game="tictactoe", stock=choose_stock(str(tmp_path / "small.toml"))))
    inks, _pages = inks_of(monkeypatch, labels.write, spec)
    plan = labels.label_plan(spec)
    counts = [ink for ink in inks if ink.page == 1 and ink.text.endswith("each")]  # "4 each" here
    first, slot = counts[0], labels.sheet_plan(spec).content[0]
    # The picture's right edge, in the label; the count starts a millimetre or more to its right.
    assert first.left - (slot.x + plan.picture.right) >= 0.95


@pytest.mark.parametrize("game", ["hexapawn", "nim --heaps 1,2,3,4,5"])
def test_every_text_pages_title_is_one_size(monkeypatch, language, game):
    # German titles ran into the kit's title at their right and shrank (5.62 mm for the Hexapawn legend's).
    from generator.documents.common import TITLE_SIZE

    language("de")
    (spec,) = plan_kits(KitOptions(game=game))
    top = spec.page_mm[1] - MARGIN - 4.5
    for name, _what, write in DOCUMENTS:
        if write in BY_STOCK:
            continue
        inks, pages = inks_of(monkeypatch, write, spec)
        titles = [ink for ink in inks if abs(ink.baseline - top) < 0.01 and abs(ink.left - MARGIN) < 0.01]
        assert len(titles) == pages and {ink.size for ink in titles} == {TITLE_SIZE}, name


# One size per role where the size is no giveaway (every document's sizes are on the type scale, and a note
# shrunk to another role's size would still be on it): the legend's notes on a label, its turned example's
# words, the rules card's text and headings, the lesson plan's steps. On main the German notes shrank to
# 2.8 mm and the card's text ranged 3.7-4.2 mm by game.
def test_every_legends_notes_and_rules_card_print_at_their_roles_sizes(monkeypatch, language):
    from generator.documents import legend
    from generator.type_scale import SIZE, Role

    for lang in LANGUAGES:
        language(lang)
        for game in ("tictactoe", "nim --heaps 1,2,3,4,5", "hexapawn"):
            (spec,) = plan_kits(KitOptions(game=game, paper="letter"))
            inks, _pages = inks_of(monkeypatch, legend.write, spec)
            texts = [ink for ink in inks if ink.kind == "text" and not ink.figure]
            notes = [ink for ink in texts if ink.text.startswith("\u2022")]
            assert notes and {ink.size for ink in notes} == {SIZE[Role.NOTE]}, (game, lang)
            card = next(i for i, ink in enumerate(texts) if ink.text.startswith(("Rules card", "Regelkarte")))
            sections = {ink.size for ink in texts[card + 1 :] if ink.font == "VeraBd"} - {
                SIZE[Role.HEADING],
                SIZE[Role.TITLE],
            }  # a card of two pages: the second page's title
            assert sections == {SIZE[Role.SUBHEADING]}, (game, lang)
            words = {ink.size for ink in texts[card + 1 :] if ink.font == "Vera"} - {
                SIZE[Role.FOOTER],
                SIZE[Role.KIT_TITLE],
                SIZE[Role.NOTE],
            }
            assert words == {SIZE[Role.CARD]}, (game, lang)


@pytest.mark.parametrize("game", LESSON_GAMES)
def test_a_lesson_plans_steps_print_at_one_size(monkeypatch, language, game):
    # On main they took the largest of 3.6-2.8 mm that fitted one page: 3.0 for noughts and crosses on Letter.
    from generator.documents import lesson_plan
    from generator.lesson_pack import plan_lesson
    from generator.type_scale import SIZE, Role

    language("de")
    lesson = plan_lesson(game, 2, 60, paper="letter")
    inks, _pages = inks_of(monkeypatch, lesson_plan.write, lesson)
    sizes = {round(ink.size, 3) for ink in inks if ink.kind == "text" and ink.font == "Vera"}
    assert sizes <= {SIZE[Role.BODY], SIZE[Role.KIT_TITLE], SIZE[Role.FOOTER]}


@pytest.mark.parametrize("game", ["tictactoe", "nim"])
def test_every_labels_bead_count_is_one_size(monkeypatch, game):
    # "1 bead each" printed larger than "3 beads each" (2.55 and 2.35 mm on plain A4), Nim's counts likewise.
    (spec,) = plan_kits(KitOptions(game=game))
    inks, _pages = inks_of(monkeypatch, labels.write, spec)
    counts = [ink for ink in inks if ink.text.endswith("each")]
    assert counts and len({round(ink.size, 3) for ink in counts}) == 1
