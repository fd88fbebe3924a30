"""Writing PDFs safely: deterministic bytes, no print scaling, and never a half-written file."""
from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas


@contextmanager
def atomic_path(path: Path) -> Iterator[Path]:
    """A temporary path beside ``path`` to write to; it replaces ``path`` only if the block succeeds.

    The file ends with the permissions a plain ``open`` would give it (0644 under umask 022), not the
    temporary file's owner-only 0600, so a shared drive or web folder can serve the kit."""
    path = Path(path)
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    os.close(handle)
    try:
        yield Path(temporary)
        os.chmod(temporary, 0o666 & ~_umask())
        os.replace(temporary, path)
    finally:
        if os.path.exists(temporary):
            os.unlink(temporary)


def _umask() -> int:
    # The only portable way to read the umask is to set it; it is put back at once.
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def canvas_for(path: Path, pagesize: tuple[float, float], *, title: str) -> Canvas:
    """A reportlab canvas that writes the same bytes on every run and asks viewers not to scale."""
    from reportlab.pdfgen.canvas import Canvas

    from generator.fonts import REGULAR, register_fonts

    register_fonts()
    # initialFontName keeps reportlab from referencing Helvetica, which would not be embedded.
    canvas = Canvas(str(path), pagesize=pagesize, invariant=1, pageCompression=1, initialFontName=REGULAR)
    canvas.setTitle(title)
    canvas.setAuthor("menace-kit")
    canvas.setCreator("menace-kit")
    canvas.setViewerPreference("PrintScaling", "None")
    return canvas
