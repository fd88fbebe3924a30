"""The tracker holds a game's own moves and writes only their codes: checked with a game whose moves are not
numbers.

Letter tic-tac-toe is noughts and crosses with its squares named "a" to "i" in memory; their codes stay
0-8. If any part of the tracker took a move for its code (a JSON key, a database column, a palette
lookup), a session would fail or print something else than the same session of the ordinary game.
"""

from __future__ import annotations

import itertools
import json

import pytest
from click.testing import CliRunner

import kit.catalogue
import kit.games
import tracker.cli.kits
import tracker.store.event_store
import tracker.table.commands
from kit.game import State, Transform
from kit.tictactoe import TicTacToe
from tracker.cli.main import main
from tracker.state.text import cell_moves

LETTERS = "abcdefghi"
PLAIN = TicTacToe()  # words and pictures come from the ordinary game, so they cannot call back into ours


class LetterTicTacToe(TicTacToe):
    """Noughts and crosses whose moves are letters; everything a person sees is the ordinary game's."""

    def legal_moves(self, state: State[str]) -> tuple[str, ...]:  # type: ignore[override]
        return tuple(LETTERS[square] for square in super().legal_moves(state))

    def apply(self, state: State[str], move: str) -> State[str]:  # type: ignore[override]
        return super().apply(state, LETTERS.index(move))

    def illegal_reason(self, state: State[str], move: str) -> str:  # type: ignore[override]
        return PLAIN.illegal_reason(state, LETTERS.index(move))

    def parse_move(self, text: str) -> str:  # type: ignore[override]
        return LETTERS[PLAIN.parse_move(text)]

    def move_text(self, move: str, notation: str = "numbers") -> str:  # type: ignore[override]
        return PLAIN.move_text(LETTERS.index(move), notation)

    def move_phrase(self, move: str, notation: str = "numbers") -> str:  # type: ignore[override]
        return PLAIN.move_phrase(LETTERS.index(move), notation)

    def move_code(self, move: str) -> int:  # type: ignore[override]
        return LETTERS.index(move)

    def move_from_code(self, code: int) -> str:  # type: ignore[override]
        return LETTERS[code]

    def move_mark(self, move: str):  # type: ignore[no-untyped-def, override]
        return PLAIN.move_mark(LETTERS.index(move))

    @property
    def symmetries(self) -> tuple[Transform, ...]:  # type: ignore[override]
        return tuple(
            Transform(t.name, t.description, t.position, lambda m, t=t: LETTERS[t.move(LETTERS.index(m))])
            for t in super().symmetries
        )


def session(db: str, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """A teacher's session with every kind of event, and what each step printed."""
    # Ids made in order: a refill's colours are seeded by its game's id.
    counter = itertools.count()
    for module in (tracker.store.event_store, tracker.table.commands, tracker.cli.kits):
        monkeypatch.setattr(module, "new_id", lambda: f"{next(counter):032x}")
    nine = ["red=0", "yellow=0", "blue=0", "green=0", "black=0", "orange=0", "white=0", "violet=0", "pink=0"]
    steps = [
        (["new", "g", "--rules", "golf"], None),
        (
            [
                "play",
                "--kit",
                "g",
                "--draw",
                "digital",
                "--opponent",
                "random",
                "--games",
                "3",
                "--seed",
                "1",
            ],
            None,
        ),
        (["census", "--kit", "g", "1", *nine], None),  # golf refills an empty box
        (
            ["play", "--kit", "g", "--draw", "digital", "--opponent", "random", "--seed", "4", "--confirm"],
            "undo\ny\n",
        ),
        (["new", "m"], None),
        (["play", "--kit", "m", "--notation", "golf"], "red\n5\nundo\nLR\nboard\nb\n9\nquit\n"),
        (["undo", "--kit", "m"], None),
        (["games", "--kit", "g", "--json"], None),
        (["stats", "--kit", "g", "--json"], None),
        (["box", "--kit", "g", "1", "--json"], None),
        (["box", "--kit", "m", "3"], None),
        (["boxes", "--kit", "g"], None),
        (["verify"], None),
    ]
    runner, outputs = CliRunner(), []
    for args, answers in steps:
        result = runner.invoke(main, [*args, "--db", db], input=answers)
        assert result.exception is None or isinstance(result.exception, SystemExit), (args, result.exception)
        outputs.append(result.output)
    return outputs


def without_ids(text: str) -> str:
    """A session's output with what differs between any two runs (ids, times, the store's path) left out."""
    lines = []
    for line in text.splitlines():
        if line.startswith("["):
            line = json.dumps(
                [
                    {k: v for k, v in g.items() if k not in ("id", "started_at", "ended_at")}
                    for g in json.loads(line)
                ]
            )
        lines.append(line.split("Store: ")[0])
    return "\n".join(lines)


@pytest.fixture
def letters(monkeypatch):
    monkeypatch.setitem(kit.games.GAMES, "tictactoe", LetterTicTacToe)
    for cached in (kit.games, kit.catalogue.build_catalogue, cell_moves):
        cached.cache_clear()
    yield
    for cached in (kit.games, kit.catalogue.build_catalogue, cell_moves):
        cached.cache_clear()


def test_a_session_with_letter_moves_prints_and_stores_what_the_ordinary_game_does(
    tmp_path, letters, monkeypatch
):
    game = kit.games.get_game("tictactoe")
    assert isinstance(game, LetterTicTacToe) and game.legal_moves(game.initial())[0] == "a"
    with_letters = session(str(tmp_path / "letters.sqlite3"), monkeypatch)
    kit.games.GAMES["tictactoe"] = TicTacToe
    for cached in (kit.games, kit.catalogue.build_catalogue, cell_moves):
        cached.cache_clear()
    ordinary = session(str(tmp_path / "ordinary.sqlite3"), monkeypatch)
    assert "Box 1 is empty: put in " in with_letters[3] and "Took back" in with_letters[3]
    assert "  Took back the opponent's move." in with_letters[5] and "Took back" in with_letters[6]
    assert with_letters[-1].startswith("OK: ")
    for mine, theirs in zip(with_letters, ordinary, strict=True):
        assert without_ids(mine.replace("letters.sqlite3", "x")) == without_ids(
            theirs.replace("ordinary.sqlite3", "x")
        )
