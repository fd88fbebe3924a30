"""The MCTS player: UCT as the course plays it, checked where the answer is known exactly."""

from __future__ import annotations

import random

import pytest

from kit.game import GameError, State
from kit.games import GAMES, get_game
from kit.match import play_game
from kit.mcts import MctsPlayer, kept_subtree, search
from kit.players import RandomPlayer, make_player, parse_player


@pytest.mark.parametrize("seed", range(5))
def test_it_takes_an_immediate_win(ttt, seed):
    # X wins at once on square 3 (index 2); 6 (index 5) would only threaten.
    assert MctsPlayer(ttt, 300).choose(State("XX.OO....", 0), random.Random(seed)) == 2


@pytest.mark.parametrize("seed", range(5))
@pytest.mark.parametrize("state", [State("OO..X...X", 0), State("XX..O....", 1)])
def test_it_blocks_an_immediate_loss(ttt, state, seed):
    assert MctsPlayer(ttt, 300).choose(state, random.Random(seed)) == 2


@pytest.mark.parametrize("tokens", [2, 3, 4, 6, 7, 8])
def test_on_nim_it_takes_the_best_take_from_a_won_count(nim, tokens):
    assert MctsPlayer(nim, 2000).choose(State(tokens, 0), random.Random(tokens)) == nim.best_take(tokens)


def test_plays_and_wins_back_up_from_the_mover_s_side_with_half_a_win_for_a_draw(ttt):
    # One empty square: every iteration ends in the same finished game.
    draw = search(ttt, State("XOXXOOOX.", 0), 4, 1.0, random.Random(0))
    win = search(ttt, State("XOXOXO.O.", 0), 6, 1.0, random.Random(0))
    assert [(c.move, c.plays, c.wins) for c in draw.children] == [(8, 4, 2.0)]
    assert draw.plays == 4
    # X wins on square 9 (index 8) and on 7 (index 6): each child's wins are all of its plays.
    assert sorted(c.move for c in win.children) == [6, 8]
    assert all(c.wins == c.plays for c in win.children) and sum(c.plays for c in win.children) == 6


def test_reproducible_from_the_rng(ttt):
    state = State("X...O....", 0)

    def tree(seed):
        root = search(ttt, state, 500, 1.0, random.Random(seed))
        return [(c.move, c.plays, c.wins) for c in root.children]

    assert tree(7) == tree(7)
    assert tree(7) != tree(8)


@pytest.mark.parametrize("name", list(GAMES))
def test_it_plays_every_registered_game_legally(name):
    game = get_game(name)
    rng = random.Random(1)
    for side in (0, 1):
        players = [RandomPlayer(game), RandomPlayer(game)]
        players[side] = make_player(parse_player("mcts:30"), game)  # play_game refuses an illegal move
        play_game(game, players, rng)


def test_the_spec_parses_back():
    assert str(parse_player("mcts:5000")) == "mcts:5000"
    assert str(parse_player(" mcts:200:1.4")) == "mcts:200:1.4"
    assert parse_player("mcts:200:1.4").explore == 1.4


@pytest.mark.parametrize(
    "text", ["mcts:100:fast", "mcts:100:solver:solver", "mcts:100:1.4:2", "mcts:100:reuse:1.4"]
)
def test_only_the_option_words_follow_the_iterations(text):
    said = r"after mcts:N\[:C\] come only the words solver .*, reuse .* and python"
    with pytest.raises(GameError, match=said):
        parse_player(text)


def test_the_solver_proves_a_win_in_one_and_stops_there(ttt):
    """X to move wins on square 3: once that child is expanded the root is proven (a loss for O, who made
    its move) and the search ends; without the solver every iteration runs."""
    state = State("XX.OO....", 0)
    proven = search(ttt, state, 1000, 1.0, random.Random(1), solver=True)
    assert proven.proven == 0.0 and proven.plays < 100
    assert [c.move for c in proven.children if c.proven == 1.0] == [2]
    assert search(ttt, state, 1000, 1.0, random.Random(1)).plays == 1000


def test_the_solver_proves_a_drawn_and_a_lost_position_to_the_end(ttt):
    """One square left, a draw: proven after one iteration. X to move while O threatens squares 3 (top
    row) and 7 (left column), and X has no line to finish: every X move is proven lost, so the root is a
    proven win for O, whose move made it."""
    draw = search(ttt, State("XOXXOOOX.", 0), 50, 1.0, random.Random(0), solver=True)
    assert draw.proven == 0.5 and draw.plays == 1
    lost = search(ttt, State("OO.OXX.X.", 0), 5000, 1.0, random.Random(0), solver=True)
    assert lost.proven == 1.0 and lost.plays < 5000
    assert sorted(c.move for c in lost.children) == [2, 6, 8] and all(c.proven == 0.0 for c in lost.children)


def test_the_kept_tree_is_the_reply_s_node_cut_loose(ttt):
    player = MctsPlayer(ttt, 200, reuse=True)
    rng = random.Random(3)
    first = player.choose(ttt.initial(), rng)
    after = ttt.apply(ttt.initial(), first)
    reply = ttt.apply(after, ttt.legal_moves(after)[0])
    kept = kept_subtree(player._last, reply)
    assert kept is not None and kept.state == reply and kept.parent is None and kept.plays > 0
    root = search(ttt, reply, 200, 1.0, rng, root=kept)
    assert root is kept and root.plays == kept.plays >= 200
    player.learn(None)  # type: ignore[arg-type]
    assert kept_subtree(player._last, reply) is None  # a new game starts afresh


def test_without_numba_mcts_n_plays_the_reference(tmp_path):
    """The tracker installs its compiled search; where numba cannot be imported, kit.mcts plays."""
    import subprocess
    import sys
    from pathlib import Path

    probe = (
        "import sys; sys.modules['numba'] = None; import tracker; from kit.games import get_game; "
        "from kit.players import make_player, parse_player; "
        "print(type(make_player(parse_player('mcts:50'), get_game('connect4'))).__name__)"
    )
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True,
                            cwd=Path(__file__).parent.parent)  # fmt: skip
    assert result.stdout.strip() == "MctsPlayer"
