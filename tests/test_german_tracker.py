"""The tracker in German (`menace --lang de`, MENACE_LANG=de): no English sentence left in what a person
running the physical MENACE reads, English unchanged, and the machine's own language never followed.

A sentence counts as English when it holds a word of ENGLISH_ONLY, words German does not have. The kit's
own words (a move's phrase, the move prompt, a colour's name, the game's title) come from the kit
catalogue and are checked like every other word.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest
from click.testing import CliRunner, Result

from kit.game import GameError
from kit.games import get_game
from kit.i18n import current_language, use_language
from tracker.cli.main import main

ENGLISH_ONLY = frozenset(  # no German homographs: not "was", "hold", "real", "Label" or "Palette"
    """the and of with from your this that which when where what there then than box boxes bead beads game
    games move moves square squares opponent opponents won lost drawn draws drew plays played put take
    took back out into onto nothing now not is are were has have had it its you or to on at by for no yes
    again empty board kept stopped resumes resuming discarded discard undo record recorded created store
    error left token tokens holds first second rules colour colours wins loses draw win loss score
    red yellow blue green black white violet""".split()
)
WORD = re.compile(r"[^\W\d_]+")  # letters, umlauts included: "für" is one word, not "f" and "r"


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    """Every test leaves the process speaking English, whatever it ran."""
    yield
    use_language("en")


def menace(*args: str, input: str | None = None, env: dict[str, str] | None = None) -> Result:
    return CliRunner().invoke(main, list(args), input=input, env=env)


def kit_error(action: Any) -> str:
    """The kit's own message for a bad move or input."""
    with pytest.raises(GameError) as error:
        action()
    return str(error.value)


def english_lines(output: str) -> list[str]:
    """The lines of ``output`` that still hold an English-only word."""
    found = []
    for line in output.splitlines():
        rest = re.sub(r"`[^`]*`", " ", line)  # a command to type stays as typed: `menace census 1 red=0`
        rest = re.sub(r"/\S+", " ", rest)  # and a file's path as it is
        if any(word.lower() in ENGLISH_ONLY for word in WORD.findall(rest)):
            found.append(line)
    return found


def test_the_english_word_list_catches_an_english_sentence_and_passes_german() -> None:
    assert english_lines("Box 12: put the red bead back") == ["Box 12: put the red bead back"]
    assert english_lines("  Schachtel 12: die Perle (rot) zurücklegen") == []
    assert english_lines("Schachtel 3: `menace census 3 red=0`") == []


@pytest.fixture
def db(tmp_path) -> str:
    path = str(tmp_path / "m.sqlite3")
    made = menace("--lang", "de", "new", "klasse", "--db", path)
    assert made.exit_code == 0, made.output
    assert made.output.startswith("Kit klasse angelegt: ") and "304 Schachteln" in made.output
    return path


def test_a_whole_german_game_at_the_table(db: str) -> None:
    """A teacher's session: a typo, a square taken, help, undo at a drawn bead, a finished game with its
    bead changes, a second game discarded, the board again, then stop."""
    game = get_game("tictactoe")
    answers = [
        "blau?",  # not a colour
        "hilfe",
        "feld 1",  # MENACE's bead, given as the square it played: box 1
        "5",
        "zurück",  # takes back the opponent's 5
        "zurück",  # and MENACE's square 1: its bead goes back in box 1
        "feld 1",
        "1",  # taken
        "5",
        "feld 9",
        "3",
        "feld 7",
        "4",
        "feld 8",  # 7 8 9: MENACE wins, and the bead changes follow
        "verwerfen",  # game 2, before its first move
        "j",
        "brett",
        "ende",
    ]
    result = menace("--lang", "de", "play", "--db", db, "--games", "2", input="\n".join(answers) + "\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert english_lines(out) == [], out
    for german in (
        "Auf deinen Etiketten sollte Kit 1599A0 stehen.",
        "Neues Spiel: Spiel 1 des Kits klasse",
        "Schachtel 1 öffnen (MENACEs 1. Zug). Ihr Etikett liegt richtig herum.",
        "  Laut Tracker enthält sie: r=rot 4, y=gelb 4, k=schwarz 4.",
        "Gezogene Farbe (oder 'leer'): ",
        "'blau?' ist hier keine Farbe: eine davon wählen:",
        "Bei jeder Frage: 'zurück' nimmt den letzten Zug zurück",
        "  Der Zug des Gegners ist zurückgenommen.",
        "  MENACEs Zug zurückgenommen: Die Perle (",
        "MENACE gewinnt. Jetzt Schachtel für Schachtel:",
        "  Schachtel 1: die Perle (",
        "Gespeichert. Kit klasse: 1 Spiel, 1 gewonnen, 0 unentschieden, 0 verloren, Punkte +3.",
        "Neues Spiel: Spiel 2 des Kits klasse",
        "Spiel 2 verwerfen? Gezogene Perlen kommen zurück in ihre Schachteln. [j/N] ",
        "Spiel 2 verworfen.",
        "Angehalten. Spiel 3 ist gespeichert: `menace play --kit klasse` setzt es fort.",
    ):
        assert german in out, (german, out)
    use_language("de")
    taken = kit_error(lambda: game.play(game.play(game.initial(), 0), 0))
    assert f"  {taken}" in out.splitlines()  # the kit's own words for a square taken, at the prompt


def test_the_option_wins_over_the_environment_and_the_machine_language_is_not_followed(db: str) -> None:
    german = (
        "Kit klasse: 0 Spiele, 0 gewonnen, 0 unentschieden, 0 verloren; Punkte +0 (+3 für einen Sieg, "
        "+1 für ein Unentschieden, -1 für eine Niederlage)\n"
    )
    english = "Kit klasse: 0 games, 0 won, 0 drawn, 0 lost; score +0 (+3 a win, +1 a draw, -1 a loss)\n"
    assert menace("--lang", "de", "stats", "--db", db).output.startswith(german)
    assert menace("stats", "--db", db, env={"MENACE_LANG": "de"}).output.startswith(german)
    assert menace("--lang", "en", "stats", "--db", db, env={"MENACE_LANG": "de"}).output.startswith(english)
    machine = {"LANG": "de_DE.UTF-8", "LC_ALL": "de_DE.UTF-8", "LANGUAGE": "de", "MENACE_LANG": ""}
    assert menace("stats", "--db", db, env=machine).output.startswith(english)
    assert current_language() == "en"


def test_an_unknown_language_is_one_line_and_exit_2(db: str) -> None:
    wrong = menace("--lang", "fr", "stats", "--db", db)
    assert (wrong.exit_code, wrong.output) == (
        2,
        "Error: --lang: there is no language 'fr'; choose one of en, de\n",
    )
    wrong = menace("stats", "--db", db, env={"MENACE_LANG": "xx"})
    assert (wrong.exit_code, wrong.output) == (
        2,
        "Error: MENACE_LANG: there is no language 'xx'; choose one of en, de\n",
    )


def test_english_is_spoken_again_after_german_in_the_same_process(db: str) -> None:
    assert menace("--lang", "de", "kits", "--db", db).output.endswith("0 Spiele\n")
    assert menace("kits", "--db", db).output == (
        "klasse: tictactoe, MENACE plays first, rules michie, palette craft, kit 1599A0, 0 games\n"
    )


def test_the_other_commands_and_their_errors_in_german(db: str, tmp_path) -> None:
    """record, kits, stats, games, box, census, undo, verify, export, import, rebuild, boxes, find, golf,
    match (a person at the terminal), train and the three studies, each with an error a person meets:
    every line German."""
    colours = json.loads(menace("box", "1", "--db", db, "--json").output)["colours"]
    red = colours["0"]
    copy = str(tmp_path / "copy.jsonl")
    empty = tmp_path / "empty.jsonl"
    empty.write_text("")
    runs = [
        (0, ["record", "--db", db], "1 5 9 3 7 4 8\n", "1 Spiel in Kit klasse eingetragen: 1 gewonnen"),
        (2, ["record", "--db", db], "1 5\n", "Fehler: Zeile 1: das Spiel ist nach 2 Zügen nicht vorbei"),
        (0, ["kits", "--db", db], None, "klasse: tictactoe, MENACE zieht zuerst, Regeln michie"),
        (0, ["stats", "--db", db], None, "  erste Schachtel (Schachtel 1): "),
        (0, ["games", "--db", db], None, "    1  Sieg"),
        (0, ["box", "1", "--db", db], None, "Perlen insgesamt"),
        (0, ["census", "1", "rot=5", "--db", db], None, "Schachtel 1 des Kits klasse (MENACEs 1. Zug)"),
        (0, ["box", "1", "--db", db], None, "  rot      Feld 1      5 Perlen"),  # as the census just set it
        (2, ["census", "1", "rot=5", f"{red}=2", "--db", db], None, "Fehler: rot ist doppelt angegeben"),
        (2, ["undo", "--db", db], None, "Fehler: Kit klasse hat kein laufendes Spiel: Es gibt nichts"),
        (0, ["verify", "--db", db], None, "OK: 11 Ereignisse, 1 Kit, 1 Spiel; Protokoll, Hash-Kette"),
        (0, ["export", "--db", db, "--out", copy], None, "11 Ereignisse nach "),
        (
            0,
            ["import", copy, "--db", str(tmp_path / "b.db")],
            None,
            "11 neue Ereignisse importiert (1 neues Kit",
        ),
        (2, ["import", str(empty), "--db", db], None, "Fehler: die Datei ist leer: nichts importiert"),
        (0, ["rebuild", "--db", db], None, "Kit klasse aus dem Protokoll neu aufgebaut, 11 Ereignisse"),
        (0, ["boxes", "--kit", "klasse", "--db", db], None, "#1 Zug 1"),
        (0, ["find", "X...O...."], None, "Perlenfelder, Etikett -> echtes Brett: "),
        (
            2,
            ["golf"],
            "drei\n",
            "Fehler: die erste Zeile sagt, wie viele Spiele gespielt werden, nicht 'drei'",
        ),
        (2, ["play", "--db", str(tmp_path / "none.db")], None, "Fehler: kein Speicher unter "),
        (2, ["play", "--db", db, "--kit", "b"], None, "Fehler: kein Kit namens 'b': der Speicher hat klasse"),
        (2, ["new", "x", "--db", db, "--code", "123"], None, "Fehler: --code '123' ist kein Kit-Code"),
        (0, ["match", "--first", "random", "--second", "random", "--games", "1000"], None, "1.000 Spiele"),
        (0, ["train", "t", "--games", "3", "--opponent", "random", "--db", db], None, "Kit t trainiert: "),
        (
            0,
            ["study", "thinking-time", "--iterations", "20", "--games", "2"],
            None,
            "S/R/N aus Sicht von MCTS",
        ),
        (
            0,
            ["study", "learners", "--games", "20", "--mcts-games", "10", "--seeds", "1"],
            None,
            "ohne Verlust",
        ),
        (
            0,
            ["study", "qlearn", "--heaps", "3", "--games", "40", "--seeds", "2", "--window", "10"],
            None,
            "gesparte Spiele",
        ),
        (
            0,
            ["match", "--first", "human", "--second", "random", "--games", "1", "--seed", "1"],
            "5\n1\n9\n",
            "Du gewinnst.",
        ),
        (
            2,
            [
                "match",
                "--first",
                "kit:klasse",
                "--second",
                "random",
                "--games",
                "1",
                "--db",
                db,
                "--alternate",
            ],
            None,
            "Fehler: ein Kit spielt nur seine eigene Seite: --alternate weglassen",
        ),
    ]
    for code, args, given, german in runs:
        result = menace("--lang", "de", *args, input=given)
        assert (result.exit_code, german in result.output) == (code, True), (args, result.output)
        assert english_lines(result.output) == [], (args, result.output)


def test_the_report_pdf_in_german(db: str, tmp_path) -> None:
    from pypdf import PdfReader

    assert menace("record", "--db", db, input="1 5 9 3 7 4 8\n").exit_code == 0
    out = tmp_path / "report.pdf"
    result = menace("--lang", "de", "report", "--db", db, "--out", str(out))
    assert result.exit_code == 0, result.output
    text = "\n".join(page.extract_text() for page in PdfReader(out).pages)
    rule = "Punktestand: +3 für einen Sieg, +1 für ein Unentschieden, -1 für eine Niederlage"
    assert rule in text and "gespielte Spiele" in text, text
    assert english_lines(text) == [], text


def test_nim_at_the_table_in_german(tmp_path) -> None:
    db = str(tmp_path / "nim.sqlite3")
    assert menace("--lang", "de", "new", "nim", "--game", "nim", "--db", db).exit_code == 0
    box = json.loads(menace("box", "9", "--db", db, "--json").output)
    assert box["colours"]["1"] == "red"  # JSON stays English
    result = menace("--lang", "de", "play", "--db", db, input="rot\n2\nleer\nende\n")
    assert result.exit_code == 0, result.output
    for german in (
        "  9 Spielsteine übrig  | | | | | | | | |",
        "Schachtel 9 öffnen (9 Spielsteine).",
        "Abweichung: ",
    ):
        assert german in result.output, result.output
    assert english_lines(result.output) == [], result.output


def test_bead_changes_count_their_beads_in_german() -> None:
    """One sentence per change for the terminal and the classroom screen alike, plurals right in German."""
    from kit.matchbox import BeadChange
    from tracker.table.corrections import settle_instruction

    changes = [BeadChange(12, 0, 3, 3 + put_in) for put_in in (4, 2, 1, 0, -1, -3)]
    use_language("de")
    assert [settle_instruction(change, "rot") for change in changes] == [
        "  Schachtel 12: die Perle (rot) zurücklegen und 3 weitere Perlen (rot) dazulegen",
        "  Schachtel 12: die Perle (rot) zurücklegen und 1 weitere Perle (rot) dazulegen",
        "  Schachtel 12: die Perle (rot) zurücklegen",
        "  Schachtel 12: die Perle (rot) draußen lassen (eingezogen)",
        "  Schachtel 12: die Perle (rot) draußen lassen und 1 weitere Perle (rot) herausnehmen",
        "  Schachtel 12: die Perle (rot) draußen lassen und 3 weitere Perlen (rot) herausnehmen",
    ]
    use_language("en")
    assert settle_instruction(changes[0], "red") == "  box 12: put the red bead back and add 3 red"
    assert settle_instruction(changes[5], "red") == "  box 12: keep the red bead out and take out 3 more red"
