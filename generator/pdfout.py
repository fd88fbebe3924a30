"""Writing PDFs safely: deterministic bytes, no print scaling, and never a half-written file."""

from __future__ import annotations

import os
import shutil
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


class FolderInUse(Exception):
    """A folder to be replaced holds files that are not among those written in its place."""

    def __init__(self, folder: Path, strangers: list[str]) -> None:
        super().__init__(folder, strangers)
        self.folder = folder
        self.strangers = strangers


@contextmanager
def atomic_folder(folder: Path, owned: Sequence[str]) -> Iterator[Path]:
    """A fresh hidden folder beside ``folder`` to write to; it takes ``folder``'s place whole only if the
    block succeeds, so a run stopped at any point (an error, Ctrl-C, kill -9) leaves the old folder or the
    new one, never a mix of the two.

    The old folder may hold only the files named in ``owned`` (what a run writes there), or FolderInUse is
    raised before anything is written: replacing the folder must not take someone's own files with it. A
    run killed between its two renames leaves the old folder beside its place; the next run puts it back
    first, and clears what killed runs left."""
    folder = Path(folder)
    folder.parent.mkdir(parents=True, exist_ok=True)
    _recover(folder)
    if folder.is_dir():
        strangers = sorted(p.name for p in folder.iterdir() if p.name not in owned)
        if strangers:
            raise FolderInUse(folder, strangers)
    fresh = Path(tempfile.mkdtemp(prefix=f".{folder.name}.new-", dir=folder.parent))
    try:
        yield fresh
        os.chmod(fresh, 0o777 & ~_umask())
        if folder.exists():
            old = Path(tempfile.mkdtemp(prefix=f".{folder.name}.old-", dir=folder.parent))
            os.rename(folder, old / "kit")  # a rename within one file system: the old folder moves whole
            os.rename(fresh, folder)
            shutil.rmtree(old)
        else:
            os.rename(fresh, folder)
    finally:
        shutil.rmtree(fresh, ignore_errors=True)


def _recover(folder: Path) -> None:
    """Puts back an old folder a killed run had moved aside, and removes killed runs' fresh folders."""
    olds = sorted(folder.parent.glob(f".{folder.name}.old-*"), key=lambda p: p.stat().st_mtime)
    for old in olds:
        if not folder.exists() and (old / "kit").is_dir():
            os.rename(old / "kit", folder)
        shutil.rmtree(old)
    for fresh in folder.parent.glob(f".{folder.name}.new-*"):
        shutil.rmtree(fresh)


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


def write_documents(
    folder: Path,
    documents: Sequence[Document],
    subject: Any,
    progress: Callable[[str], None],
    written: Callable[[int], None] = lambda files: None,
    *,
    shown: Path | None = None,
) -> list[dict[str, Any]]:
    """Each document drawn from ``subject`` into ``folder``, said as it is written (as in ``shown``, the
    folder it will be in, when it is written elsewhere first); the manifest's entries (file, title,
    pages) in order."""
    files: list[dict[str, Any]] = []
    for name, what, write in documents:
        pages = write(folder / name, subject)
        files.append({"file": name, "title": what, "pages": pages})
        progress(
            n_("wrote {path} ({what}, {pages} page)", "wrote {path} ({what}, {pages} pages)", pages).format(
                path=(shown or folder) / name, what=_(what), pages=pages
            )
        )
        written(1)
    return files
