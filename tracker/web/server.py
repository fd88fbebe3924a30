"""Runs the classroom screen on a local HTTP server (Werkzeug's threaded server: a classroom's few browsers,
each polling once a second)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from werkzeug.serving import BaseWSGIServer, WSGIRequestHandler, make_server

from tracker.web.app import LOOPBACK, ClassroomScreen


class QuietHandler(WSGIRequestHandler):
    """No line per request: every open page polls once a second, which would bury the terminal."""

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        pass


def server(db_path: Path, host: str, port: int, kit_name: str | None = None) -> BaseWSGIServer:
    """A server bound to ``host``:``port`` (port 0: a free one). On a loopback host it answers only to
    loopback Host names, so a web page elsewhere cannot reach it through DNS tricks."""
    hosts = LOOPBACK if host in LOOPBACK else None
    app = ClassroomScreen(db_path, kit_name=kit_name, hosts=hosts)
    return make_server(host, port, app, threaded=True, request_handler=QuietHandler)


def serve(db_path: Path, host: str, port: int, kit_name: str | None, say: Callable[[str], None]) -> None:
    httpd = server(db_path, host, port, kit_name)
    shown = f"[{host}]" if ":" in host else host
    say(f"The classroom screen is at http://{shown}:{httpd.server_port}/ (Ctrl-C stops it).")
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        say("Stopped.")
    finally:
        httpd.server_close()
