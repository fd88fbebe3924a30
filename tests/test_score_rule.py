"""One running score everywhere (kit.score): the lesson pack's worksheet and scorer's card, the kit's score
sheet, `menace stats`, `menace report` and the classroom screen's live JSON all name the same rule, with a
draw only where the game has them. Crosses generator.documents, tracker.cli, tracker.lab and tracker.web."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from kit.games import get_game
from kit.i18n import use_language
from kit.score import SCORES, score_rule, score_rule_text
from tests.cli import play_random, run

# A rule as the documents write it: "+3 a win, +1 a draw, -1 a loss" (and German's "für einen Sieg").
NAMED = re.compile(
    r"([+-]\d+) (?:a|für einen|für ein|für eine) "
    r"(win|draw|loss|Sieg|Unentschieden|Niederlage)"
)
RESULTS = {"Sieg": "win", "Unentschieden": "draw", "Niederlage": "loss"}
GAMES = {"hexapawn": {"win": 3, "loss": -1}, "tictactoe": {"win": 3, "draw": 1, "loss": -1}}


def rules_named(text: str) -> list[dict[str, int]]:
    """Every rule written in ``text``, each as result -> change."""
    rules, rule = [], {}
    for change, result in NAMED.findall(" ".join(text.split())):
        result = RESULTS.get(result, result)
        if result in rule or result == "win":  # a rule starts at its win
            rules.append(rule) if rule else None
            rule = {}
        rule[result] = int(change)
    return [*rules, rule] if rule else rules


def pdf_text(path: Path) -> str:
    return " ".join(page.extract_text() or "" for page in PdfReader(path).pages)


def test_the_rule_is_michies_with_a_draw_only_where_a_game_has_them():
    assert SCORES == {"win": 3, "draw": 1, "loss": -1}
    for name, rule in GAMES.items():
        assert score_rule(get_game(name)) == rule
    assert score_rule(get_game("nim")) == GAMES["hexapawn"]
    assert score_rule_text(get_game("tictactoe")) == "+3 a win, +1 a draw, -1 a loss"
    assert score_rule_text(get_game("hexapawn")) == "+3 a win, -1 a loss"
    assert rules_named("counts +3 a win, -1 a loss. Then") == [GAMES["hexapawn"]]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_paper_commands_and_screen_name_one_rule(tmp_path, game):
    pytest.importorskip("werkzeug", reason="the web extra is not installed: pip install '.[web]'")
    from werkzeug.test import Client

    from tracker.web.app import ClassroomScreen

    made = run(
        "lesson",
        "--game",
        game,
        "--groups",
        "1",
        "--lang",
        "en",
        "--out",
        str(tmp_path),
        "--db",
        str(tmp_path / "lesson.sqlite3"),
    )
    assert made.exit_code == 0, made.output
    pack = tmp_path / f"lesson-{game}"
    db, report = str(tmp_path / "m.sqlite3"), tmp_path / "report.pdf"
    assert run("new", "k", "--db", db, "--game", game).exit_code == 0
    assert play_random(db, games=6, seed=4).exit_code == 0
    assert run("report", "--db", db, "--out", str(report)).exit_code == 0
    stats = json.loads(run("stats", "--db", db, "--json").output)
    live = Client(ClassroomScreen(Path(db))).get("/api/kits/k/live").json

    cards = pdf_text(pack / "role-cards.pdf")
    scorer = cards[cards.index("Keep MENACE's running score") :]
    named = {
        "worksheet": rules_named(pdf_text(pack / "worksheet.pdf")),
        "scorer's card": rules_named(scorer)[:1],
        "score sheet": rules_named(pdf_text(next(pack.rglob("score-sheet.pdf")))),
        "report": rules_named(pdf_text(report)),
        "stats --json": [stats["score_rule"]],
        "stats": rules_named(run("stats", "--db", db).output),
        "live JSON": [live["score_rule"], *rules_named(live["score_rule_said"])],
    }
    for where, rules in named.items():
        assert rules and all(rule == GAMES[game] for rule in rules), (where, rules)
    counted = {"win": stats["wins"], "draw": stats["draws"], "loss": stats["losses"]}
    assert stats["score"] == sum(change * counted[result] for result, change in GAMES[game].items())


def test_a_game_with_no_draws_says_none(tmp_path):
    """Hexapawn cannot be drawn: `menace stats` prints no '0 drawn', in English or German."""
    db = str(tmp_path / "h.sqlite3")
    assert run("new", "h", "--db", db, "--game", "hexapawn").exit_code == 0
    assert play_random(db, games=3, seed=1).exit_code == 0
    said = run("stats", "--db", db).output.splitlines()[0]
    english = r"Kit h: 3 games, \d won, \d lost; score [+-]\d+ \(\+3 a win, -1 a loss\)"
    assert re.fullmatch(english, said), said
    german = run("--lang", "de", "stats", "--db", db).output.splitlines()[0]
    assert re.fullmatch(
        r"Kit h: 3 Spiele, \d gewonnen, \d verloren; Punkte [+-]\d+ "
        r"\(\+3 für einen Sieg, -1 für eine Niederlage\)",
        german,
    ), german
    use_language("en")
