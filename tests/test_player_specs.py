"""Player names: one class a kind, each read and written back in one spelling, and kit:NAME only in the
tracker."""

from __future__ import annotations

import dataclasses
import subprocess
import sys
from pathlib import Path

import pytest

from kit.game import GameError
from kit.players import (
    PLAYERS,
    IdealSpec,
    MctsSpec,
    MenaceSpec,
    NoviceSpec,
    PerfectSpec,
    PlayerSpec,
    QSpec,
    RandomSpec,
    parse_player,
    register,
)
from tracker.state.opponents import KitSpec, opponent_name

ROOT = Path(__file__).parent.parent


@pytest.mark.parametrize(("text", "spec", "written"), [
    ("random", RandomSpec(), "random"),
    (" perfect ", PerfectSpec(), "perfect"),
    ("ideal", IdealSpec(), "ideal"),
    ("novice:0.50", NoviceSpec(0.5), "novice:0.5"),
    ("novice:1", NoviceSpec(1.0), "novice:1"),
    ("mcts:5000", MctsSpec(5000), "mcts:5000"),
    ("mcts:5000:1.4", MctsSpec(5000, 1.4), "mcts:5000:1.4"),
    ("mcts:5000:1.0", MctsSpec(5000), "mcts:5000"),  # the default exploration is not written
    ("mcts:5000:reuse:solver", MctsSpec(5000, solver=True, reuse=True), "mcts:5000:solver:reuse"),
    ("mcts:200:1.4:python", MctsSpec(200, 1.4, python=True), "mcts:200:1.4:python"),
    ("menace", MenaceSpec(), "menace"),
    ("menace:", MenaceSpec(), "menace"),
    ("menace:scroggs", MenaceSpec("scroggs"), "menace:scroggs"),
    ("q", QSpec(), "q"),
    ("q:0.1:0.9", QSpec(0.1, 0.9), "q:0.1"),  # 0.9 is the default discount
    ("q::0.5", QSpec(gamma=0.5), "q:0.2:0.5"),
    ("q:FILE.json", QSpec(path="FILE.json"), "q:FILE.json"),
    ("q:FILE.json:b", QSpec(path="FILE.json", smaller_epsilon=True), "q:FILE.json:b"),
    ("kit:class 7b", KitSpec("class 7b"), "kit:class 7b"),
    ("kit: a ", KitSpec("a"), "kit:a"),
])  # fmt: skip
def test_each_name_reads_as_its_kind_and_writes_back_in_one_spelling(text, spec, written):
    parsed = parse_player(text)
    assert parsed == spec and type(parsed) is type(spec)
    assert str(parsed) == written
    assert parse_player(written) == parsed


def test_each_kind_holds_only_its_own_parameters():
    fields = {kind: [f.name for f in dataclasses.fields(spec)] for kind, spec in PLAYERS.items()}
    assert fields == {
        "random": [], "perfect": [], "novice": ["skill"], "ideal": [],
        "mcts": ["iterations", "explore", "solver", "reuse", "python"], "menace": ["rules"],
        "q": ["lr", "gamma", "path", "smaller_epsilon"], "kit": ["name"],
    }  # fmt: skip
    assert all(PLAYERS[kind].kind == kind for kind in PLAYERS)


@pytest.mark.parametrize("text", ["random:", "random:x", "ideal:1", "perfect:0.5"])
def test_a_kind_without_parameters_refuses_an_argument(text):
    with pytest.raises(GameError, match="unknown player"):
        parse_player(text)


def test_a_second_kind_of_the_same_name_is_refused():
    @dataclasses.dataclass(frozen=True)
    class Impostor(PlayerSpec):
        kind = "random"

        def make(self, game, catalogue):
            raise AssertionError("never made")

    assert register(RandomSpec) is RandomSpec  # the same class again changes nothing
    with pytest.raises(ValueError, match="two kinds of player are named 'random'"):
        register(Impostor)
    assert PLAYERS["random"] is RandomSpec


def test_the_core_knows_no_kit_player():
    probe = ("import kit.players as p; print(sorted(p.PLAYERS)); import tracker.state.opponents; "
             "print(sorted(p.PLAYERS))")  # fmt: skip
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True,
                            cwd=ROOT)  # fmt: skip
    core, tracker = result.stdout.splitlines()
    assert "'kit'" not in core and "'kit'" in tracker
    assert not [path for path in (ROOT / "kit").rglob("*.py") if "kit:NAME" in path.read_text()]


def test_a_kit_is_no_opponent_at_the_table():
    said = r"^unknown player 'kit:k': choose random, perfect, novice:P .*, mcts:N\[:C\] \(or human\)$"
    with pytest.raises(GameError, match=said):
        opponent_name("kit:k")


@pytest.mark.parametrize(("args", "said"), [
    (["train", "--games", "1", "--opponent", "kit:", "k"],
     "'kit:': kit:NAME needs the name of a kit in the store, e.g. kit:class-7b"),
    (["train", "--games", "1", "--opponent", "kit:k", "k"], "kit:k needs the store that holds the kit"),
    (["match", "--first", "nobody", "--second", "random", "--games", "1"],
     "unknown player 'nobody': choose random, perfect, novice:P (0 <= P <= 1), ideal, mcts:N[:C], "
     "menace[:RULES], q[:LR[:GAMMA]] or q:FILE.json[:b], kit:NAME"),
    (["match", "--first", "mcst:100", "--second", "random", "--games", "1"],
     "unknown player 'mcst:100': choose random, perfect, novice:P (0 <= P <= 1), ideal, mcts:N[:C], "
     "menace[:RULES], q[:LR[:GAMMA]] or q:FILE.json[:b], kit:NAME (did you mean mcts?)"),
    (["--lang", "de", "match", "--first", "randm", "--second", "random", "--games", "1"],
     "unbekannter Spieler 'randm': wähle random, perfect, novice:P (0 <= P <= 1), ideal, mcts:N[:C], "
     "menace[:RULES], q[:LR[:GAMMA]] or q:FILE.json[:b], kit:NAME (meintest du random?)"),
    (["match", "--help"], "kit:NAME."),
])  # fmt: skip
def test_a_fresh_process_knows_kit_players(args, said, tmp_path):
    """In a process of its own, so that no other test has imported the tracker's registration first."""
    result = subprocess.run([sys.executable, "-m", "tracker", *args, "--db", str(tmp_path / "m.db")],
                            capture_output=True, text=True, cwd=ROOT)  # fmt: skip
    assert said in " ".join((result.stdout + result.stderr).split())
