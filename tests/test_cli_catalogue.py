"""`menace boxes`, `find` and `graph` through click's CliRunner, output and errors exactly."""

from __future__ import annotations

import json

import click
import networkx as nx
import pytest
from click.testing import CliRunner

from tracker.cli.main import main


@pytest.fixture
def run():
    runner = CliRunner()

    def invoke(*args: str):
        return runner.invoke(main, list(args), catch_exceptions=False)

    return invoke


def test_boxes_json(run):
    result = run("boxes", "--json")
    assert result.exit_code == 0
    data = json.loads(result.output)
    assert (data["game"], data["menace_plays"], data["rules"]) == ("tictactoe", "first", "michie")
    assert len(data["boxes"]) == 304 and len(data["fingerprint"]) == 12
    assert data["boxes"][0] == {
        "id": 1,
        "position": ".........",
        "move_number": 1,
        "moves": [0, 1, 4],
        "beads": {"0": 4, "1": 4, "4": 4},
        "finder_key": "-/-/-",
        "colours": {"0": "red", "1": "yellow", "4": "black"},
    }


def test_hexapawn_boxes_use_four_colours_in_all_and_menace_plays_second(run):
    """Hexapawn defaults to Gardner's HER, which played second, in four colours again in every box."""
    data = json.loads(run("boxes", "--game", "hexapawn", "--json").output)
    assert (data["menace_plays"], data["rules"], len(data["boxes"])) == ("second", "gardner", 19)
    colours = {name for box in data["boxes"] for name in box["colours"].values()}
    assert colours == {"blue", "yellow", "red", "sky"}  # neither black nor white: no arrow lost on a pawn
    assert data["boxes"][0]["colours"] == {"3": "blue", "13": "yellow", "14": "red"}  # a3-a2, b3-b2, b3xc2
    him = json.loads(run("boxes", "--game", "hexapawn", "--menace-plays", "first", "--json").output)
    assert him["menace_plays"] == "first" and len(him["boxes"]) == 18
    assert json.loads(run("boxes", "--game", "nim", "--json").output)["menace_plays"] == "first"


def test_boxes_second_and_nim(run):
    assert len(json.loads(run("boxes", "--menace-plays", "second", "--json").output)["boxes"]) == 289
    nim = json.loads(run("boxes", "--game", "nim", "--json").output)
    assert nim["rules"] == "nim" and [b["position"] for b in nim["boxes"]] == [str(n) for n in range(1, 10)]
    assert nim["boxes"][0]["beads"] == {"1": 3} and nim["boxes"][0]["move_number"] is None


def test_boxes_listing_draws_small_boards(run):
    result = run("boxes")
    assert result.output.startswith(
        "304 boxes for Noughts and crosses, MENACE plays first, rules michie, kit "
    )
    lines = result.output.splitlines()
    assert lines[2].startswith("#1 move 1") and "#6 move 2" in lines[2]
    assert lines[3].startswith("4 4 .")  # corner, edge, (edge by symmetry)
    assert lines[4].startswith(". 4 .")


def test_find_json(run):
    result = run("find", "--json", "X...O....")
    assert json.loads(result.output) == {
        "box": 8,
        "position": "....O...X",
        "board": "X...O....",
        "to_board": [8, 7, 6, 5, 4, 3, 2, 1, 0],
        "turn": "turned half a turn",
        "finder_key": "O/X/-",
    }


def test_find_text(run):
    result = run("find", "x...o....")
    assert result.output == (
        "Box 8 (MENACE's move 2)\n"
        "label          real board\n"
        ". . .          X . .\n"
        ". O .          . O .\n"
        ". . X          . . .\n"
        "The label's picture, turned half a turn, is the real board.\n"
        "Bead squares, label -> real board: 1->9, 2->8, 3->7, 6->4\n"
    )


@pytest.mark.parametrize(
    "args, message",
    [
        (["find", "XXX"], "'XXX' is not a board"),
        (["find", "XXXOO...."], "is a finished game"),
        (["find", "X........"], "it is O's turn, but this MENACE plays X"),
        (["find", "--menace-plays", "second", "........."], "it is X's turn, but this MENACE plays O"),
        (["find", "XX......."], "cannot happen in play"),
        (["boxes", "--rules", "nope"], "unknown rules 'nope'"),
        (["boxes", "--game", "nim", "--rules", "michie"], "rules 'michie' are for tictactoe, not nim"),
    ],
)
def test_errors_are_one_line_with_exit_code_2(args, message):
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 2, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: ") and message in lines[0]


def test_graph_writes_the_reduced_tree_with_box_numbers(run, tmp_path):
    out = tmp_path / "tree.graphml"
    result = run("graph", "--out", str(out))
    assert result.exit_code == 0
    tree = nx.read_graphml(out)
    assert tree.number_of_nodes() == 765
    assert sorted(d["box"] for _, d in tree.nodes(data=True) if d["box"]) == list(range(1, 305))
    assert tree.nodes["........./X"]["box"] == 1


def test_graph_full_tree(run, tmp_path):
    out = tmp_path / "full.graphml"
    run("graph", "--full", "--out", str(out))
    assert nx.read_graphml(out).number_of_nodes() == 5478


def test_graph_to_an_unwritable_place(tmp_path):
    result = CliRunner().invoke(main, ["graph", "--out", str(tmp_path / "missing" / "t.graphml")])
    assert result.exit_code == 2 and result.output.startswith("Error: cannot write")


def test_every_command_has_help_text():
    def walk(group: click.Group, prefix: str):
        ctx = click.Context(group)
        for name in group.list_commands(ctx):  # the lazy group loads each command as it is asked for
            command = group.get_command(ctx, name)
            assert command is not None, f"{prefix} {name} is listed but not found"
            yield f"{prefix} {name}", command
            if isinstance(command, click.Group):
                yield from walk(command, f"{prefix} {name}")

    for name, command in walk(main, "menace"):
        assert command.help and len(command.help.strip()) > 10, f"{name} has no help text"
        result = CliRunner().invoke(main, [*name.split()[1:], "--help"])
        assert result.exit_code == 0 and "Usage:" in result.output
