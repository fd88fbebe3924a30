"""The code-golf MENACE's input and output: the number of games, then the opponent's
moves line by line on standard input; "new game" before each game, the board after every move, and every
box's beads after each game on standard output.

MENACE plays first with the golf preset's 304 boxes, through the kit's one match loop. Input is read one
line at a time, only when a move is wanted, and every line out is flushed at once, so a program at the
other end of a pipe can answer each board as it comes.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from kit.catalogue import build_catalogue
from kit.game import GameError, State
from kit.i18n import _
from kit.match import play_game
from kit.matchbox import Catalogue
from kit.players import MenacePlayer
from kit.rules import load_rules
from tracker.state.errors import MenaceError

GOLF = "LMR"
MAX_LINE = 1000

ReadLine = Callable[[], str]  # one line, "" at the end of the input
Write = Callable[[str], None]  # one line out (no newline), flushed


class InputEnded(MenaceError):
    """The input ended before the games it announced were played."""


def board_lines(position: str) -> list[str]:
    """The board as the challenge draws it: three rows of |X|O| |."""
    cells = [" " if mark == "." else mark for mark in position]
    return ["|" + "|".join(cells[row * 3 : row * 3 + 3]) + "|" for row in range(3)]


def box_line(catalogue: Catalogue, box_id: int, counts: dict[Any, int]) -> str:
    """One box: its picture (nine characters, reading order) and a square in golf letters per bead."""
    box = catalogue.box(box_id)
    beads = [GOLF[m // 3] + GOLF[m % 3] for m in box.moves for _ in range(counts.get(m, 0))]
    return f"{box.position} {' '.join(beads) or '-'}"


class Opponent:
    """The other side: a move per line of input, two letters, row then column (L/M/R)."""

    def __init__(self, read_line: ReadLine, warn: Write) -> None:
        self.read_line, self.warn = read_line, warn

    def choose(self, state: State[Any], rng: random.Random) -> Any:
        game = build_catalogue("tictactoe", "first", load_rules("golf")).game
        while True:
            line = self.read_line()
            if not line:
                raise InputEnded(_("the input ended in the middle of a game"))
            text = line.strip()[:MAX_LINE]
            try:
                golf = len(text) == 2 and all(c in GOLF for c in text.upper())
                move = game.parse_move(text) if golf else None
                if move is None:
                    message = _("{text} is not a move: two letters L/M/R, row then column")
                    raise GameError(message.format(text=repr(text[:20])))
                game.play(state, move)
            except GameError as error:
                self.warn(_("{error}; type the move again").format(error=error))
                continue
            return move

    def learn(self, result: Any) -> None:
        """The other side learns nothing here."""


def run(read_line: ReadLine, write: Write, warn: Write, rng: random.Random) -> int:
    """Plays the games the first line asks for; returns how many. Raises MenaceError for input that
    does not say how many games, or that ends too soon."""
    first = read_line().strip()
    if not first.isdigit() or not first.isascii() or len(first) > 9:
        message = _("the first line says how many games to play, not {text}")
        raise MenaceError(message.format(text=repr(first[:20])))
    catalogue = build_catalogue("tictactoe", "first", load_rules("golf"))
    game = catalogue.game
    menace = MenacePlayer(catalogue)
    opponent = Opponent(read_line, warn)

    def move_and_show(state: State[Any], move: Any) -> State[Any]:
        state = game.play(state, move)
        for line in board_lines(state.position):
            write(line)
        return state

    for _game in range(int(first)):
        write("new game")  # the challenge's own output, in every language
        play_game(game, [menace, opponent], rng, apply=move_and_show)
        for box in catalogue.boxes:
            write(box_line(catalogue, box.id, menace.boxes[box.id]))
    return int(first)
