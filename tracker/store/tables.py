"""The store's tables, each with its columns named once: the statements that read and write rows are
built from these names, so a column added or renamed is changed here and nowhere else.

The kits table keeps the kit_created event's fields (tracker.state.kit_record.KIT_FIELDS) beside the
kit's id, its boxes as JSON and when it was made.
"""

from __future__ import annotations

from dataclasses import dataclass

from tracker.state.kit_record import KIT_FIELDS


@dataclass(frozen=True)
class Table:
    name: str
    columns: tuple[str, ...]

    def select(self, columns: tuple[str, ...] | None = None, *, alias: str = "") -> str:
        """'SELECT a, b FROM table [alias]': the named columns (every column by default)."""
        chosen = self.columns if columns is None else self._known(columns)
        prefix = f"{alias}." if alias else ""
        return f"SELECT {', '.join(prefix + c for c in chosen)} FROM {self.name}" + (
            f" {alias}" if alias else ""
        )

    def insert(self, columns: tuple[str, ...] | None = None) -> str:
        """'INSERT INTO table (a, b) VALUES (?, ?)': the named columns (every column by default)."""
        chosen = self.columns if columns is None else self._known(columns)
        return f"INSERT INTO {self.name} ({', '.join(chosen)}) VALUES ({', '.join('?' * len(chosen))})"

    def _known(self, columns: tuple[str, ...]) -> tuple[str, ...]:
        unknown = [c for c in columns if c not in self.columns]
        if unknown:
            raise ValueError(f"the {self.name} table has no column {', '.join(unknown)}")
        return columns


KITS = Table("kits", ("id", *KIT_FIELDS, "boxes", "created_at"))
GAMES = Table(
    "games",
    (
        "id",
        "kit",
        "number",
        "status",
        "result",
        "opponent",
        "draw",
        "started_at",
        "ended_at",
        "moves",
        "first_box",
    ),
)
EVENTS = Table("events", ("seq", "id", "kit", "game", "kind", "at", "data", "hash"))
BEADS = Table("beads", ("kit", "box", "move", "count"))

# A game's own columns: what a games row says besides the kit it belongs to.
GAME_COLUMNS = tuple(c for c in GAMES.columns if c != "kit")
# An event as appended: every column but seq, which SQLite numbers.
EVENT_COLUMNS = tuple(c for c in EVENTS.columns if c != "seq")
