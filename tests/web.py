"""Helpers for the classroom screen's tests: a pupil's play page over the JSON API."""

from __future__ import annotations

import re
from typing import Any

from werkzeug.test import Client, TestResponse

from tracker.web.app import TOKEN_HEADER


class Pupil:
    """A play page opened on the app: it holds the page's token and the version of the board it shows, and
    sends changes as the page does (each says the board it was made on, unless the body names one)."""

    def __init__(self, client: Client, kit: str) -> None:
        self.client, self.kit = client, kit
        page = client.get(f"/kits/{kit}/play")
        assert page.status_code == 200, page.text
        self.token = re.search(r'name="menace-token" content="([^"]+)"', page.text).group(1)
        self.refresh()

    def refresh(self) -> None:
        """Reads the board again, as the page does after a refused change."""
        self.version = self.client.get(f"/api/kits/{self.kit}/version").json["version"]

    def send(self, body: Any, *, token: str | None = None, **kwargs: Any) -> TestResponse:
        sent = self.token if token is None else token
        if isinstance(body, dict) and "version" not in body:
            body = {**body, "version": self.version}
        response = self.client.post(
            f"/api/kits/{self.kit}/play", json=body, headers={TOKEN_HEADER: sent}, **kwargs
        )
        if response.is_json and "token" in response.json:
            self.token = response.json["token"]
        if response.is_json and isinstance(response.json, dict) and "live" in response.json:
            self.version = response.json["live"]["version"]
        elif response.status_code != 404:
            self.refresh()
        return response

    def ok(self, body: Any) -> dict[str, Any]:
        response = self.send(body)
        assert response.status_code == 200, response.text
        return response.json

    def play_to_the_end(self, choose=lambda legal: legal[0]) -> dict[str, Any]:
        """Starts a game and plays it out, ``choose`` picking the pupil's move from the legal ones."""
        live = self.ok({"action": "new"})["live"]
        while live["game"] is not None:
            live = self.ok({"action": "move", "move": choose(live["game"]["legal"])["code"]})["live"]
        return live
