"""One-time tokens for the requests that change a kit: the play page gets one, and each answer to a change
carries the next, so a token that is missing, made up, or sent a second time is refused.

Tokens are held in two bounded pools, so that no client can push out a pupil's token by asking for pages:
- a page load's token sits among the *unused* ones, and a page load pushes out only the oldest unused token
  (a page opened and never used to change anything);
- a token given back with the answer to a change is *in use* (its page plays): page loads never touch these.
  An in-use token takes the place of the one it answers, so the pool grows only when an unused token is
  spent; it is pushed out only when KEEP_IN_USE other pages have made a change since its page's last one.
Any request may load a page, from anywhere (a link from another site sends its Referer): none of them can
take a token away from a page in use. (Tokens bound to a cookie would still be minted by every load, and a
token minted only by a same-origin POST would need a second request before a page could play.)
"""

from __future__ import annotations

import secrets
import threading
from collections import OrderedDict

KEEP_UNUSED = 1000  # page loads held at once, oldest pushed out first
KEEP_IN_USE = 10_000  # pages that have made a change (a class is about thirty; runs on the live page too)


class Tokens:
    """The tokens this server issued and not yet spent, each for one kit (by its id)."""

    def __init__(self, keep_unused: int = KEEP_UNUSED, keep_in_use: int = KEEP_IN_USE) -> None:
        self.keep_unused, self.keep_in_use = keep_unused, keep_in_use
        self._unused: OrderedDict[str, str] = OrderedDict()  # oldest first
        self._in_use: OrderedDict[str, str] = OrderedDict()
        self._lock = threading.Lock()

    def issue(self, kit_id: str) -> str:
        """A page's first token: it may push out the oldest token of a page that never used its own."""
        return self._add(self._unused, self.keep_unused, kit_id)

    def renew(self, kit_id: str) -> str:
        """The next token of a page that spent its last one: in use now, no page load can push it out."""
        return self._add(self._in_use, self.keep_in_use, kit_id)

    def spend(self, token: str | None, kit_id: str) -> bool:
        """True if ``token`` was issued for this kit and not spent before; it is spent either way."""
        if not token:
            return False
        with self._lock:
            issued_for = self._in_use.pop(token, None) or self._unused.pop(token, None)
        return issued_for is not None and secrets.compare_digest(issued_for, kit_id)

    def spend_for(self, token: str | None, keys: tuple[str, ...]) -> str | None:
        """The one of ``keys`` (a kit's id, or its id with a page's name) ``token`` was issued for, if any and
        not spent before; it is spent either way."""
        if not token:
            return None
        with self._lock:
            issued_for = self._in_use.pop(token, None) or self._unused.pop(token, None)
        if issued_for is None:
            return None
        return next((key for key in keys if secrets.compare_digest(issued_for, key)), None)

    def _add(self, pool: OrderedDict[str, str], keep: int, kit_id: str) -> str:
        token = secrets.token_urlsafe(24)
        with self._lock:
            pool[token] = kit_id
            while len(pool) > keep:
                pool.popitem(last=False)
        return token
