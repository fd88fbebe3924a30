"""`menace generate --lang de`: every printed document of every game and preset in German, no English left."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from pypdf import PdfReader

from kit.i18n import current_language, use_language
from tracker.cli.main import main

# English words with no German homograph: one of them in a German document is an untranslated sentence.
# (Not "in", "an", "so", "not", "will", "hat", "also", "was", "rot", "pink", "orange", "start", "top",
# "front", "box", "kit", "label", "page", "player", "reserve", "image", "after", "same", "back", "lose",
# "list": German words too.)
ENGLISH = frozenset(
    """
    the and of with each this your from when which boxes bead beads move moves moved is it its to for on at
    by or if into every one two three four five first second third players square squares take takes
    taken heap heaps game games colour colours page pages sheet sheets win wins loss draws rules only
    more than then they them their there these what where who how must may here before over under up
    down left right bottom middle centre corner corners edge edges white black red yellow blue green
    violet grey shown other always never keep put add picture pictures number numbers shelf rack printed
    drawer paper ruler rulers step steps key keys buy letter letters dot dots turned turn flipped mirror
    board boards empty opponent result score running row rows column columns heading card legend finder
    fill matchbox matchboxes
""".split()
)

PRESETS = {  # every shipped preset's game, each printed in German at least once
    "michie": "tictactoe",
    "scroggs": "tictactoe",
    "open-day": "tictactoe",
    "golf": "tictactoe",
    "go-blog": "tictactoe",
    "nim": "nim",
    "nim-floor0": "nim",
    "gardner": "hexapawn",
    "hexapawn-michie": "hexapawn",
}


@pytest.fixture(scope="module")
def german_kits(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, list[str]]]:
    """Every game's and preset's kit printed in German (and a few print options), and generate's messages."""
    out = tmp_path_factory.mktemp("kits")
    messages = []
    runs = [
        ["--out", str(out)],  # every game's default kit
        [
            "--game",
            "tictactoe",
            "--menace-plays",
            "second",
            "--stock",
            "avery-l7160",
            "--level-per-sheet",
            "--out",
            str(out / "second"),
        ],
        ["--game", "nim", "--heaps", "1,2,3", "--out", str(out)],
        ["--game", "tictactoe", "--symmetry", "none", "--rules", "go-blog", "--out", str(out)],
        *(
            ["--game", game, "--rules", preset, "--out", str(out / preset)]
            for preset, game in PRESETS.items()
            if preset not in ("michie", "nim", "gardner", "go-blog")
        ),
    ]
    # A trained kit printed from the store: labels and fill sheet with the beads its boxes hold now.
    store = str(out / "store.sqlite3")
    trained = run(["train", "trained", "--game", "nim", "--games", "20", "--seed", "1", "--db", store])
    assert trained.exit_code == 0, trained.output
    runs.append(["--kit", "trained", "--db", store, "--out", str(out)])
    for arguments in runs:
        result = run(["generate", "--lang", "de", *arguments])
        assert result.exit_code == 0, result.output
        messages.append(result.stderr)
    yield out, messages


def run(arguments: list[str], env: dict[str, str] | None = None) -> Result:
    return CliRunner().invoke(main, arguments, env=env)


# What stays as typed in any language: file names, moves written as the tracker reads them ("2 from 3"),
# and a command's options (--game).
TYPED = re.compile(r"\S+\.(?:pdf|json)\b|\b\d+ from \d+\b|(?<!\S)--[a-z-]+")
# A word; hyphens join names (nim-heaps, --forced-boxes), which stay as typed too.
WORD = re.compile(r"[A-Za-zÄÖÜäöüß]+(?:-[A-Za-zÄÖÜäöüß]+)*")


def english_words(text: str) -> set[str]:
    return {word for word in WORD.findall(TYPED.sub(" ", text)) if word.lower() in ENGLISH}


def pdf_text(path: Path, *, sample: int | None = None) -> str:
    """The PDF's text; with ``sample``, of its first ``sample`` pages and its last only (a long document's
    later pages repeat the same sentences with other boxes, and reading them all takes most of a minute)."""
    pages = PdfReader(path).pages
    chosen = list(pages) if sample is None or len(pages) <= sample + 1 else [*pages[:sample], pages[-1]]
    return "\n".join(page.extract_text() or "" for page in chosen)


@pytest.mark.slow
def test_no_english_sentence_is_left_in_any_german_document(german_kits: tuple[Path, list[str]]) -> None:
    out, _ = german_kits
    pdfs = sorted(out.rglob("*.pdf"))
    assert len(pdfs) >= 8 * 11  # eight documents for each of eleven kits
    left = {
        str(path.relative_to(out)): sorted(found)[:12]
        for path in pdfs
        if (found := english_words(pdf_text(path, sample=3)))
    }
    assert not left, f"English words in German documents: {left}"


@pytest.fixture(scope="module")
def german_noughts(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The default noughts-and-crosses kit and a trained Nim kit, printed in German."""
    out = tmp_path_factory.mktemp("noughts")
    store = str(out / "store.sqlite3")
    trained = run(["train", "trained", "--game", "nim", "--games", "20", "--seed", "1", "--db", store])
    assert trained.exit_code == 0, trained.output
    for arguments in (["--game", "tictactoe"], ["--kit", "trained", "--db", store]):
        result = run(["generate", "--lang", "de", *arguments, "--out", str(out)])
        assert result.exit_code == 0, result.output
    return out


def test_german_documents_use_the_german_words(german_noughts: Path) -> None:
    out = german_noughts
    legend = pdf_text(out / "tictactoe" / "legend.pdf")
    for words in ("MENACE spielt Kreuz (X) und zieht zuerst", "Schachtel", "Perlen", "Zug"):
        assert words in legend, words
    fill = pdf_text(out / "tictactoe" / "fill.pdf")
    assert re.search(r"Einkaufsliste: 304 Streichholzschachteln und \d\.\d{3} Perlen", fill)
    labels = pdf_text(out / "tictactoe" / "labels.pdf")
    assert "ZUG 1" in labels and "je 4 Perlen" in labels and "je 1 Perle" in labels
    assert "Kit 1599A0" in labels  # the kit code is the English kit's: the same boxes, rules and colours
    trained = " ".join(pdf_text(out / "trained" / "fill.pdf").split())
    assert "die Zahlen eines MENACE, der schon gespielt hat" in trained


@pytest.mark.slow
def test_generate_speaks_german_on_stderr(german_kits: tuple[Path, list[str]]) -> None:
    _, messages = german_kits
    text = "\n".join(messages)
    assert "2.201 Streichholzschachteln und 21.633 Perlen" in text
    assert not english_words(text.replace("menace", "")), english_words(text)


def test_the_language_comes_from_the_environment_and_the_option_wins(tmp_path: Path) -> None:
    result = run(["generate", "--game", "nim", "--out", str(tmp_path / "env")], env={"MENACE_LANG": "de"})
    assert result.exit_code == 0, result.output
    assert "Bead legend" not in pdf_text(tmp_path / "env" / "nim" / "legend.pdf")
    result = run(
        ["generate", "--game", "nim", "--lang", "en", "--out", str(tmp_path / "en")],
        env={"MENACE_LANG": "de"},
    )
    assert "Bead legend and rules" in pdf_text(tmp_path / "en" / "nim" / "legend.pdf")
    assert current_language() == "en"  # --lang en, after the group took MENACE_LANG=de


def test_an_unknown_language_is_one_line() -> None:
    result = run(["generate", "--lang", "fr"])
    assert result.exit_code == 2
    assert result.output == (
        "Error: menace generate: --lang takes one of en, de (see menace generate --help)\n"
    )


def test_german_numbers() -> None:
    from kit.numerals import number

    assert number(2201) == "2,201" and number(1.5, "+g") == "+1.5"
    use_language("de")
    try:
        assert number(2201) == "2.201" and number(1.5, "+g") == "+1,5" and number(21633) == "21.633"
    finally:
        use_language("en")


@pytest.fixture
def german() -> Iterator[None]:
    use_language("de")
    yield
    use_language("en")


def test_the_kit_speaks_german_while_playing(german: None) -> None:
    from kit.game import IllegalMoveError, State
    from kit.games import get_game
    from kit.palettes import UnknownColourError, load_palette

    with pytest.raises(IllegalMoveError) as taken:
        get_game("tictactoe").play(State("....X....", 1), 4)
    assert str(taken.value) == "Feld 5 (Mitte) ist besetzt: wähle eines von 1, 2, 3, 4, 6, 7, 8, 9"
    nim = get_game("nim")
    assert nim.title == "Nim mit einem Haufen"
    assert nim.rules_summary() == (
        "Zu Beginn liegen 9 Spielsteine auf einem Haufen. Die beiden Spieler sind "
        "abwechselnd am Zug, und jeder Zug nimmt 1 bis 3 Spielsteine vom Haufen. "
        "Wer den letzten Spielstein nimmt, verliert."
    )
    craft = load_palette("craft")
    assert craft.parse("rot").name == "red" and craft.parse("R").name == "red"  # German name or the letter
    with pytest.raises(UnknownColourError) as unknown:
        craft.parse("zz", among=(0, 4))
    assert str(unknown.value) == "'zz' ist hier keine Farbe: wähle eine von rot (R), schwarz (K)"


def test_the_same_messages_stay_english_by_default() -> None:
    from kit.game import IllegalMoveError, State
    from kit.games import get_game

    with pytest.raises(IllegalMoveError) as taken:
        get_game("tictactoe").play(State("....X....", 1), 4)
    assert str(taken.value) == "square 5 (centre) is taken: choose one of 1, 2, 3, 4, 6, 7, 8, 9"
    assert get_game("nim").title == "Single-pile Nim"
