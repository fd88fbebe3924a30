"""The numpy and numba engines against the kit: every game an engine plays, replayed move by move through
kit.match.play_game with kit.players' MENACE (kit.matchbox draws and settles), leaves the same results,
first-box beads and, at the end, the same beads in every box; and the engines agree with the kit's
reference in distribution.

A replay steers the kit's players to the engine's moves: the kit's generator is scripted so that
MenacePlayer draws the bead the engine drew (and the test first checks that the kit's box holds one) and
the fixed players choose the engine's move from their own choice of moves. Refill presets (golf) are left
to the distribution test and to tests/test_cross_check.py, since the trace does not record refills.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from kit.catalogue import build_catalogue
from kit.game import SIDES
from kit.games import game_from_spec
from kit.match import play_game
from kit.players import MenacePlayer, NovicePlayer, make_player, parse_player
from kit.rules import load_rules
from kit.solver import perfect_moves
from tracker.sim import engine_numpy
from tracker.sim.chunk import Setup
from tracker.sim.experiment import numba_installed, simulate
from tracker.sim.flat import menace_tables, policy_tables
from tracker.sim.reference import reference_run
from tracker.sim.tables import game_tables

needs_numba = pytest.mark.skipif(
    not numba_installed(), reason="numba is not installed (pip install '.[fast]'): numba engine untested"
)
ENGINES = ["numpy", pytest.param("numba", marks=needs_numba)]
TICTACTOE, NIM = game_from_spec("tictactoe"), game_from_spec("nim")


def engine_module(name: str) -> Any:
    if name == "numba":
        from tracker.sim import engine_numba

        return engine_numba
    return engine_numpy


def setup_for(game: str, side: str, rules_name: str, opponent: str) -> Setup:
    rules = load_rules(rules_name)
    spec = parse_player(opponent)
    other = "second" if side == "first" else "first"
    the_game = game_from_spec(game)
    rival = menace_tables(the_game, other, rules) if spec.learns else None
    return Setup(policy_tables(the_game), menace_tables(the_game, side, rules), SIDES[side], spec, rival)


class _Scripted(random.Random):
    """The kit players' generator, made to give the engine's choices."""

    def __init__(self) -> None:
        super().__init__(0)
        self.tickets: list[int] = []
        self.move: Any = None
        self.unit = 0.0

    def randrange(self, n: int) -> int:  # type: ignore[override]
        ticket = self.tickets.pop(0)
        assert 0 <= ticket < n
        return ticket

    def choice(self, seq: Any) -> Any:
        assert self.move in seq, f"the engine played {self.move}, which this player could not choose"
        return self.move

    def random(self) -> float:
        return self.unit


class _Replayed:
    """A kit player made to play the moves of an engine's trace (shared by both sides, in ply order)."""

    def __init__(self, inner: Any, game: Any, codes: dict[Any, int], script: list[int]) -> None:
        self.inner, self.game, self.codes, self.script = inner, game, codes, script

    def choose(self, state: Any, rng: _Scripted) -> Any:
        target = self.script.pop(0)
        move = None
        if target != -1:
            legal = self.game.legal_moves(state)
            (move,) = [m for m in legal if self.codes[self.game.apply(state, m)] == target]
        rng.move = move
        if isinstance(self.inner, MenacePlayer):
            placement = self.inner.catalogue.box_for(state)
            if placement is not None and move is not None:
                counts = self.inner.boxes[placement.box.id]
                (bead,) = [b for b in placement.box.moves if placement.to_real(b) == move]
                assert counts[bead] > 0, f"the engine drew {bead} from box {placement.box.id}, which has none"
                order = sorted(counts)
                rng.tickets.append(sum(counts[m] for m in order[: order.index(bead)]))
        elif isinstance(self.inner, NovicePlayer):
            rng.unit = 0.0 if move in perfect_moves(self.game, state) else 0.999999
        chosen = self.inner.choose(state, rng)
        assert chosen == move
        return chosen

    def learn(self, result: Any) -> None:
        self.inner.learn(result)


REPLAYS = [
    ("tictactoe", "first", "michie", "random"),
    ("tictactoe", "first", "michie", "perfect"),  # the first box runs dry: MENACE resigns
    ("tictactoe", "first", "open-day", "perfect"),  # the first box keeps its last bead
    ("tictactoe", "first", "go-blog", "random"),  # a bead on every empty square: 9 colours in a box
    ("tictactoe", "second", "scroggs", "menace"),  # both sides learn
    ("tictactoe", "second", "michie", "novice:0.5"),
    ("nim", "second", "nim-floor0", "random"),  # every box keeps one
    ("nim", "first", "nim", "ideal"),
    ("hexapawn", "second", "gardner", "random"),  # a defeat punishes the last move only
]


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("game, side, rules, opponent", REPLAYS)
def test_engine_games_replayed_through_the_kit_leave_the_same_beads(engine, game, side, rules, opponent):
    games = 150
    setup = setup_for(game, side, rules, opponent)
    # Seed 1: member 0 of either engine resigns at an empty first box against perfect play.
    played = engine_module(engine).play_chunk(setup, 1, games, np.random.default_rng(1), trace=True)
    rules = load_rules(rules)
    catalogue = build_catalogue(game, side, rules)
    kit_game = catalogue.game
    codes = game_tables(kit_game).codes
    other = build_catalogue(game, "second" if side == "first" else "first", rules)
    menace = MenacePlayer(catalogue)
    rival = make_player(parse_player(opponent), kit_game, other)
    script: list[int] = []
    players = [_Replayed(menace, kit_game, codes, script), _Replayed(rival, kit_game, codes, script)]
    if side == "second":
        players.reverse()
    first_boxes = sorted(catalogue.first_move_boxes)
    resigned = menace_resigned = refused = 0
    for g, moves in enumerate(played.trace):
        script[:] = moves
        resigned += moves[-1] == -1
        refused += moves[-1] == -1 and len(moves) - 1 == catalogue.menace  # at its first move: its first box
        outcome = play_game(kit_game, players, _Scripted())
        assert not script, f"game {g + 1}: the kit's game ended before the engine's"
        result = outcome.result_for(catalogue.menace).reward
        menace_resigned += outcome.resigned and result == -1  # not the rival MENACE's resignations
        assert played.tallies[g].tolist() == [result == -1, result == 0, result == 1], f"game {g + 1}"
        in_first = sum(sum(menace.boxes[b].values()) for b in first_boxes)
        assert played.first_beads[g] == in_first, f"game {g + 1}"
    beads = played.beads.reshape(len(catalogue.boxes), -1)
    assert [[menace.boxes[b.id][m] for m in b.moves] for b in catalogue.boxes] == [
        beads[b.id - 1, : len(b.moves)].tolist() for b in catalogue.boxes
    ]
    assert played.resigned == menace_resigned and played.refused == refused
    if (rules, opponent) == ("michie", "perfect"):
        assert resigned > 0 and refused > 0  # the resignation path was replayed too


@pytest.mark.slow
@needs_numba
@pytest.mark.parametrize("opponent", ["novice:0.5", "menace"])
def test_the_numba_kernel_plays_the_same_games_with_int32_codes_as_with_int16(monkeypatch, opponent):
    """A game of 32,768 positions or more is read through int32 tables, compiled just in time (slow: a
    compile): the same games as through the int16 ones, which every game with a kit uses."""
    from tracker.sim import engine_numba

    setup = setup_for("tictactoe", "first", "michie", opponent)
    assert engine_numba._narrow(setup) and engine_numba._args(setup)[0][1].dtype == np.int16
    narrow = engine_numba.play_chunk(setup, 3, 60, np.random.default_rng(5), spread=True, trace=True)
    monkeypatch.setattr(engine_numba, "_narrow", lambda setup: False)
    assert engine_numba._args(setup)[0][1].dtype == np.int32
    wide = engine_numba.play_chunk(setup, 3, 60, np.random.default_rng(5), spread=True, trace=True)
    assert narrow.trace == wide.trace and (narrow.beads == wide.beads).all()
    assert (narrow.running == wide.running).all() and (narrow.tallies == wide.tallies).all()


LOCKSTEP = [
    ("tictactoe", "first", "michie"),
    ("tictactoe", "second", "golf"),
    ("nim", "second", "nim"),
    ("hexapawn", "second", "gardner"),
]


@pytest.mark.parametrize("game, side, rules", LOCKSTEP)
def test_the_numpy_lockstep_keeps_a_finished_game_where_it_is(game, side, rules):
    """A finished game (or a resigned one) stays put whatever either side plays, and MENACE draws from the
    stand-in box where it has none: at a finished game, or at a forced move, which it plays."""
    the_game = game_from_spec(game)
    pt, mt = policy_tables(the_game), menace_tables(the_game, side, load_rules(rules))
    steps = engine_numpy._steps(pt)
    boxes = engine_numpy._boxes(mt, steps, SIDES[side])
    over = np.flatnonzero(steps.over)
    assert over.tolist()[-2:] == list(steps.resigned) == [len(pt.terminal), len(pt.terminal) + 1]
    assert steps.first_result[list(steps.resigned)].tolist() == [-1, 1]  # the first, the second resigned
    for table in (steps.legal_child, steps.perfect_child):  # every move of a finished game: itself
        assert (table.reshape(-1, steps.k)[over] == over[:, np.newaxis]).all()
    assert (steps.ideal_child[over] == over).all() and (steps.n_legal[over] == 0).all()
    # The stand-in is empty, as a box run dry, and its column W (past the row) leads on.
    stride = boxes.width + 1
    assert (boxes.box[over] == mt.boxes).all() and (boxes.child[over * stride + boxes.width] == over).all()
    forced = np.flatnonzero(mt.forced_child >= 0)
    assert (boxes.box[forced] == mt.boxes).all()
    assert (boxes.child[forced * stride + boxes.width] == mt.forced_child[forced]).all()
    # A box's own column W is MENACE's resignation.
    boxed = np.flatnonzero(boxes.box < mt.boxes)
    assert (boxes.child[boxed * stride + boxes.width] == steps.resigned[SIDES[side]]).all()
    # A box's columns are whole 8-byte words, the ones past its slots the total.
    assert not boxes.initial[mt.boxes].any()
    assert boxes.width % 8 == 0 and boxes.width > mt.slots
    assert (boxes.initial[:, -1] == np.append(mt.initial.reshape(mt.boxes, -1).sum(axis=1), 0)).all()


@pytest.mark.parametrize("games, dtype", [(10, np.int16), (20_000, np.int32)])
def test_the_numpy_engine_draws_the_bead_its_number_falls_on_and_resigns_at_an_empty_box(games, dtype):
    """kit.matchbox.pick on the lanes of a row: a 32-bit number r is the ticket r * total // 2**32, and the
    bead drawn is the first whose running total passes it; an empty box resigns and is left as it was."""
    mt = menace_tables(TICTACTOE, "first", load_rules("michie"))
    steps = engine_numpy._steps(policy_tables(TICTACTOE))
    beads = engine_numpy._Beads(mt, steps, 0, 5, games)
    assert beads.dtype is dtype
    # The first box (the empty board: centre, corner, edge) holds 2, 0 and 3 beads in members 0-3, none in 4.
    beads.store[0, :4, 1:] = [2, 2, 5, 5, 5, 5, 5]
    beads.store[0, 4] = 0
    # Tickets 0, 1 (the first colour's two beads), 2 and 4 (the third colour's first and last).
    numbers = np.array([0, -(-2 * 2**32 // 5) - 1, -(-2 * 2**32 // 5), 2**32 - 1, 2**31], np.uint64)
    moved = beads.move(np.zeros(5, np.intp), numbers, np.random.default_rng(0), 0)
    centre, edge = mt.slot_child[0], mt.slot_child[2]
    assert moved.tolist() == [centre, centre, edge, edge, steps.resigned[0]]
    beads.settle(np.array([2, 0, 2, 1, 0]))  # win, defeat, win, draw, defeat; michie: +3, -1, +3, +1, -1
    assert np.diff(beads.store[0], axis=1)[:, :3].tolist() == [
        [5, 0, 3],
        [1, 0, 3],
        [2, 0, 6],
        [2, 0, 4],
        [0, 0, 0],
    ]
    assert not beads.store[0, 4].any()


def test_the_numpy_engine_punishes_the_last_bead_drawn_before_a_resignation():
    """A defeat that punishes the last move only takes the bead of the last box that had one."""
    from dataclasses import replace

    mt = replace(menace_tables(TICTACTOE, "first", load_rules("michie")), punish_last=True)
    steps = engine_numpy._steps(policy_tables(TICTACTOE))
    beads = engine_numpy._Beads(mt, steps, 0, 1, 10)
    rng = np.random.default_rng(0)
    centre = beads.move(np.zeros(1, np.intp), np.zeros(1, np.uint64), rng, 0)  # ticket 0: the centre
    replied = steps.legal_child[centre * steps.k]
    beads.store[mt.box_of[replied[0]]] = 0
    assert beads.move(replied, np.zeros(1, np.uint64), rng, 2).tolist() == [steps.resigned[0]]
    beads.settle(np.array([0]))  # a defeat
    assert np.diff(beads.store[0, 0])[:3].tolist() == [3, 4, 4]


@pytest.mark.parametrize(
    "game, legal_at",
    [
        ("tictactoe", (9, 8, 7, 6, 5, 4, 3, 2, 1)),  # every empty square, in every game
        (
            "nim",
            (3, 3, 3, 0, 0, 0, 0, 0, 1),
        ),  # take 1-3 while every heap allows it, the last 1; else they differ
        ("hexapawn", (3, 0, 0, 0, 0, 0, 0)),
    ],
)
def test_the_numpy_lockstep_knows_the_plies_where_every_game_has_as_many_legal_moves(game, legal_at):
    assert engine_numpy._steps(policy_tables(game_from_spec(game))).legal_at == legal_at


def test_the_numpy_engine_refuses_boxes_too_wide_for_its_count_of_lanes():
    from dataclasses import replace

    steps = engine_numpy._steps(policy_tables(NIM))
    # 72 columns: more than an int16 lane's 16 bits (or an int32's 32) can hold one of each word's
    wide = replace(menace_tables(NIM, "first", load_rules("nim")), slots=64)
    with pytest.raises(ValueError, match="at most 63 colours, not 64"):
        engine_numpy._boxes(wide, steps, 0)


def test_the_numpy_lockstep_draws_only_at_plies_with_a_box():
    steps = engine_numpy._steps(policy_tables(TICTACTOE))
    # Unfinished positions by ply: 5,478 positions less X's 120, 444 and O's 148, 168 wins at plies 5 to 8.
    assert [len(codes) for codes in steps.reach] == [1, 9, 72, 252, 756, 1140, 1372, 696, 222]
    first = engine_numpy._Beads(menace_tables(TICTACTOE, "first", load_rules("michie")), steps, 0, 2, 10)
    second = engine_numpy._Beads(menace_tables(TICTACTOE, "second", load_rules("michie")), steps, 1, 2, 10)
    # MENACE's fifth move, at ply 8, is forced: no box, so no draw to keep.
    assert [ply for ply, draws in enumerate(first.draws_at) if draws] == [0, 2, 4, 6]
    assert [ply for ply, draws in enumerate(second.draws_at) if draws] == [1, 3, 5, 7]
    assert first.drawn.shape[0] == 4


def test_the_numpy_engine_plays_the_same_games_with_int32_beads(monkeypatch):
    """Runs too long for int16 boxes hold int32 running totals (32-byte rows): the same games and beads."""
    setup = setup_for("tictactoe", "second", "golf", "random")  # refills, and two words a row
    narrow = engine_numpy.play_chunk(setup, 5, 80, np.random.default_rng(3), trace=True)
    monkeypatch.setattr(engine_numpy, "_bead_type", lambda mt, games: np.int32)
    wide = engine_numpy.play_chunk(setup, 5, 80, np.random.default_rng(3), trace=True)
    assert wide.trace == narrow.trace and wide.tallies.tolist() == narrow.tallies.tolist()
    assert wide.beads is not None and narrow.beads is not None
    assert wide.beads.tolist() == narrow.beads.tolist()


def test_the_numpy_engine_refills_an_empty_box_with_beads_of_its_colours_at_random():
    # An empty box gets 3 beads of random legal colours.
    mt = menace_tables(TICTACTOE, "second", load_rules("golf"))
    members, box = 3_000, int(np.argmax(mt.n_slots))
    beads = engine_numpy._Beads(mt, engine_numpy._steps(policy_tables(TICTACTOE)), 1, members, 10)
    beads.store[box] = 0
    beads._refill(box * members + np.arange(members), np.ones(members, bool), np.random.default_rng(0))
    totals = beads.store[box]
    assert (totals[:, 0] == 0).all()  # column 0 holds no bead
    counts = np.diff(totals, axis=1)
    assert (counts.sum(axis=1) == 3).all() and (counts[:, mt.n_slots[box] :] == 0).all()
    # Each of its 8 colours gets an eighth of the beads, within six standard errors (0.021).
    share = counts.sum(axis=0)[: mt.n_slots[box]] / (3 * members)
    assert mt.n_slots[box] == 8 and np.abs(share - 1 / 8).max() < 0.021
    assert beads.store[box + 1].tolist() == beads.store[box + 1, :1].repeat(members, axis=0).tolist()


_REFERENCE: dict[tuple[str, ...], np.ndarray] = {}

AGREEMENT = [
    ("tictactoe", "first", "michie", "random"),
    ("tictactoe", "first", "scroggs", "perfect"),
    ("tictactoe", "second", "golf", "random"),  # empty boxes are refilled
    ("tictactoe", "first", "open-day", "novice:0.5"),
    ("tictactoe", "second", "michie", "menace"),
    ("nim", "second", "nim-floor0", "random"),
    ("hexapawn", "second", "gardner", "novice:0.7"),
]


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("game, side, rules, opponent", AGREEMENT)
def test_engines_agree_with_the_reference_in_distribution(engine, game, side, rules, opponent):
    games, runs, population = 100, 150, 2000
    key = (game, side, rules, opponent)
    game, rules = game_from_spec(game), load_rules(rules)
    if key not in _REFERENCE:
        _REFERENCE[key] = np.array([
            reference_run(game, menace_plays=side, rules=rules, opponent=parse_player(opponent), games=games,
                          seed=seed)
            for seed in range(runs)
        ])  # fmt: skip
    single = _REFERENCE[key]
    sim = simulate(
        game,
        menace_plays=side,
        rules=rules,
        opponent=parse_player(opponent),
        games=games,
        population=population,
        seed=7,
        engine=engine,
    )
    assert sim.engine == engine
    for counts, r in ((sim.wins, 1), (sim.draws, 0), (sim.losses, -1)):
        per_run = (single == r).mean(axis=1)
        spread = per_run.std(ddof=1) * np.sqrt(1 / runs + 1 / population) + 1e-9
        assert abs(counts.sum() / (population * games) - per_run.mean()) <= 6 * spread
    score = np.select([single == 1, single == 0], [3, 1], -1).cumsum(axis=1)
    for g in (10, games):
        spread = score[:, g - 1].std(ddof=1) * np.sqrt(1 / runs + 1 / population) + 1e-9
        assert abs(sim.curve[g - 1] - score[:, g - 1].mean()) <= 6 * spread


def first_numba_run(cache: Path) -> tuple[list[str], dict[str, str]]:
    """A short numba simulation as a command, with an environment whose cache folder is ``cache``."""
    env = {k: v for k, v in os.environ.items() if k != "NUMBA_CACHE_DIR"}
    env["MENACE_CACHE_DIR"] = str(cache)
    command = [
        sys.executable,
        "-m",
        "tracker",
        "simulate",
        "--games",
        "2",
        "--population",
        "3",
        "--engine",
        "numba",
        "--json",
    ]
    return command, env


@pytest.mark.slow
@needs_numba
def test_two_first_runs_started_together_compile_once(tmp_path):
    command, env = first_numba_run(tmp_path)
    together = [
        subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
        for _ in range(2)
    ]
    said = [run.communicate()[1] for run in together]
    assert [run.returncode for run in together] == [0, 0], said
    assert sum("compiling the numba engine (once" in err for err in said) == 1, said
    assert sum("waiting for another run compiling the numba engine..." in err for err in said) == 1, said


@pytest.mark.slow
@needs_numba
def test_the_first_numba_run_says_it_compiles_and_later_runs_load_the_cache(tmp_path):
    command, env = first_numba_run(tmp_path)
    first, second = (
        subprocess.run(command, capture_output=True, text=True, env=env, check=True) for _ in range(2)
    )
    assert f"compiling the numba engine (once; cached in {tmp_path / 'numba'})..." in first.stderr
    assert "compiling" not in second.stderr
    # Compiled code, where the user can write: a module built ahead of time (or numba's own cache where
    # there is no C compiler), which a later run loads without importing numba and its slow start.
    built = list((tmp_path / "numba").glob("menace_kernel_*.so"))
    assert built or any((tmp_path / "numba").rglob("*.nbi"))
    if built:
        check = (
            "import sys; from tracker.sim import engine_numba as e; e._kernel(); "
            "print('numba' in sys.modules)"
        )
        loaded = subprocess.run(
            [sys.executable, "-c", check], capture_output=True, text=True, env=env, check=True
        )
        assert loaded.stdout.strip() == "False"
    assert json.loads(first.stdout)["engine"] == "numba"
