"""The Host names the classroom screen answers to, and the addresses it tells the teacher to open.

A page elsewhere on the web can reach a server on this machine through a name it controls (DNS
rebinding); the server therefore answers only to its own addresses and to names the teacher gives. Served
on every address (0.0.0.0 or ::), those are the machine's own addresses, which a phone in the room can
open, rather than "0.0.0.0", which nobody can.
"""

from __future__ import annotations

import contextlib
import ipaddress
import re
import socket
import struct
from pathlib import Path

from kit.i18n import _

try:
    import fcntl
except ImportError:  # not a POSIX system: the addresses its name resolves to
    fcntl = None  # type: ignore[assignment]

LOOPBACK = ["127.0.0.1", "localhost", "::1"]
EVERY_ADDRESS = ("0.0.0.0", "::", "")  # what binds to every address of the machine
_SIOCGIFADDR = 0x8915  # Linux: an interface's IPv4 address
_HOST = re.compile(r"^(?:\[(?P<v6>[0-9a-fA-F:.]+)\]|(?P<name>[^:\[\]]+))(?::(?P<port>\d{1,5}))?$")


def host_of(header: str | None) -> str | None:
    """The host of a Host header, without its port or an IPv6 address's brackets, in lower case; None if it
    is not one ('[::1]:8765' -> '::1', 'Example.org' -> 'example.org')."""
    match = _HOST.match((header or "").strip())
    if match is None:
        return None
    return (match["v6"] or match["name"]).lower()


def answers_to(header: str | None, hosts: list[str] | None) -> bool:
    """Whether a request with this Host header is one for this server (``hosts`` None: any host)."""
    host = host_of(header)
    if host is None:
        return False
    return hosts is None or host in {_plain(h) for h in hosts}


# A DNS name as a browser sends it (underscores too: a Windows machine's name may have them).
_LABEL = r"[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?"
_NAME = re.compile(rf"^{_LABEL}(?:\.{_LABEL})*\.?$")


def name_problem(name: str) -> str | None:
    """Why ``name`` cannot be a Host the server answers to (None: it can): it must be one DNS name or one IP
    address, as a browser sends it. Not a pattern: '*' would be compared as the name '*', and match
    nothing."""
    plain = _plain(name)
    if not plain:
        return _("an empty name matches no Host: give the machine's name or address")
    if "*" in plain or "?" in plain:
        return _(
            "{name} is a pattern, and names are matched whole: give each name the page is opened by"
        ).format(name=repr(plain[:60]))
    with contextlib.suppress(ValueError):
        ipaddress.ip_address(plain)
        return None
    if len(plain) > 253 or not _NAME.match(plain):
        return _("{name} is not a host name (letters, digits, hyphens and dots) nor an IP address").format(
            name=repr(plain[:60])
        )
    return None


def hosts_for(bound: str, names: list[str]) -> list[str]:
    """The hosts a server bound to ``bound`` answers to: loopback ones on loopback; the machine's own
    addresses when bound to every address; else the address it is bound to; and the names given."""
    given = [_plain(name) for name in names]
    if _plain(bound) in LOOPBACK:
        return LOOPBACK + given
    if bound in EVERY_ADDRESS:
        return LOOPBACK + own_addresses() + given
    return [_plain(bound), *given]


def addresses_to_open(bound: str, port: int) -> list[str]:
    """The addresses to tell people: each of the machine's own (not loopback) when bound to every address,
    else the one it is bound to."""
    hosts = []
    if bound in EVERY_ADDRESS:
        hosts = [a for a in own_addresses() if not ipaddress.ip_address(a).is_loopback]
    return [url(host, port) for host in (hosts or [bound or "127.0.0.1"])]


def url(host: str, port: int) -> str:
    shown = f"[{_plain(host)}]" if ":" in host else host
    return f"http://{shown}:{port}/"


def own_addresses() -> list[str]:
    """This machine's IPv4 and global IPv6 addresses (link-local ones need a zone no phone types)."""
    found: list[str] = []
    if fcntl is None:
        with contextlib.suppress(OSError):
            found += socket.gethostbyname_ex(socket.gethostname())[2]
    for _index, interface in socket.if_nameindex() if fcntl is not None else []:
        with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            packed = fcntl.ioctl(probe.fileno(), _SIOCGIFADDR, struct.pack("256s", interface.encode()[:15]))
            found.append(socket.inet_ntoa(packed[20:24]))
    inet6 = Path("/proc/net/if_inet6")
    if inet6.exists():
        for line in inet6.read_text().splitlines():
            digits = line.split()[0]
            address = ipaddress.IPv6Address(bytes.fromhex(digits))
            if not address.is_link_local:
                found.append(str(address))
    return list(dict.fromkeys(found))


def _plain(host: str) -> str:
    """A host as answers_to compares it: no brackets around an IPv6 address, lower case."""
    return host.strip().strip("[]").lower()
