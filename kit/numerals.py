"""Numbers as the current language writes them: 1,234.5 in English, 1.234,5 in German (kit.i18n)."""

from __future__ import annotations

from kit.i18n import current_language

# The thousands and decimal separators of each language whose are not English's.
_SEPARATORS = {"de": (".", ",")}


def number(value: float, spec: str = ",") -> str:
    """``value`` formatted with ``spec`` (a format spec using "," and "." as English does: ",", ".1f",
    "+g"), its separators then swapped for the current language's."""
    text = format(value, spec)
    separators = _SEPARATORS.get(current_language())
    if separators is None:
        return text
    thousands, decimal = separators
    return text.translate(str.maketrans(",.", thousands + decimal))


MOST_DIGITS = 18  # more than any count of ours needs, and well inside a 64-bit integer


def whole_number(text: str) -> int | None:
    """The whole number ``text`` writes in ASCII digits (no sign, spaces around allowed), or None: not one,
    or more than MOST_DIGITS digits after its leading zeros. Bounded before it is converted: Python refuses
    to convert more than 4,300 digits with a ValueError that would otherwise reach the terminal."""
    word = text.strip()
    if not (word.isascii() and word.isdigit()) or len(word.lstrip("0")) > MOST_DIGITS:
        return None
    return int(word)
