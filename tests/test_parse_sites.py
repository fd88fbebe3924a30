"""Where the tracker reads a game's spec or a player's name: at its edges, and where a stored kit is read.

Below the command line and the classroom screen a game and a player travel as values (kit.game.Game,
kit.players.PlayerSpec), parsed once where the text came in; text read again further down would be a
second parse that could disagree with the first. This scans tracker/'s source for the calls.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PARSERS = ("game_from_spec", "parse_player")
EDGES = ("tracker/cli/", "tracker/web/")  # text typed at the command line or sent by a browser
ALLOWED = {
    ("tracker/state/kit_record.py", "stored_game"),  # a stored kit's game, read back (the one place)
    # The tracker's own parser of an opponent's name (with "human", refusing kit:NAME), called at the edges
    # and where a stored game's opponent is read back (tracker.state.events).
    ("tracker/state/opponents.py", "Opponent.parse"),
}
# Not yet values, each with its reason. The list may only shrink (it is empty: keep it so).
NOT_YET: set[tuple[str, str]] = set()


def parse_sites() -> set[tuple[str, str]]:
    """(module path, enclosing function's qualified name) of every call to a parser in tracker/."""
    found = set()
    for path in sorted((ROOT / "tracker").rglob("*.py")):
        name = path.relative_to(ROOT).as_posix()
        found |= {(name, where) for where in _calls(ast.parse(path.read_text(), filename=name), [])}
    return found


def _calls(node: ast.AST, scope: list[str]) -> list[str]:
    found = []
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            found += _calls(child, [*scope, child.name])
            continue
        if isinstance(child, ast.Call):
            func = child.func
            called = getattr(func, "id", None) or getattr(func, "attr", None)
            if called in PARSERS:
                found.append(".".join(scope) or "<module>")
        found += _calls(child, scope)
    return found


def test_games_and_players_are_parsed_only_at_the_edges_and_where_a_stored_kit_is_read_back():
    below = {site for site in parse_sites() if not site[0].startswith(EDGES)} - ALLOWED
    assert below - NOT_YET == set(), "parse once at the edge (tracker/cli, tracker/web) and pass the value"
    assert NOT_YET - below == set(), "no longer parsed there: take it off NOT_YET"


def test_the_scan_finds_a_parse_in_a_function_and_a_method():
    code = (
        "def f(text):\n    return parse_player(text)\n"
        "class A:\n    def g(self):\n        kit.games.game_from_spec('x')\n"
    )
    assert _calls(ast.parse(code), []) == ["f", "A.g"]
