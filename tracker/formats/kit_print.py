"""A stored kit printed as it stands: its labels and fill sheet show the beads each box holds now (a trained
kit's counts), so a physical MENACE can be filled to play as well as the one in the store."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from kit.design import KitDesign
from tracker.state.kit_record import KitRecord
from tracker.store.event_store import Store

if TYPE_CHECKING:
    from generator.documents.common import KitSpec
    from generator.printed_kit import KitOptions


def print_stored_kit(
    store: Store,
    kit: KitRecord,
    options: KitOptions,
    out: Path,
    progress: Callable[[str], None],
    *,
    force: bool = False,
) -> KitSpec:
    """Writes the printed kit of ``kit`` with its boxes' beads now into ``out``/<kit name>/; returns what it
    printed (its catalogue's boxes hold those beads). The game, side, rules and palette are the kit's;
    ``options`` gives the paper and stock. A folder holding another kit is refused unless ``force``
    (generator.printed_kit.check_same_kit): a stored kit named like a game ("nim") would replace that
    game's printed kit.

    The kit code printed is the kit's own (KitRecord.kit_code), as `menace play`, `kits` and `boxes --kit`
    say it, trained kit or not: it names the boxes and colours, not the beads they hold today."""
    from generator.printed_kit import check_same_kit, plan_kits, write_kit

    (spec,) = plan_kits(
        replace(options, game=kit.game, menace_plays=kit.menace_plays, rules=kit.rules, palette=kit.palette)
    )
    mirror = store.mirror(kit)
    boxes = tuple(replace(b, beads=tuple(mirror[b.id].get(m, 0) for m in b.moves)) for b in kit.boxes)
    as_it_stands = KitDesign(replace(spec.catalogue, boxes=boxes), spec.palette, kit.fingerprint)
    spec = replace(spec, design=as_it_stands)
    if not force:
        check_same_kit(spec, out / kit.name)
    write_kit(spec, out / kit.name, progress)
    return spec
