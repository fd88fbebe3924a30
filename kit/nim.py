"""Nim: players take tokens in turn from one pile or from several heaps; the last token loses or wins.

Options (``kit.games``): ``heaps`` (9, the notebook's single pile, or several heaps such as 1, 2, 3),
``max_take`` (the most a turn may take: 3 by default for one pile, no limit for several heaps) and
``last_token`` ("loses", the default for one pile, as the notebook; "wins", the default for several
heaps, as the multi-row seed and Bouton's normal play).

One pile keeps its old values, a token count and a take (``Nim``), so every store, export and printed
kit of the single-pile game reads as before. Several heaps (``NimHeaps``) are a sorted tuple of heap
sizes, empty heaps included: heaps of the same size are interchangeable, so sorting is the game's whole
symmetry and a position is its own canonical form. A move there is "take k from the heap of h", named by
the heap's size, which is the same move whichever of two equal heaps a player touches.

Neither kind of position says whose turn it is, so one box per position serves either player.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import reduce
from operator import xor
from typing import Any, ClassVar, NamedTuple

from kit.game import (
    FIRST,
    Game,
    GameError,
    InvalidMoveError,
    InvalidPositionError,
    Outcome,
    State,
)
from kit.picture import Heaps, MoveMark

LAST_TOKEN = ("loses", "wins")
SINGLE_PILE = 9
SINGLE_MAX_TAKE = 3
MAX_HEAP = 5  # the most tokens in one of several heaps: the heaps palette has a colour for each take up to it
MAX_PILE = 99


def tokens_text(count: int) -> str:
    return f"{count} token{'s' * (count != 1)}"


def parse_heaps(text: str) -> tuple[int, ...]:
    """'9' -> (9,); '1,2,3' -> (1, 2, 3) (commas or spaces); raises GameError saying what to type."""
    words = text.replace(",", " ").split()
    if not words or not all(w.isascii() and w.isdigit() and int(w) >= 1 for w in words):
        raise GameError(f"--heaps {text!r}: give one pile (e.g. 9) or several heaps (e.g. 1,2,3)")
    return tuple(int(w) for w in words)


def parse_max_take(text: str) -> int:
    if not (text.isascii() and text.isdigit() and int(text) >= 1):
        raise GameError(f"--max-take {text!r}: give the most tokens a turn may take, 1 or more")
    return int(text)


def parse_last_token(text: str) -> str:
    if text not in LAST_TOKEN:
        raise GameError(f"--last-token {text!r}: choose loses or wins")
    return text


def make_nim(
    heaps: tuple[int, ...] = (SINGLE_PILE,), max_take: int | None = None, last_token: str | None = None
) -> Game[Any, Any]:
    """The Nim game with these options (defaults by the number of heaps); raises GameError."""
    heaps = tuple(heaps)
    if not heaps or min(heaps) < 1:
        raise GameError("Nim needs at least one heap, each of one token or more")
    if max_take is not None and max_take < 1:
        raise GameError("--max-take must be 1 or more")
    if last_token is not None and last_token not in LAST_TOKEN:
        raise GameError(f"--last-token {last_token!r}: choose loses or wins")
    if len(heaps) == 1:
        if heaps[0] > MAX_PILE:
            raise GameError(f"a pile of {heaps[0]} is too big for a kit: use at most {MAX_PILE} tokens")
        return Nim(heaps[0], SINGLE_MAX_TAKE if max_take is None else max_take, last_token or "loses")
    if max(heaps) > MAX_HEAP:
        raise GameError(f"a heap of {max(heaps)} is too big: several heaps hold at most {MAX_HEAP} each")
    return NimHeaps(heaps, max_take, last_token or "wins")


class _NimRules:
    """What both kinds of Nim share: their options, spec, default rules and the words of their rules."""

    name = "nim"
    short_title = "Nim"
    player_names = ("first", "second")
    default_rules = "nim"
    option_parsers: ClassVar[dict[str, Callable[[str], Any] | None]] = {
        "heaps": parse_heaps, "max-take": parse_max_take, "last-token": parse_last_token
    }
    heaps: tuple[int, ...]
    max_take: int | None
    last_token: str

    def _winner_at_end(self, to_move: int) -> int:
        # No tokens left: the player who took the last one has moved, so the one now to move is the other.
        return 1 - to_move if self.last_token == "wins" else to_move

    def _take_words(self) -> str:
        if self.max_take is None:
            return "as many tokens as they like (at least one)"
        return "1 token" if self.max_take == 1 else f"1 to {self.max_take} tokens"

    def _end_words(self) -> str:
        return f"Whoever takes the last token {self.last_token}."


class Nim(_NimRules, Game[int, int]):
    """Single-pile Nim: a position is the tokens left, a move the number taken."""

    title = "Single-pile Nim"
    default_palette = "nim-craft"
    max_take: int  # one pile always has a limit

    def __init__(self, tokens: int = SINGLE_PILE, max_take: int = SINGLE_MAX_TAKE, last_token: str = "loses"):
        if tokens < 1 or max_take < 1:
            raise ValueError("Nim needs at least one token and a take of at least one")
        self.tokens = tokens
        self.heaps = (tokens,)
        self.max_take = max_take
        self.last_token = last_token
        if min(max_take, tokens) > SINGLE_MAX_TAKE:  # the classic three colours are too few
            self.default_palette = "nim-takes"

    def options(self) -> dict[str, str]:
        chosen = {"heaps": str(self.tokens) * (self.tokens != SINGLE_PILE)}
        chosen["max-take"] = str(self.max_take) * (self.max_take != SINGLE_MAX_TAKE)
        chosen["last-token"] = self.last_token * (self.last_token != "loses")
        return {key: value for key, value in chosen.items() if value}

    def initial(self) -> State[int]:
        return State(self.tokens, FIRST)

    def legal_moves(self, state: State[int]) -> tuple[int, ...]:
        return tuple(range(1, min(self.max_take, state.position) + 1))

    def outcome(self, state: State[int]) -> Outcome | None:
        return Outcome(self._winner_at_end(state.to_move)) if state.position == 0 else None

    def apply(self, state: State[int], move: int) -> State[int]:
        return State(state.position - move, 1 - state.to_move)

    def illegal_reason(self, state: State[int], move: int) -> str:
        if self.outcome(state) is None and move > state.position:
            return f"only {tokens_text(state.position)} left: take fewer"
        return super().illegal_reason(state, move)

    def parse_position(self, text: str) -> int:
        text = text.strip()
        if not text.isdigit() or not text.isascii() or not 0 <= int(text) <= self.tokens:
            raise InvalidPositionError(
                f"{text!r} is not a Nim position: give a number of tokens from 0 to {self.tokens}"
            )
        return int(text)

    def parse_move(self, text: str) -> int:
        word = text.strip().lower().removeprefix("take").strip()
        if word.isdigit() and word.isascii() and 1 <= int(word) <= self.max_take:
            return int(word)
        raise InvalidMoveError(
            f"{text.strip()!r} is not a take: type a number of tokens from 1 to {self.max_take}"
        )

    def move_text(self, move: int, notation: str = "numbers") -> str:
        return str(move)

    def move_phrase(self, move: int, notation: str = "numbers") -> str:
        return f"takes {move}"

    def move_prompt(self, state: State[int]) -> str:
        return f"Opponent takes (1-{min(self.max_take, state.position)})"

    def rules_summary(self) -> str:
        return (f"Start with {tokens_text(self.tokens)} in one pile. The two players take turns, and each "
                f"turn takes {self._take_words()} from the pile. {self._end_words()}")

    def move_from_code(self, code: int) -> int:
        return code

    def picture(self, position: int) -> Heaps:
        return Heaps((position,), (self.tokens,))

    def move_mark(self, move: int) -> MoveMark:
        return MoveMark(None, f"take {move}")

    def needs_box(self, state: State[int], menace: int) -> bool:
        # A Nim position does not say whose turn it is, so one box per count serves either side;
        # box 1 holds only "take 1", as in the classic kit.
        return True

    def canonical_key(self, position: int) -> object:
        return position

    def box_order(self, position: int) -> object:
        return position

    def best_take(self, tokens: int) -> int | None:
        """The take that leaves the opponent a lost count, or None when this count is lost.

        Counts that are multiples of max_take + 1 are lost in normal play (the mover cannot stop the
        opponent restoring a multiple); with the last token losing, counts one above a multiple are."""
        take = (tokens - (self.last_token == "loses")) % (self.max_take + 1)
        return take or None


class HeapTake(NamedTuple):
    """Take ``take`` tokens from a heap of ``heap`` tokens."""

    heap: int
    take: int


_MOVE = re.compile(r"^(?:take\s*)?(\d+)\s*(?:from|f|/|:)\s*(?:the\s+)?(?:heap\s+)?(?:of\s+)?(\d+)$")


class NimHeaps(_NimRules, Game[tuple[int, ...], HeapTake]):
    """Nim with several heaps: a position is the sorted heap sizes, a move a HeapTake."""

    default_palette = "nim-heaps"

    def __init__(self, heaps: tuple[int, ...], max_take: int | None = None, last_token: str = "wins"):
        self.heaps = tuple(sorted(heaps))
        self.max_take = max_take
        self.last_token = last_token
        self.title = f"Nim with heaps {', '.join(map(str, self.heaps))}"

    def options(self) -> dict[str, str]:
        chosen = {"heaps": ",".join(map(str, self.heaps))}
        if self.max_take is not None:
            chosen["max-take"] = str(self.max_take)
        if self.last_token != "wins":
            chosen["last-token"] = self.last_token
        return chosen

    def initial(self) -> State[tuple[int, ...]]:
        return State(self.heaps, FIRST)

    def legal_moves(self, state: State[tuple[int, ...]]) -> tuple[HeapTake, ...]:
        most = self.max_take or max(self.heaps)
        heaps = sorted(set(state.position))
        return tuple(HeapTake(heap, take) for heap in heaps for take in range(1, min(heap, most) + 1))

    def outcome(self, state: State[tuple[int, ...]]) -> Outcome | None:
        return None if any(state.position) else Outcome(self._winner_at_end(state.to_move))

    def apply(self, state: State[tuple[int, ...]], move: HeapTake) -> State[tuple[int, ...]]:
        heaps = list(state.position)
        heaps[heaps.index(move.heap)] -= move.take
        return State(tuple(sorted(heaps)), 1 - state.to_move)

    def illegal_reason(self, state: State[tuple[int, ...]], move: HeapTake) -> str:
        if self.outcome(state) is None:
            if move.heap not in state.position:
                sizes = ", ".join(str(h) for h in sorted(set(state.position)) if h)
                return f"there is no heap of {move.heap}: the heaps hold {sizes}"
            if move.take > move.heap:
                return f"the heap of {move.heap} has only {tokens_text(move.heap)}: take fewer"
            if self.max_take is not None and move.take > self.max_take:
                return f"a turn takes at most {tokens_text(self.max_take)}"
        return super().illegal_reason(state, move)

    # --- text ---------------------------------------------------------------------------------------
    def position_text(self, position: tuple[int, ...]) -> str:
        return ",".join(map(str, position))

    def parse_position(self, text: str) -> tuple[int, ...]:
        words = text.replace(",", " ").split()
        start = ",".join(map(str, self.heaps))
        if not words or not all(w.isascii() and w.isdigit() for w in words) or len(words) > len(self.heaps):
            raise InvalidPositionError(
                f"{text.strip()!r} is not a position: give the tokens left in each heap, e.g. {start} "
                "(empty heaps may be left out)"
            )
        heaps = tuple(sorted([0] * (len(self.heaps) - len(words)) + [int(w) for w in words]))
        if any(h > most for h, most in zip(heaps, self.heaps, strict=True)):
            raise InvalidPositionError(f"{text.strip()!r} cannot happen in play: the heaps start as {start}")
        return heaps

    def parse_move(self, text: str) -> HeapTake:
        """A move typed as "2 from 3" (take 2 from the heap of 3), also "take 2 from the heap of 3"."""
        found = _MOVE.match(" ".join(text.strip().lower().split()))
        if found is not None and 1 <= int(found[2]) < int(found[1]):
            raise InvalidMoveError(f"a heap of {found[2]} has only {tokens_text(int(found[2]))}: take fewer")
        if found is None or int(found[1]) < 1 or not int(found[1]) <= int(found[2]) <= max(self.heaps):
            raise InvalidMoveError(
                f"{text.strip()!r} is not a move: type how many to take and from which heap, "
                "e.g. 2 from 3 (take 2 from the heap of 3)"
            )
        return HeapTake(int(found[2]), int(found[1]))

    def move_text(self, move: HeapTake, notation: str = "numbers") -> str:
        return f"{move.take} from {move.heap}"

    def move_phrase(self, move: HeapTake, notation: str = "numbers") -> str:
        return f"takes {move.take} from the heap of {move.heap}"

    def move_prompt(self, state: State[tuple[int, ...]]) -> str:
        return "Opponent's move (take K from the heap of H: type K from H, e.g. 1 from 3)"

    def rules_summary(self) -> str:
        count = len(self.heaps)
        sizes = ", ".join(map(str, self.heaps[:-1])) + f" and {self.heaps[-1]}"
        return (f"Start with {count} heaps of {sizes} tokens. The two players take turns, and each turn "
                f"takes {self._take_words()} from one heap. {self._end_words()}")

    # Codes number the moves heap by heap: the heap of 1 has take 1 (code 1), the heap of 2 takes 1, 2
    # (codes 2, 3), the heap of 3 takes 1-3 (codes 4-6), and so on.
    def move_code(self, move: HeapTake) -> int:
        return move.heap * (move.heap - 1) // 2 + move.take

    def move_from_code(self, code: int) -> HeapTake:
        heap = 1
        while heap * (heap + 1) // 2 < code:
            heap += 1
        return HeapTake(heap, code - heap * (heap - 1) // 2)

    def picture(self, position: tuple[int, ...]) -> Heaps:
        return Heaps(position, self.heaps)  # sorted positions never outgrow the sorted start, row by row

    def move_mark(self, move: HeapTake) -> MoveMark:
        return MoveMark(None, f"take {move.take} from {move.heap}")

    def needs_box(self, state: State[tuple[int, ...]], menace: int) -> bool:
        return True  # the heaps do not say whose turn it is: one box serves either side

    def box_order(self, position: tuple[int, ...]) -> object:
        return (sum(position), position)

    # --- best play by rule ----------------------------------------------------------------------------
    def mover_loses(self, position: tuple[int, ...]) -> bool | None:
        """Whether the player to move loses with best play, by Bouton's rules; None where no rule here
        applies (the last token losing with a take limit: kit.solver's search answers that).

        Normal play: the mover loses exactly when the XOR of the heaps (each modulo max_take + 1) is 0.
        Misere (the last token loses, any take): the same, unless no heap holds more than one token; then
        the mover loses exactly when an odd number of heaps hold one."""
        most = self.max_take
        if self.last_token == "wins":
            return reduce(xor, (h % (most + 1) if most else h for h in position), 0) == 0
        if most is not None:
            return None
        if max(position) <= 1:
            return sum(position) % 2 == 1
        return reduce(xor, position, 0) == 0

