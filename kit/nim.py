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
from collections.abc import Callable, Sequence
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
from kit.i18n import _, n_
from kit.numerals import whole_number
from kit.picture import Heaps, MoveMark
from kit.shown import shown

LAST_TOKEN = ("loses", "wins")
SINGLE_PILE = 9
SINGLE_MAX_TAKE = 3
MAX_HEAP = 5  # the most tokens in one of several heaps: the heaps palette has a colour for each take up to it
MAX_PILE = 99


def tokens_text(count: int) -> str:
    return n_("{count} token", "{count} tokens", count).format(count=count)


def parse_heaps(text: str) -> tuple[int, ...]:
    """'9' -> (9,); '1,2,3' -> (1, 2, 3) (commas or spaces); raises GameError saying what to type."""
    if "," in text and any(not part.strip() for part in text.split(",")):  # '1,,2' was read as 1,2
        raise GameError(
            _("--heaps {text!r}: a heap between commas is empty: give each heap's tokens, e.g. 1,2,3").format(
                text=text
            )
        )
    words = text.replace(",", " ").split()
    numbers = [whole_number(w) for w in words]
    if not numbers or not all(n is not None and n >= 1 for n in numbers):
        raise GameError(
            _("--heaps {text!r}: give one pile (e.g. 9) or several heaps (e.g. 1,2,3)").format(
                text=shown(text)
            )
        )
    return tuple(n for n in numbers if n is not None)


def parse_max_take(text: str) -> int:
    number = whole_number(text) if text == text.strip() else None
    if number is None or number < 1:
        raise GameError(
            _("--max-take {text!r}: give the most tokens a turn may take, 1 or more").format(text=shown(text))
        )
    return number


def parse_last_token(text: str) -> str:
    if text not in LAST_TOKEN:
        raise GameError(_("--last-token {text!r}: choose loses or wins").format(text=text))
    return text


def make_nim(
    heaps: tuple[int, ...] = (SINGLE_PILE,), max_take: int | None = None, last_token: str | None = None
) -> Game[Any, Any]:
    """The Nim game with these options (defaults by the number of heaps); raises GameError."""
    heaps = tuple(heaps)
    if not heaps or min(heaps) < 1:
        raise GameError(_("Nim needs at least one heap, each of one token or more"))
    if max_take is not None and max_take < 1:
        raise GameError(_("--max-take must be 1 or more"))
    if last_token is not None and last_token not in LAST_TOKEN:
        raise GameError(_("--last-token {text!r}: choose loses or wins").format(text=last_token))
    if len(heaps) == 1:
        if heaps[0] > MAX_PILE:
            raise GameError(
                _("a pile of {tokens} is too big for a kit: use at most {most} tokens").format(
                    tokens=heaps[0], most=MAX_PILE
                )
            )
        return Nim(heaps[0], SINGLE_MAX_TAKE if max_take is None else max_take, last_token or "loses")
    if max(heaps) > MAX_HEAP:
        raise GameError(
            _("a heap of {tokens} is too big: several heaps hold at most {most} each").format(
                tokens=max(heaps), most=MAX_HEAP
            )
        )
    return NimHeaps(heaps, max_take, last_token or "wins")


class _NimRules:
    """What both kinds of Nim share: their options, spec, default rules and the words of their rules."""

    name = "nim"
    player_names = ("first", "second")
    can_draw = False  # a move always takes a token, and the last one ends the game
    default_rules = "nim"
    option_parsers: ClassVar[dict[str, Callable[[str], Any] | None]] = {
        "heaps": parse_heaps,
        "max-take": parse_max_take,
        "last-token": parse_last_token,
    }
    heaps: tuple[int, ...]
    max_take: int | None
    last_token: str

    @property
    def short_title(self) -> str:
        return _("Nim")

    def _winner_at_end(self, to_move: int) -> int:
        # No tokens left: the player who took the last one has moved, so the one now to move is the other.
        return 1 - to_move if self.last_token == "wins" else to_move

    def _take_words(self) -> str:
        if self.max_take is None:
            return _("as many tokens as they like (at least one)")
        if self.max_take == 1:
            return tokens_text(1)
        return _("1 to {most} tokens").format(most=self.max_take)

    def _end_words(self) -> str:
        return (
            _("Whoever takes the last token wins.")
            if self.last_token == "wins"
            else _("Whoever takes the last token loses.")
        )


class Nim(_NimRules, Game[int, int]):
    """Single-pile Nim: a position is the tokens left, a move the number taken."""

    @property
    def title(self) -> str:
        return _("Single-pile Nim")

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
            return _("only {tokens} left: take fewer").format(tokens=tokens_text(state.position))
        return super().illegal_reason(state, move)

    def parse_position(self, text: str) -> int:
        text = text.strip()
        number = whole_number(text)
        if number is None or not 0 <= number <= self.tokens:
            raise InvalidPositionError(
                _("{text!r} is not a Nim position: give a number of tokens from 0 to {most}").format(
                    text=shown(text), most=self.tokens
                )
            )
        return number

    def parse_move(self, text: str) -> int:
        word = text.strip().lower().removeprefix("take").strip()
        number = whole_number(word)
        if number is not None and 1 <= number <= self.max_take:
            return number
        raise InvalidMoveError(
            _("{text!r} is not a take: type a number of tokens from 1 to {most}").format(
                text=text.strip(), most=self.max_take
            )
        )

    def move_text(self, move: int, notation: str = "numbers") -> str:
        return str(move)

    def move_phrase(self, move: int, notation: str = "numbers") -> str:
        return _("takes {count}").format(count=move)

    def move_prompt(self, state: State[int]) -> str:
        most = min(self.max_take, state.position)
        if most == 1:  # one choice: not "(1-1)"
            return _("Opponent takes (1)")
        return _("Opponent takes (1-{most})").format(most=most)

    def rules_summary(self) -> str:
        return _(
            "Start with {tokens} in one pile. The two players take turns, and each turn takes {take} "
            "from the pile. {end}"
        ).format(tokens=tokens_text(self.tokens), take=self._take_words(), end=self._end_words())

    def move_from_code(self, code: int) -> int:
        return code

    def picture(self, position: int) -> Heaps:
        return Heaps((position,), (self.tokens,))

    def move_mark(self, move: int) -> MoveMark:
        return MoveMark(None, _("take {count}").format(count=move))

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


def padded(position: tuple[int, ...], heaps: int) -> tuple[int, ...]:
    """A sorted Nim position with zero heaps put in front to make ``heaps`` heaps (approach a's key)."""
    if len(position) > heaps:
        raise ValueError(f"{position} has more than {heaps} heaps")
    return (0,) * (heaps - len(position)) + tuple(position)


def fits_under(position: tuple[int, ...], heaps: tuple[int, ...]) -> bool:
    """Whether a sorted Nim position is also a position of the game that starts from ``heaps`` (given with
    zeros in front): each heap, in sorted order, is at most the start's heap in the same place."""
    start = padded(tuple(sorted(heaps)), len(position)) if len(heaps) <= len(position) else None
    return start is not None and all(h <= s for h, s in zip(position, start, strict=True))


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

    @property
    def title(self) -> str:
        return _("Nim with heaps {heaps}").format(heaps=", ".join(map(str, self.heaps)))

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
                return _("there is no heap of {heap}: the heaps hold {sizes}").format(
                    heap=move.heap, sizes=sizes
                )
            if move.take > move.heap:
                return _("the heap of {heap} has only {tokens}: take fewer").format(
                    heap=move.heap, tokens=tokens_text(move.heap)
                )
            if self.max_take is not None and move.take > self.max_take:
                return _("a turn takes at most {tokens}").format(tokens=tokens_text(self.max_take))
        return super().illegal_reason(state, move)

    # --- text ---------------------------------------------------------------------------------------
    def position_text(self, position: tuple[int, ...]) -> str:
        return ",".join(map(str, position))

    def parse_position(self, text: str) -> tuple[int, ...]:
        words = text.replace(",", " ").split()
        start = ",".join(map(str, self.heaps))
        if not words or not all(whole_number(w) is not None for w in words) or len(words) > len(self.heaps):
            raise InvalidPositionError(
                _(
                    "{text!r} is not a position: give the tokens left in each heap, e.g. {start} (empty "
                    "heaps "
                    "may be left out)"
                ).format(text=text.strip(), start=start)
            )
        heaps = tuple(sorted([0] * (len(self.heaps) - len(words)) + [int(w) for w in words]))
        if any(h > most for h, most in zip(heaps, self.heaps, strict=True)):
            raise InvalidPositionError(
                _("{text!r} cannot happen in play: the heaps start as {start}").format(
                    text=text.strip(), start=start
                )
            )
        return heaps

    def parse_move(self, text: str) -> HeapTake:
        """A move typed as "2 from 3" (take 2 from the heap of 3), also "take 2 from the heap of 3"."""
        found = _MOVE.match(" ".join(text.strip().lower().split()))
        if found is not None and 1 <= int(found[2]) < int(found[1]):
            raise InvalidMoveError(
                _("a heap of {heap} has only {tokens}: take fewer").format(
                    heap=found[2], tokens=tokens_text(int(found[2]))
                )
            )
        if found is None or int(found[1]) < 1 or not int(found[1]) <= int(found[2]) <= max(self.heaps):
            raise InvalidMoveError(
                _(
                    "{text!r} is not a move: type how many to take and from which heap, e.g. 2 from 3 (take "
                    "2 "
                    "from the heap of 3)"
                ).format(text=text.strip())
            )
        return HeapTake(int(found[2]), int(found[1]))

    def move_text(self, move: HeapTake, notation: str = "numbers") -> str:
        return f"{move.take} from {move.heap}"

    def move_phrase(self, move: HeapTake, notation: str = "numbers") -> str:
        return _("takes {count} from the heap of {heap}").format(count=move.take, heap=move.heap)

    def move_prompt(self, state: State[tuple[int, ...]]) -> str:
        return _("Opponent's move (take K from the heap of H: type K from H, e.g. 1 from 3)")

    def rules_summary(self) -> str:
        some = ", ".join(map(str, self.heaps[:-1]))
        sizes = _("{some} and {last}").format(some=some, last=self.heaps[-1])
        return _(
            "Start with {count} heaps of {sizes} tokens. The two players take turns, and each turn "
            "takes {take} from one heap. {end}"
        ).format(count=len(self.heaps), sizes=sizes, take=self._take_words(), end=self._end_words())

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
        return MoveMark(None, _("take {count} from {heap}").format(count=move.take, heap=move.heap))

    def row_words(self, move: HeapTake) -> str:
        return _("{count} from {heap}").format(count=move.take, heap=move.heap)  # the legend says "take"

    def label_table(self, moves: Sequence[object]) -> dict[int, list[int]]:
        """Takes from several heaps as lines heap by heap (smallest first), each with its takes."""
        takes = [move for move in moves if isinstance(move, HeapTake)]
        if not takes or len(takes) != len(moves):
            return {}
        lines: dict[int, list[int]] = {}
        for move in sorted(takes, key=lambda m: (m.heap, m.take)):
            lines.setdefault(move.heap, []).append(move.take)
        return lines

    def values_carried_to(self, game: Game[Any, Any], values: dict[Any, float]) -> dict[Any, float] | None:
        """Nim with more heaps takes these values with zero heaps put in front of each position, when its
        rules are the same and this game's start is one of its positions."""
        if not isinstance(game, NimHeaps):
            return None
        fits = (
            (self.max_take, self.last_token) == (game.max_take, game.last_token)
            and len(self.heaps) < len(game.heaps)
            and fits_under(padded(self.heaps, len(game.heaps)), game.heaps)
        )
        if not fits:
            return None
        return {padded(p, len(game.heaps)): v for p, v in values.items()}

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
