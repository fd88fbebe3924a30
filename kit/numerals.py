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
