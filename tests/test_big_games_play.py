"""A person plays the bigger games at the terminal: boards drawn with their coordinates, moves typed as
players write them, every typo answered in one line."""

from __future__ import annotations

from tests.cli import run


def match(game: str, typed: str, opponent: str = "mcts:20"):
    return run(
        "match",
        "--game",
        game,
        "--first",
        "human",
        "--second",
        opponent,
        "--games",
        "1",
        "--seed",
        "1",
        input=typed,
    )


def test_four_in_a_row_numbers_its_columns_and_refuses_a_full_or_unknown_column():
    # The reference search, so that the typed moves meet the same replies whether numba is installed or not.
    result = match("connect4", "4\n4\n4\n8\nx\n4\n4\n4\n", opponent="mcts:20:python")
    lines = result.output.splitlines()
    assert lines[:8] == ["  . . . . . . ."] * 6 + ["  1 2 3 4 5 6 7", "Your move (column 1-7): 4"]
    assert "  '8' is not a column: type a column number 1-7 (1 is the left)" in lines
    assert "  'x' is not a column: type a column number 1-7 (1 is the left)" in lines
    assert any(line.startswith("  column 4 is full: choose one of ") for line in lines)
    assert lines[-1] == "Error: no more moves were typed, so the match stopped" and result.exit_code == 2


def test_othello_draws_files_and_ranks_and_stars_the_legal_squares():
    # The reference search: the board is what is tested, not the compiled search (whose first use compiles).
    result = match("othello", "e3\nd3\n", opponent="mcts:20:python")
    lines = result.stdout.splitlines()
    assert lines[:10] == [
        "    a b c d e f g h",
        "  1 . . . . . . . .",
        "  2 . . . . . . . .",
        "  3 . . . * . . . .",
        "  4 . . * W B . . .",
        "  5 . . . B W * . .",
        "  6 . . . . * . . .",
        "  7 . . . . . . . .",
        "  8 . . . . . . . .",
        "  Black 2 discs, White 2",
    ]
    assert lines[10] == "Your move (a square such as d3; * marks the legal ones): e3"
    assert lines[11] == "  a disc on e3 turns nothing over: choose one of d3, c4, f5, e6"
    assert lines[13].startswith("mcts:20:python plays ")
    assert lines[15] == "  1 . . . . . . . ."
    assert lines[17].startswith("  3 ") and lines[17][4 + 2 * 3] == "B"  # Black's disc on d3
    assert lines[23] in ("  Black 3 discs, White 3", "  Black 2 discs, White 4")  # one or two turned


def test_ultimate_draws_the_local_boards_apart_and_stars_the_board_to_play_in():
    result = match("ultimate", "e5\ne5\n", opponent="mcts:20:python")  # the board, not the compiled search
    lines = result.stdout.splitlines()
    assert lines[0] == "    a b c | d e f | g h i"
    assert lines[1:4] == [f"  {row} * * * | * * * | * * *" for row in (1, 2, 3)]
    assert lines[4] == "    ------+-------+------"
    assert lines[12] == "Your move (a cell such as e5, in any board not finished; * marks the legal ones): e5"
    reply = lines[13]
    assert reply.startswith("mcts:20:python plays ") and reply.endswith(" of the centre board).")
    board = lines[14:26]
    stars = [line for line in board if "*" in line]
    assert len(stars) == 3 and all(line.count("*") == 3 for line in stars)  # one local board open
    assert any("X" in line for line in board) and any("O" in line for line in board)
    assert lines[26].startswith("Your move (a cell such as e5, in the ")
    assert lines[27].startswith("  e5 is taken: choose one of ")
