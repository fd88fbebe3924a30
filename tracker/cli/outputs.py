"""A command's output file: never the store (or its -wal and -shm) nor one of the command's inputs, and
written whole or not at all."""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TextIO

from kit.i18n import _
from tracker.state.errors import MenaceError


def _same(one: Path, other: Path) -> bool:
    """Whether two names reach one file: the same path once links are followed, or one file by two names
    (a hard link)."""
    try:
        if os.path.realpath(one) == os.path.realpath(other):
            return True
        return one.exists() and other.exists() and os.path.samefile(one, other)
    except (OSError, ValueError):  # a name the system cannot look up is no file of ours
        return False


def check_output(
    out: Path | None,
    option: str,
    *,
    db: Path | None = None,
    store: bool = True,
    inputs: Iterable[Path | str | None] = (),
) -> None:
    """Refuses ``out`` (given as ``option``) in one line before anything is written when it names the store
    (``db``, else the default store; ``store`` False: the command opens none) or its -wal or -shm file, or
    one of ``inputs``: writing it would destroy what the command reads."""
    if out is None or str(out) in ("-", "/dev/stdout", "/dev/stderr", "/dev/null"):
        return
    if store:
        from tracker.store.event_store import default_path

        base = Path(db or default_path())
        for path in (base, base.with_name(base.name + "-wal"), base.with_name(base.name + "-shm")):
            if _same(out, path):
                message = _(
                    "{option} {file} is the store {store} or a file of it: writing there would "
                    "destroy the store; choose another file"
                )
                raise MenaceError(message.format(option=option, file=out, store=base))
    for source in inputs:
        if source is not None and _same(out, Path(source)):
            message = _(
                "{option} {file} is also a file this command reads: writing there would destroy it; "
                "choose another file"
            )
            raise MenaceError(message.format(option=option, file=out))


@contextmanager
def text_output(out: Path) -> Iterator[TextIO]:
    """A text file to write to: a regular file (a symlink's target, the link kept) is replaced only when the
    whole text is written; a device, a pipe or /dev/stdout is written in place, never replaced."""
    target = Path(os.path.realpath(out))
    if (target.exists() and not target.is_file()) or str(out).startswith(("/dev/", "/proc/")):
        with open(out, "w", encoding="utf-8", newline="") as handle:
            yield handle
        return
    from generator.pdfout import atomic_path

    with atomic_path(target) as temporary, open(temporary, "w", encoding="utf-8", newline="") as handle:
        yield handle


@contextmanager
def whole_file(out: Path) -> Iterator[Path]:
    """A temporary name beside ``out`` for a writer that takes a file name; it becomes ``out`` (a symlink's
    target, the link kept) only when the writer has finished."""
    from generator.pdfout import atomic_path

    with atomic_path(Path(os.path.realpath(out))) as temporary:
        yield temporary
