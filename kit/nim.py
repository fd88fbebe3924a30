"""Single-pile Nim: players take 1..K tokens in turn; whoever takes the last token loses.

A position is the number of tokens left and a move the number taken. A position does not say whose turn
it is, so one box per count serves either player.
"""

from __future__ import annotations

from kit.game import FIRST, Game, InvalidMoveError, InvalidPositionError, Outcome, State
from kit.picture import Heaps, MoveMark


def tokens_text(count: int) -> str:
    return f"{count} token{'s' * (count != 1)}"


class Nim(Game[int, int]):
    name = "nim"
    title = "Single-pile Nim"
    short_title = "Nim"
    player_names = ("first", "second")
    default_rules = "nim"
    default_palette = "nim-craft"

    def __init__(self, tokens: int = 9, max_take: int = 3) -> None:
        if tokens < 1 or max_take < 1:
            raise ValueError("Nim needs at least one token and a take of at least one")
        self.tokens = tokens
        self.max_take = max_take

    def initial(self) -> State[int]:
        return State(self.tokens, FIRST)

    def legal_moves(self, state: State[int]) -> tuple[int, ...]:
        return tuple(range(1, min(self.max_take, state.position) + 1))

    def outcome(self, state: State[int]) -> Outcome | None:
        # The player who took the last token has lost, so the one now to move has won.
        return Outcome(state.to_move) if state.position == 0 else None

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
        take = "1 token" if self.max_take == 1 else f"1 to {self.max_take} tokens"
        return (f"Start with {tokens_text(self.tokens)} in one pile. The two players take turns, and each "
                f"turn takes {take} from the pile. Whoever takes the last token loses.")

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
        """The take that leaves the opponent a lost count, or None when this count is lost."""
        take = (tokens - 1) % (self.max_take + 1)
        return take or None
