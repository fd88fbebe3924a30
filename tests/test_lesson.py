"""`menace lesson`: a class pack read back (plan, materials, roles, worksheet, certificates, the kit), the
lesson's numbers as known answers, and bad input as one line with nothing written."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest
from pypdf import PdfReader

from generator.documents import role_cards
from generator.lesson import Lesson, LessonError
from generator.lesson_pack import plan_lesson
from kit.i18n import current_language, use_language
from kit.palettes import load_palette
from kit.rules import load_rules
from tests.cli import run

GROUPS = 2
NIM_BEADS = {"1": 27 + 33, "2": 24 + 24, "3": 21 + 26}  # Nim's fill sheet: to fill + reserve per colour


@pytest.fixture(scope="module")
def pack(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One small pack: Nim for two groups, 60 minutes."""
    out = tmp_path_factory.mktemp("lesson")
    result = run(
        "lesson",
        "--game",
        "nim",
        "--groups",
        str(GROUPS),
        "--minutes",
        "60",
        "--lang",
        "en",
        "--out",
        str(out),
        "--db",
        str(out / "store.sqlite3"),
    )
    assert result.exit_code == 0, result.output
    return out / "lesson-nim"


def pages(path: Path) -> list[str]:
    return [page.extract_text() or "" for page in PdfReader(path).pages]


def test_the_manifest_counts_beads_per_kit_as_the_fill_sheet_does_and_the_total_for_every_group(pack):
    manifest = json.loads((pack / "lesson.json").read_text())
    kit = json.loads((pack / "kit" / "group-1" / "kit.json").read_text())
    assert (manifest["groups"], manifest["kits"], manifest["shared_kit"]) == (GROUPS, GROUPS, False)
    assert manifest["beads_per_kit"] == NIM_BEADS
    assert manifest["beads_total"] == {code: GROUPS * n for code, n in NIM_BEADS.items()}
    assert manifest["kit_code"] == kit["kit_code"] == "AA2021"
    assert {f["file"] for f in manifest["files"]} == {
        "lesson-plan.pdf",
        "materials.pdf",
        "rules-sheet.pdf",
        "role-cards.pdf",
        "worksheet.pdf",
        "board.pdf",
        "certificates.pdf",
        "paper-machine.pdf",
    }
    assert manifest["trained"] is None


def test_the_materials_list_beads_per_group_add_up_to_the_total(pack):
    (text,) = pages(pack / "materials.pdf")
    # pypdf reads each string of the table on a line of its own: a row is its name and four numbers.
    rows = re.findall(r"^(red|yellow|blue|all colours)\n(\d+)\n(\d+)\n(\d+)\n(\d+)$", text, re.M)
    assert [row[0] for row in rows] == ["red", "yellow", "blue", "all colours"]
    for _name, fill, spare, group, everyone in rows:
        assert int(fill) + int(spare) == int(group)
        assert int(group) * GROUPS == int(everyone)
    assert [int(row[3]) for row in rows[:3]] == list(NIM_BEADS.values())
    assert sum(int(row[4]) for row in rows[:3]) == int(rows[3][4]) == 310


def test_each_groups_kit_says_its_group_on_every_label_sheet_and_page(pack):
    """One kit code for every group (the tracker checks the labels against it), so each group's kit says
    its group: in the band of every label, and beside the kit code on every page, the fill sheet too."""
    manifest = json.loads((pack / "lesson.json").read_text())
    assert [(kit["group"], kit["folder"]) for kit in manifest["group_kits"]] == [
        (1, "kit/group-1"),
        (2, "kit/group-2"),
    ]
    for group, other in ((1, 2), (2, 1)):
        folder = pack / "kit" / f"group-{group}"
        assert json.loads((folder / "kit.json").read_text())["group"] == group
        for text in pages(folder / "labels.pdf"):
            # pypdf reads the band's words as one string ("GROUP 2 \u00b7 NIM"); 9 boxes are one sheet.
            assert text.count(f"GROUP {group} \u00b7 ") == 9 and f"GROUP {other}" not in text
        for text in pages(folder / "fill.pdf"):
            assert f"group {group} \u00b7 kit AA2021" in text and f"group {other}" not in text


def test_the_recorders_card_plays_the_groups_kit_that_the_lesson_made(pack, tmp_path):
    """Group 2's recorder card plays the kit `menace lesson` made in the store: no `menace new` to type.
    The manifest keeps the line that makes a kit the labels agree with (--code is checked), for another
    store."""
    from generator.documents.role_cards import tracker_line

    recorder = pages(pack / "role-cards.pdf")[1]
    lesson = plan_lesson("nim", GROUPS, 60)
    assert tracker_line(lesson, 2) == "menace play --kit group-2"
    assert "menace play --kit group-2" in recorder and "menace new" not in recorder
    assert "kit is in the tracker already" in " ".join(recorder.split())
    make = json.loads((pack / "lesson.json").read_text())["group_kits"][1]["store_line"]
    assert make == "menace new group-2 --game nim --code AA2021"
    result = run(*make.split()[1:], "--db", str(tmp_path / "class.sqlite3"))
    assert result.exit_code == 0 and "kit AA2021" in result.output, result.output


def test_the_tracker_line_names_what_of_the_kit_is_not_the_games_default():
    from generator.printed_kit import KitOptions, plan_kits

    (spec,) = plan_kits(
        KitOptions(
            game="hexapawn",
            menace_plays="first",
            rules=load_rules("hexapawn-michie"),
            palette=load_palette("hexapawn-craft"),
        )
    )
    assert Lesson(spec, 3, 45).store_line(3) == (
        "menace new group-3 --game hexapawn --menace-plays first --rules hexapawn-michie --palette "
        "hexapawn-craft --code E77A83"
    )
    assert plan_lesson("tictactoe", 3, 45).store_line(2) == "menace new class --game tictactoe --code 1599A0"


def test_the_plan_runs_by_the_minute_from_the_start_to_the_lessons_end(pack):
    (text,) = pages(pack / "lesson-plan.pdf")
    spans = [(int(a), int(b)) for a, b in re.findall(r"^(\d+)-(\d+) min", text, re.M)]
    assert spans[0][0] == 0 and spans[-1][1] == 60
    assert all(end == start for (_a, end), (start, _b) in zip(spans, spans[1:], strict=False))
    for step in ("Welcome", "Games, round 1 of 4", "Games, round 4 of 4", "Draw the curve", "Certificates"):
        assert step in text


def test_each_group_has_its_four_role_cards_with_the_kit_code(pack):
    cards = pages(pack / "role-cards.pdf")
    assert len(cards) == GROUPS
    for group, text in enumerate(cards, start=1):
        assert f"Group {group} \u00b7 kit AA2021" in text
        for role in ("Operator", "Opponent", "Recorder", "Scorer"):
            assert role in text


def test_the_worksheet_tallies_thirty_games_and_has_a_grid_for_the_curve(pack):
    (text,) = pages(pack / "worksheet.pdf")
    assert "W  D  L" not in text and text.count("W  L") == 30  # Nim has no draws
    assert "MENACE's score" in text and "+30" in text and "-30" in text


def test_the_certificates_are_a_page_for_each_result_nim_can_end_in(pack):
    certificates = pages(pack / "certificates.pdf")
    assert [("I beat MENACE" in t, "I lost to MENACE" in t) for t in certificates] == [(1, 0), (0, 1)]
    assert not any("drew" in t for t in certificates)


def test_the_rules_sheet_is_the_kits_rules_card(pack):
    (text,) = pages(pack / "rules-sheet.pdf")
    assert "Rules card" in text and "MENACE loses" in text


@pytest.mark.parametrize(
    "lang, roles",
    [
        ("en", ("Operator", "Opponent", "Recorder", "Scorer")),
        ("de", ("Bediener", "Gegner", "Schriftführer", "Punktezähler")),
    ],
)
def test_role_cards_speak_the_language_asked_for(tmp_path, lang, roles):
    before = current_language()
    use_language(lang)
    try:
        role_cards.write(tmp_path / "roles.pdf", plan_lesson("nim", 1, 45))
    finally:
        use_language(before)
    (text,) = pages(tmp_path / "roles.pdf")
    assert all(role in text for role in roles)


@pytest.mark.parametrize(
    "minutes, spans",
    [  # ... games, curve, talk, tidy up (3 minutes), certificates
        (
            45,
            [(0, 5), (5, 10), (10, 13), (13, 19), (19, 25), (25, 30), (30, 35), (35, 40), (40, 43), (43, 45)],
        ),
        # A short lesson trims the other steps so its games keep a third of it: 10 minutes, not 2.
        (30, [(0, 3), (3, 6), (6, 8), (8, 13), (13, 18), (18, 22), (22, 25), (25, 28), (28, 30)]),
        (
            60,
            [
                (0, 5),
                (5, 10),
                (10, 13),
                (13, 21),
                (21, 29),
                (29, 37),
                (37, 45),
                (45, 50),
                (50, 55),
                (55, 58),
                (58, 60),
            ],
        ),
    ],
)
def test_the_games_get_the_time_the_other_steps_leave_in_rounds_of_roles(minutes, spans):
    lesson = plan_lesson("nim", 3, minutes)
    assert [(s.start, s.end) for s in lesson.steps()] == spans


def test_tictactoe_is_one_menace_for_the_class_and_small_machines_one_a_group():
    assert (plan_lesson("tictactoe", 5, 45).kits, plan_lesson("hexapawn", 5, 45).kits) == (1, 5)


@pytest.mark.parametrize("groups", [0, 31])
def test_the_lesson_itself_refuses_a_number_of_groups_out_of_range(groups):
    spec = plan_lesson("nim", 1, 45).spec
    with pytest.raises(LessonError, match="1 to 30 groups"):
        Lesson(spec, groups, 45)


@pytest.mark.parametrize(
    "args, says",
    [
        (["--game", "nim", "--groups", "0"], "--groups takes a whole number from 1 to 30"),
        (["--game", "nim", "--groups", "1000"], "--groups takes a whole number from 1 to 30"),
        (["--game", "chess", "--groups", "2"], "--game takes one of hexapawn, nim, tictactoe"),
        (
            ["--game", "nim", "--groups", "2", "--minutes", "10"],
            "--minutes takes a whole number from 30 to 120",
        ),
        (
            ["--game", "nim", "--groups", "2", "--palette", "craft"],
            "palette 'craft' is for tictactoe, not nim",
        ),
        (["--game", "hexapawn", "--groups", "2", "--trained", "50"], "--trained is for noughts and crosses"),
        (
            ["--game", "nim", "--groups", "2", "--stock", "avery-5160", "--paper", "a4"],
            "stock 'avery-5160' is printed on letter paper, not a4",
        ),
    ],
)
def test_bad_input_is_one_line_and_writes_nothing(tmp_path, args, says):
    result = run("lesson", *args, "--out", str(tmp_path / "out"), "--db", str(tmp_path / "store.sqlite3"))
    assert result.exit_code == 2
    assert result.stderr.count("\n") == 1 and says in result.stderr
    assert not (tmp_path / "out").exists() and not (tmp_path / "store.sqlite3").exists()


def test_the_packs_kit_follows_the_kit_options_as_generate_takes_them(tmp_path, monkeypatch):
    """--menace-plays, --rules, --palette, --stock (a file of one's own) and --paper are generate's: the
    lesson's kit (which write_pack prints as generate does), its materials and lesson.json follow them.
    The pack is planned by the command and caught before it is written: writing it takes seconds."""
    from generator import lesson_pack
    from generator.documents import materials

    planned: list[Lesson] = []
    monkeypatch.setattr(lesson_pack, "write_pack", lambda lesson, out, progress: planned.append(lesson))
    stock = tmp_path / "cups.toml"
    stock.write_text('title = "Cups"\nlabel_width = 40\nlabel_height = 28\n')
    result = run(
        "lesson",
        "--game",
        "hexapawn",
        "--menace-plays",
        "first",
        "--rules",
        "hexapawn-michie",
        "--palette",
        "hexapawn-craft",
        "--stock",
        str(stock),
        "--paper",
        "letter",
        "--lang",
        "en",
        "--groups",
        "2",
        "--out",
        str(tmp_path),
        "--db",
        str(tmp_path / "store.sqlite3"),
    )
    assert result.exit_code == 0, result.output
    (lesson,) = planned
    spec = lesson.spec
    assert (len(spec.catalogue.boxes), spec.stock.from_file, spec.stock.label_width) == (18, True, 40.0)
    manifest = lesson_pack._manifest(lesson, [])
    named = ("side", "rules", "palette", "stock", "paper", "kit_code")
    # E77A83: HIM's 18 boxes under hexapawn-michie in hexapawn-craft's colours (the default kit is BC0346).
    assert [manifest[key] for key in named] == [
        "first",
        "hexapawn-michie",
        "hexapawn-craft",
        "cups.toml",
        "letter",
        "E77A83",
    ]
    # HIM's twelve colours, one a move (White's moves, codes from * 9 + to), where hexapawn-clear has four.
    assert sorted(map(int, manifest["beads_per_kit"])) == [27, 37, 38, 46, 47, 57, 58, 66, 67, 68, 76, 77]
    assert manifest["beads_total"] == {code: 2 * n for code, n in manifest["beads_per_kit"].items()}
    materials.write(tmp_path / "materials.pdf", lesson)
    (text,) = pages(tmp_path / "materials.pdf")
    assert "amber" in text and "navy" in text  # the palette's own names for White's colours


def test_an_unwritable_folder_is_one_line(tmp_path):
    (tmp_path / "a-file").write_text("")
    result = run(
        "lesson",
        "--game",
        "nim",
        "--groups",
        "2",
        "--out",
        str(tmp_path / "a-file" / "pack"),
        "--db",
        str(tmp_path / "store.sqlite3"),
    )
    assert result.exit_code == 2
    assert result.stderr.startswith("Error: cannot write the lesson to ") and result.stderr.count("\n") == 1
    assert not (tmp_path / "store.sqlite3").exists()  # the kits are made once the pack is written


def test_no_english_sentence_is_left_in_a_german_pack(tmp_path):
    from generator.lesson_pack import DOCUMENTS
    from tests.test_german_kit import english_words

    before = current_language()
    use_language("de")
    try:
        lesson = plan_lesson("nim", 2, 45)
        for name, _what, write in DOCUMENTS:
            write(tmp_path / name, lesson)
    finally:
        use_language(before)
    left = {
        name: found
        for name, _what, _write in DOCUMENTS
        if (found := english_words("\n".join(pages(tmp_path / name))))
    }
    assert left == {}


def test_a_shared_menace_has_one_class_tally_and_groups_each_their_own(tmp_path):
    from generator.documents import materials, worksheet

    for game, shared in (("tictactoe", True), ("nim", False)):
        lesson = plan_lesson(game, 3, 45)
        worksheet.write(tmp_path / f"{game}-worksheet.pdf", lesson)
        materials.write(tmp_path / f"{game}-materials.pdf", lesson)
        (sheet,) = pages(tmp_path / f"{game}-worksheet.pdf")
        (listed,) = pages(tmp_path / f"{game}-materials.pdf")
        tally = ("The class's tally, for the one MENACE" in sheet, "Group ______" in sheet)
        assert tally == (shared, not shared)
        assert ("worksheet.pdf: 1 copy, the class's one tally" in " ".join(listed.split())) == shared
        assert ("worksheet.pdf: 3 copies, one for each group's" in " ".join(listed.split())) == (not shared)


def test_the_plan_says_noughts_and_crosses_will_not_visibly_learn_in_one_lesson(tmp_path):
    from generator.documents import lesson_plan

    texts = {}
    for game in ("tictactoe", "hexapawn"):
        lesson_plan.write(tmp_path / f"{game}.pdf", plan_lesson(game, 3, 45))
        text = " ".join(pages(tmp_path / f"{game}.pdf"))  # a plan too long for a page goes on to a second
        texts[game] = " ".join(text.split())
    assert "Noughts and crosses will not visibly learn in one lesson" in texts["tictactoe"]
    assert "Do not expect the line to climb today" in texts["tictactoe"]
    assert "--trained GAMES" in texts["tictactoe"]
    assert "Does the line go up?" in texts["hexapawn"] and "Do not expect" not in texts["hexapawn"]
    assert all("Tidy up" in t and "Close every box with its beads inside" in t for t in texts.values())


def test_a_trained_start_prints_the_beads_its_train_line_gives_the_tracker(tmp_path, monkeypatch):
    from generator import lesson_pack
    from generator.documents import lesson_plan

    planned: list[Lesson] = []
    monkeypatch.setattr(lesson_pack, "write_pack", lambda lesson, out, progress: planned.append(lesson))
    result = run(
        "lesson",
        "--game",
        "tictactoe",
        "--groups",
        "3",
        "--trained",
        "40",
        "--lang",
        "en",
        "--out",
        str(tmp_path),
    )
    assert result.exit_code == 0, result.output
    (lesson,) = planned
    line = lesson.store_line(1)
    assert line == "menace train class --game tictactoe --opponent random --games 40 --seed 1"
    assert lesson_pack._manifest(lesson, [])["trained"] == {"games": 40, "opponent": "random", "seed": 1}
    assert lesson.spec.code == "1599A0"  # the kit's own code: it names the boxes, not today's beads
    db = str(tmp_path / "store.sqlite3")
    assert run(*line.split()[1:], "--db", db).exit_code == 0
    shown = json.loads(run("boxes", "--kit", "class", "--db", db, "--json").output)["boxes"]
    catalogue = lesson.spec.catalogue
    printed = {box.id: catalogue.move_codes(box.moves) for box in catalogue.boxes}
    beads = {box.id: list(box.beads) for box in catalogue.boxes}
    assert {b["id"]: [b["beads"][str(code)] for code in printed[b["id"]]] for b in shown} == beads
    assert beads != {box.id: list(box.beads) for box in plan_lesson("tictactoe", 3, 45).spec.catalogue.boxes}
    lesson_plan.write(tmp_path / "plan.pdf", lesson)
    text = " ".join(pages(tmp_path / "plan.pdf"))
    assert "MENACE starts trained" in " ".join(text.split())


def test_the_pack_prints_a_board_and_pieces_and_lists_what_to_build_and_play_with(tmp_path):
    from generator.documents import board, materials

    assert Counter(board.pieces(plan_lesson("hexapawn", 2, 45))) == {"W": 3, "B": 3}
    assert Counter(board.pieces(plan_lesson("tictactoe", 2, 45))) == {"X": 5, "O": 4}
    assert board.pieces(plan_lesson("nim", 2, 45)) == ("",) * 9
    lesson = plan_lesson("hexapawn", 2, 45)
    assert board.write(tmp_path / "board.pdf", lesson) == 1
    materials.write(tmp_path / "materials.pdf", lesson)
    (text,) = pages(tmp_path / "materials.pdf")
    text = " ".join(text.split())
    for words in ("board.pdf: 2 copies", "paper-machine.pdf", "Scissors and glue sticks", "2 cups or trays"):
        assert words in text, words
