"""The play table as a library: driven by a scripted operator, with no click and no terminal."""

from __future__ import annotations

import random

import pytest

from kit.catalogue import build_catalogue
from kit.rules import load_rules
from tracker.state.kit_record import KitRecord
from tracker.state.opponents import Opponent
from tracker.store.event_store import Store, new_id
from tracker.table.play_table import Stop, Table


class Script:
    """An operator reading answers from a list and keeping every line it is told."""

    def __init__(self, *answers: str) -> None:
        self.answers, self.said = list(answers), []

    def ask(self, prompt: str) -> str:
        if not self.answers:
            raise EOFError
        self.said.append(prompt + self.answers[0])
        return self.answers.pop(0)

    def say(self, line: str) -> None:
        self.said.extend(line.split("\n"))


def nim_table(tmp_path, operator: Script, **options) -> tuple[Store, Table]:
    store = Store(tmp_path / "m.sqlite3", create=True)
    catalogue = build_catalogue("nim", "first", load_rules("nim"))
    kit = KitRecord(
        new_id(), "pile", "nim", "first", "nim", "nim-craft", catalogue.fingerprint, catalogue.boxes
    )
    return store, Table(store, store.create_kit(kit), operator, **options)


def test_a_physical_game_with_an_undo_is_recorded_move_by_move(tmp_path):
    operator = Script("red", "2", "yellow", "undo", "undo", "3", "blue", "1", "red")
    store, table = nim_table(tmp_path, operator, rng=random.Random(1))
    assert table.play_game() is True
    kit = store.kit("pile")
    (game,) = store.games(kit)
    # 9 tokens: MENACE takes 1, the opponent 3 (its 2 and MENACE's 2 were taken back), MENACE 3, the
    # opponent 1, and MENACE must take the last token.
    assert (game["moves"], game["result"]) == ("1 3 3 1 1", "loss")
    assert "  Took back the opponent's move." in operator.said
    assert "  Took back MENACE's move: put the yellow bead back in box 6." in operator.said
    assert operator.said[-1] == "Recorded. Kit pile: 1 game, 0 won, 0 drawn, 1 lost, score -1."


def test_quit_stops_and_keeps_the_game(tmp_path):
    store, table = nim_table(tmp_path, Script("red", "quit"))
    with pytest.raises(Stop):
        table.play_game()
    session = store.world(store.kit("pile")).session
    assert session is not None and session.moves == [1]


def test_a_digital_game_against_a_computer_asks_nothing(tmp_path):
    operator = Script()  # no answers: any question would end the game with EOFError
    store, table = nim_table(
        tmp_path, operator, bead_source="digital", opponent=Opponent.parse("ideal"), rng=random.Random(2)
    )
    assert table.play_game() is True
    assert [g["status"] for g in store.games(store.kit("pile"))] == ["finished"]
    assert any(line.startswith("  The ideal opponent takes ") for line in operator.said)


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("word", ["empty", "none", "leer", " LEER "])
def test_an_empty_box_is_said_in_either_language(tmp_path, language, word):
    """The word for 'empty' comes from the catalogue, and every language's word works whichever is spoken;
    nim resigns on an empty box, so the answer ends the game."""
    from kit.i18n import current_language, use_language

    store, table = nim_table(tmp_path, Script("census", "red=0 yellow=0 blue=0", word))
    spoken = current_language()
    use_language(language)
    try:
        assert table.play_game() is True
    finally:
        use_language(spoken)
    (game,) = store.games(store.kit("pile"))
    assert (game["moves"], game["result"]) == ("", "loss")
    assert ("  Schachtel 9 ist leer: MENACE gibt auf (Regeln nim)." if language == "de"
            else "  Box 9 is empty: MENACE resigns (rules nim).") in table.operator.said  # fmt: skip


def test_a_word_near_empty_is_read_as_a_colour(tmp_path):
    operator = Script("census", "red=0 yellow=0 blue=0", "emptyish", "quit")
    store, table = nim_table(tmp_path, operator)
    with pytest.raises(Stop):
        table.play_game()
    assert operator.said[-2].startswith("  'emptyish' is not a colour here")
    assert store.world(store.kit("pile")).session.moves == []
