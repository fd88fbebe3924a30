"""Games typed in as squares: `menace record`, and "square N" at the colour prompt."""

from __future__ import annotations

import random
import sqlite3

import pytest

from kit.games import get_game
from tests.cli import run
from tests.operator import Operator, run_with_operator

TTT = get_game("tictactoe")
GOLF = "LMR"
ROTATE = (6, 3, 0, 7, 4, 1, 8, 5, 2)  # square i of a board turned a quarter clockwise came from ROTATE[i]


def beads(db: str, kit: str) -> list[tuple]:
    with sqlite3.connect(db) as connection:
        return connection.execute(
            "SELECT box, move, count FROM beads JOIN kits ON kits.id = beads.kit WHERE kits.name = ? "
            "ORDER BY box, move", (kit,)).fetchall()  # fmt: skip


def events(db: str) -> int:
    with sqlite3.connect(db) as connection:
        return connection.execute("SELECT count(*) FROM events").fetchone()[0]


def game_lines(db: str, kit: str, rng: random.Random, turn=None) -> list[str]:
    """The kit's finished games as `menace record` lines: squares 1-9 or golf letters (at random), 'resign'
    where MENACE resigned, each square moved by ``turn`` (a permutation) if given."""
    with sqlite3.connect(db) as connection:
        rows = connection.execute(
            "SELECT g.moves, g.result FROM games g JOIN kits k ON k.id = g.kit WHERE k.name = ? "
            "AND g.status = 'finished' ORDER BY g.number", (kit,)).fetchall()  # fmt: skip
    lines = []
    for moves, result in rows:
        squares = [int(code) for code in moves.split()]
        state = TTT.initial()
        for square in squares:
            state = TTT.play(state, square)
        words = []
        for square in squares:
            square = turn.index(square) if turn else square
            words.append(str(square + 1) if rng.random() < 0.5 else GOLF[square // 3] + GOLF[square % 3])
        if TTT.outcome(state) is None:
            assert result == "loss"
            words.append("resign")
        lines.append(" ".join(words))
    return lines


@pytest.mark.parametrize("rules", ["michie", "scroggs"])
def test_twenty_games_typed_as_squares_give_the_counts_that_playing_them_with_colours_gives(tmp_path, rules):
    db = str(tmp_path / "m.sqlite3")
    for kit in ("colours", "squares", "turned"):
        assert run("new", kit, "--db", db, "--rules", rules).exit_code == 0
    # 17 games played with colours by a teacher with boxes of their own; then box 1 is found empty (a
    # census), and 3 more games, which MENACE resigns at once.
    operator = Operator("tictactoe", "first", rules, "craft", seed=11)
    assert run_with_operator(operator, ["play", "--db", db, "--kit", "colours", "--games", "17"]) == 0
    census = ["census", "1", "red=0", "yellow=0", "black=0", "--db", db, "--kit"]
    assert run(*census, "colours").exit_code == 0
    operator.boxes[1] = {m: 0 for m in operator.boxes[1]}
    assert run_with_operator(operator, ["play", "--db", db, "--kit", "colours", "--games", "3"]) == 0
    assert operator.results[-3:] == ["loss"] * 3

    lines = game_lines(db, "colours", random.Random(1))
    assert len(lines) == 20 and lines[-1] == "resign"
    (tmp_path / "games.txt").write_text("# typed in from the score sheet\n" + "\n".join(lines[:17]) + "\n\n")
    result = run("record", "--db", db, "--kit", "squares", str(tmp_path / "games.txt"))
    wins, draws, losses = (operator.results[:17].count(r) for r in ("win", "draw", "loss"))
    assert (result.exit_code, result.output) == (
        0, f"Recorded 17 games into kit squares: {wins} won, {draws} drawn, {losses} lost.\n")  # fmt: skip
    assert run(*census, "squares").exit_code == 0
    result = run("record", "--db", db, "--kit", "squares", "-", input="\n".join(lines[17:]))
    assert result.output == "Recorded 3 games into kit squares: 0 won, 0 drawn, 3 lost.\n"
    assert beads(db, "squares") == beads(db, "colours")
    assert {box: dict(counts) for box, counts in operator.boxes.items()} == {
        box: {move: n for b, move, n in beads(db, "squares") if b == box} for box in operator.boxes
    }
    with sqlite3.connect(db) as connection:
        results = "SELECT result FROM games g JOIN kits k ON k.id = g.kit WHERE k.name = ? ORDER BY number"
        assert [r for (r,) in connection.execute(results, ("squares",))] == operator.results

    # The same games with the board turned a quarter: the labels are laid another way, the beads the same.
    turned = game_lines(db, "colours", random.Random(2), turn=ROTATE)
    assert run("record", "--db", db, "--kit", "turned", input="\n".join(turned[:17])).exit_code == 0
    assert run(*census, "turned").exit_code == 0
    assert run("record", "--db", db, "--kit", "turned", input="\n".join(turned[17:])).exit_code == 0
    assert beads(db, "turned") == beads(db, "colours")
    first = game_lines(db, "turned", random.Random(3))[0].split()  # the real board as typed, kept
    assert [TTT.parse_move(w) for w in first] == [ROTATE.index(TTT.parse_move(w)) for w in lines[0].split()]
    assert run("verify", "--db", db).exit_code == 0


def refused(db: str, text: str, message: str, kit: str = "class-a") -> None:
    before = events(db)
    result = run("record", "--db", db, "--kit", kit, input=text)
    assert (result.exit_code, result.output) == (2, f"Error: {message}\n")
    assert events(db) == before


def test_a_line_that_is_not_a_legal_game_stops_the_file_with_nothing_recorded(db):
    good = "5 1 9 3 2 8 7 4 6"  # a draw
    refused(db, f"{good}\n5 5 1\n", "line 2: move 2: square 5 (centre) is taken: choose one of 1, 2, 3, "
            "4, 6, 7, 8, 9; nothing recorded")  # fmt: skip
    refused(db, "5 1 9 3 2 8 7 4 6 1\n", "line 1: move 10: the game was over before 1; nothing recorded")
    refused(db, "5 1\n", "line 1: the game is not over after its 2 moves; nothing recorded")
    refused(db, "5 x 1\n", "line 1: move 2: 'x' is not a square: type 1-9 (reading order) or two letters "
            "L/M/R, row then column; nothing recorded")  # fmt: skip
    refused(
        db,
        "5 1 resign\n",
        "line 1: move 3: MENACE resigns only at an empty box, and box 10 holds "
        "red 3, yellow 3, blue 3, orange 3; if it was empty, recount it first: "
        "`menace census 10 red=0 yellow=0 blue=0 orange=0 --kit class-a`; nothing recorded",
    )
    refused(db, "5 resign\n", "line 1: move 2: only MENACE resigns, at its turn; nothing recorded")
    refused(db, "1" * 1001, "line 1 is longer than 1000 characters; nothing recorded")


def test_a_bead_the_box_lacks_is_refused_with_the_census_that_would_fix_it(db):
    assert run("census", "--db", db, "1", "red=0").exit_code == 0
    for corner in ("1", "LR", "7"):
        refused(db, f"{corner} 5 2 3 7 4 6 9 8\n", (
            f"line 1: move 1: box 1 holds no red bead for square {TTT.parse_move(corner) + 1} "
            f"({TTT.move_phrase(TTT.parse_move(corner)).split('(')[1][:-1]}); if it does, recount it: "
            "`menace census 1 red=1 yellow=4 black=4 --kit class-a`; nothing recorded"))  # fmt: skip


def test_record_refuses_while_a_game_is_in_progress(db):
    assert run("play", "--db", db, input="k\nquit\n").exit_code == 0
    refused(db, "5 1 9 3 7 8 2 4\n", "game 1 of kit class-a is in progress: finish it with `menace play` or "
            "drop it with `menace discard` first; nothing recorded")  # fmt: skip


def test_square_n_at_the_colour_prompt_is_the_bead_a_way_of_laying_the_label_puts_there(db):
    result = run("play", "--db", db, input="square 3\n5\nsq RR\nquit\n")
    assert result.exit_code == 0, result.output
    assert "  red: MENACE plays square 3 (top right)." in result.output
    with sqlite3.connect(db) as connection:
        assert connection.execute("SELECT moves FROM games").fetchall() == [("2 4 8",)]
        drawn = connection.execute("SELECT data FROM events WHERE kind = 'drew'").fetchall()
    assert '"move":0,"square":2' in drawn[0][0]  # box 1's corner bead (red) played on square 3
    assert run("census", "--db", db, "1", "yellow=0").exit_code == 0
    assert run("discard", "--db", db, input="y\n").exit_code == 0
    result = run("play", "--db", db, input="square 2\nsquare 0\nquit\n")
    assert (
        "  Drift: box 1 holds no yellow bead for square 2 (top middle); if it does, recount it: "
        "`menace census 1 red=4 yellow=1 black=4 --kit class-a` (or type 'census' here)."
    ) in result.output
    assert "  '0' is not a square: type 1-9" in result.output


def test_a_heaps_kit_takes_its_moves_as_its_prompt_and_its_refusal_show_them(tmp_path):
    """'2 from 3' is the example the heaps kit's own refusal gives: it was read as three moves, '2' first."""
    db = str(tmp_path / "h.sqlite3")
    assert run("new", "h", "--db", db, "--game", "nim", "--heaps", "1,2,3").exit_code == 0
    typed = "3 from 3, 1 from 1, 2 from 2\ntake 3 from the heap of 3 1/1 2f2\n"
    recorded = run("record", "--db", db, "-", input=typed)
    assert recorded.output == "Recorded 2 games into kit h: 2 won, 0 drawn, 0 lost.\n", recorded.output
    short = run("record", "--db", db, "-", input="2 from 3\n")
    assert short.output == "Error: line 1: the game is not over after its 1 move; nothing recorded\n"
