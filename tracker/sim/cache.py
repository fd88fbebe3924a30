"""Where the simulator keeps what it builds once: its tables and the numba engine's compiled code.

The directory is the user's cache (``$MENACE_CACHE_DIR``, else ``$XDG_CACHE_HOME/menace-kit``, else
``~/.cache/menace-kit``), or a folder in the temporary directory when that cannot be written. A cached
table is named by a fingerprint of everything it is built from (the kit's source and data files, and the
names passed in), so a changed rule or preset builds a new one; files are written to a temporary name
and renamed, so a crash never leaves half a file, and a file that does not load is rebuilt.

A file holds its arrays raw, after a line that names the format and a JSON list of their names, types and
shapes: one read and a view per array, where numpy's .npz (a zip of .npy files) took about 6 ms to open
for a run whose games take a third of a second.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import re
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path
from typing import BinaryIO

import numpy as np

ROOT = Path(__file__).resolve().parent.parent.parent  # the folder holding the kit, generator and tracker
# What the tables are built from: the game rules, catalogue and presets (all in kit/), and the table builders.
_SOURCES = ("kit", "tracker/sim/tables.py", "tracker/sim/flat.py")


@cache
def cache_dir() -> Path:
    """The user-writable folder for cached tables and compiled code (made if missing)."""
    for folder in _cache_candidates():
        try:
            folder.mkdir(parents=True, exist_ok=True)
            if os.access(folder, os.W_OK):
                return folder
        except OSError:
            continue
    raise OSError("no writable cache folder")  # pragma: no cover - even the temporary folder refused


def _cache_candidates() -> Iterator[Path]:
    """The user's cache folder, then one in the temporary directory (tempfile imported only if asked)."""
    home = os.environ.get("MENACE_CACHE_DIR")
    if home:
        yield Path(home)
    else:
        yield Path(os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")) / "menace-kit"
    import tempfile

    yield Path(tempfile.gettempdir()) / f"menace-kit-{os.getuid()}"


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
    path = cache_dir() / f"{safe}-{source_fingerprint()}{SUFFIX}"
    try:
        return read_arrays(path)
    except FileNotFoundError:
        pass
    except (OSError, ValueError, TypeError, KeyError):
        path.unlink(missing_ok=True)  # damaged: build it again
    arrays = build()
    import tempfile  # here: a run that finds its tables does not need it

    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
    try:
        with os.fdopen(handle, "wb") as out:
            write_arrays(out, arrays)
        os.replace(temporary, path)
    except OSError:
        Path(temporary).unlink(missing_ok=True)  # a cache that cannot be written only costs time
    return arrays


SUFFIX = ".tables"
_MAGIC = b"menace-kit tables 1\n"  # the format's name and version: a file of another is rebuilt
_ALIGN = 64  # each array starts at a multiple of this, so that its view is aligned


def write_arrays(out: BinaryIO, arrays: dict[str, np.ndarray]) -> None:
    """``arrays`` (numbers or booleans, no objects) to ``out``: the format line, the header's length in
    8 bytes, the header (JSON: each array's name, type and shape), then each array's bytes, aligned."""
    header = json.dumps([[key, a.dtype.str, list(a.shape)] for key, a in arrays.items()]).encode()
    at = out.write(_MAGIC + len(header).to_bytes(8, "little") + header)
    for a in arrays.values():
        if a.dtype.hasobject:
            raise ValueError("a table of Python objects cannot be cached")
        at += out.write(bytes(-at % _ALIGN))
        at += out.write(np.ascontiguousarray(a).tobytes())


def read_arrays(path: Path) -> dict[str, np.ndarray]:
    """The arrays write_arrays wrote to ``path``, as writable views of one buffer; ValueError (or
    TypeError, KeyError) for a file that is not whole."""
    with open(path, "rb") as file:
        data = bytearray(os.fstat(file.fileno()).st_size)
        if file.readinto(data) != len(data) or not data.startswith(_MAGIC):
            raise ValueError(f"{path} is not a table file")
    start = len(_MAGIC) + 8
    at = start + int.from_bytes(data[start - 8 : start], "little")
    arrays = {}
    for key, kind, shape in json.loads(data[start:at]):
        dtype = np.dtype(kind)
        if dtype.hasobject:
            raise ValueError(f"{path}: a table of Python objects")
        at += -at % _ALIGN
        count = math.prod(shape)
        arrays[key] = np.frombuffer(data, dtype, count, at).reshape(shape)
        at += count * dtype.itemsize
    if at != len(data):
        raise ValueError(f"{path} is torn or too long")
    return arrays
