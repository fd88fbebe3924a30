"""Where the simulator keeps what it builds once: its tables and the numba engine's compiled code.

The directory is the user's cache (``$MENACE_CACHE_DIR``, else ``$XDG_CACHE_HOME/menace-kit``, else
``~/.cache/menace-kit``), or a folder in the temporary directory when that cannot be written. A cached
table is named by a fingerprint of everything it is built from (the kit's source and data files, and the
names passed in), so a changed rule or preset builds a new one; files are written to a temporary name
and renamed, so a crash never leaves half a file, and a file that does not load is rebuilt.
"""

from __future__ import annotations

import hashlib
import os
import re
import tempfile
import zipfile
from collections.abc import Callable
from functools import cache
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent.parent  # the folder holding the kit, generator and tracker
# What the tables are built from: the game rules and catalogue, the presets, and the table builders.
_SOURCES = ("kit", "generator/catalogue.py", "generator/walk.py", "tracker/sim/tables.py",
            "tracker/sim/flat.py")  # fmt: skip


@cache
def cache_dir() -> Path:
    """The user-writable folder for cached tables and compiled code (made if missing)."""
    home = os.environ.get("MENACE_CACHE_DIR")
    if home:
        candidates = [Path(home)]
    else:
        xdg = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
        candidates = [Path(xdg) / "menace-kit"]
    candidates.append(Path(tempfile.gettempdir()) / f"menace-kit-{os.getuid()}")
    for folder in candidates:
        try:
            folder.mkdir(parents=True, exist_ok=True)
            if os.access(folder, os.W_OK):
                return folder
        except OSError:
            continue
    raise OSError("no writable cache folder")  # pragma: no cover - even the temporary folder refused


def code_cache() -> Path:
    """Where compiled code goes (the numba engine's kernel, numba's own cache of it and of the MCTS
    kernels): $NUMBA_CACHE_DIR if the user set it, else our cache folder. numba's default is a
    __pycache__ beside the source, which an installed package's folder may not let us write."""
    return Path(os.environ.get("NUMBA_CACHE_DIR") or cache_dir() / "numba")


def use_code_cache() -> None:
    """Point numba's cache at code_cache(). numba picks a function's cache folder when the function is
    decorated, so this runs before any ``njit(cache=True)`` of ours."""
    import numba

    setattr(numba.config, "CACHE_DIR", str(code_cache()))  # noqa: B010 (typed without it)


@cache
def source_fingerprint() -> str:
    """A hash of the files the tables are built from: a changed rule, preset or builder changes it."""
    digest = hashlib.sha256()
    for name in _SOURCES:
        path = ROOT / name
        found = path.rglob("*") if path.is_dir() else [path]
        files = sorted(p for p in found if p.suffix in {".py", ".toml"})
        for file in files:
            digest.update(str(file.relative_to(ROOT)).encode())
            digest.update(file.read_bytes())
    return digest.hexdigest()[:16]


def cached_arrays(name: str, build: Callable[[], dict[str, np.ndarray]]) -> dict[str, np.ndarray]:
    """The arrays ``build`` makes, from the cache when a file for ``name`` and these sources is there."""
    # A game's spec ("nim --heaps 1,2,3") names a file with its spaces and commas made safe.
    safe = re.sub(r"[^A-Za-z0-9_.-]+", "_", name)
    path = cache_dir() / f"{safe}-{source_fingerprint()}.npz"
    try:
        with np.load(path, allow_pickle=False) as stored:
            return {key: stored[key] for key in stored.files}
    except FileNotFoundError:
        pass
    except (OSError, ValueError, KeyError, EOFError, zipfile.BadZipFile):
        path.unlink(missing_ok=True)  # damaged: build it again
    arrays = build()
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
    try:
        with os.fdopen(handle, "wb") as out:
            np.savez(out, allow_pickle=False, **arrays)
        os.replace(temporary, path)
    except OSError:
        Path(temporary).unlink(missing_ok=True)  # a cache that cannot be written only costs time
    return arrays
