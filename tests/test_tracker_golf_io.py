"""`menace golf`: the code-golf MENACE's input and output, driven line by line through a pipe."""

from __future__ import annotations

import os
import random
import select
import subprocess
import sys

GOLF = "LMR"
WINS = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


class Pipe:
    """The other end of `menace golf`: reads its output line by line, with a time limit on each."""

    def __init__(self, seed: int) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tracker", "golf", "--seed", str(seed)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)  # fmt: skip
        self.pending = b""

    def send(self, line: str) -> None:
        self.process.stdin.write(line.encode() + b"\n")
        self.process.stdin.flush()

    def line(self) -> str:
        while b"\n" not in self.pending:
            ready, _, _ = select.select([self.process.stdout], [], [], 20)
            assert ready, f"no output within 20 s after {self.pending!r}: it waits for input it was not owed"
            chunk = os.read(self.process.stdout.fileno(), 65536)
            assert chunk, "the output ended"
            self.pending += chunk
        line, self.pending = self.pending.split(b"\n", 1)
        return line.decode()

    def board(self) -> str:
        rows = [self.line() for _ in range(3)]
        assert all(len(row) == 7 and row[::2] == "||||" for row in rows), rows
        return "".join(row[1::2] for row in rows).replace(" ", ".")

    def boxes(self) -> dict[str, list[str]]:
        lines = [self.line() for _ in range(304)]
        boxes = {}
        for text in lines:
            position, beads = text.split(" ", 1)
            boxes[position] = [] if beads == "-" else beads.split()
        assert len(boxes) == 304
        return boxes


def won(board: str, mark: str) -> bool:
    return any(all(board[i] == mark for i in line) for line in WINS)


def test_games_fed_one_line_at_a_time_print_the_boards_and_every_box(tmp_path):
    rng = random.Random(5)
    pipe = Pipe(seed=3)
    pipe.send("3")  # and never more than one move ahead: each move is sent after the board it answers
    before = None
    try:
        for _ in range(3):
            assert pipe.line() == "new game"
            board, menace_moves = ".........", 0
            while not (won(board, "X") or won(board, "O") or "." not in board):
                after = pipe.board()  # MENACE's move
                changed = [i for i in range(9) if board[i] != after[i]]
                assert len(changed) == 1 and after[changed[0]] == "X"
                board, menace_moves = after, menace_moves + 1
                if won(board, "X") or "." not in board:
                    break
                square = rng.choice([i for i in range(9) if board[i] == "."])
                pipe.send(GOLF[square // 3] + GOLF[square % 3])
                after = pipe.board()
                assert after == board[:square] + "O" + board[square + 1 :]
                board = after
            boxes = pipe.boxes()
            assert boxes["........."]  # the opening box, its picture the empty board
            if before is not None:
                # Each bead MENACE drew changed its box by the rules: +1 win, 0 draw, -1 loss (no box ran dry
                # in these games: every box starts with a bead on every empty square).
                change = 1 if won(board, "X") else -1 if won(board, "O") else 0
                total = sum(map(len, boxes.values())) - sum(map(len, before.values()))
                drawn = min(menace_moves, 4)  # MENACE's fifth move is forced: no box
                assert total == change * drawn
                changed = [p for p in boxes if sorted(boxes[p]) != sorted(before[p])]
                assert len(changed) == (drawn if change else 0)
            before = boxes
        # Three games asked, three played: it ends without reading the input that is still open.
        assert pipe.process.wait(timeout=20) == 0
        assert pipe.process.stderr.read() == b""
    finally:
        pipe.process.kill()


def test_a_bad_move_is_asked_again_and_bad_or_short_input_is_one_line():
    done = subprocess.run([sys.executable, "-m", "tracker", "golf", "--seed", "1"], input="1\nMM\nzz\n",
                          capture_output=True, text=True, timeout=60)  # fmt: skip
    lines = done.stderr.splitlines()
    assert done.returncode == 2 and lines[-1] == "Error: the input ended in the middle of a game", done.stderr
    assert lines[:-1] == ["'zz' is not a move: two letters L/M/R, row then column; type the move again"]
    bad = subprocess.run([sys.executable, "-m", "tracker", "golf"], input="three\n", capture_output=True,
                         text=True, timeout=60)  # fmt: skip
    assert (bad.returncode, bad.stdout, bad.stderr) == (
        2, "", "Error: the first line says how many games to play, not 'three'\n")  # fmt: skip
