"""The games' options on the command line: every command that takes --game takes them, a kit keeps its
game's spec, and an option that does not apply is one line with exit code 2."""

from __future__ import annotations

import json

import pytest

from tests.cli import run
from tracker.store.event_store import Store

HEAPS = ("--game", "nim", "--heaps", "1,2,3")
RAW = ("--game", "tictactoe", "--symmetry", "none")


def ok(*args: str, input: str | None = None) -> str:
    result = run(*args, input=input)
    assert result.exit_code == 0, result.output
    return result.stdout


def test_boxes_for_nim_1_2_3_with_the_last_token_winning_lists_13():
    data = json.loads(ok("boxes", *HEAPS, "--last-token", "wins", "--json"))
    assert data["game"] == "nim --heaps 1,2,3" and len(data["boxes"]) == 13
    assert data["boxes"][-1] == {
        "id": 13,
        "position": "1,2,3",
        "move_number": None,
        "moves": [1, 2, 3, 4, 5, 6],  # 1 from 1; 1, 2 from 2; 1, 2, 3 from 3
        "beads": {str(code): 3 for code in range(1, 7)},
        "finder_key": None,  # heaps are found by their counts
        "colours": dict(
            zip(map(str, range(1, 7)), ["red", "yellow", "blue", "green", "black", "orange"], strict=True)
        ),  # the nim-heaps palette's first six
    }


def test_boxes_for_raw_boards_list_2201_and_go_blog_gives_21633_beads():
    data = json.loads(ok("boxes", *RAW, "--json"))
    assert data["game"] == "tictactoe --symmetry none" and len(data["boxes"]) == 2201
    blog = json.loads(ok("boxes", *RAW, "--rules", "go-blog", "--json"))
    assert sum(sum(box["beads"].values()) for box in blog["boxes"]) == 21633
    second = json.loads(ok("boxes", *RAW, "--menace-plays", "second", "--json"))
    assert len(second["boxes"]) == 2097


def test_boxes_lists_each_take_from_its_heap():
    lines = ok("boxes", *HEAPS).splitlines()
    assert lines[0].startswith("13 boxes for Nim with heaps 1, 2, 3, MENACE plays first, rules nim, kit ")
    assert lines[-1] == (
        "box 13  1, 2, 3 tokens take 1 from 1: 3, take 1 from 2: 3, take 2 from 2: 3, take 1 from 3: 3, "
        "take 2 from 3: 3, take 3 from 3: 3"
    )


@pytest.mark.parametrize(
    "args, message",
    [
        (("boxes", "--game", "tictactoe", "--heaps", "3"), "--heaps does not apply to tictactoe"),
        (("find", "--game", "nim", "--symmetry", "none", "5"), "--symmetry does not apply to nim"),
        (("new", "k", "--game", "hexapawn", "--forced-boxes"), "--forced-boxes does not apply to hexapawn"),
        (("boxes", "--game", "nim", "--heaps", "1,2,x"), "--heaps '1,2,x'"),
        (("boxes", "--game", "nim", "--heaps", "1,,2"), "--heaps '1,,2': a heap between commas is empty"),
        (("boxes", "--game", "nim", "--max-take", "none"), "--max-take 'none'"),
        (("generate", "--heaps", "1,2,3"), "choose one game with --game to give it options"),
        (
            (
                "match",
                "--game",
                "tictactoe",
                "--heaps",
                "3",
                "--first",
                "random",
                "--second",
                "random",
                "--games",
                "1",
            ),
            "--heaps does not apply to tictactoe",
        ),
        (("simulate", "--game", "tictactoe", "--max-take", "2", "--games", "1"), "--max-take does not apply"),
        (
            ("new", "k", "--game", "nim", "--heaps", "12", "--max-take", "4", "--palette", "nim-craft"),
            "palette 'nim-craft' has 3 colours, too few for nim --heaps 12 --max-take 4",
        ),
        (("new", "k", "--game", "nim", "--heaps", "12", "--max-take", "10"), "too few for nim --heaps 12"),
    ],
)
def test_an_option_that_does_not_fit_is_one_line(args, message, tmp_path):
    result = run(*args, "--db", str(tmp_path / "m.db")) if args[0] == "new" else run(*args)
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert lines[-1].startswith("Error: ") and message in lines[-1], result.output
    assert not (tmp_path / "m.db").exists()


def test_find_places_heaps_in_any_order_and_a_raw_board_as_printed():
    found = json.loads(ok("find", *HEAPS, "3 2 1", "--json"))
    assert (found["box"], found["position"], found["turn"]) == (13, "1,2,3", "as printed")
    raw = json.loads(ok("find", *RAW, "X...O....", "--json"))
    assert (raw["position"], raw["board"], raw["to_board"]) == ("X...O....", "X...O....", None)
    assert ok("find", *RAW, "X...O....").splitlines()[0] == f"Box {raw['box']} (MENACE's move 2)"


def test_graph_takes_the_options(tmp_path):
    out = tmp_path / "g.graphml"
    result = run("graph", *HEAPS, "--out", str(out))
    assert result.exit_code == 0 and "23 positions, 56 moves" in result.output  # 14 positions, either side


def test_a_kit_keeps_its_spec_through_play_verify_export_and_import(tmp_path):
    db, other = str(tmp_path / "m.db"), str(tmp_path / "o.db")
    assert "13 boxes, 114 beads" in ok("new", "heaps", *HEAPS, "--db", db)
    ok(
        "play",
        "--db",
        db,
        "--draw",
        "digital",
        "--opponent",
        "random",
        "--games",
        "5",
        "--seed",
        "3",
        "--brief",
    )
    assert [k["game"] for k in Store(tmp_path / "m.db").kits()] == ["nim --heaps 1,2,3"]
    assert ok("verify", "--db", db).startswith("OK:")
    box = json.loads(ok("box", "13", "--db", db, "--json"))
    assert box["colours"] == {
        "1": "red",
        "2": "yellow",
        "3": "blue",
        "4": "green",
        "5": "black",
        "6": "orange",
    }
    ok("census", "13", "red=7", "--db", db)
    ok("export", "--db", db, "--out", str(tmp_path / "log.jsonl"))
    ok("import", str(tmp_path / "log.jsonl"), "--db", other)
    assert json.loads(ok("box", "13", "--db", other, "--json"))["beads"]["1"] == 7
    assert ok("verify", "--db", other).startswith("OK:")
    assert "nim --heaps 1,2,3, MENACE plays first" in ok("kits", "--db", other)


def test_a_pile_with_bigger_takes_gets_a_palette_with_a_colour_for_each(tmp_path):
    db = str(tmp_path / "m.db")
    assert "palette nim-takes, 12 boxes" in ok(
        "new", "k", "--game", "nim", "--heaps", "12", "--max-take", "5", "--db", db
    )
    box = json.loads(ok("box", "12", "--db", db, "--json"))
    assert box["colours"] == {"1": "red", "2": "yellow", "3": "blue", "4": "green", "5": "black"}


def test_match_and_simulate_take_the_options():
    data = json.loads(
        ok("match", *HEAPS, "--first", "random", "--second", "perfect", "--games", "20", "--json")
    )
    assert data["first_wins"] == 0  # 1, 2, 3 is lost for the player to move: perfect play never lets it go
    sim = json.loads(ok("simulate", *HEAPS, "--opponent", "perfect", "--games", "5", "--seed", "1", "--json"))
    assert sim["game"] == "nim --heaps 1,2,3" and sim["wins"] == 0
