"""The kit code: one short code on the labels, in `menace kits` and `menace play`, from the catalogue,
rules and palette; `menace new --code` refuses a kit whose labels would say another."""

from __future__ import annotations

import json
import re

from pypdf import PdfReader

from kit.catalogue import build_catalogue
from kit.palettes import Palette, kit_code, load_palette
from kit.rules import load_rules
from tests.cli import run
from tests.test_custom_files import NIM_PALETTE, NIM_RULES


def craft_in_a_file(**change: str) -> Palette:
    craft = load_palette("craft")
    colours = tuple(
        c if c.move else type(c)(c.move, change.get("name", c.name), c.code, change.get("rgb", c.rgb))
        for c in craft.colours
    )
    return Palette("mine.toml", "tictactoe", "Mine", "", colours, from_file=True)


def test_the_default_colours_keep_the_code_printed_before_the_palette_joined_it():
    michie = build_catalogue("tictactoe", "first", load_rules("michie"))
    assert michie.fingerprint == "1599a041ae63"
    assert kit_code(michie.fingerprint, load_palette("craft")) == "1599A0"
    assert kit_code(michie.fingerprint, craft_in_a_file()) == "1599A0"  # the same colours from a file


def test_other_colours_or_rules_give_another_code():
    michie = build_catalogue("tictactoe", "first", load_rules("michie")).fingerprint
    scroggs = build_catalogue("tictactoe", "first", load_rules("scroggs")).fingerprint
    codes = {
        kit_code(michie, load_palette("craft")),
        kit_code(michie, load_palette("michie-1963")),
        kit_code(michie, craft_in_a_file(rgb="#000001")),
        kit_code(michie, craft_in_a_file(name="scarlet")),
        kit_code(scroggs, load_palette("craft")),
        kit_code(scroggs, load_palette("michie-1963")),
    }
    assert len(codes) == 6 and all(re.fullmatch(r"[0-9A-F]{6}", c) for c in codes)


def test_labels_kits_and_play_say_the_same_code(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "r.toml").write_text(NIM_RULES)
    (tmp_path / "p.toml").write_text(NIM_PALETTE)
    files = ["--game", "nim", "--rules", "r.toml", "--palette", "p.toml"]
    assert run("generate", *files, "--out", "out").exit_code == 0
    code = json.loads((tmp_path / "out" / "nim" / "kit.json").read_text())["kit_code"]
    assert code != build_catalogue("nim", "first", load_rules("nim")).fingerprint[:6].upper()
    labels = PdfReader(tmp_path / "out" / "nim" / "labels.pdf").pages[0].extract_text()
    assert labels.count(f"kit {code}") == 9 + 1  # every label, and the footer
    created = run("new", "--db", "s.db", *files, "--code", code.lower(), "pile")
    assert created.exit_code == 0 and created.output.startswith("Created kit pile:")
    assert f"(kit {code})." in created.output
    assert run("kits", "--db", "s.db").output == (
        f"pile: nim, MENACE plays first, rules r.toml, palette p.toml, kit {code}, 0 games\n"
    )
    assert json.loads(run("kits", "--db", "s.db", "--json").output)[0]["kit_code"] == code
    played = run("play", "--db", "s.db", input="quit\n")
    assert played.output.startswith(
        f"Kit pile: your labels should say kit {code}.\n"
        "One game, then `menace play` stops (`--games 10` plays ten in a row).\n"
        "new game: game 1 of kit pile\n"
    )
    # Every other place that names the kit names it by its labels' code too.
    assert f", kit {code}\n" in run("boxes", "--db", "s.db", "--kit", "pile").output


def test_new_refuses_a_kit_whose_labels_say_another_code(db):
    wrong = run("new", "--db", db, "--palette", "michie-1963", "--code", "1599a0", "class-b")
    assert (wrong.exit_code, wrong.output) == (
        2,
        (
            "Error: your labels say kit 1599A0, but this kit's would say kit "
            f"{kit_code('1599a041ae63', load_palette('michie-1963'))}: give the --game, --menace-plays, "
            "--rules "
            "and --palette the labels were printed with\n"
        ),
    )
    bad = run("new", "--db", db, "--code", "1599A", "class-b")
    assert (bad.exit_code, bad.output) == (
        2,
        "Error: --code '1599A' is not a kit code: give the six letters "
        "and digits after 'kit' on your labels, e.g. 1599A0\n",
    )
    assert [k["name"] for k in json.loads(run("kits", "--db", db, "--json").output)] == ["class-a"]
    right = run("new", "--db", db, "--code", " 1599a0 ", "class-b")
    assert right.exit_code == 0, right.output


def test_a_trained_kit_and_the_catalogue_listing_say_the_labels_code(tmp_path):
    """A trained kit's printed labels (its beads now) say the code `play`, `kits` and `boxes --kit` say,
    and `menace boxes` says the code of the labels in the game's colours, not the whole fingerprint."""
    db = str(tmp_path / "s.db")
    assert run("train", "--db", db, "--game", "nim", "--games", "40", "--seed", "1", "t").exit_code == 0
    assert run("generate", "--db", db, "--kit", "t", "--out", str(tmp_path / "out")).exit_code == 0
    code = build_catalogue("nim", "first", load_rules("nim")).fingerprint[:6].upper()  # the default colours
    assert json.loads((tmp_path / "out" / "t" / "kit.json").read_text())["kit_code"] == code
    labels = PdfReader(tmp_path / "out" / "t" / "labels.pdf").pages[0].extract_text()
    assert labels.count(f"kit {code}") == 9 + 1  # every label, and the footer
    played = run("play", "--db", db, "--kit", "t", input="quit\n")
    assert played.output.startswith(f"Kit t: your labels should say kit {code}.\n")
    assert f", kit {code}," in run("kits", "--db", db).output
    assert f", kit {code}\n" in run("boxes", "--db", db, "--kit", "t").output
    assert run("boxes", "--game", "nim").output.splitlines()[0].endswith(f", kit {code}")
    assert run("boxes").output.splitlines()[0].endswith(", kit 1599A0")
