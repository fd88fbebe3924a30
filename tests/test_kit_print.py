"""`menace generate --kit NAME`: a stored kit printed with the beads its boxes hold now."""

from __future__ import annotations

import json
import re

from pypdf import PdfReader

from tests.cli import run


def words(path, page):
    return PdfReader(path).pages[page].extract_text().split()


def contains(sequence, part):
    return any(sequence[i : i + len(part)] == part for i in range(len(sequence)))


def test_an_untouched_kit_prints_exactly_as_generate_does(tmp_path):
    db, out = str(tmp_path / "s.db"), tmp_path / "out"
    assert run("new", "--db", db, "--game", "nim", "fresh").exit_code == 0
    assert run("generate", "--db", db, "--kit", "fresh", "--out", str(out)).exit_code == 0
    assert run("generate", "--game", "nim", "--out", str(out)).exit_code == 0
    names = sorted(p.name for p in (out / "nim").iterdir())
    assert names == sorted(p.name for p in (out / "fresh").iterdir()) and "fill.pdf" in names
    assert all((out / "fresh" / n).read_bytes() == (out / "nim" / n).read_bytes() for n in names)


def test_a_trained_kit_prints_its_trained_counts_on_labels_and_fill_sheet(tmp_path):
    db, out = str(tmp_path / "s.db"), tmp_path / "out"
    made = run("train", "--db", db, "champ", "--rules", "scroggs", "--opponent", "perfect", "--games", "300",
               "--seed", "1")  # fmt: skip
    assert made.exit_code == 0
    printed = run("generate", "--db", db, "--kit", "champ", "--out", str(out))
    assert printed.exit_code == 0, printed.output
    # The trained beads grow further in play: generate warns (on stderr) of the boxes its fill sheet names.
    outgrow = "boxes 1, 10, 53 and 226 may outgrow a matchbox, which holds about 90 beads of 5 mm;"
    # The kit's own code (scroggs' boxes in the craft colours), as `menace play --kit champ` says it.
    assert f"Warning: Noughts and crosses (kit C2B3DC): {outgrow}" in printed.output
    # After training box 1 holds red 3, yellow 0, black 221 (tests/test_train.py); box 2 still 4 each.
    assert contains(words(out / "champ" / "labels.pdf", 0), ["MOVE", "1", "R", "3", "Y", "0", "K", "221"])
    fill = PdfReader(out / "champ" / "fill.pdf")
    fill_list = [word for page in fill.pages for word in page.extract_text().split()]
    assert contains(fill_list, ["1", "R", "3", "Y", "0", "K", "221", "2", *"RYBGKNW", "×", "4"])
    first = " ".join(words(out / "champ" / "fill.pdf", 0))
    assert f"Bigger boxes: {outgrow}" in first
    # Filling by colour lists only boxes that get some of a colour: box 1 gets no yellow.
    assert not re.search(r"(^| )0 in box", " ".join(fill_list))
    assert "every box gets the beads listed for it on the next pages" in first
    assert "starting beads (8, 4, 2, 1" not in first
    manifest = json.loads((out / "champ" / "kit.json").read_text())
    kits = json.loads(run("kits", "--db", db, "--json").output)
    assert manifest["rules"] == "scroggs" and manifest["fingerprint"] != kits[0]["fingerprint"]


def test_kit_takes_its_game_side_rules_and_palette_from_the_store(tmp_path):
    db = str(tmp_path / "s.db")
    assert run("new", "--db", db, "--game", "nim", "k").exit_code == 0
    result = run(
        "generate", "--db", db, "--kit", "k", "--game", "nim", "--rules", "nim", "--out", str(tmp_path)
    )
    assert result.exit_code == 2
    assert result.output == "Error: --kit prints the kit as it is: leave out --game, --rules\n"
    missing = run("generate", "--db", db, "--kit", "other", "--out", str(tmp_path))
    assert missing.exit_code == 2 and missing.output == "Error: no kit called 'other': the store has k\n"
    assert not (tmp_path / "k").exists()


def test_a_stored_kit_named_like_a_game_does_not_replace_that_games_printed_kit(tmp_path):
    db, out = str(tmp_path / "s.db"), tmp_path / "out"
    assert run("generate", "--game", "hexapawn", "--out", str(out)).exit_code == 0
    before = {p.name: p.read_bytes() for p in (out / "hexapawn").iterdir()}
    assert run("new", "--db", db, "--game", "nim", "hexapawn").exit_code == 0  # a Nim kit called hexapawn
    refused = run("generate", "--db", db, "--kit", "hexapawn", "--out", str(out))
    assert refused.exit_code == 2 and "holds another kit (game hexapawn there, nim here" in refused.output
    assert {p.name: p.read_bytes() for p in (out / "hexapawn").iterdir()} == before
    forced = run("generate", "--db", db, "--kit", "hexapawn", "--force", "--out", str(out))
    assert forced.exit_code == 0 and json.loads((out / "hexapawn" / "kit.json").read_text())["game"] == "nim"
