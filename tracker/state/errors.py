"""The tracker's domain error: the store and the library raise it; `menace` shows it as one line."""

from __future__ import annotations

from kit.game import GameError


class MenaceError(GameError):
    """A message a person can act on. It never names a command-line flag: the CLI turns it (like every
    GameError) into 'Error: ...' with exit code 2."""
