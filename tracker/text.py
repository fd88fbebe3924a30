"""Small plain-text pictures of positions and boxes for the terminal."""
from __future__ import annotations

from collections.abc import Callable


def board_lines(board: str, *, cell: Callable[[int, str], str] | None = None) -> list[str]:
    """Three lines drawing a 3x3 board; ``cell(square, mark)`` may replace what a square shows."""
    shown = [cell(i, mark) if cell else mark for i, mark in enumerate(board)]
    return [" ".join(shown[row * 3 : row * 3 + 3]) for row in range(3)]


def side_by_side(blocks: list[list[str]], *, width: int, gap: int = 3) -> list[str]:
    """Blocks of lines laid out left to right, each padded to ``width``."""
    height = max(len(block) for block in blocks)
    lines = []
    for row in range(height):
        parts = [(block[row] if row < len(block) else "").ljust(width) for block in blocks]
        lines.append((" " * gap).join(parts).rstrip())
    return lines


def plural(count: int, word: str) -> str:
    """'1 game', '2 games'."""
    return f"{count} {word}{'s' * (count != 1)}"
