"""The bill of materials for a kit: beads per colour, a reserve from simulated play, the boxes that may
outgrow a matchbox, and the number of matchboxes.

Kept apart from the fill sheet's drawing so the arithmetic is tested as numbers.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from generator.capacity import MATCHBOX_BEADS, colour_keys, growth
from kit.i18n import _, n_
from kit.matchbox import Catalogue
from kit.palettes import Palette


@dataclass(frozen=True)
class Bill:
    matchboxes: int
    start: dict[int, int]  # beads per colour to fill every box, by colour key (capacity.colour_keys)
    reserve: dict[int, int]  # extra beads per colour for the games that add beads (generator.capacity)
    outgrowing: tuple[int, ...]  # boxes that may hold more beads than a matchbox (MATCHBOX_BEADS)
    runs: int  # simulated MENACEs behind the reserve
    games: int  # games each of them played

    @property
    def total_start(self) -> int:
        return sum(self.start.values())

    @property
    def total_reserve(self) -> int:
        return sum(self.reserve.values())

    def buy(self, code: int) -> int:
        return self.start[code] + self.reserve[code]


def bill_for(catalogue: Catalogue, palette: Palette | None = None) -> Bill:
    """Beads to buy: every box's starting beads, plus a reserve per colour that covers ``growth``'s
    simulated games in 19 runs of 20; per colour of ``palette`` (None: per move, as a palette of a colour
    per move has it)."""
    keys = colour_keys(catalogue, palette)
    start: Counter[int] = Counter()
    for box in catalogue.boxes:
        for move, count in zip(box.moves, box.beads, strict=True):
            start[keys[box.id][move]] += count
    grown = growth(catalogue, palette if palette is not None and palette.per_box else None)
    reserve = {code: grown.reserve.get(code, 0) for code in sorted(start)}
    outgrowing = tuple(grown.outgrowing(MATCHBOX_BEADS))
    starting = dict(sorted(start.items()))
    return Bill(len(catalogue.boxes), starting, reserve, outgrowing, grown.runs, grown.games)


def outgrow_warning(boxes: tuple[int, ...]) -> str | None:
    """ "boxes 1, 2 and 5 may outgrow a matchbox ...": what the fill sheet and `generate` say; None when no
    box may."""
    if not boxes:
        return None
    listed = str(boxes[-1])
    if len(boxes) > 1:
        listed = _("{some} and {last}").format(some=", ".join(map(str, boxes[:-1])), last=listed)
    return n_(
        "box {boxes} may outgrow a matchbox, which holds about {beads} beads of 5 mm; keep a bigger "
        "box or a bag ready",
        "boxes {boxes} may outgrow a matchbox, which holds about {beads} beads of 5 mm; keep a bigger "
        "box or a bag ready",
        len(boxes),
    ).format(boxes=listed, beads=MATCHBOX_BEADS)


def colour_runs(
    catalogue: Catalogue, palette: Palette | None = None
) -> dict[int, list[tuple[int, list[tuple[int, int]]]]]:
    """For each colour (its key, as bill_for's): the starting counts it has, each with the runs of
    consecutive box numbers that get that many ("3 in boxes 2-6 and 8-13"), for filling the boxes one
    colour at a time."""
    keys = colour_keys(catalogue, palette)
    found: dict[int, dict[int, list[tuple[int, int]]]] = {}
    for box in catalogue.boxes:
        for move, count in zip(box.moves, box.beads, strict=True):
            if count == 0:  # a trained box may hold none of a colour: nothing to put in
                continue
            runs = found.setdefault(keys[box.id][move], {}).setdefault(count, [])
            if runs and runs[-1][1] == box.id - 1:
                runs[-1] = (runs[-1][0], box.id)
            else:
                runs.append((box.id, box.id))
    return {code: list(by_count.items()) for code, by_count in sorted(found.items())}
