"""`menace import --from pk`: a day's log of the open-day tracker, against a direct replay of its rules."""

from __future__ import annotations

import json
from pathlib import Path

from tests.cli import run
from tracker.store.event_store import Store

# The other tracker's eight symmetries, as its format lists them: board[i] = picture[rot[i]].
ROTS = [[0, 1, 2, 3, 4, 5, 6, 7, 8], [0, 3, 6, 1, 4, 7, 2, 5, 8], [6, 3, 0, 7, 4, 1, 8, 5, 2],
        [6, 7, 8, 3, 4, 5, 0, 1, 2], [8, 7, 6, 5, 4, 3, 2, 1, 0], [8, 5, 2, 7, 4, 1, 6, 3, 0],
        [2, 5, 8, 1, 4, 7, 0, 3, 6], [2, 1, 0, 5, 4, 3, 8, 7, 6]]  # fmt: skip
WINS = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]]

CONFIG = {"INITIAL_BOX_BEADS": [8, 8, 0, 0, 8, 0, 0, 0, 0], "INITIAL_WEIGHTS": [4, 2, 1],
          "COLOUR_MAP": ["r", "o", "y", "g", "b", "u", "p", "w", "l", "D"],
          "INCENTIVES": [1, 3, -1]}  # fmt: skip
# Written by hand: bead (a square of the box's picture, 9 = resign), visitor's square, ..., forced move.
GAMES = [
    [4, 0, 1, 7, 2, 6, 3, 8],  # the visitor wins along the bottom row
    [0, 2, 4, 1, 7, 8, 5, 6, 3],  # MENACE wins with its forced last move
    [4, 0, 1, 7, 2, 6, 3, 8],  # game 1 again: box 4th-move bead 3 was confiscated to none, and is drawn
    [0, 4, 9],  # MENACE resigns at its second box, which holds beads
    [2, 0, 3, 1, 6],  # square 2 of the opening box has no beads, yet is drawn (and wins)
    [4, 0, 2, 6, 6, 5, 7, 7, 1],  # a draw, the forced move at the end
    [4, 8, 8, 7, 2, 2, 7, 3, 5],  # a draw
]


def mirror(board, rot):
    return "".join(board[rot[i]] for i in range(9))


def lined(board):
    return any(board[a] != "." and board[a] == board[b] == board[c] for a, b, c in WINS)


def with_mark(board, square, mark):
    cells = list(board)
    cells[square] = mark
    return "".join(cells)


def bead_cells(picture):
    given = []
    for cell in (c for c in range(9) if picture[c] == "."):
        after = with_mark(picture, cell, "X")
        if not any(mirror(after, rot) == with_mark(picture, g, "X") for rot in ROTS for g in given):
            given.append(cell)
    return given


def their_replay(config, games):
    """The other tracker, as the format's notes describe it: its pictures, counts per picture square, and
    +3/+1/-1 (never below 0, the opening box kept from emptying) at the end of each game."""
    levels = [["........."]]
    while len(levels) < 4:
        found = []
        for picture in levels[-1]:
            for x in bead_cells(picture):
                for y in range(9):
                    if y != x and picture[y] == ".":
                        board = with_mark(with_mark(picture, x, "X"), y, "O")
                        if not lined(board) and not any(mirror(board, r) in found for r in ROTS):
                            found.append(board)
        levels.append(found)
    assert [len(level) for level in levels] == [1, 12, 108, 183]
    counts = {".........": list(config["INITIAL_BOX_BEADS"])}
    for level, weight in zip(levels[1:], config["INITIAL_WEIGHTS"], strict=True):
        for picture in level:
            counts[picture] = [weight if c in bead_cells(picture) else 0 for c in range(9)]
    results = []
    for moves in games:
        board, drawn, result = ".........", [], None
        for index, value in enumerate(moves):
            if index % 2 == 1 or board.count("X") == 4:  # the visitor's square, or the forced last move
                board = with_mark(board, value, "O" if index % 2 else "X")
            elif value == 9:
                result = "loss"
                break
            else:
                level = levels[board.count("X")]
                picture, rot = next((p, r) for p in level for r in ROTS if mirror(p, r) == board)
                drawn.append((picture, value))
                board = with_mark(board, rot.index(value), "X")
        if result is None:
            x_won = any(all(board[c] == "X" for c in line) for line in WINS)
            result = "win" if x_won else "loss" if lined(board) else "draw"
        change = dict(zip(["draw", "win", "loss"], config["INCENTIVES"], strict=True))
        for picture, square in drawn:
            counts[picture][square] = max(0, counts[picture][square] + change[result])
            if picture == "........." and sum(counts[picture]) == 0:
                counts[picture][square] = 1
        results.append(result)
    return levels, counts, results


def test_a_hand_written_log_gives_the_counts_of_a_direct_replay_of_its_rules(tmp_path):
    log = tmp_path / "2026-06-14.json"
    log.write_text(json.dumps({"CONFIG": CONFIG, "GAMES": GAMES}))
    db = str(tmp_path / "m.sqlite3")
    result = run("import", "--db", db, "--from", "pk", "--kit", "open day", str(log))
    levels, counts, results = their_replay(CONFIG, GAMES)
    assert results == ["loss", "win", "loss", "loss", "win", "draw", "draw"]
    assert (result.exit_code, result.output) == (0, (
        "Imported 7 games of the open-day tracker's log into kit open day (rules open-day): 2 won, 2 drawn, "
        "3 lost.\n"
        "3 anomalies kept as they happened, listed here:\n"
        "  game 3: MENACE drew a bead of a colour box 198 held none of (square 6)\n"
        "  game 4: MENACE resigned at box 8, which held beads\n"
        "  game 5: MENACE drew a bead of a colour box 1 held none of (square 3)\n"))  # fmt: skip
    store = Store(db)
    kit = store.kit("open day")
    assert [g["result"] for g in store.games(kit)] == results
    ours = store.mirror(kit)
    for box in kit.boxes:  # each of our colours is a class of the other tracker's squares
        picture, rot = next((p, r) for p in levels[box.position.count("X")] for r in ROTS
                            if mirror(p, r) == box.position)  # fmt: skip
        for bead in box.moves:
            after = with_mark(picture, rot[bead], "X")
            same = [c for c in range(9) if picture[c] == "." and any(
                mirror(with_mark(picture, c, "X"), r) == after for r in ROTS)]  # fmt: skip
            assert ours[box.id].get(bead, 0) == sum(counts[picture][c] for c in same), (box.id, bead)
    assert run("verify", "--db", db).exit_code == 0


def test_a_file_that_is_not_such_a_log_is_one_line_and_nothing_is_recorded(tmp_path):
    db = str(tmp_path / "m.sqlite3")
    cases = {
        "[1, 2]": 'not a log of the open-day tracker (no "CONFIG" and "GAMES")',
        "{": "not a log of the open-day tracker (not JSON)",
        json.dumps({"CONFIG": {**CONFIG, "INITIAL_WEIGHTS": [4, 2]}, "GAMES": []}):
            "CONFIG.INITIAL_WEIGHTS is not 3 whole numbers",
        json.dumps({"CONFIG": {**CONFIG, "INCENTIVES": [0, 1, -1]}, "GAMES": []}):
            "no rules preset rewards a draw +0, a win +1 and a loss -1 with the opening box kept from "
            "emptying",
        json.dumps({"CONFIG": CONFIG, "GAMES": [[4, 0], [4, 4, 1]]}):
            "game 1: the game is not over at the end of its numbers",
        json.dumps({"CONFIG": CONFIG, "GAMES": [[4, 4]]}):
            "game 1: square 5 (centre) is taken: choose one of 1, 2, 3, 4, 6, 7, 8, 9",
        json.dumps({"CONFIG": CONFIG, "GAMES": [[4, "0"]]}): "game 1 is not a list of squares 0-9",
    }  # fmt: skip
    for number, (text, message) in enumerate(cases.items()):
        path = tmp_path / f"bad{number}.json"
        path.write_text(text)
        result = run("import", "--db", db, "--from", "pk", "--kit", "k", str(path))
        assert (result.exit_code, result.output) == (2, f"Error: {message}; nothing imported\n"), text
    assert not Path(db).exists()  # a failed import leaves no empty store behind
    usage = run("import", "--db", db, "--from", "pk", str(path))
    assert usage.exit_code == 2 and "--kit NAME goes with --from pk" in usage.output
