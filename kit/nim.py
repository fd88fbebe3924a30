"""Single-pile Nim: players take 1..K tokens in turn; whoever takes the last token loses."""
from __future__ import annotations

from kit.game import FIRST, Game, InvalidPositionError, Outcome, State


class Nim(Game):
    name = "nim"
    title = "Single-pile Nim"
    player_names = ("first", "second")

    def __init__(self, tokens: int = 9, max_take: int = 3) -> None:
        if tokens < 1 or max_take < 1:
            raise ValueError("Nim needs at least one token and a take of at least one")
        self.tokens = tokens
        self.max_take = max_take

    def initial(self) -> State:
        return State(str(self.tokens), FIRST)

    def legal_moves(self, state: State) -> tuple[int, ...]:
        return tuple(range(1, min(self.max_take, int(state.position)) + 1))

    def outcome(self, state: State) -> Outcome | None:
        # The player who took the last token has lost, so the one now to move has won.
        return Outcome(state.to_move) if state.position == "0" else None

    def _apply(self, state: State, move: int) -> State:
        return State(str(int(state.position) - move), 1 - state.to_move)

    def parse_position(self, text: str) -> str:
        text = text.strip()
        if not text.isdigit() or not 0 <= int(text) <= self.tokens:
            raise InvalidPositionError(f"{text!r} is not a Nim position: give a number of tokens from 0 to {self.tokens}")
        return str(int(text))

    def needs_box(self, state: State, menace: int) -> bool:
        # A Nim position does not say whose turn it is, so one box per count serves either side;
        # box 1 holds only "take 1", as in the classic kit.
        return True

    def menace_move_number(self, state: State) -> None:
        return None

    def sort_key(self, position: str) -> object:
        return int(position)

    def best_take(self, tokens: int) -> int | None:
        """The take that leaves the opponent a lost count, or None when this count is lost."""
        take = (tokens - 1) % (self.max_take + 1)
        return take or None
