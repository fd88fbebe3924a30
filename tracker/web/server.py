"""Runs the classroom screen on a local HTTP server (Werkzeug's threaded server: a classroom's few browsers,
each polling once a second)."""

from __future__ import annotations

import contextlib
import logging
import socket
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from werkzeug.serving import BaseWSGIServer, ThreadedWSGIServer, WSGIRequestHandler

from kit.i18n import _
from tracker.state.errors import MenaceError
from tracker.store.event_store import Store
from tracker.web.app import ClassroomScreen, lesson_kits
from tracker.web.hosts import EVERY_ADDRESS, addresses_to_open, hosts_for

# Each connection has a thread: one that sends nothing, or half a request, is closed after this long without
# a byte, so stalled connections cannot hold threads for good. A browser's idle connection is closed too; it
# opens another when the page next polls.
READ_TIMEOUT_S = 20.0
# The read timeout is per read: a client dripping a header line every few seconds never meets it. A request
# line and its headers must therefore all arrive within this deadline (a browser sends them at once), or
# the connection is closed.
REQUEST_DEADLINE_S = 10.0
# Connections served at once, each on a thread of its own: a classroom's browsers need a few dozen; one
# more is answered 503 and closed at once, so a flood of connections cannot start threads without end.
MOST_CONNECTIONS = 256
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
    pupils_game: str | None = None,
    deadline: float = REQUEST_DEADLINE_S,
    most_connections: int = MOST_CONNECTIONS,
) -> BaseWSGIServer:
    """A server bound to ``host``:``port`` (port 0: a free one). It answers only to Host names of its own
    (tracker.web.hosts.hosts_for) and to ``names``, so a web page elsewhere cannot reach it through DNS
    tricks; a connection that sends nothing for ``read_timeout`` seconds, or whose request line and headers
    take longer than ``deadline``, is closed; beyond ``most_connections`` at once, one is answered 503."""
    sys.setswitchinterval(SWITCH_INTERVAL_S)
    app = ClassroomScreen(
        db_path,
        kit_name=kit_name,
        hosts=hosts_for(host, names or []),
        join_url=join_url,
        pupils_game=pupils_game,
    )
    # No line per request (Werkzeug logs them at INFO): every open page polls once a second.
    logging.getLogger("werkzeug").setLevel(logging.WARNING)
    # Bound here, not by Werkzeug, which exits the process when the port is taken: an OSError is one line.
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.create_server((host, port), family=family) as listening:
        handler = _timed_out_after(read_timeout, deadline)
        httpd = CappedServer(host, port, app, handler, fd=listening.fileno())
        httpd.slots = threading.BoundedSemaphore(most_connections)
    if host in EVERY_ADDRESS:  # a page opened as localhost gives phones the machine's address (QR codes)
        app.network_url = addresses_to_open(host, httpd.server_address[1])[0]
    return httpd


class CappedServer(ThreadedWSGIServer):
    """Werkzeug's threaded server with a thread a connection up to a number of them (``slots``); a
    connection beyond it is answered 503 at once, without a thread."""

    slots: threading.BoundedSemaphore

    def process_request(self, request: Any, client_address: Any) -> None:
        if not self.slots.acquire(blocking=False):
            _refuse(request)
            self.shutdown_request(request)
            return
        try:
            super().process_request(request, client_address)  # starts the connection's thread
        except BaseException:
            self.slots.release()
            raise

    def process_request_thread(self, request: Any, client_address: Any) -> None:
        try:
            super().process_request_thread(request, client_address)
        finally:
            self.slots.release()


def _refuse(request: socket.socket) -> None:
    body = _("The classroom screen has too many connections open: try again in a moment.").encode()
    head = (
        "HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\n"
        f"Content-Length: {len(body)}\r\nRetry-After: 5\r\nConnection: close\r\n\r\n"
    ).encode()
    with contextlib.suppress(OSError):  # a client gone already, or one that reads nothing: closed anyway
        request.settimeout(1.0)
        request.sendall(head + body)


def _timed_out_after(seconds: float, deadline: float) -> type[WSGIRequestHandler]:
    """Werkzeug's request handler with a timeout on its socket (socketserver sets it from ``timeout``); a
    read that times out ends the connection as a dropped one. A request whose line and headers are not all
    in by ``deadline`` has its connection shut, which ends the read waiting for them."""

    class TimedRequestHandler(WSGIRequestHandler):
        timeout = seconds
        _timer: threading.Timer | None = None

        def handle_one_request(self) -> None:
            self._timer = threading.Timer(deadline, self._cut)
            self._timer.daemon = True
            self._timer.start()
            try:
                super().handle_one_request()
            finally:
                self._timer.cancel()

        def parse_request(self) -> bool:
            parsed = bool(
                super().parse_request()
            )  # the headers are in: the app's own time is not limited here
            if self._timer is not None:
                self._timer.cancel()
            return parsed

        def _cut(self) -> None:
            with contextlib.suppress(OSError):
                self.connection.shutdown(socket.SHUT_RDWR)

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
    pupils_game: str | None = None,
) -> None:
    httpd = server(db_path, host, port, kit_name, names, join_url=join_url, pupils_game=pupils_game)
    address = " ".join(addresses_to_open(host, httpd.server_address[1]))
    say(_("The classroom screen is at {address} (Ctrl-C stops it).").format(address=address))
    if pupils_game is not None:
        first = addresses_to_open(host, httpd.server_address[1])[0].rstrip("/")
        say(
            _(
                "The class's page for the projector is at {address}: each phone that scans its code gets a "
                "MENACE of its own."
            ).format(address=first + "/pupils")
        )
    groups = lesson_groups(db_path)
    if groups:
        page = addresses_to_open(host, httpd.server_address[1])[0].rstrip("/") + "/lesson"
        say(_("The lesson's class page ({kits}): {address}").format(kits=", ".join(groups), address=page))
    httpd.serve_forever()  # until Ctrl-C, which Werkzeug's server catches, closing the socket
    say(_("Stopped."))


def lesson_groups(db_path: Path) -> list[str]:
    """The group kits `menace lesson --groups N` made in the store, if any (none when it cannot be read)."""
    try:
        store = Store(db_path)
    except MenaceError:  # the screen says what is wrong with the store when a page asks
        return []
    try:
        return lesson_kits([row["name"] for row in store.kits()])
    finally:
        store.close()
