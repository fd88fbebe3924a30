"""The thinking-time study: its cells, their seeds, the table, the JSON and the PDF (small counts only; the
long runs are in the README)."""

from __future__ import annotations

import json

import pytest
from pypdf import PdfReader

from kit.game import GameError
from kit.games import get_game
from kit.players import MctsSpec, PerfectSpec, RandomSpec
from tests.cli import run
from tracker.lab.thinking_time import opponents_for, parse_iterations, play_cell, thinking_time


def test_iteration_counts_are_read_sorted_and_distinct():
    assert parse_iterations("1000, 50,200,50") == (50, 200, 1000)
    for bad in ("", "0", "x", "-5", "10,,y"):
        with pytest.raises(GameError, match="give iteration counts from 1 to"):
            parse_iterations(bad)


def test_perfect_play_is_an_opponent_only_where_the_game_can_be_solved():
    assert opponents_for(get_game("tictactoe"), (50, 200)) == (RandomSpec(), MctsSpec(200), PerfectSpec())
    assert opponents_for(get_game("connect4"), (50, 200)) == (RandomSpec(), MctsSpec(200))


def test_a_cell_plays_half_its_games_each_side_and_never_beats_perfect_play():
    game = get_game("tictactoe")
    cell = play_cell(game, 200, PerfectSpec(), 6, seed=3)
    assert (cell.games, cell.wins) == (6, 0)
    # MCTS moves 5 times a game moving first to a draw, 4 moving second; fewer in a lost game.
    assert 3 * 3 <= cell.moves <= 3 * 5 + 3 * 4
    assert cell.seconds > 0


def test_a_cell_is_the_same_whichever_other_cells_are_asked_for():
    small = thinking_time(get_game("nim"), (30,), games=8, seed=5)
    large = thinking_time(get_game("nim"), (30, 300), games=8, seed=5)
    cells = (small.cell(30, "random"), large.cell(30, "random"))
    assert len({(c.wins, c.draws, c.losses, c.moves) for c in cells}) == 1
    # Nim from 9 tokens is lost for the first player: perfect play moving second wins the 4 games MCTS
    # opens.
    assert large.cell(300, "perfect").losses >= 4


def test_the_command_prints_a_table_or_json_and_writes_the_pdf(tmp_path):
    out = tmp_path / "study.pdf"
    args = [
        "study",
        "thinking-time",
        "--game",
        "tictactoe",
        "--iterations",
        "10,40",
        "--games",
        "2",
        "--seed",
        "2",
    ]
    table = run(*args, "--out", str(out))
    assert table.exit_code == 0, table.output
    lines = table.stdout.splitlines()
    assert lines[0] == (
        "Noughts and crosses: 2 games a cell, MCTS moving first in 1, seed 2; W/D/L from MCTS's side"
    )
    assert lines[1].split() == ["player", "cpu-s/move", "vs", "random", "vs", "mcts:40", "vs", "perfect"]
    assert [line.split()[0] for line in lines[2:]] == ["mcts:10", "mcts:40"]
    text = "".join(page.extract_text() for page in PdfReader(out).pages)
    titles = ("MCTS against random", "MCTS against mcts:40", "MCTS against perfect", "CPU seconds per move")
    for title in titles:
        assert title in text
    data = json.loads(run(*args, "--json").stdout)
    assert data["iterations"] == [10, 40] and data["opponents"] == ["random", "mcts:40", "perfect"]
    assert len(data["cells"]) == 6 and all(c["wins"] + c["draws"] + c["losses"] == 2 for c in data["cells"])


def test_bad_iterations_are_one_line():
    result = run("study", "thinking-time", "--iterations", "ten")
    assert result.exit_code == 2
    assert result.output == (
        "Error: --iterations 'ten': give iteration counts from 1 to 1,000,000 apart by "
        "commas, e.g. 50,200,1000\n"
    )
