"""A small several-heap Nim (normal play: whoever takes the last object wins) for testing the Q-learner's
transfer in isolation: positions are sorted tuples of heaps, as the seed keys them. Only what a match
needs is real; the matchbox parts are not used."""
from __future__ import annotations

from kit.game import FIRST, Game, InvalidMoveError, Outcome, State
from kit.picture import Heaps, MoveMark


class HeapsNim(Game[tuple, tuple]):
    name = "heaps-test"
    title = short_title = "Nim with heaps"
    player_names = ("first", "second")
    default_rules = default_palette = "none"

    def __init__(self, heaps: tuple[int, ...]) -> None:
        self.heaps = tuple(sorted(heaps))

    def initial(self) -> State[tuple]:
        return State(self.heaps, FIRST)

    def legal_moves(self, state: State[tuple]) -> tuple[tuple, ...]:
        # (heap size, take): taking from either of two equal heaps is one move.
        return tuple(sorted({(h, k) for h in state.position for k in range(1, h + 1)}))

    def outcome(self, state: State[tuple]) -> Outcome | None:
        return Outcome(1 - state.to_move) if not any(state.position) else None

    def apply(self, state: State[tuple], move: tuple) -> State[tuple]:
        heaps = list(state.position)
        heaps[heaps.index(move[0])] -= move[1]
        return State(tuple(sorted(heaps)), 1 - state.to_move)

    def parse_position(self, text: str) -> tuple:
        return tuple(sorted(int(h) for h in text.split(",")))

    def position_text(self, position: tuple) -> str:
        return ",".join(map(str, position))

    def parse_move(self, text: str) -> tuple:
        raise InvalidMoveError("not typed in tests")

    def move_text(self, move: tuple, notation: str = "numbers") -> str:
        return f"{move[1]} from {move[0]}"

    def move_phrase(self, move: tuple, notation: str = "numbers") -> str:
        return f"takes {self.move_text(move)}"

    def move_prompt(self, state: State[tuple]) -> str:
        return "Take"

    def move_code(self, move: tuple) -> int:
        return move[0] * 16 + move[1]

    def move_from_code(self, code: int) -> tuple:
        return divmod(code, 16)

    def picture(self, position: tuple) -> Heaps:
        return Heaps(position, self.heaps)

    def move_mark(self, move: tuple) -> MoveMark:
        return MoveMark(None, self.move_text(move))

    def needs_box(self, state: State[tuple], menace: int) -> bool:
        return True
