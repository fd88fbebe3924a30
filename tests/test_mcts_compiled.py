"""The compiled MCTS (tracker.sim.mcts_kernels): the kit's rules on bitboards, and the same UCT as kit.mcts,
exactly where the answer is known and in distribution where it is not."""

from __future__ import annotations

import math
import random
from pathlib import Path

import pytest

pytest.importorskip("numba", reason="the compiled MCTS needs the fast extra: pip install '.[fast]'")

import numpy as np  # noqa: E402

import tracker  # noqa: E402,F401  (installs the compiled search into kit.mcts)
from kit.game import State  # noqa: E402
from kit.games import get_game  # noqa: E402
from kit.match import play_game  # noqa: E402
from kit.mcts import MctsPlayer  # noqa: E402
from kit.players import RandomPlayer, make_player, parse_player  # noqa: E402
from tracker.sim import mcts_kernels as kernels  # noqa: E402
from tracker.sim.mcts_compiled import GAME_CODES, CompiledMctsPlayer, words  # noqa: E402


def compiled(name: str, iterations: int, *, solver: bool = False, reuse: bool = False) -> CompiledMctsPlayer:
    return CompiledMctsPlayer(kernels, get_game(name), iterations, 1.0, solver, reuse)


@pytest.mark.parametrize(
    ("name", "games"), [("tictactoe", 60), ("connect4", 20), ("othello", 4), ("ultimate", 10)]
)
def test_the_kernels_play_by_the_kit_s_rules(name, games):
    """Along random games, every position's legal moves, result and next position as the kit has them."""
    game, code, rng = get_game(name), GAME_CODES[name], random.Random(3)
    moves = np.zeros(81, np.int64)
    for _ in range(games):
        state = game.initial()
        while True:
            here = np.array(words(game, state), np.uint64)
            count = kernels.legal(code, here, state.to_move, moves)
            assert list(moves[:count]) == [game.move_code(m) for m in game.legal_moves(state)], state
            ended = game.outcome(state)
            expected = (
                kernels.ONGOING if ended is None else kernels.DRAWN if ended.winner is None else ended.winner
            )
            assert kernels.result(code, here, state.to_move) == expected, state
            if ended is not None:
                break
            move = rng.choice(game.legal_moves(state))
            kernels.play(code, here, state.to_move, game.move_code(move))
            state = game.apply(state, move)
            assert list(here) == words(game, state), (state, move)


def test_mcts_n_plays_the_compiled_search_and_python_the_reference(ttt):
    assert isinstance(make_player(parse_player("mcts:50"), ttt), CompiledMctsPlayer)
    assert isinstance(make_player(parse_player("mcts:50:python"), ttt), MctsPlayer)
    assert isinstance(make_player(parse_player("mcts:50"), get_game("nim")), MctsPlayer)  # not on bitboards


def test_plays_and_wins_back_up_as_the_reference_does(ttt):
    # kit.mcts's known answers (tests/test_mcts.py): one empty square, every playout the same draw; two
    # winning squares, every playout a win.
    draw = compiled("tictactoe", 4).tree(State("XOXXOOOX.", 0), random.Random(0))
    win = compiled("tictactoe", 6).tree(State("XOXOXO.O.", 0), random.Random(0))
    assert draw == [(8, 4, 2.0)]
    assert sorted(move for move, _plays, _wins in win) == [6, 8]
    assert all(wins == plays for _move, plays, wins in win) and sum(p for _m, p, _w in win) == 6


@pytest.mark.parametrize("engine", ["", ":python"])
@pytest.mark.parametrize("solver", ["", ":solver"])
@pytest.mark.parametrize(("name", "position", "move"), [
    ("tictactoe", "XX.OO....", "3"),  # X wins on square 3 (6 only threatens)
    ("tictactoe", "OO..X...X", "3"),  # X must block on 3
    ("connect4", "......./......./......./......./......./XXX.OOO", "4"),  # X wins in column 4
    ("connect4", "......./......./......./......./X....../XX..OOO", "4"),  # X must block column 4
])  # fmt: skip
def test_both_searches_take_the_win_and_block_the_loss(name, position, move, solver, engine):
    game = get_game(name)
    state = State(game.parse_position(position), 0)
    player = make_player(parse_player(f"mcts:400{solver}{engine}"), game)
    for seed in range(5):
        assert game.move_text(player.choose(state, random.Random(seed))) == move


@pytest.mark.parametrize(("position", "most"), [
    ("XX.OO....", 100),  # X wins on square 3: proven once that child is expanded
    ("OO.OXX.X.", 1000),  # O threatens 3 and 7: every X move is proven lost
    ("XOXXOOOX.", 1),  # one square left, a draw
])  # fmt: skip
def test_the_solver_ends_the_search_on_a_proven_root(position, most):
    player = compiled("tictactoe", 5000, solver=True)
    player.choose(State(position, 0), random.Random(1))
    assert player.root_plays <= most
    without = compiled("tictactoe", 5000)
    without.choose(State(position, 0), random.Random(1))
    assert without.root_plays == 5000


@pytest.mark.parametrize("name", ["tictactoe", "connect4"])
def test_the_kept_tree_carries_its_plays_into_the_next_move(name):
    """With reuse, the root after the opponent's reply starts with the plays its subtree had."""
    game, rng = get_game(name), random.Random(2)
    player = compiled(name, 300, reuse=True)
    state = game.initial()
    state = game.apply(state, player.choose(state, rng))
    state = game.apply(state, game.legal_moves(state)[0])
    player.choose(state, rng)
    assert player.root_plays > 300  # 300 new ones on top of the kept ones
    player.learn(None)  # type: ignore[arg-type]
    player.choose(game.initial(), rng)
    assert player.root_plays == 300  # a new game: a fresh tree


def scores(spec: str, opponent: str, games: int) -> list[float]:
    """MCTS's mean score (win 1, draw 1/2) moving first and moving second, ``games`` games each."""
    game, found = get_game("tictactoe"), []
    for side in (0, 1):
        rng, total = random.Random(10 + side), 0.0
        for _ in range(games):
            players = [make_player(parse_player(spec), game), make_player(parse_player(opponent), game)]
            outcome = play_game(game, players if side == 0 else players[::-1], rng)
            total += 1.0 if outcome.winner == side else 0.5 if outcome.winner is None else 0.0
        found.append(total / games)
    return found


@pytest.mark.parametrize("opponent", ["random", "perfect"])
def test_the_compiled_and_the_python_search_agree_in_distribution(opponent):
    """mcts:20 (weak enough to lose and draw) scores the same against random and perfect play from each
    side, 200 games an engine a side, within 4.5 standard errors of the difference of two means of scores
    in [0, 1] (at most 0.5 / sqrt(200) each): 0.225. A compiled search that backed up a win to the wrong
    player differed by 0.71 against random and 0.34 against perfect play (moving first)."""
    games, bound = 200, 4.5 * math.sqrt(2) * 0.5 / math.sqrt(200)
    for fast, reference in zip(
        scores("mcts:20", opponent, games), scores("mcts:20:python", opponent, games), strict=True
    ):
        assert abs(fast - reference) <= bound, (fast, reference)


@pytest.mark.slow
@pytest.mark.parametrize("side", [0, 1])
def test_mcts_5000_loses_no_game_to_perfect_play(ttt, side):
    """50 games from each side against perfect play: every one a draw or a win."""
    rng = random.Random(50 + side)
    for _ in range(50):
        players = [make_player(parse_player("mcts:5000"), ttt), make_player(parse_player("perfect"), ttt)]
        outcome = play_game(ttt, players if side == 0 else players[::-1], rng)
        assert outcome.winner in (side, None)


@pytest.mark.parametrize(
    ("name", "engine"),
    [(name, "") for name in GAME_CODES] + [("tictactoe", ":python"), ("connect4", ":python")],
)
def test_the_solver_and_the_kept_tree_play_whole_games_legally(name, engine):
    """From each side against random (play_game refuses an illegal move), the tree kept move to move."""
    game, rng = get_game(name), random.Random(1)
    for spec in ("mcts:30:solver:reuse", "mcts:30:reuse"):
        for side in (0, 1):
            players = [make_player(parse_player(spec + engine), game), RandomPlayer(game)]
            play_game(game, players if side == 0 else players[::-1], rng)


def test_the_search_caches_its_compiled_code_in_the_tracker_s_cache_folder():
    """Not numba's default __pycache__ beside the source, which an installed package may not let us write."""
    from tracker.sim.cache import code_cache

    for kernel in (kernels.search, kernels.start, kernels.best_child, kernels.legal):
        assert Path(kernel._cache._cache_path).is_relative_to(code_cache()), kernel


@pytest.mark.slow
def test_an_empty_cache_folder_gets_the_search_s_compiled_code(tmp_path):
    import os
    import subprocess
    import sys

    env = {k: v for k, v in os.environ.items() if k != "NUMBA_CACHE_DIR"}
    env["MENACE_CACHE_DIR"] = str(tmp_path)
    # One small kernel compiled (the whole search takes many seconds): its cache files are written there.
    check = "import numpy as np; from tracker.sim import mcts_kernels as k; k._next(np.ones(1, np.uint64))"
    said = subprocess.run([sys.executable, "-c", check], capture_output=True, text=True, env=env, check=True)
    assert [p.name for p in (tmp_path / "numba").rglob("mcts_kernels._next-*.nb[ic]")], said.stderr


def test_a_search_that_may_be_halted_plays_as_one_that_may_not_and_stops_when_told():
    # A run gives its opponent a halt: the search goes a slice at a time, the tree and seed carrying on.
    state = get_game("tictactoe").initial()
    whole, sliced, halted = (compiled("tictactoe", 45_000) for _ in range(3))
    sliced.halt, halted.halt = (lambda: False), (lambda: True)
    assert whole.choose(state, random.Random(7)) == sliced.choose(state, random.Random(7))
    assert whole.root_plays == sliced.root_plays == 45_000
    halted.choose(state, random.Random(7))
    assert halted.root_plays == 0  # told to stop before its first slice


def test_the_reference_search_stops_when_halted():
    player = MctsPlayer(get_game("nim"), 1_000_000)
    asked = []
    player.halt = lambda: asked.append(1) or len(asked) > 3
    player.choose(get_game("nim").initial(), random.Random(1))
    assert len(asked) == 4  # asked every 256 iterations: about 800 iterations, not a million
