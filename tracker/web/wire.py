"""The live JSON on the wire: only what a page draws (a phone never draws the wall's boxes; a page that holds
the curve so far asks only for its new games), encoded once per version and kept, with an ETag so a page
whose copy is current gets 304 Not Modified, and gzip for the pages that take it."""

from __future__ import annotations

import gzip
import hashlib
import json
import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

GZIP_LEVEL = 5  # most of the size gone for a fraction of level 9's time
SMALLEST_ZIPPED = 1024  # smaller answers go as they are


@dataclass(frozen=True)
class Wanted:
    """What of the live view a page asks for: the boxes (``?boxes=0``: not), the curves (``?curves=0``: not;
    the play page draws none) and those from game ``since`` on (``?since=N``; the page keeps the games
    before)."""

    boxes: bool = True
    since: int = 0
    curves: bool = True

    @classmethod
    def parse(cls, args: Any) -> Wanted:
        """From the query's arguments; anything unreadable is the whole view (never an error)."""
        since = args.get("since", "0")
        return cls(
            boxes=args.get("boxes") != "0",
            since=int(since) if since.isdigit() else 0,
            curves=args.get("curves") != "0",
        )


def trimmed(live: dict[str, Any], wanted: Wanted) -> dict[str, Any]:
    """The live view with only what ``wanted`` asks for. "since" says where its curves begin: 0 (the whole
    curves) when the page asked for more games than there are (the kit was changed under it)."""
    view = dict(live)
    if not wanted.boxes:
        view.pop("boxes", None)
    curve, history = live["curve"], live["first_box"]["history"]
    since = wanted.since if wanted.since <= len(curve) else 0
    # The first box's history begins where games first stored its beads: it is the curve's last games.
    history_since = max(0, since - (len(curve) - len(history)))
    view["since"], view["history_since"] = since, history_since
    if not wanted.curves:
        since = history_since = len(curve)  # none of it: as a page that holds it all would ask
        view["since"], view["history_since"] = since, history_since
    if since:
        view["curve"] = curve[since:]
        view["first_box"] = {**live["first_box"], "history": history[history_since:]}
    return view


@dataclass(frozen=True)
class Encoded:
    etag: str
    body: bytes
    zipped: bytes | None  # None: not worth zipping


def tag(*parts: Any) -> str:
    """An ETag (quoted, as HTTP writes it) for the answer these parts determine."""
    text = json.dumps(parts, sort_keys=True, default=str)
    return '"' + hashlib.blake2b(text.encode(), digest_size=12).hexdigest() + '"'


class Encodings:
    """The last few answers encoded, by ETag: a class of pages asking for one version costs one encoding."""

    def __init__(self, size: int = 64) -> None:
        self.size = size
        self.kept: OrderedDict[str, Encoded] = OrderedDict()
        self.lock = threading.Lock()

    def get(self, etag: str, data: Any) -> Encoded:
        with self.lock:
            if etag in self.kept:
                self.kept.move_to_end(etag)
                return self.kept[etag]
        body = json.dumps(data).encode()
        zipped = gzip.compress(body, GZIP_LEVEL) if len(body) >= SMALLEST_ZIPPED else None
        encoded = Encoded(etag, body, zipped)
        with self.lock:
            self.kept[etag] = encoded
            while len(self.kept) > self.size:
                self.kept.popitem(last=False)
        return encoded


def matches(if_none_match: str | None, etag: str) -> bool:
    """Whether the page's If-None-Match names this ETag (or is "*")."""
    if not if_none_match:
        return False
    names = {name.strip().removeprefix("W/") for name in if_none_match.split(",")}
    return etag in names or "*" in names


def takes_gzip(accept_encoding: str | None) -> bool:
    """Whether the page said it takes gzip (and did not refuse it with q=0)."""
    for part in (accept_encoding or "").split(","):
        name, _, rest = part.strip().partition(";")
        if name.strip().lower() in ("gzip", "*"):
            return rest.replace(" ", "") not in ("q=0", "q=0.0", "q=0.00", "q=0.000")
    return False
