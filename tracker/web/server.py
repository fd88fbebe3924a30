"""Runs the classroom screen on a local HTTP server (Werkzeug's threaded server: a classroom's few browsers,
each polling once a second)."""

from __future__ import annotations

import logging
import socket
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from werkzeug.serving import BaseWSGIServer, WSGIRequestHandler, make_server

from kit.i18n import _
from tracker.web.app import ClassroomScreen
from tracker.web.hosts import EVERY_ADDRESS, addresses_to_open, hosts_for

# Each connection has a thread: one that sends nothing, or half a request, is closed after this long without
# a byte, so stalled connections cannot hold threads for good. A browser's idle connection is closed too; it
# opens another when the page next polls.
READ_TIMEOUT_S = 20.0
# A run's thread lets go of the interpreter at each of its SQLite calls (about 66 a game) and waits up to
# this long to get it back from the threads answering pages: at Python's 5 ms a run fell from 40 games a
# second to 3 beside 30 polling pages.
SWITCH_INTERVAL_S = 0.0005


def server(
    db_path: Path,
    host: str,
    port: int,
    kit_name: str | None = None,
    names: list[str] | None = None,
    *,
    read_timeout: float = READ_TIMEOUT_S,
    join_url: str | None = None,
) -> BaseWSGIServer:
    """A server bound to ``host``:``port`` (port 0: a free one). It answers only to Host names of its own
    (tracker.web.hosts.hosts_for) and to ``names``, so a web page elsewhere cannot reach it through DNS
    tricks; a connection that sends nothing for ``read_timeout`` seconds is closed."""
    sys.setswitchinterval(SWITCH_INTERVAL_S)
    app = ClassroomScreen(db_path, kit_name=kit_name, hosts=hosts_for(host, names or []), join_url=join_url)
    # No line per request (Werkzeug logs them at INFO): every open page polls once a second.
    logging.getLogger("werkzeug").setLevel(logging.WARNING)
    # Bound here, not by Werkzeug, which exits the process when the port is taken: an OSError is one line.
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.create_server((host, port), family=family) as listening:
        handler = _timed_out_after(read_timeout)
        httpd: BaseWSGIServer = make_server(
            host, port, app, threaded=True, fd=listening.fileno(), request_handler=handler
        )
    if host in EVERY_ADDRESS:  # a page opened as localhost gives phones the machine's address (QR codes)
        app.network_url = addresses_to_open(host, httpd.server_address[1])[0]
    return httpd


def _timed_out_after(seconds: float) -> type[WSGIRequestHandler]:
    """Werkzeug's request handler with a timeout on its socket (socketserver sets it from ``timeout``); a
    read that times out ends the connection as a dropped one."""

    class TimedRequestHandler(WSGIRequestHandler):
        timeout = seconds

        def log_error(self, format: str, *args: Any) -> None:
            # A stalled connection, or a browser's idle one (a tab left open in the background), closed as it
            # should be: not an error for the terminal running `menace serve`.
            if not format.startswith("Request timed out"):
                super().log_error(format, *args)

    return TimedRequestHandler


def serve(
    db_path: Path,
    host: str,
    port: int,
    kit_name: str | None,
    say: Callable[[str], None],
    names: list[str] | None = None,
    join_url: str | None = None,
) -> None:
    httpd = server(db_path, host, port, kit_name, names, join_url=join_url)
    address = " ".join(addresses_to_open(host, httpd.server_address[1]))
    say(_("The classroom screen is at {address} (Ctrl-C stops it).").format(address=address))
    httpd.serve_forever()  # until Ctrl-C, which Werkzeug's server catches, closing the socket
    say(_("Stopped."))
