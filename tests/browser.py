"""What the browser tests share: Debian's chromium driven by Playwright (no downloaded browser), the window
sizes they look at, a page that keeps its script errors, a served store of three kits, and where screenshots
go.

A browser test module starts with ``playwright = needs_browser()``, which skips it where chromium,
Playwright or the web extra is missing, then imports the fixtures it uses from here."""

from __future__ import annotations

import os
from pathlib import Path
from types import ModuleType

import pytest

CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]  # fmt: skip
BIG, PHONE = {"width": 1920, "height": 1080}, {"width": 390, "height": 844}
PROJECTOR = {"width": 1280, "height": 720}


def needs_browser() -> ModuleType:
    """Playwright's sync API; the calling module is skipped, saying what to install, where it cannot run."""
    if not Path(CHROMIUM).exists():
        pytest.skip(f"no chromium at {CHROMIUM}: apt-get install chromium", allow_module_level=True)
    pytest.importorskip("werkzeug", reason="the web extra is not installed: pip install '.[web]'")
    reason = "Playwright is not installed: pip install playwright"
    return pytest.importorskip("playwright.sync_api", reason=reason)


@pytest.fixture(scope="module")
def browser():
    """Debian's chromium, one for each test module (Playwright is imported here: needs_browser checked it)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as driver:
        chromium = driver.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield chromium
        chromium.close()


@pytest.fixture
def site(tmp_path):
    """A store with a tic-tac-toe, a Nim and a Hexapawn kit, served on a free port: (base URL, store path)."""
    import threading

    from tests.cli import run
    from tracker.web.server import server  # the web extra: only where needs_browser found it

    db = str(tmp_path / "m.sqlite3")
    for name, game, side in (("class-a", "tictactoe", "first"), ("nim", "nim", "first"),
                             ("hex", "hexapawn", "second")):  # fmt: skip
        assert run("new", name, "--db", db, "--game", game, "--menace-plays", side).exit_code == 0
    httpd = server(Path(db), "127.0.0.1", 0)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}", db
    httpd.shutdown()
    httpd.server_close()


@pytest.fixture
def shots(tmp_path):
    """Where screenshots go to be looked at: $MENACE_SCREENSHOTS, else the test's temporary directory."""
    folder = Path(os.environ.get("MENACE_SCREENSHOTS") or tmp_path / "screenshots")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def page(browser, url, viewport=BIG):
    """A new page at ``url``; its script errors and console errors are kept in its ``errors``."""
    opened = browser.new_page(viewport=viewport)
    errors = []
    opened.on("pageerror", lambda error: errors.append(str(error)))
    opened.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    opened.errors = errors
    opened.goto(url)
    return opened
