"""Writing PDFs safely: deterministic bytes, no print scaling, and never a half-written file."""
from __future__ import annotations

import os
import tempfile
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kit.i18n import _, n_

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


Document = tuple[str, str, Callable[[Path, Any], int]]  # file name, what it is, its writer (pages written)


def write_documents(folder: Path, documents: Sequence[Document], subject: Any,
                    progress: Callable[[str], None],
                    written: Callable[[int], None] = lambda files: None) -> list[dict[str, Any]]:
    """Each document drawn from ``subject`` into ``folder``, said as it is written; the manifest's entries
    (file, title, pages) in order."""
    files: list[dict[str, Any]] = []
    for name, what, write in documents:
        path = folder / name
        pages = write(path, subject)
        files.append({"file": name, "title": what, "pages": pages})
        progress(n_("wrote {path} ({what}, {pages} page)", "wrote {path} ({what}, {pages} pages)",
                    pages).format(path=path, what=_(what), pages=pages))
        written(1)
    return files
