"""The compiled MCTS (numba): kit.mcts's UCT on bitboards, for tic-tac-toe, four-in-a-row, Othello and
ultimate tic-tac-toe.

One iteration is what kit.mcts does: selection by w/n + c * sqrt(ln(n_parent) / n) while every move of a
node has been tried, expansion of one untried move chosen at random, one uniformly random playout to the
end, and backup of a play to every node on the path and a win to the player who made the node's move
(a draw is half to both); with the solver, the same proofs as kit.mcts. The tree is a set of arrays, one
row a node, so a search allocates nothing; its random numbers come from xorshift64* seeded by the caller.

A position is six unsigned 64-bit words and the player to move (tracker.sim.mcts_compiled converts the
kit's positions): tic-tac-toe X's and O's squares (bit = square); four-in-a-row the kit's two bitboards;
Othello Black's and White's discs; ultimate X's and O's marks of boards 0-5 (bit 9 * board + cell), then
of boards 6-8 (bit 9 * (board - 6) + cell), the board to play in plus one (0: any), and the boards won by
X, won by O and finished, 9 bits each at bits 0, 9 and 18. Functions are compiled with ``cache=True``:
the first search compiles them (several seconds), later processes load them from numba's cache, which is
the tracker's cache folder (tracker.sim.cache.code_cache), not a __pycache__ beside this file.
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from tracker.sim.cache import use_code_cache

use_code_cache()  # before the first njit(cache=True) below: numba picks the folder when it decorates

TICTACTOE, CONNECT4, OTHELLO, ULTIMATE = 0, 1, 2, 3
FIRST_WINS, SECOND_WINS, DRAWN, ONGOING = 0, 1, 2, -1  # a result: the winner, a draw, or not over
MAX_MOVES = np.array([9, 7, 64, 81])  # room for a position's legal moves (Othello's: fewer than 60)
WORDS = 6
PASS = 64  # Othello's pass, as kit.othello writes it

# A node's row of ``links``: its parent, first and last child, next sibling (-1: none), the move that made
# it, how many untried moves it has, the player to move, its proven value for its mover (-1: not proven;
# else 0 loss, 1 draw, 2 win: twice kit.mcts's), and its plays.
PARENT, FIRST_CHILD, LAST_CHILD, NEXT, MOVE, UNTRIED, TO_MOVE, PROVEN, PLAYS = range(9)
LINKS = 9

_U = np.uint64
_ZERO, _ONE = _U(0), _U(1)
# Tic-tac-toe's eight lines; ultimate's local boards use them too (THREE: which 9-bit sets hold one).
_TTT_LINES = np.array([0x7, 0x38, 0x1C0, 0x49, 0x92, 0x124, 0x111, 0x54], dtype=np.uint64)
_THREE = np.array([any(m & line == line for line in (7, 56, 448, 73, 146, 292, 273, 84)) for m in range(512)])
_C4_FULL = _U(sum(0x3F << (7 * c) for c in range(7)))
_C4_TOPS = np.array([1 << (7 * c + 5) for c in range(7)], dtype=np.uint64)
# Othello's four directions (each taken both ways) and the discs a run may pass over: files b-g along a row
# or diagonal, so a run never wraps round the board's edge; any disc up a file.
_OTH_SHIFTS = np.array([1, 8, 7, 9], dtype=np.uint64)
_OTH_OVER = np.array(
    [0x7E7E7E7E7E7E7E7E, 0xFFFFFFFFFFFFFFFF, 0x7E7E7E7E7E7E7E7E, 0x7E7E7E7E7E7E7E7E], dtype=np.uint64
)
_C4_SHIFTS = np.array([1, 7, 6, 8], dtype=np.uint64)  # up a column, along a row, the two diagonals
_DEBRUIJN = _U(0x03F79D71B4CB0A89)
_DEBRUIJN_INDEX = np.array([
    0, 1, 48, 2, 57, 49, 28, 3, 61, 58, 50, 42, 38, 29, 17, 4, 62, 55, 59, 36, 53, 51, 43, 22, 45, 39, 33,
    30, 24, 18, 12, 5, 63, 47, 56, 27, 60, 41, 37, 16, 54, 35, 52, 21, 44, 32, 23, 11, 46, 26, 40, 15, 34,
    20, 31, 10, 25, 14, 19, 9, 13, 8, 7, 6,
], dtype=np.int64)  # fmt: skip


# --- random numbers ------------------------------------------------------------------------------
@njit(cache=True)
def _next(rng):  # type: ignore[no-untyped-def]
    """xorshift64*: the next state in ``rng[0]``, and its output."""
    x = rng[0]
    x ^= x >> _U(12)
    x ^= x << _U(25)
    x ^= x >> _U(27)
    rng[0] = x
    return x * _U(0x2545F4914F6CDD1D)


@njit(cache=True)
def _below(rng, n):  # type: ignore[no-untyped-def]
    """A whole number in [0, n): multiply-shift on the output's top 32 bits."""
    return np.int64(((_next(rng) >> _U(32)) * _U(n)) >> _U(32))


# --- bit helpers ---------------------------------------------------------------------------------
@njit(cache=True)
def _lowest(bits):  # type: ignore[no-untyped-def]
    """The index of the lowest set bit (bits != 0)."""
    return _DEBRUIJN_INDEX[np.int64(((bits & (~bits + _ONE)) * _DEBRUIJN) >> _U(58))]


@njit(cache=True)
def _count(bits):  # type: ignore[no-untyped-def]
    bits = bits - ((bits >> _U(1)) & _U(0x5555555555555555))
    bits = (bits & _U(0x3333333333333333)) + ((bits >> _U(2)) & _U(0x3333333333333333))
    bits = (bits + (bits >> _U(4))) & _U(0x0F0F0F0F0F0F0F0F)
    return np.int64((bits * _U(0x0101010101010101)) >> _U(56))


@njit(cache=True)
def _squares(bits, out, n):  # type: ignore[no-untyped-def]
    """The set bits' indices appended to ``out`` from ``n`` on, ascending; the new length."""
    while bits:
        out[n] = _lowest(bits)
        n += 1
        bits &= bits - _ONE
    return n


# --- tic-tac-toe ---------------------------------------------------------------------------------
@njit(cache=True)
def _ttt_line(marks):  # type: ignore[no-untyped-def]
    for line in _TTT_LINES:
        if marks & line == line:
            return True
    return False


# --- four-in-a-row -------------------------------------------------------------------------------
@njit(cache=True)
def _c4_four(discs):  # type: ignore[no-untyped-def]
    for shift in _C4_SHIFTS:
        pairs = discs & (discs >> shift)
        if pairs & (pairs >> (shift + shift)):
            return True
    return False


# --- Othello -------------------------------------------------------------------------------------
@njit(cache=True)
def _oth_moves(mover, other):  # type: ignore[no-untyped-def]
    """The empty squares where ``mover`` may place a disc (kit.othello.move_bits)."""
    found = _ZERO
    for k in range(4):
        shift = _OTH_SHIFTS[k]
        over = other & _OTH_OVER[k]
        run = over & (mover << shift)
        for _ in range(5):
            run |= over & (run << shift)
        found |= run << shift
        run = over & (mover >> shift)
        for _ in range(5):
            run |= over & (run >> shift)
        found |= run >> shift
    return found & ~(mover | other)


@njit(cache=True)
def _oth_flips(mover, other, square):  # type: ignore[no-untyped-def]
    """The other's discs that ``mover``'s disc on ``square`` turns over (kit.othello.flips)."""
    turned = _ZERO
    placed = _ONE << _U(square)
    for k in range(4):
        shift = _OTH_SHIFTS[k]
        over = other & _OTH_OVER[k]
        line = _ZERO
        step = over & (placed << shift)
        while step:
            line |= step
            step = over & (step << shift)
        if (line << shift) & mover:
            turned |= line
        line = _ZERO
        step = over & (placed >> shift)
        while step:
            line |= step
            step = over & (step >> shift)
        if (line >> shift) & mover:
            turned |= line
    return turned


# --- ultimate ------------------------------------------------------------------------------------
@njit(cache=True)
def _ult_local(s, who, board):  # type: ignore[no-untyped-def]
    """The 9-bit set of ``who``'s marks on local ``board``."""
    word = s[who] if board < 6 else s[2 + who]
    return np.int64((word >> _U(9 * (board % 6))) & _U(0x1FF))


# --- the rules, by game ---------------------------------------------------------------------------
@njit(cache=True)
def legal(game, s, to_move, out):  # type: ignore[no-untyped-def]
    """The legal moves (ascending, as the kit lists them) written to ``out``; how many (0: over)."""
    if game == TICTACTOE:
        if _ttt_line(s[1 - to_move]):
            return 0
        return _squares(~(s[0] | s[1]) & _U(0x1FF), out, 0)
    if game == CONNECT4:
        if _c4_four(s[1 - to_move]):
            return 0
        taken = s[0] | s[1]
        n = 0
        for column in range(7):
            if not taken & _C4_TOPS[column]:
                out[n] = column
                n += 1
        return n
    if game == OTHELLO:
        mine = _oth_moves(s[to_move], s[1 - to_move])
        if mine:
            return _squares(mine, out, 0)
        if _oth_moves(s[1 - to_move], s[to_move]):
            out[0] = PASS
            return 1
        return 0
    # ultimate
    boards = np.int64(s[5])
    x_won, o_won, finished = boards & 0x1FF, (boards >> 9) & 0x1FF, (boards >> 18) & 0x1FF
    if _THREE[x_won] or _THREE[o_won] or finished == 0x1FF:
        return 0
    active = np.int64(s[4]) - 1
    n = 0
    for board in range(9):
        if (active < 0 and not (finished >> board) & 1) or board == active:
            empty = ~(_ult_local(s, 0, board) | _ult_local(s, 1, board)) & 0x1FF
            for cell in range(9):
                if (empty >> cell) & 1:
                    out[n] = 9 * board + cell
                    n += 1
    return n


@njit(cache=True)
def result(game, s, to_move):  # type: ignore[no-untyped-def]
    """FIRST_WINS, SECOND_WINS, DRAWN, or ONGOING."""
    last = 1 - to_move  # only the player who has just moved can have made a line
    if game == TICTACTOE:
        if _ttt_line(s[last]):
            return last
        return DRAWN if s[0] | s[1] == _U(0x1FF) else ONGOING
    if game == CONNECT4:
        if _c4_four(s[last]):
            return last
        return DRAWN if s[0] | s[1] == _C4_FULL else ONGOING
    if game == OTHELLO:
        if _oth_moves(s[0], s[1]) or _oth_moves(s[1], s[0]):
            return ONGOING
        discs = _count(s[0]) - _count(s[1])
        return DRAWN if discs == 0 else FIRST_WINS if discs > 0 else SECOND_WINS
    boards = np.int64(s[5])
    if _THREE[boards & 0x1FF]:
        return FIRST_WINS
    if _THREE[(boards >> 9) & 0x1FF]:
        return SECOND_WINS
    return DRAWN if (boards >> 18) & 0x1FF == 0x1FF else ONGOING


@njit(cache=True)
def play(game, s, to_move, move):  # type: ignore[no-untyped-def]
    """``s`` after ``to_move``'s legal ``move`` (in place)."""
    if game == TICTACTOE:
        s[to_move] |= _ONE << _U(move)
    elif game == CONNECT4:
        shift = _U(7 * move)
        s[to_move] |= (((s[0] | s[1]) >> shift & _U(0x3F)) + _ONE) << shift
    elif game == OTHELLO:
        if move != PASS:
            turned = _oth_flips(s[to_move], s[1 - to_move], move)
            s[to_move] |= turned | (_ONE << _U(move))
            s[1 - to_move] &= ~turned
    else:
        board, target = move // 9, move % 9
        word = to_move if board < 6 else 2 + to_move
        s[word] |= _ONE << _U(9 * (board % 6) + target)
        boards = np.int64(s[5])
        if _THREE[_ult_local(s, to_move, board)]:
            boards |= (1 << board) << (9 * to_move)
            boards |= (1 << board) << 18
        if _ult_local(s, 0, board) | _ult_local(s, 1, board) == 0x1FF:
            boards |= (1 << board) << 18
        s[5] = _U(boards)
        s[4] = _U(0 if (boards >> (18 + target)) & 1 else target + 1)


# --- the search ----------------------------------------------------------------------------------
@njit(cache=True)
def _value_for(outcome, mover):  # type: ignore[no-untyped-def]
    """A result as a proven value for ``mover``: 0 loss, 1 draw, 2 win."""
    return 1 if outcome == DRAWN else 2 if outcome == mover else 0


@njit(cache=True)
def _add_node(game, links, states, untried, at, parent, move, solver):  # type: ignore[no-untyped-def]
    """Fills row ``at`` for the state already in ``states[at]``: its legal moves are its untried ones."""
    to_move = links[at, TO_MOVE]
    links[at, PARENT] = parent
    links[at, FIRST_CHILD] = -1
    links[at, LAST_CHILD] = -1
    links[at, NEXT] = -1
    links[at, MOVE] = move
    links[at, PLAYS] = 0
    links[at, PROVEN] = -1
    links[at, UNTRIED] = legal(game, states[at], to_move, untried[at])
    if solver and links[at, UNTRIED] == 0:
        links[at, PROVEN] = _value_for(result(game, states[at], to_move), 1 - to_move)


@njit(cache=True)
def start(game, links, states, untried, words, to_move, solver):  # type: ignore[no-untyped-def]
    """A tree of one node (row 0) for the position ``words`` with ``to_move`` to move; the rows used."""
    states[0, :] = words
    links[0, TO_MOVE] = to_move
    _add_node(game, links, states, untried, 0, -1, -1, solver)
    return 1


@njit(cache=True)
def search(  # type: ignore[no-untyped-def]
    game,
    links,
    states,
    untried,
    wins,
    root,
    used,
    iterations,
    explore,
    solver,
    rng,
):
    """``iterations`` iterations of UCT from ``root`` (fewer when the solver proves it), new nodes from row
    ``used`` on; the rows used after them. ``rng`` holds the xorshift64* state."""
    scratch = np.empty(WORDS, np.uint64)
    moves = np.empty(untried.shape[1], np.int64)
    for _ in range(iterations):
        if links[root, PROVEN] >= 0:
            break
        node = root
        # Selection.
        while links[node, UNTRIED] == 0 and links[node, FIRST_CHILD] >= 0 and links[node, PROVEN] < 0:
            log_n = math.log(links[node, PLAYS])
            best, best_value = -1, -math.inf
            child = links[node, FIRST_CHILD]
            while child >= 0:
                if links[child, PROVEN] >= 0:
                    value = 0.5 * links[child, PROVEN]
                else:
                    plays = links[child, PLAYS]
                    value = wins[child] / plays + explore * math.sqrt(log_n / plays)
                if value > best_value:
                    best, best_value = child, value
                child = links[child, NEXT]
            node = best
        # Expansion: one untried move at random (the last untried move takes its place).
        left = links[node, UNTRIED]
        if left > 0 and links[node, PROVEN] < 0:
            pick = _below(rng, left)
            move = untried[node, pick]
            untried[node, pick] = untried[node, left - 1]
            links[node, UNTRIED] = left - 1
            child = used
            used += 1
            states[child, :] = states[node, :]
            to_move = links[node, TO_MOVE]
            play(game, states[child], to_move, move)
            links[child, TO_MOVE] = 1 - to_move
            _add_node(game, links, states, untried, child, node, move, solver)
            if links[node, LAST_CHILD] >= 0:
                links[links[node, LAST_CHILD], NEXT] = child
            else:
                links[node, FIRST_CHILD] = child
            links[node, LAST_CHILD] = child
            node = child
        # Simulation, or a proven node's value.
        proven = links[node, PROVEN]
        if proven >= 0:
            mover = 1 - links[node, TO_MOVE]
            outcome = DRAWN if proven == 1 else mover if proven == 2 else 1 - mover
        else:
            scratch[:] = states[node, :]
            to_move = links[node, TO_MOVE]
            while True:
                n = legal(game, scratch, to_move, moves)
                if n == 0:
                    break
                play(game, scratch, to_move, moves[_below(rng, n)])
                to_move = 1 - to_move
            outcome = result(game, scratch, to_move)
        # Backpropagation.
        walk = node
        while walk >= 0:
            links[walk, PLAYS] += 1
            if outcome == DRAWN:
                wins[walk] += 0.5
            elif outcome == 1 - links[walk, TO_MOVE]:
                wins[walk] += 1.0
            if walk == root:
                break
            walk = links[walk, PARENT]
        if proven >= 0 and node != root:
            _prove_up(links, links[node, PARENT], root)
    return used


@njit(cache=True)
def _prove_up(links, node, root):  # type: ignore[no-untyped-def]
    """The solver's step (kit.mcts._prove_up), from ``node`` up to ``root`` at most."""
    while node >= 0 and links[node, PROVEN] < 0:
        best, open_child = -1, links[node, UNTRIED] > 0
        child = links[node, FIRST_CHILD]
        while child >= 0:
            value = links[child, PROVEN]
            if value < 0:
                open_child = True
            elif value > best:
                best = value
            child = links[child, NEXT]
        if best == 2:
            links[node, PROVEN] = 0
        elif not open_child and best >= 0:
            links[node, PROVEN] = 2 - best
        else:
            return
        if node == root:
            return
        node = links[node, PARENT]


@njit(cache=True)
def best_child(links, root):  # type: ignore[no-untyped-def]
    """kit.mcts.best_child: a proven win, else the most-played child that is not a proven loss, ties to the
    first expanded."""
    best, best_key = -1, -1
    child = links[root, FIRST_CHILD]
    while child >= 0:
        proven = links[child, PROVEN]
        rank = 2 if proven == 2 else 0 if proven == 0 else 1
        key = rank * (1 << 40) + links[child, PLAYS]
        if key > best_key:
            best, best_key = child, key
        child = links[child, NEXT]
    return best


@njit(cache=True)
def find_child(links, states, node, words, to_move):  # type: ignore[no-untyped-def]
    """The child of ``node`` whose position is ``words`` with ``to_move`` to move, or -1."""
    child = links[node, FIRST_CHILD]
    while child >= 0:
        if links[child, TO_MOVE] == to_move and np.all(states[child] == words):
            return child
        child = links[child, NEXT]
    return -1


@njit(cache=True)
def copy_subtree(  # type: ignore[no-untyped-def]
    links,
    states,
    untried,
    wins,
    root,
    to_links,
    to_states,
    to_untried,
    to_wins,
):
    """The subtree under ``root`` copied into the ``to_`` arrays from row 0 (its root), breadth first, the
    links renumbered; the rows used."""
    order = np.empty(links.shape[0], np.int64)
    order[0], head, used = root, 0, 1
    new_row = np.full(links.shape[0], -1, np.int64)
    new_row[root] = 0
    while head < used:
        child = links[order[head], FIRST_CHILD]
        while child >= 0:
            order[used] = child
            new_row[child] = used
            used += 1
            child = links[child, NEXT]
        head += 1
    for row in range(used):
        old = order[row]
        to_links[row, :] = links[old, :]
        to_states[row, :] = states[old, :]
        to_untried[row, :] = untried[old, :]
        to_wins[row] = wins[old]
        for column in (PARENT, FIRST_CHILD, LAST_CHILD, NEXT):
            if links[old, column] >= 0:
                to_links[row, column] = new_row[links[old, column]]
    to_links[0, PARENT] = -1
    to_links[0, NEXT] = -1
    return used
