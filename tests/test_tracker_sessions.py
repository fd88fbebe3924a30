"""Scripted physical sessions: 20 games per preset, answered by a simulated teacher with boxes of its own."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from tests.operator import Operator, run_with_operator
from tracker.cli.main import main
from tracker.store.event_store import Store


@pytest.mark.parametrize(
    "game, side, rules, palette",
    [
        ("tictactoe", "first", "michie", "craft"),
        ("tictactoe", "first", "scroggs", "michie-1963"),
        ("tictactoe", "first", "golf", "craft"),
        ("tictactoe", "second", "open-day", "craft"),
        ("nim", "first", "nim", "nim-craft"),
        ("nim", "second", "nim-floor0", "nim-craft"),
        ("nim --heaps 1,2,3", "first", "nim", "nim-heaps"),
        ("tictactoe --symmetry none", "first", "go-blog", "craft"),
        ("tictactoe --symmetry none", "second", "go-blog", "craft"),
    ],
)
def test_twenty_physical_games_match_the_preset(tmp_path, game, side, rules, palette):
    db = str(tmp_path / "m.sqlite3")
    made = CliRunner().invoke(
        main,
        [
            "new",
            "k",
            "--db",
            db,
            "--game",
            *game.split(),  # the game's options too: "nim --heaps 1,2,3"
            "--menace-plays",
            side,
            "--rules",
            rules,
            "--palette",
            palette,
        ],
    )
    assert made.exit_code == 0, made.output
    operator = Operator(game, side, rules, palette, seed=len(rules))
    code = run_with_operator(operator, ["play", "--db", db, "--games", "20", "--notation", "numbers"])
    assert code == 0, operator.out.getvalue()[-2000:]
    assert len(operator.results) == 20
    store = Store(tmp_path / "m.sqlite3")
    kit = store.kit("k")
    assert [g["result"] for g in store.games(kit)] == operator.results
    mirror = store.mirror(kit)
    assert mirror == {box: {m: n for m, n in counts.items()} for box, counts in operator.boxes.items()}
    verified = CliRunner().invoke(main, ["verify", "--db", db])
    assert verified.exit_code == 0 and verified.output.startswith("OK: "), verified.output


@pytest.mark.parametrize("rules, palette", [("golf", "craft"), ("michie", "craft")])
def test_an_empty_first_box_follows_the_preset(tmp_path, rules, palette):
    """golf refills (the operator is told which colours to put in), michie resigns; both settle exactly."""
    db = str(tmp_path / "m.sqlite3")
    CliRunner().invoke(main, ["new", "k", "--db", db, "--rules", rules])
    operator = Operator("tictactoe", "first", rules, palette, seed=3)
    first = operator.catalogue.box(1)
    emptied = CliRunner().invoke(
        main, ["census", "--db", db, "1", *(f"{operator.palette.for_move(m).name}=0" for m in first.moves)]
    )
    assert emptied.exit_code == 0, emptied.output
    operator.boxes[1] = {m: 0 for m in first.moves}
    assert run_with_operator(operator, ["play", "--db", db, "--games", "3"]) == 0
    transcript = operator.out.getvalue()
    if rules == "golf":
        assert "Box 1 is empty: put in " in transcript and "(rules golf), then draw one." in transcript
        assert len(operator.results) == 3
    else:
        assert transcript.count("Box 1 is empty: MENACE resigns (rules michie).") == 3
        assert operator.results == ["loss"] * 3
        assert "  no beads were drawn: nothing to do" in transcript
    store = Store(tmp_path / "m.sqlite3")
    assert store.mirror(store.kit("k")) == operator.boxes
    assert CliRunner().invoke(main, ["verify", "--db", db]).exit_code == 0
