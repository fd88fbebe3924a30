"""One-time tokens for the requests that change a kit: the play page gets one, and each answer to a change
carries the next, so a token that is missing, made up, or sent a second time is refused."""

from __future__ import annotations

import secrets
import threading
from collections import OrderedDict

KEEP = 1000  # tokens held at once (one per open play page); the oldest go first


class Tokens:
    """The tokens this server issued and not yet spent, each for one kit (by its id)."""

    def __init__(self, keep: int = KEEP) -> None:
        self.keep = keep
        self._live: OrderedDict[str, str] = OrderedDict()
        self._lock = threading.Lock()

    def issue(self, kit_id: str) -> str:
        token = secrets.token_urlsafe(24)
        with self._lock:
            self._live[token] = kit_id
            while len(self._live) > self.keep:
                self._live.popitem(last=False)
        return token

    def spend(self, token: str | None, kit_id: str) -> bool:
        """True if ``token`` was issued for this kit and not spent before; it is spent either way."""
        if not token:
            return False
        with self._lock:
            issued_for = self._live.pop(token, None)
        return issued_for is not None and secrets.compare_digest(issued_for, kit_id)
