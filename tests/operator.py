"""A simulated teacher for scripted physical sessions: it keeps its own matchboxes and answers the prompts.

It reads what the tracker printed, draws beads from its own boxes (not the tracker's mirror), plays
random legal moves for the opponent, and settles each game with its own arithmetic of the preset, so
a test can compare the tracker's counts with an independent model of the physical boxes.
"""

from __future__ import annotations

import io
import random
import re
import sys

from click.testing import CliRunner  # noqa: F401  (the tests import it from here too)

from kit.catalogue import build_catalogue
from kit.nim import Nim, NimHeaps
from kit.palettes import Colour, load_palette
from kit.rules import load_rules
from tracker.cli.main import main

MAX_ANSWERS = 5_000  # a 20-game session needs a few hundred


class Operator:
    def __init__(self, game: str, menace_plays: str, rules: str, palette: str, seed: int) -> None:
        self.rules = load_rules(rules)
        self.catalogue = build_catalogue(game, menace_plays, self.rules)
        self.palette = load_palette(palette)
        self.rng = random.Random(seed)
        self.boxes = {b.id: b.initial_counts() for b in self.catalogue.boxes}
        self.drawn: list[tuple[int, int]] = []  # (box, move) set aside this game
        self.results: list[str] = []
        self.out = io.StringIO()
        self.read_to = 0
        self.box: int | None = None
        self.nim = isinstance(self.catalogue.game, Nim)
        self.heaps = isinstance(self.catalogue.game, NimHeaps)
        self.lines_answered = 0

    # The tracker calls this for every answer.
    def readline(self, size: int = -1) -> str:
        text = self.out.getvalue()[self.read_to :]
        self.read_to = len(self.out.getvalue())
        self.follow(text)
        prompt = text.rsplit("\n", 1)[-1]
        self.lines_answered += 1
        # A teacher whose boxes drift from the tracker's gets its answers refused over and over: fail
        # instead of hanging.
        assert self.lines_answered < MAX_ANSWERS, f"no end after {MAX_ANSWERS} answers: {prompt!r}"
        if prompt.startswith("Colour drawn"):
            return self.draw() + "\n"
        if prompt.startswith("Opponent"):
            return self.opponent_move(text) + "\n"
        if prompt.startswith("Apply"):
            return "y\n"
        raise AssertionError(f"unexpected prompt {prompt!r}")

    def isatty(self) -> bool:
        return False

    def follow(self, text: str) -> None:
        """Reads what happened: boxes opened, refills to put in, games that ended."""
        for line in text.splitlines():
            opened = re.match(r"Open box (\d+)", line)
            if opened:
                self.box = int(opened.group(1))
            refill = re.search(r"Box (\d+) is empty: put in (.*) \(rules", line)
            if refill:
                box = int(refill.group(1))
                for part in refill.group(2).split(", "):
                    count, name = part.split()
                    colour = self.palette.parse(name)
                    (move,) = [m for m in self.catalogue.box(box).moves if self.colour(box, m) == colour]
                    self.boxes[box][move] = self.boxes[box].get(move, 0) + int(count)
            ended = re.match(r"(MENACE wins|MENACE loses|A draw)", line)
            if ended:
                self.settle({"MENACE wins": "win", "MENACE loses": "loss", "A draw": "draw"}[ended.group(1)])

    def draw(self) -> str:
        counts = self.boxes[self.box]
        if not sum(counts.values()):
            return "empty"
        ticket = self.rng.randrange(sum(counts.values()))
        for move, count in sorted(counts.items()):  # noqa: B007  (the loop leaves the drawn move in `move`)
            ticket -= count
            if ticket < 0:
                break
        counts[move] -= 1
        self.drawn.append((self.box, move))
        colour = self.colour(self.box, move)
        return self.rng.choice([colour.name, colour.code, colour.name.upper(), f"  {colour.name} "])

    def colour(self, box: int, move: object) -> Colour:
        """The colour the box's label shows for ``move``: one colour per move, or with colours per box the
        palette's colours in turn over the box's moves in the order of their codes."""
        code = self.catalogue.game.move_code(move)
        if not self.palette.per_box:
            return self.palette.for_move(code)
        codes = sorted(self.catalogue.game.move_code(m) for m in self.catalogue.box(box).moves)
        return self.palette.colours[codes.index(code)]

    def opponent_move(self, text: str) -> str:
        if self.nim:
            tokens = int(re.findall(r"(\d+) tokens? left", text)[-1])
            return str(self.rng.randint(1, min(3, tokens)))
        if self.heaps:  # the heaps are the last lines "  N tokens left", one per heap
            count = len(self.catalogue.game.heaps)
            heaps = [int(n) for n in re.findall(r"(\d+) tokens? left", text)[-count:]]
            heap = self.rng.choice([h for h in heaps if h])
            typed = [f"{self.rng.randint(1, heap)} from {heap}", f"take 1 from the heap of {heap}"]
            return self.rng.choice(typed)
        rows = [
            line.split() for line in text.splitlines() if re.fullmatch(r"  [XO1-9] [XO1-9] [XO1-9]", line)
        ]
        board = [cell for row in rows[-3:] for cell in row]
        free = [i for i, cell in enumerate(board) if cell not in "XO"]
        square = self.rng.choice(free)
        if self.rng.random() < 0.5:
            return str(square + 1)
        return "LMR"[square // 3] + "LMR"[square % 3].lower()

    def settle(self, result: str) -> None:
        """The preset's rule, written out afresh: net change to the drawn colour, floor, keep-one."""
        change = {"win": self.rules.win, "draw": self.rules.draw, "loss": self.rules.loss}[result]
        for index, (box, move) in enumerate(self.drawn):
            counts = self.boxes[box]
            after = max(self.rules.floor, counts[move] + 1 + change)
            others = sum(counts.values()) - counts[move]
            if others + after == 0 and (
                self.rules.keep_one == "every-box" or (self.rules.keep_one == "first-box" and index == 0)
            ):
                after = 1
            counts[move] = after
        self.drawn = []
        self.results.append(result)


def run_with_operator(operator: Operator, args: list[str]) -> int:
    """Runs `menace ARGS` in-process, the operator on stdin and its tap on stdout; returns the exit code."""
    saved = sys.stdin, sys.stdout
    sys.stdin, sys.stdout = operator, operator.out
    try:
        main.main(args, standalone_mode=False)
        code = 0
    except SystemExit as stop:
        code = stop.code or 0
    finally:
        sys.stdin, sys.stdout = saved
    operator.follow(operator.out.getvalue()[operator.read_to :])
    operator.read_to = len(operator.out.getvalue())  # so a second run does not read this one's end again
    return code
