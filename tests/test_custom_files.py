"""Rules and palettes from a builder's own TOML files: read field by field, and kept by the kit that uses
them, so the kit works after the files are changed or deleted."""

from __future__ import annotations

import json
import sqlite3

import pytest
from pypdf import PdfReader

from kit.catalogue import build_catalogue
from kit.datafiles import DataFileError
from kit.palettes import UnknownPaletteError, choose_palette
from kit.rules import UnknownRulesError, choose_rules, load_rules
from tests.cli import play_random, run

RULES = """
game = "tictactoe"
initial_beads = [6, 4, 2, 1]
win = 2
draw = 1
loss = -1
"""
COLOURS = ["ruby", "gold", "sky", "moss", "coal", "tan", "milk", "plum", "rose"]
PALETTE = (
    'game = "tictactoe"\ntitle = "Our tub"\ncolours = [\n'
    + "".join(
        f'  {{ move = {i}, name = "{name}", code = "{code}", rgb = "#{i}0{i}0{i}0" }},\n'
        for i, (name, code) in enumerate(zip(COLOURS, "RGSMCTWPO", strict=True))
    )
    + "]\n"
)
NIM_RULES = 'game = "nim"\ninitial_beads = [5]\nwin = 1\ndraw = 0\nloss = -1\nfloor = 1\nbeads_on = "every"\n'
NIM_PALETTE = (
    'game = "nim"\ncolours = [\n'
    + "".join(
        f'  {{ move = {take}, name = "{name}", code = "{name[0].upper()}", '
        f'rgb = "#1{take}1{take}1{take}" }},\n'
        for take, name in ((1, "apple"), (2, "berry"), (3, "cherry"))
    )
    + "]\n"
)


@pytest.fixture
def files(tmp_path):
    (tmp_path / "my-rules.toml").write_text(RULES)
    (tmp_path / "my-colours.toml").write_text(PALETTE)
    return tmp_path / "my-rules.toml", tmp_path / "my-colours.toml"


def test_a_rules_file_is_read_with_its_values_and_file_name(files):
    rules = choose_rules(str(files[0]), game="tictactoe")
    assert (rules.name, rules.initial_beads, rules.win, rules.draw, rules.loss) == (
        "my-rules.toml",
        (6, 4, 2, 1),
        2,
        1,
        -1,
    )
    # what a file leaves out takes the shipped presets' defaults
    assert (rules.floor, rules.empty_box, rules.keep_one, rules.beads_on, rules.punish) == (
        0,
        "resign",
        "none",
        "distinct",
        "every-move",
    )
    assert rules.description == "your own rules, from my-rules.toml"  # the rules card says so
    assert rules.from_file and not load_rules("michie").from_file
    assert choose_rules("michie", game="tictactoe") == load_rules("michie")  # a name is still a preset


def test_a_catalogue_on_file_rules_has_michies_boxes_with_the_files_beads(files):
    michie = build_catalogue("tictactoe", "first", load_rules("michie"))
    own = build_catalogue("tictactoe", "first", choose_rules(str(files[0]), game="tictactoe"))
    assert [(b.position, b.moves) for b in own.boxes] == [(b.position, b.moves) for b in michie.boxes]
    assert all(b.beads == ((6, 4, 2, 1)[b.move_number - 1],) * len(b.moves) for b in own.boxes)
    assert sum(sum(b.beads) for b in own.boxes) == 1792
    assert own.fingerprint != michie.fingerprint


def test_a_palette_file_is_read_colour_by_colour(files):
    palette = choose_palette(str(files[1]), game="tictactoe")
    assert (palette.name, palette.title, [c.name for c in palette.colours]) == (
        "my-colours.toml",
        "Our tub",
        COLOURS,
    )
    assert palette.for_move(8).code == "O" and palette.for_move(3).rgb == "#303030"
    assert palette.parse("plu").name == "plum"


@pytest.mark.parametrize("name", ["michie", "go-blog", "gardner"])
def test_a_presets_file_form_reads_back_as_the_same_rules(name, tmp_path):
    from dataclasses import replace

    from kit.rules import rules_from_data

    shipped = load_rules(name)
    again = rules_from_data(name, shipped.as_file(), source="copy", shipped=False)
    assert again == replace(shipped, from_file=True)


@pytest.mark.parametrize(
    "text, message",
    [
        ('win = "three"', "my.toml: win must be a whole number, not 'three'"),
        (
            "wins = 3",
            "my.toml: unknown field 'wins': the fields are game, title, description, "
            "initial_beads, win, draw, loss, floor, empty_box, refill_beads, keep_one, beads_on, "
            "punish",
        ),
        ('empty_box = "explode"', "my.toml: empty_box must be one of resign, refill, not 'explode'"),
        (
            "initial_beads = [4, 0]",
            "my.toml: initial_beads must be a list of whole numbers of at least 1, "
            "e.g. [4, 3, 2, 1], not [4, 0]",
        ),
        ("floor = -1", "my.toml: floor must be a whole number of at least 0, not -1"),
        ("draw = true", "my.toml: draw must be a whole number, not True"),
        (
            'empty_box = "refill"',
            'my.toml: empty_box = "refill" needs refill_beads, a whole number of at least 1',
        ),
        ('keep_one = "some"', "my.toml: keep_one must be one of none, first-box, every-box, not 'some'"),
        # The numbers: win = 10^30 was taken by `menace new` and crashed at the end of the first game.
        (f"win = {10**30}", f"my.toml: win must be at most 1,000, not {10**30}"),
        ("loss = -1001", "my.toml: loss must be a whole number from -1,000 to 1,000, not -1001"),
        (f"initial_beads = [4, {10**30}]", f"my.toml: initial_beads must be at most 1,000, not {10**30}"),
    ],
)
def test_each_bad_rules_field_is_one_line_naming_file_field_and_what_is_allowed(
    tmp_path, monkeypatch, text, message
):
    monkeypatch.chdir(tmp_path)
    lines = [line for line in RULES.strip().splitlines() if line.split(" =")[0] not in text.split(" =")[0]]
    (tmp_path / "my.toml").write_text("\n".join([*lines, text]) + "\n")
    with pytest.raises(UnknownRulesError) as error:
        choose_rules("my.toml", game="tictactoe")
    assert str(error.value) == message


COMMAND = "which the play table takes as a command, so it could never be typed: call it something else"


@pytest.mark.parametrize(
    "old, new, message",
    [
        (
            'rgb = "#000000"',
            'rgb = "black"',
            "p.toml: colours[1]: rgb must be #rrggbb (six hex digits), not 'black'",
        ),
        ('code = "G"', 'code = "GO"', "p.toml: colours[2]: code must be one letter or digit, not 'GO'"),
        (
            'name = "sky"',
            'name = "Gold"',
            "p.toml: two colours have name 'gold': each colour needs its own move, name and letter",
        ),
        ("move = 4,", "move = -4,", "p.toml: colours[5]: move must be a whole number of at least 0, not -4"),
        (
            'rgb = "#000000"',
            'rgb = "#000000", size = 3',
            "p.toml: colours[1]: unknown field 'size': the fields are move, name, code, rgb",
        ),
        ('title = "Our tub"', "title = 7", "p.toml: title must be text, not 7"),
        # Words the play table takes as commands: a colour so called could never be typed at its prompt.
        ('name = "sky"', 'name = "Undo"', f"p.toml: a colour is called 'Undo', {COMMAND}"),
        ('name = "sky"', 'name = "quit"', f"p.toml: a colour is called 'quit', {COMMAND}"),
        ('name = "sky"', 'name = "census blue"', f"p.toml: a colour is called 'census blue', {COMMAND}"),
    ],
)
def test_each_bad_palette_field_is_one_line(tmp_path, monkeypatch, old, new, message):
    monkeypatch.chdir(tmp_path)
    assert old in PALETTE
    (tmp_path / "p.toml").write_text(PALETTE.replace(old, new, 1))
    with pytest.raises(UnknownPaletteError) as error:
        choose_palette("p.toml", game="tictactoe")
    assert str(error.value) == message


def test_bad_files_on_the_command_line_are_one_line_exit_2(tmp_path, monkeypatch, files):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "broken.toml").write_text("win = = 3\n")
    (tmp_path / "short.toml").write_text(NIM_PALETTE.replace('"nim"', '"tictactoe"'))
    (tmp_path / "nim.toml").write_text(NIM_RULES)
    db = str(tmp_path / "s.db")
    cases = [
        (["--rules", "gone.toml"], "Error: gone.toml: no such file"),
        (
            ["--rules", "broken.toml"],
            "Error: broken.toml: not valid TOML: Invalid value (at line 1, column 7)",
        ),
        (
            ["--rules", "nim.toml"],
            "Error: nim.toml: game is 'nim', but the kit is tictactoe: write game = 'tictactoe'",
        ),
        (
            ["--palette", "short.toml"],
            "Error: palette 'short.toml' has 3 colours, too few for tictactoe: "
            "choose a smaller game or another palette",
        ),
    ]
    for args, line in cases:
        for command in (["new", "--db", db, "k"], ["generate", "--game", "tictactoe", "--out", "out"]):
            result = run(*command, *args)
            assert (result.exit_code, result.output) == (2, line + "\n"), (command, args)
    assert not (tmp_path / "out").exists() and not (tmp_path / "s.db").exists()


def test_a_kit_from_files_survives_deleting_and_changing_them(tmp_path, files):
    db = str(tmp_path / "s.db")
    created = run("new", "--db", db, "--rules", str(files[0]), "--palette", str(files[1]), "class")
    assert created.exit_code == 0, created.output
    assert "rules my-rules.toml, palette my-colours.toml, 304 boxes, 1,792 beads" in created.output
    files[0].unlink()
    files[1].write_text(PALETTE.replace("ruby", "lava"))  # changed after the kit was made: it keeps its own
    assert play_random(db, games=5, seed=3).exit_code == 0
    box = run("box", "--db", db, "1")
    assert box.exit_code == 0 and "ruby" in box.output and "lava" not in box.output
    assert run("verify", "--db", db).output.startswith("OK: ")
    # a fresh store from the export alone: the copies travel in the kit_created event
    out = tmp_path / "e.jsonl"
    assert run("export", "--db", db, "--out", str(out)).exit_code == 0
    files[1].unlink()
    other = str(tmp_path / "other.db")
    imported = run("import", "--db", other, str(out))
    (logged,) = sqlite3.connect(db).execute("SELECT count(*) FROM events").fetchone()
    assert imported.output == f"imported {logged} new events (1 new kit, 5 finished games)\n"
    assert run("verify", "--db", other).output.startswith("OK: ")
    kits = json.loads(run("kits", "--db", other, "--json").output)
    assert [(k["rules"], k["palette"], k["games"]) for k in kits] == [("my-rules.toml", "my-colours.toml", 5)]
    assert run("box", "--db", other, "1").output == box.output
    assert play_random(other, games=2, seed=4).exit_code == 0
    (data,) = sqlite3.connect(other).execute("SELECT data FROM events WHERE kind = 'kit_created'").fetchone()
    copy = json.loads(data)
    assert copy["rules_file"]["initial_beads"] == [6, 4, 2, 1]
    assert [c["name"] for c in copy["palette_file"]["colours"]] == COLOURS


def test_a_kit_of_shipped_presets_keeps_no_copy(db):
    (data,) = sqlite3.connect(db).execute("SELECT data FROM events WHERE kind = 'kit_created'").fetchone()
    assert not {"rules_file", "palette_file"} & set(json.loads(data))


def test_generate_prints_from_files_and_a_stored_kit_after_they_are_gone(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "r.toml").write_text(NIM_RULES)
    (tmp_path / "p.toml").write_text(NIM_PALETTE)
    made = run("generate", "--game", "nim", "--rules", "r.toml", "--palette", "p.toml", "--out", "out")
    assert made.exit_code == 0, made.output
    manifest = json.loads((tmp_path / "out" / "nim" / "kit.json").read_text())
    assert (manifest["rules"], manifest["palette"]) == ("r.toml", "p.toml")
    legend = " ".join(p.extract_text() for p in PdfReader(tmp_path / "out" / "nim" / "legend.pdf").pages)
    assert all(name in legend for name in ("apple", "berry", "cherry"))
    labels = PdfReader(tmp_path / "out" / "nim" / "labels.pdf").pages[0].extract_text()
    assert "9 tokens · 5 beads each" in labels
    pile = run("new", "--db", "s.db", "--game", "nim", "--rules", "r.toml", "--palette", "p.toml", "pile")
    assert pile.exit_code == 0, pile.output
    (tmp_path / "r.toml").unlink()
    (tmp_path / "p.toml").unlink()
    again = run("generate", "--db", "s.db", "--kit", "pile", "--out", "stored")
    assert again.exit_code == 0, again.output
    stored = json.loads((tmp_path / "stored" / "pile" / "kit.json").read_text())
    assert (stored["rules"], stored["palette"]) == ("r.toml", "p.toml")
    assert stored["fingerprint"] == manifest["fingerprint"]


MICHIE_VALUES = 'game = "tictactoe"\ninitial_beads = [4, 3, 2, 1]\nwin = 3\ndraw = 1\nloss = -1\n'


def outcome(result):
    assert result.exit_code == 0, result.output
    return result.output.splitlines()[1:3]


@pytest.mark.parametrize("engine", ["numpy", "kit"])
def test_simulate_on_a_file_with_michies_values_plays_exactly_as_michie(tmp_path, monkeypatch, engine):
    monkeypatch.chdir(tmp_path)
    args = ["simulate", "--games", "60", "--population", "8", "--seed", "5", "--engine", engine]
    (tmp_path / "mine.toml").write_text(RULES)
    other = outcome(run(*args, "--rules", "mine.toml"))
    (tmp_path / "mine.toml").write_text(MICHIE_VALUES)  # the same name, new values: nothing cached is reused
    assert outcome(run(*args, "--rules", "mine.toml")) == outcome(run(*args, "--rules", "michie")) != other


def test_match_takes_a_menace_on_a_rules_file(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "mine.toml").write_text(MICHIE_VALUES)
    args = ["match", "--second", "random", "--games", "100", "--seed", "2"]
    mine = run(*args, "--first", "menace:mine.toml")
    assert mine.output.startswith("tictactoe, 100 games, menace:mine.toml moving first\n")
    michie = run(*args, "--first", "menace:michie")
    assert mine.output.splitlines()[1:] == [
        line.replace("menace:michie", "menace:mine.toml") for line in michie.output.splitlines()[1:]
    ]
    gone = run(*args, "--first", "menace:gone.toml")
    assert (gone.exit_code, gone.output) == (2, "Error: gone.toml: no such file\n")


def test_train_on_files_in_another_folder_keeps_them_and_trains_as_the_same_preset(tmp_path, files):
    (tmp_path / "michie-values.toml").write_text(MICHIE_VALUES)
    db = str(tmp_path / "s.db")
    args = ["train", "--db", db, "--games", "100", "--seed", "3"]
    mine = run(*args, "--rules", str(tmp_path / "michie-values.toml"), "--palette", str(files[1]), "mine")
    assert mine.exit_code == 0, mine.output
    assert run(*args, "--rules", "michie", "plain").exit_code == 0
    for path in (tmp_path / "michie-values.toml", *files):
        path.unlink()
    assert run("verify", "--db", db).output.startswith("OK: ")
    box = run("box", "--db", db, "--kit", "mine", "1").output
    plain = run("box", "--db", db, "--kit", "plain", "1").output
    assert box.startswith("Box 1 of kit mine") and "ruby" in box  # ruby is craft's red, square 1
    assert [line.split()[2:] for line in box.splitlines()[4:]] == [
        line.split()[2:] for line in plain.splitlines()[4:]
    ]  # the same counts as the preset it copies


def test_a_rules_file_nested_thousands_deep_is_one_line(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "deep.toml").write_text("win = " + "[" * 5000 + "]" * 5000 + "\n")
    with pytest.raises(DataFileError) as error:
        choose_rules("deep.toml", game="tictactoe")
    assert str(error.value) == "deep.toml: nested too deeply to be a menace-kit file"


def test_new_refuses_a_win_too_large_in_one_line(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    lines = [line for line in RULES.strip().splitlines() if not line.startswith("win =")]
    (tmp_path / "big.toml").write_text("\n".join([*lines, f"win = {10**30}"]) + "\n")
    done = run("new", "--db", str(tmp_path / "m.sqlite3"), "a", "--rules", "big.toml")
    assert done.exit_code == 2 and done.output.count("\n") == 1, done.output
    assert done.output.endswith(f"big.toml: win must be at most 1,000, not {10**30}\n"), done.output
    assert not (tmp_path / "m.sqlite3").exists()


def test_the_words_a_palette_may_not_use_are_the_play_tables_commands():
    from kit.palettes import TABLE_WORDS
    from tracker.table.play_table import CENSUS_WORDS, COMMAND_WORDS
    from tracker.table.squares import SQUARE_WORDS

    assert TABLE_WORDS == set(COMMAND_WORDS) | set(CENSUS_WORDS) | set(SQUARE_WORDS)
