"""`menace lesson` makes the lesson's kits in the tracker's store (tracker.formats.lesson_kits): a kit per
group, or the class's one, each the kit its labels print; a kit of that name already there is kept as is."""

from __future__ import annotations

from generator.lesson_pack import plan_lesson
from tests.cli import play_random, run
from tests.store_log import head, log
from tracker.formats.lesson_kits import store_lesson_kits
from tracker.store.event_store import Store


def lesson(tmp_path, *args: str):
    result = run(
        "lesson",
        *args,
        "--lang",
        "en",
        "--out",
        str(tmp_path / "out"),
        "--db",
        str(tmp_path / "store.sqlite3"),
    )
    assert result.exit_code == 0, result.output
    return result


def kits(db: str) -> list[tuple[str, str, str, str]]:
    """(name, game, MENACE's side, kit code) of each kit in the store."""
    store = Store(db)
    try:
        made = [store.kit(row["name"]) for row in store.kits()]
        return [(k.name, k.game, k.menace_plays, k.kit_code) for k in made]
    finally:
        store.close()


def test_a_lesson_makes_each_groups_kit_ready_to_play(tmp_path):
    db = str(tmp_path / "store.sqlite3")
    result = lesson(tmp_path, "--game", "hexapawn", "--groups", "3")
    assert result.stderr.endswith(f"made kits group-1, group-2, group-3 in the tracker's store {db}\n")
    assert kits(db) == [(f"group-{g}", "hexapawn", "second", "BC0346") for g in (1, 2, 3)]  # the labels' code
    assert play_random(db, games=2, seed=5, kit="group-2").exit_code == 0
    assert run("stats", "--db", db, "--kit", "group-2").output.startswith("Kit group-2: 2 games, ")


def test_tictactoe_makes_the_class_kit_and_the_kit_options_follow(tmp_path):
    db = str(tmp_path / "store.sqlite3")
    result = lesson(tmp_path, "--game", "tictactoe", "--groups", "4", "--menace-plays", "second")
    assert result.stderr.endswith(f"made kit class in the tracker's store {db}\n")
    (made,) = kits(db)
    assert made[:3] == ("class", "tictactoe", "second")


def test_a_kit_of_that_name_already_there_is_kept_never_changed(tmp_path):
    db = str(tmp_path / "store.sqlite3")
    assert run("new", "group-2", "--db", db).exit_code == 0  # tic-tac-toe, kit 1599A0
    assert play_random(db, games=3, seed=2).exit_code == 0
    before = (head(db, "group-2"), log(db, "group-2"))
    result = lesson(tmp_path, "--game", "nim", "--groups", "2")
    assert result.stderr.splitlines()[-2:] == [
        f"made kit group-1 in the tracker's store {db}",
        "kept kit group-2 as it was: it is kit 1599A0, not this pack's AA2021, so the labels will not match "
        "it (give --db another store for this class)",
    ]
    assert (head(db, "group-2"), log(db, "group-2")) == before
    heads = {name: head(db, name) for name in ("group-1", "group-2")}
    again = lesson(tmp_path, "--game", "nim", "--groups", "2")  # the same lesson printed again
    assert again.stderr.splitlines()[-2:] == [
        "kept kit group-1: it was in the store already",
        "kept kit group-2 as it was: it is kit 1599A0, not this pack's AA2021, so the labels will not match "
        "it (give --db another store for this class)",
    ]
    assert {name: head(db, name) for name in heads} == heads


def test_the_library_says_what_it_made_and_kept(tmp_path):
    store = Store(tmp_path / "s.sqlite3", create=True)
    planned = plan_lesson("nim", 2, 45)
    first = store_lesson_kits(store, planned)
    assert (first.made, first.kept) == (["group-1", "group-2"], [])
    second = store_lesson_kits(store, planned)
    assert (second.made, [k.name for k in second.kept]) == ([], ["group-1", "group-2"])
    store.close()


def test_the_line_speaks_the_packs_language(tmp_path):
    db = str(tmp_path / "store.sqlite3")
    result = run(
        "lesson", "--game", "nim", "--groups", "2", "--lang", "de", "--out", str(tmp_path / "out"), "--db", db
    )
    assert result.exit_code == 0, result.output
    assert result.stderr.splitlines()[-1] == f"Kits group-1, group-2 im Speicher des Trackers {db} angelegt"
