"""Text from outside (a name, a line of a file, a value typed) made safe to show on a terminal."""

from __future__ import annotations

import unicodedata

MOST_SHOWN = 40  # characters of a value quoted back in an error: enough to recognise it, never a screenful


def shown(text: str, most: int = MOST_SHOWN) -> str:
    """``text`` cut to ``most`` characters (an ellipsis marks the cut), for quoting a value in one line."""
    return text if len(text) <= most else text[:most] + "…"


def visible(text: str) -> str:
    """``text`` with its control and format characters written as escapes (ESC as \\x1b), so printing it
    cannot move the cursor, clear the screen or change the terminal's colours; line ends and tabs, and the
    rest, are left as they are."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() or c in "\n\t" else _escape(c) for c in text)


def _escape(character: str) -> str:
    if unicodedata.category(character) == "Zs":  # a space of another width: shown as it is
        return character
    code = ord(character)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"
