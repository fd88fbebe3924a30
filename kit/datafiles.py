"""Named TOML files shipped inside kit/ (presets/, palettes/): listing and reading them by name."""
from __future__ import annotations

import tomllib
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Any


def names(folder: str) -> list[str]:
    """The names of the .toml files in kit/<folder>, sorted."""
    return sorted(p.name.removesuffix(".toml") for p in _folder(folder).iterdir() if p.name.endswith(".toml"))


def read(folder: str, name: str) -> dict[str, Any] | None:
    """The parsed kit/<folder>/<name>.toml, or None when there is no such file (or ``name`` is a path)."""
    path = _folder(folder) / f"{name}.toml"
    if not name or "/" in name or "\\" in name or not path.is_file():
        return None
    return tomllib.loads(path.read_text(encoding="utf-8"))


def _folder(folder: str) -> Traversable:
    return resources.files("kit") / folder
