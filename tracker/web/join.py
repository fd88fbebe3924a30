"""Joining from a phone: the address a phone opens for a page of the screen, and that address as a QR code.

Class quiz tools put a QR code with the address in letters under it on the big screen; the screen does
the same for each page a phone opens. The address is ``--join-url``'s when the teacher gives one (a
hotspot's address, or a name the phones use), else the one the page was opened at, except that a page
opened on this machine (localhost), which no phone can open, gives the machine's own address on the
network when the server listens there.

The codes are drawn by segno (pure Python, no dependencies, PNG and SVG out of the box), imported only
when a code is asked for, so `menace serve` starts without it.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from tracker.web.hosts import LOOPBACK, host_of

SCALE = 8  # pixels a module: a code of a long address is still sharp at the size the page shows it
QUIET_ZONE = 4  # modules of white around it, as the standard asks, so a phone finds its edge


class BadJoinUrl(ValueError):
    """A --join-url that is not an http(s) address with a host."""


def join_base(url: str) -> str:
    """``url`` (``--join-url``) as the start of every address a phone opens: 'http://10.0.0.1:8765'."""
    parts = urlsplit(url.strip())
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise BadJoinUrl(url)
    return f"{parts.scheme}://{parts.netloc}{parts.path.rstrip('/')}"


def join_host(url: str) -> str:
    """The host name of ``url`` (``--join-url``): one the screen must answer to."""
    return urlsplit(join_base(url)).hostname or ""


def join_address(path: str, *, page_root: str, join_url: str | None, network_url: str | None) -> str:
    """The address a phone opens for the page at ``path``: under ``join_url`` when given; else under the
    root the page was opened at (``page_root``, 'http://HOST:PORT/'), or ``network_url`` (the machine's
    own address, when the server listens on the network) where that root is this machine's loopback."""
    if join_url is not None:
        base = join_base(join_url)
    elif network_url is not None and host_of(urlsplit(page_root).netloc) in LOOPBACK:
        base = network_url.rstrip("/")
    else:
        base = page_root.rstrip("/")
    return base + path


def qr_png(text: str) -> bytes:
    """``text`` as a QR code, a PNG (medium error correction: a code on a projector, photographed)."""
    import io

    import segno

    out = io.BytesIO()
    segno.make_qr(text, error="m").save(out, kind="png", scale=SCALE, border=QUIET_ZONE)
    return out.getvalue()
