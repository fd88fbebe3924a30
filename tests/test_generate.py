"""`menace generate` end to end: the PDFs read back (pages, sizes, box numbers, fonts, no scaling), the
manifest, determinism, every stock, both sides, and bad options that leave nothing half-written."""

from __future__ import annotations

import hashlib
import json
import os
import re
import stat
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from generator.documents import labels
from generator.documents.common import KitSpec
from generator.documents.wording import COUNTERS, cell_name, cell_place, wording_for
from generator.printed_kit import DOCUMENTS, KitOptions, plan_kits
from generator.stocks import PAPERS, load_stock
from kit.catalogue import build_catalogue
from kit.design import KitDesign
from kit.games import GAMES, get_game
from kit.palettes import default_palette
from kit.tictactoe import square_words
from tests.pdfcheck import print_scaling, unembedded_fonts
from tracker.cli.main import main

MM = 72 / 25.4
FILES = [name for name, _, _ in DOCUMENTS]
EXPECTED_PAGES = {
    "tictactoe": {
        "calibration.pdf": 1,
        "labels.pdf": 10,
        "legend.pdf": 3,
        "finder.pdf": 9,
        "fill.pdf": 5,
        "score-sheet.pdf": 2,
        "record-sheet.pdf": 2,
        "drawer-labels.pdf": 4,
    },
    "nim": {
        "calibration.pdf": 1,
        "labels.pdf": 1,
        "legend.pdf": 2,
        "finder.pdf": 1,
        "fill.pdf": 3,
        "score-sheet.pdf": 2,
        "record-sheet.pdf": 2,
        "drawer-labels.pdf": 2,
    },
}


def run_generate(*args: str):
    return CliRunner().invoke(main, ["generate", *args])


@pytest.fixture(scope="session")
def kit_dir(tmp_path_factory):
    """The default kit (no options but --out), generated once for the session."""
    out = tmp_path_factory.mktemp("kit") / "output"
    result = run_generate("--out", str(out))
    assert result.exit_code == 0, result.output
    return out, result


def label_numbers(path: Path) -> list[int]:
    """Every box number printed on a label sheet: the lines of the text that are a bare number."""
    text = "\n".join(page.extract_text() for page in PdfReader(path).pages)
    return [int(line) for line in text.splitlines() if re.fullmatch(r"\d+", line.strip())]


def test_no_options_writes_every_kit_with_a_progress_line_per_document(kit_dir):
    out, result = kit_dir
    lines = result.stderr.splitlines()
    per_game = len(FILES) + 1  # every game's documents and its kit.json, games in GAMES' order
    finished = [
        game
        for game in GAMES
        if get_game(game).printed_kit_draft is None and get_game(game).no_matchbox_kit is None
    ]
    # Four-in-a-row and the other big games have no kit.
    assert finished == ["tictactoe", "nim", "hexapawn"]
    # Michie's opening box outgrows a matchbox in play: the fill sheet plans its bigger box, and generate
    # has nothing to warn of.
    assert len(lines) == len(finished) * per_game
    assert lines[0] == f"wrote {out / 'tictactoe' / 'calibration.pdf'} (calibration page, 1 page)"
    assert lines[1] == f"wrote {out / 'tictactoe' / 'labels.pdf'} (box labels, 10 pages)"
    assert lines[per_game - 1].startswith(f"wrote {out / 'tictactoe' / 'kit.json'} (kit ")
    assert lines[per_game - 1].endswith(", 304 boxes)")
    assert lines[2 * per_game - 1].endswith(", 9 boxes)") and lines[-1].endswith(", 19 boxes)")  # HER
    assert sorted(p.name for p in out.iterdir()) == sorted(finished)
    for game in finished:
        assert sorted(p.name for p in (out / game).iterdir()) == sorted([*FILES, "kit.json"])


def test_a_draft_printed_kit_is_printed_by_name_with_a_warning(tmp_path, monkeypatch):
    from kit.hexapawn import Hexapawn

    monkeypatch.setattr(Hexapawn, "printed_kit_draft", "the arrows are missing")
    result = run_generate("--game", "hexapawn", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    assert result.stderr.startswith("Warning: a draft kit: the arrows are missing.\n")
    assert sorted(p.name for p in (tmp_path / "hexapawn").iterdir()) == sorted([*FILES, "kit.json"])
    assert [s.game.name for s in plan_kits(KitOptions())] == ["tictactoe", "nim"]


@pytest.mark.parametrize("game", ["tictactoe", "nim"])
def test_manifest_lists_every_file_with_the_fingerprint(kit_dir, game, first):
    out, _ = kit_dir
    manifest = json.loads((out / game / "kit.json").read_text())
    chosen = (manifest["game"], manifest["side"], manifest["stock"], manifest["paper"])
    assert chosen == (game, "first", "plain", "a4")
    assert manifest["rules"] == {"tictactoe": "michie", "nim": "nim"}[game]
    assert manifest["palette"] == {"tictactoe": "craft", "nim": "nim-craft"}[game]
    if game == "tictactoe":
        assert manifest["fingerprint"] == first.fingerprint and manifest["boxes"] == 304
    assert manifest["kit_code"] == manifest["fingerprint"][:6].upper()
    assert [f["file"] for f in manifest["files"]] == FILES
    for entry in manifest["files"]:
        path = out / game / entry["file"]
        assert entry["sha256"] == hashlib.sha256(path.read_bytes()).hexdigest()
        assert entry["pages"] == len(PdfReader(path).pages) == EXPECTED_PAGES[game][entry["file"]]


@pytest.mark.parametrize("game", ["tictactoe", "nim"])
@pytest.mark.parametrize("name", FILES)
def test_every_pdf_is_a4_embeds_its_fonts_and_asks_not_to_scale(kit_dir, game, name):
    reader = PdfReader(kit_dir[0] / game / name)
    for page in reader.pages:
        size = (float(page.mediabox.width), float(page.mediabox.height))
        assert size == pytest.approx((210 * MM, 297 * MM), abs=0.01)
    assert unembedded_fonts(reader) == set()
    assert print_scaling(reader) == "/None"


@pytest.mark.parametrize("game, count", [("tictactoe", 304), ("nim", 9)])
def test_every_box_number_is_on_exactly_one_label(kit_dir, game, count):
    assert sorted(label_numbers(kit_dir[0] / game / "labels.pdf")) == list(range(1, count + 1))


def test_labels_carry_colour_letters_counts_and_the_kit_code(kit_dir, first):
    page = PdfReader(kit_dir[0] / "tictactoe" / "labels.pdf").pages[0].extract_text()
    code = first.fingerprint[:6].upper()
    assert page.count(f"kit {code}") == 32 + 1  # every label, and the footer
    assert page.count("MOVE 1") == 1 and page.count("MOVE 2") == 12
    assert "4 beads each" in page and "print at 100% (actual size)" in page
    first_label = page.split("MOVE 1")[1].split("MOVE 2")[0].split()
    assert first_label[:4] == ["R", "Y", "K", "1"]  # box 1: corner, edge, centre


def test_nim_labels_print_a_row_per_legal_take(kit_dir):
    text = "\n".join(page.extract_text() for page in PdfReader(kit_dir[0] / "nim" / "labels.pdf").pages)
    # Box n holds the takes legal with n tokens left: take 1 in all nine, take 2 from 2 up, take 3 from 3 up.
    assert [text.count(f"take {n}") for n in (1, 2, 3)] == [9, 8, 7]
    assert "1 token \u00b7 3 beads each" in text and "9 tokens \u00b7 3 beads each" in text


def test_square_words_come_from_the_board_and_match_the_game(ttt):
    board = ttt.picture(ttt.initial().position)
    assert [cell_name(board, square) for square in range(9)] == [square_words(square) for square in range(9)]
    assert [cell_place(board, square) for square in (0, 1, 4, 5, 8)] == [
        "top left corner",
        "top edge",
        "centre",
        "right edge",
        "bottom right corner",
    ]


def test_nim_boxes_are_numbered_by_tokens_as_the_counters_wording_says(nim):
    # finder.pdf and the legend tell a player "the box with that number" after counting the tokens.
    catalogue = build_catalogue("nim")
    assert wording_for(nim) is COUNTERS
    tokens = [sum(nim.picture(box.position).tokens) for box in catalogue.boxes]
    assert tokens == [box.id for box in catalogue.boxes]


def test_calibration_and_legend_say_what_they_must(kit_dir):
    calibration = PdfReader(kit_dir[0] / "tictactoe" / "calibration.pdf").pages[0].extract_text()
    assert "Print at 100% / actual size" in calibration and "exactly 100 mm" in calibration
    pages = PdfReader(kit_dir[0] / "tictactoe" / "legend.pdf").pages
    legend = " ".join(" ".join(p.extract_text().split()) for p in pages)
    for words in (
        "red",
        "top middle",
        "Rules card: Noughts and crosses \u00b7 Michie (1961)",
        "MENACE resigns",
        "put the bead back with 3 more of the same colour",
        "keep the bead out: it is confiscated",
    ):
        assert words in legend
    nim_legend = "\n".join(p.extract_text() for p in PdfReader(kit_dir[0] / "nim" / "legend.pdf").pages)
    assert "A draw" not in nim_legend.splitlines() and "MENACE wins" in nim_legend.splitlines()
    assert "never drops below 1 bead" in " ".join(nim_legend.split())


def test_fill_sheet_totals(kit_dir):
    text = PdfReader(kit_dir[0] / "tictactoe" / "fill.pdf").pages[0].extract_text()
    assert "Shopping list: 304 matchboxes and 2,290 beads" in text  # 1,720 to fill, 570 simulated reserve
    assert "enough for 50 games against a random player, in 19 of 20 simulated runs" in " ".join(text.split())


def test_two_runs_give_identical_bytes(kit_dir, tmp_path):
    out = tmp_path / "again"
    assert run_generate("--out", str(out)).exit_code == 0
    for game in ("tictactoe", "nim"):
        for name in [*FILES, "kit.json"]:
            assert (out / game / name).read_bytes() == (kit_dir[0] / game / name).read_bytes(), name


def test_reportlabs_accelerator_changes_no_byte(kit_dir, tmp_path):
    """rl_accel (reportlab[accel]) formats the PDFs' numbers in C; a run without it writes the same bytes."""
    import subprocess
    import sys

    import reportlab.lib.rl_accel as accel

    assert accel.fp_str.__module__ == "_rl_accel"  # this run's kit was written with it
    without = "import sys; sys.modules['_rl_accel'] = None; from tracker.cli.main import main; main()"
    subprocess.run(
        [sys.executable, "-c", without, "generate", "--game", "hexapawn", "--out", str(tmp_path)],
        check=True,
        capture_output=True,
    )
    for name in [*FILES, "kit.json"]:
        assert (tmp_path / "hexapawn" / name).read_bytes() == (kit_dir[0] / "hexapawn" / name).read_bytes(), (
            name
        )


STOCK_PAPERS = [
    (s, p)
    for s in ("plain", "zweckform-3651", "avery-l7160", "avery-l7651", "avery-5160")
    for p in PAPERS
    if load_stock(s).paper in ("any", p)
]


@pytest.mark.parametrize("stock, paper", STOCK_PAPERS)
@pytest.mark.parametrize("catalogue", ["first", pytest.param("second", marks=pytest.mark.slow)])
def test_labels_for_every_stock_paper_and_side(tmp_path, stock, paper, catalogue, request):
    cat = request.getfixturevalue(catalogue)
    spec = KitSpec(KitDesign.of(cat, default_palette("tictactoe")), load_stock(stock), paper)
    path = tmp_path / "labels.pdf"
    pages = labels.write(path, spec)
    reader = PdfReader(path)
    assert pages == len(reader.pages) == -(-len(cat.boxes) // len(labels.sheet_plan(spec).slots))
    width, height = PAPERS[paper]
    box = reader.pages[0].mediabox
    assert (float(box.width), float(box.height)) == pytest.approx((width * MM, height * MM), abs=0.01)
    assert sorted(label_numbers(path)) == list(range(1, len(cat.boxes) + 1))
    assert unembedded_fonts(reader) == set() and print_scaling(reader) == "/None"


def test_one_game_other_options(tmp_path):
    out = tmp_path / "o"
    options = ["--game", "tictactoe", "--menace-plays", "second", "--rules", "scroggs"]
    options += ["--palette", "michie-1963"]
    result = run_generate(*options, "--stock", "avery-5160", "--offset-x", "1.5", "--out", str(out))
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in out.iterdir()) == ["tictactoe"]
    manifest = json.loads((out / "tictactoe" / "kit.json").read_text())
    chosen = (manifest["side"], manifest["rules"], manifest["palette"], manifest["paper"], manifest["boxes"])
    assert chosen == ("second", "scroggs", "michie-1963", "letter", 289)
    assert manifest["offset_mm"] == {"x": 1.5, "y": 0.0}


def test_a_preset_for_one_game_applies_to_that_game_when_both_are_built(tmp_path):
    result = run_generate("--rules", "nim-floor0", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    assert json.loads((tmp_path / "nim" / "kit.json").read_text())["rules"] == "nim-floor0"
    assert json.loads((tmp_path / "tictactoe" / "kit.json").read_text())["rules"] == "michie"


@pytest.mark.parametrize(
    "args, message",
    [
        (["--stock", "nope"], "unknown stock 'nope': choose one of avery-5160, avery-l7160"),
        (["--palette", "nope"], "unknown palette 'nope'"),
        (["--rules", "nope"], "unknown rules 'nope'"),
        (["--game", "nim", "--rules", "michie"], "rules 'michie' are for tictactoe, not nim"),
        (["--game", "tictactoe", "--palette", "nim-craft"], "palette 'nim-craft' is for nim, not tictactoe"),
        (["--stock", "avery-5160", "--paper", "a4"], "stock 'avery-5160' is printed on letter paper, not a4"),
    ],
)
def test_bad_options_give_one_line_and_write_nothing(tmp_path, args, message):
    result = run_generate(*args, "--out", str(tmp_path / "out"))
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: ") and message in lines[0]
    assert not (tmp_path / "out").exists()


def test_an_unwritable_output_folder(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    result = run_generate("--game", "nim", "--out", str(blocker / "kits"))
    assert result.exit_code == 2
    where = blocker / "kits" / "nim"
    assert result.output.strip().splitlines() == [f"Error: cannot write the kit to {where}: Not a directory"]
    assert blocker.read_text() == "not a folder"


def test_a_failed_document_leaves_no_half_written_pdf(tmp_path, monkeypatch):
    from generator.documents import legend

    def broken(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(legend, "draw_rules_card", broken)
    folder = tmp_path / "nim"
    folder.mkdir()
    (folder / "legend.pdf").write_bytes(b"the old legend")
    result = run_generate("--game", "nim", "--out", str(tmp_path))
    assert result.exit_code == 2
    message = f"Error: cannot write the kit to {folder}: No space left on device"
    assert result.stderr.splitlines()[-1] == message
    assert (folder / "legend.pdf").read_bytes() == b"the old legend"
    # The folder as it was: none of the new kit's documents in it (tests/test_kit_folders.py), none beside.
    assert sorted(p.name for p in folder.iterdir()) == ["legend.pdf"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["nim"]


def test_offsets_are_limited():
    result = run_generate("--offset-x", "50")
    assert result.exit_code == 2 and "--offset-x" in result.output


@pytest.mark.parametrize("umask, mode", [(0o022, 0o644), (0o077, 0o600), (0o002, 0o664)])
def test_files_follow_the_users_umask(tmp_path, umask, mode):
    old = os.umask(umask)
    try:
        result = run_generate("--game", "nim", "--out", str(tmp_path))
    finally:
        os.umask(old)
    assert result.exit_code == 0, result.output
    files = sorted((tmp_path / "nim").iterdir())
    assert [f.name for f in files] == sorted([*FILES, "kit.json"])  # no temporary file is left behind
    assert {f.name: stat.S_IMODE(f.stat().st_mode) for f in files} == {f.name: mode for f in files}
