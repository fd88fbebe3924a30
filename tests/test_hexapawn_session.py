"""A scripted physical Hexapawn session: 20 games at the table, answered by a simulated teacher who keeps
its own boxes and settles them by Gardner's rule, worked out afresh here."""

from __future__ import annotations

import re
from typing import Any

import pytest
from click.testing import CliRunner

from kit.game import SIDES, State
from kit.games import get_game
from tests.operator import Operator, run_with_operator
from tracker.cli.main import main
from tracker.store.event_store import Store

GAME = get_game("hexapawn")
BOARD_ROW = re.compile(r"  ([123]) ([WB.]) ([WB.]) ([WB.])$")


def by_code(boxes: dict[int, dict[Any, int]]) -> dict[int, dict[int, int]]:
    """Each box's beads by move code, as the palette keys them."""
    return {box: {GAME.move_code(m): n for m, n in counts.items()} for box, counts in boxes.items()}


class HexapawnTeacher(Operator):
    """Reads the board the tracker prints, plays a random legal pawn move for the opponent, and settles
    a game as Gardner's HER is settled (or by the preset's change to every drawn bead)."""

    def __init__(self, side: str, rules: str, palette: str, seed: int) -> None:
        super().__init__("hexapawn", side, rules, palette, seed)
        self.opponent = 1 - SIDES[side]

    def opponent_move(self, text: str) -> str:
        rows = [match.groups()[1:] for line in text.splitlines() if (match := BOARD_ROW.match(line))]
        board = "".join("".join(row) for row in rows[-3:])
        move = self.rng.choice(GAME.legal_moves(State(board, self.opponent)))
        return GAME.move_text(move, self.rng.choice(["algebraic", "numbers"]))

    def settle(self, result: str) -> None:
        if self.rules.punish != "last-move":
            super().settle(result)
            return
        # Gardner: every drawn bead goes back, except after a defeat the last one MENACE drew (the box
        # before, when it resigned at an empty box), which is confiscated.
        for index, (box, move) in enumerate(self.drawn):
            last = index == len(self.drawn) - 1
            self.boxes[box][move] += 0 if result == "loss" and last else 1
        self.drawn = []
        self.results.append(result)


# The default colours per box (the teacher types the colour of the arrow on the box's own label), and the
# one colour a move of the kits printed before them.
@pytest.mark.parametrize(
    "side, rules, palette, seed",
    [
        ("second", "gardner", "hexapawn-four", 13),
        ("first", "hexapawn-michie", "hexapawn-four", 3),
        ("second", "gardner", "hexapawn-craft", 13),
    ],
)
def test_twenty_physical_hexapawn_games_match_the_teachers_boxes(tmp_path, side, rules, palette, seed):
    db = str(tmp_path / "m.sqlite3")
    made = CliRunner().invoke(
        main,
        [
            "new",
            "k",
            "--db",
            db,
            "--game",
            "hexapawn",
            "--menace-plays",
            side,
            "--rules",
            rules,
            "--palette",
            palette,
        ],
    )
    assert made.exit_code == 0, made.output
    teacher = HexapawnTeacher(side, rules, palette, seed)
    code = run_with_operator(teacher, ["play", "--db", db, "--games", "20"])
    assert code == 0, teacher.out.getvalue()[-2000:]
    assert len(teacher.results) == 20
    # The session must show what the rules are about: wins and defeats.
    assert "loss" in teacher.results and "win" in teacher.results
    store = Store(tmp_path / "m.sqlite3")
    kit = store.kit("k")
    assert [g["result"] for g in store.games(kit)] == teacher.results
    assert by_code(store.mirror(kit)) == by_code(teacher.boxes)
    if rules == "gardner":
        # HER only loses beads, and this seed meets an empty box: the bead drawn before is the one taken.
        assert all(n in (0, 1) for counts in teacher.boxes.values() for n in counts.values())
        assert teacher.out.getvalue().count("MENACE resigns (rules gardner)") == 1
    verified = CliRunner().invoke(main, ["verify", "--db", db])
    assert verified.exit_code == 0 and verified.output.startswith("OK: "), verified.output
