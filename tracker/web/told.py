"""What a page is told of an error: what to do, never which process, host or file the terminal names."""

from __future__ import annotations

from kit.i18n import _
from tracker.store.event_store import StoreBusy
from tracker.table.play_lock import KitInPlay


def told(error: BaseException) -> str:
    """The error's message for a page anyone in the class may open (the operator's terminal says more)."""
    if isinstance(error, KitInPlay):  # its message names the process and host holding the kit
        return _("the kit is in play at a table (`menace play`): try again when that game is over")
    if isinstance(error, StoreBusy):  # its message names the store's path
        return _("the kit's store is busy with another program: nothing was recorded, try again")
    return str(error)
