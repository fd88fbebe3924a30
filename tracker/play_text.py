"""What the play prompt shows and reads: boards, square names, and moves typed in two notations."""
from __future__ import annotations

from kit.matchbox import Placement
from kit.game import GameError
from kit.palettes import Palette
from tracker.text import board_lines, side_by_side

ROWS = ("top", "middle", "bottom")
COLUMNS = ("left", "middle", "right")
GOLF = "LMR"  # row then column: L = top row / left column


def square_name(square: int, notation: str = "numbers") -> str:
    """'square 3 (top right)' or, in golf notation, 'LR (top right)'."""
    row, column = divmod(square, 3)
    where = "centre" if square == 4 else f"{ROWS[row]} {COLUMNS[column]}"
    code = GOLF[row] + GOLF[column] if notation == "golf" else f"square {square + 1}"
    return f"{code} ({where})"


def parse_square(text: str) -> int:
    """A square typed as 1-9 in reading order or as two letters L/M/R, row then column ('LM' = top middle)."""
    word = text.strip().upper().replace(" ", "")
    if len(word) == 1 and word in "123456789":
        return int(word) - 1
    if len(word) == 2 and word[0] in GOLF and word[1] in GOLF:
        return GOLF.index(word[0]) * 3 + GOLF.index(word[1])
    raise GameError(f"{text.strip()!r} is not a square: type 1-9 (reading order) or two letters L/M/R, row then column")


def parse_take(text: str, max_take: int = 3) -> int:
    word = text.strip().lower().removeprefix("take").strip()
    if word.isdigit() and 1 <= int(word) <= max_take:
        return int(word)
    raise GameError(f"{text.strip()!r} is not a take: type a number of tokens from 1 to {max_take}")


def board_text(board: str, notation: str = "numbers") -> list[str]:
    """The real board, its empty squares showing how to type them."""
    def cell(square: int, mark: str) -> str:
        if mark != ".":
            return mark
        return str(square + 1) if notation == "numbers" else "."

    lines = board_lines(board, cell=cell)
    if notation == "golf":
        return ["    L M R", *(f"  {GOLF[r]} {line}" for r, line in enumerate(lines))]
    return [f"  {line}" for line in lines]


def nim_text(tokens: int) -> str:
    return f"  {tokens} token{'s' * (tokens != 1)} left  " + " ".join("|" * tokens)


def box_picture(placement: Placement, palette: Palette, counts: dict[int, int]) -> list[str]:
    """The label (bead colours as lower-case letters on their squares) beside the real board."""
    box = placement.box
    label = board_lines(box.position, cell=lambda s, m: palette.for_move(s).code.lower() if s in box.moves else m)
    real = board_lines(placement.position)
    lines = side_by_side([["label", *label], ["real board", *real]], width=12)
    return [f"  {line}" for line in lines]


def beads_text(palette: Palette, moves: tuple[int, ...], counts: dict[int, int], *, letters: bool = True) -> str:
    parts = []
    for move in moves:
        colour = palette.for_move(move)
        parts.append(f"{colour.code.lower() + '=' if letters else ''}{colour.name} {counts.get(move, 0)}")
    return ", ".join(parts)
