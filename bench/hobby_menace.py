"""A MENACE as a hobbyist would write it in an afternoon: the yardstick for bench/simulate.py.

Boards are lists, a position is canonicalised by trying all 8 symmetries, a box is a list of beads
(one entry per bead, the square it stands for) and random.choice draws one. Michie's rules: 4/3/2/1
beads per empty square by MENACE's move, +3 / +1 / -1; an empty box resigns. Deliberately plain and
independent of the kit: it is what the simulator's speed is compared against, not a reference.
"""
import random

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]
SYMMETRIES = [
    [0, 1, 2, 3, 4, 5, 6, 7, 8], [6, 3, 0, 7, 4, 1, 8, 5, 2], [8, 7, 6, 5, 4, 3, 2, 1, 0],
    [2, 5, 8, 1, 4, 7, 0, 3, 6], [2, 1, 0, 5, 4, 3, 8, 7, 6], [6, 7, 8, 3, 4, 5, 0, 1, 2],
    [0, 3, 6, 1, 4, 7, 2, 5, 8], [8, 5, 2, 7, 4, 1, 6, 3, 0],
]
BEADS_BY_MOVE = [4, 3, 2, 1, 1]


def winner(board):
    for a, b, c in LINES:
        if board[a] != " " and board[a] == board[b] == board[c]:
            return board[a]
    return None


def canonical(board):
    """The smallest of the 8 transformed boards as a string, and the symmetry that made it."""
    best, best_sym = None, None
    for sym in SYMMETRIES:
        text = "".join(board[sym[i]] for i in range(9))
        if best is None or text < best:
            best, best_sym = text, sym
    return best, best_sym


class HobbyMenace:
    def __init__(self, rng):
        self.rng = rng
        self.boxes = {}
        self.used = []

    def move(self, board):
        key, sym = canonical(board)
        if key not in self.boxes:
            empties = [i for i in range(9) if key[i] == " "]
            count = BEADS_BY_MOVE[(9 - len(empties)) // 2]
            self.boxes[key] = [square for square in empties for _ in range(count)]
        beads = self.boxes[key]
        if not beads:
            return None
        bead = self.rng.choice(beads)
        beads.remove(bead)
        self.used.append((key, bead))
        return sym[bead]  # square `bead` of the canonical board is square sym[bead] of the real one

    def learn(self, result):
        extra = {"win": 4, "draw": 2, "loss": 0}[result]
        for key, bead in self.used:
            self.boxes[key].extend([bead] * extra)
        self.used = []


def play(menace, rng):
    board = [" "] * 9
    for turn in range(9):
        if turn % 2 == 0:
            square = menace.move(board)
            if square is None:
                menace.learn("loss")
                return "loss"
            board[square] = "X"
        else:
            square = rng.choice([i for i in range(9) if board[i] == " "])
            board[square] = "O"
        mark = winner(board)
        if mark:
            result = "win" if mark == "X" else "loss"
            menace.learn(result)
            return result
    menace.learn("draw")
    return "draw"


def run(games, seed):
    rng = random.Random(seed)
    menace = HobbyMenace(rng)
    return [play(menace, rng) for _ in range(games)]
