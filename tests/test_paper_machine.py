"""Machines that need no boxes: paper Hexapawn (a sheet per situation, a circle on each move) and paper Nim
(the whole machine on one sheet), whose circles are exactly the kit's boxes' moves, in English and German
(generator.documents.paper_machine, generator.printed_kit, tracker.cli.generate)."""

from __future__ import annotations

from collections import Counter

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from generator.documents import paper_machine
from generator.documents.common import KitSpec
from generator.stocks import load_stock
from kit.catalogue import build_catalogue
from kit.design import KitDesign
from kit.palettes import default_palette
from tests.ink import recording
from tracker.cli.main import main


def spec_for(game: str, side: str) -> KitSpec:
    design = KitDesign.of(build_catalogue(game, side), default_palette(game))
    return KitSpec(design, load_stock("plain"), "a4")


def test_paper_hexapawn_has_a_situation_per_box_with_a_circle_on_each_move(tmp_path, monkeypatch):
    spec = spec_for("hexapawn", "second")
    boxes = spec.catalogue.boxes
    assert len(boxes) == 19
    assert Counter(box.move_number for box in boxes) == {1: 2, 2: 10, 3: 7}  # as "Schlag das Krokodil"
    for box in boxes:
        spots = paper_machine.hexapawn_spots(spec, box, paper_machine.situation_area(spec, 0))
        assert [spot.move for spot in spots] == list(box.moves)
    with recording(monkeypatch) as canvases:
        pages = paper_machine.write(tmp_path / "paper-machine.pdf", spec)
    assert pages == 1 + 10  # the rules and tally, then two situations a page
    (canvas,) = canvases
    circles = Counter(ink.page for ink in canvas.inks if ink.kind == "circle" and ink.right - ink.left > 8)
    assert circles == {
        page: sum(len(box.moves) for box in boxes[2 * page - 4 : 2 * page - 2]) for page in range(2, 12)
    }
    assert sum(circles.values()) == 45  # HER's moves: the sweets a class needs


def test_paper_nim_is_one_sheet_with_a_circle_and_a_disc_for_each_take(tmp_path, monkeypatch):
    spec = spec_for("nim", "first")
    fields = paper_machine.nim_fields(spec)
    assert {box.position: [spot.move for spot in spots] for box, _rect, spots in fields} == {
        tokens: list(range(1, min(tokens, 3) + 1)) for tokens in range(1, 10)
    }
    assert [box.position for box, _rect, _spots in fields] == list(range(9, 0, -1))
    discs = paper_machine.nim_token_spots(spec, fields, 100)
    assert Counter(spot.move for spot in discs) == {1: 9, 2: 8, 3: 7}  # 24 discs, one per circle
    with recording(monkeypatch) as canvases:
        assert paper_machine.write(tmp_path / "paper-machine.pdf", spec) == 2
    sheet = [ink for ink in canvases[0].inks if ink.page == 1 and ink.kind == "circle"]
    assert len(sheet) == 48  # the machine's 24 circles and the 24 discs to cut out, all on the first page


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", ["Situation 19", "the machine's move 3", "45 in all", "9 left", "Discs to cut out", "Tally"]),
        (
            "de",
            [
                "Situation 19",
                "Zug 3 der Maschine",
                "45 insgesamt",
                "noch 9",
                "Plättchen zum Ausschneiden",
                "Strichliste",
            ],
        ),
    ],
)
def test_the_paper_machines_print_in_english_and_german(tmp_path, language, words):
    result = CliRunner().invoke(
        main, ["generate", "--game", "all", "--paper-machine", "--lang", language, "--out", str(tmp_path)]
    )
    assert result.exit_code == 0, result.output
    assert sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*.pdf")) == [
        "hexapawn-paper/paper-machine.pdf",
        "nim-paper/paper-machine.pdf",
    ]
    text = " ".join(
        " ".join(page.extract_text().split())
        for path in sorted(tmp_path.rglob("*.pdf"))
        for page in PdfReader(path).pages
    )
    assert all(word in text for word in words), [word for word in words if word not in text]


def test_noughts_and_crosses_has_no_paper_machine(tmp_path):
    result = CliRunner().invoke(
        main, ["generate", "--game", "tictactoe", "--paper-machine", "--out", str(tmp_path)]
    )
    assert result.exit_code == 2  # a usage error, as every refused option
    assert (
        result.output.strip()
        .splitlines()[-1]
        .endswith("a paper machine is for Hexapawn and Nim with one pile: give --game hexapawn or --game nim")
    )
    assert not list(tmp_path.rglob("*.pdf"))
