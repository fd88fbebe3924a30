"""A lesson pack's kits in the tracker's store: `menace lesson` makes each group's kit (or the class's one)
as `menace new NAME --code ...` would, so a recorder plays at once; a kit of that name already in the store
is kept as it is, never changed."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from tracker.state.kit_record import KitRecord
from tracker.store.event_store import Store, new_id

if TYPE_CHECKING:
    from generator.lesson import Lesson


@dataclass(frozen=True)
class LessonKits:
    """What the store holds of a lesson's kits: the names made now and those kept as they were."""

    made: list[str] = field(default_factory=list)
    kept: list[KitRecord] = field(default_factory=list)  # with their own kit code, maybe not the pack's


def store_lesson_kits(store: Store, lesson: Lesson) -> LessonKits:
    """Makes each of ``lesson``'s kits in ``store`` that no kit of its name is there for, in group order."""
    made, kept = [], []
    for group, spec in enumerate(lesson.kit_specs(), start=1):
        name = lesson.store_name(group)
        with store.transaction():  # the look and the making at once: another command may make one too
            taken = store.kit_called(name)
            if taken is None:
                kit = KitRecord.made(new_id(), name, spec.design)
                assert kit.kit_code == spec.code, "the tracker and the labels must make one kit code"
                store.create_kit(kit)
                made.append(name)
            else:
                kept.append(store.kit(taken))
    return LessonKits(made, kept)
