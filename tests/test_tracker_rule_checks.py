"""The event reducer refuses forged events: each of its rule checks is shown to bite.

A store is written only through tracker.state.events.step, so an event that breaks the rules (a refill with
other colours than the rules draw, a bead the box does not hold, a settlement that does not follow the
preset) must be refused and leave the store as it was. Each test records the honest event too, so it
cannot pass by refusing everything.
"""

from __future__ import annotations

import random

import pytest

from kit.catalogue import build_catalogue
from kit.matchbox import when_empty
from kit.rules import load_rules
from tracker.state.events import EventError, ended_data, refill_rng
from tracker.state.kit_record import KitRecord
from tracker.state.session import Turn, placement, turn
from tracker.store.event_store import Store, new_id


def new_kit(tmp_path, rules: str) -> tuple[Store, KitRecord]:
    store = Store(tmp_path / "m.sqlite3", create=True)
    catalogue = build_catalogue("tictactoe", "first", load_rules(rules))
    kit = KitRecord(
        new_id(),
        "k",
        "tictactoe",
        "first",
        catalogue.rules.name,
        "craft",
        catalogue.fingerprint,
        catalogue.boxes,
    )
    store.create_kit(kit)
    return store, kit


def start_game(store: Store, kit: KitRecord, *, empty_box: int | None = None):
    world = store.world(kit)
    if empty_box is not None:
        zero = {str(m): 0 for m in kit.box(empty_box).moves}
        world = store.record(world, [("census", {"box": empty_box, "counts": zero})])
    game_id = new_id()
    data = {"game": game_id, "number": world.started + 1, "opponent": "human", "draw": "physical"}
    return store.record(world, [("game_started", data)]), game_id


def refused(store: Store, world, events, message: str):
    count = store.db.execute("SELECT count(*) FROM events").fetchone()[0]
    with pytest.raises(EventError, match=message):
        store.record(world, events)
    assert store.db.execute("SELECT count(*) FROM events").fetchone()[0] == count


def test_a_refill_with_other_colours_than_the_rules_draw_is_refused(tmp_path):
    store, kit = new_kit(tmp_path, "golf")  # golf refills an empty box with three random legal beads
    world, game_id = start_game(store, kit, empty_box=1)
    box = kit.box(1)
    expected = when_empty(kit.rules, box.moves, refill_rng(game_id, 1))
    assert expected is not None
    total = sum(expected.values())
    others = [m for m in box.moves if expected != {m: total}]
    forged = {str(others[0]): total}  # as many beads, all of one colour the rules did not draw
    refused(
        store,
        world,
        [("refilled", {"game": game_id, "box": 1, "added": forged})],
        "was refilled with .* but the rules' draw is",
    )
    honest = {str(m): n for m, n in expected.items()}
    world = store.record(world, [("refilled", {"game": game_id, "box": 1, "added": honest})])
    assert store.box_counts(kit, 1) == {m: expected.get(m, 0) for m in box.moves}


def test_a_bead_the_mirror_does_not_hold_is_refused(tmp_path):
    store, kit = new_kit(tmp_path, "michie")
    world, game_id = start_game(store, kit)
    red, yellow = kit.box(1).moves[:2]
    world = store.record(world, [("census", {"box": 1, "counts": {str(red): 0}})])
    drew = {"game": game_id, "box": 1, "move": red, "square": red}  # box 1 lies as printed: bead = square
    refused(
        store, world, [("drew", drew)], f"by the tracker's count box 1 holds no {kit.colour(1, red)} bead"
    )
    world = store.record(world, [("drew", {**drew, "move": yellow, "square": yellow})])
    assert store.box_counts(kit, 1)[yellow] == kit.box(1).beads[1] - 1


@pytest.mark.parametrize("rules", ["michie", "scroggs", "open-day"])
def test_a_settlement_that_does_not_follow_the_rules_is_refused(tmp_path, rules):
    store, kit = new_kit(tmp_path, rules)
    world, game_id = start_game(store, kit)
    game, rng = kit.catalogue.game, random.Random(5)
    while turn(kit, world.session) is not Turn.OVER:  # a random game, MENACE drawing from the mirror
        state = world.session.state
        if turn(kit, world.session) is Turn.MENACE:
            where = placement(kit, world.session)
            counts = world.mirror[where.box.id]
            bead = rng.choice([m for m, n in counts.items() if n])
            data = {"game": game_id, "box": where.box.id, "move": bead, "square": where.to_real(bead)}
            world = store.record(world, [("drew", data)])
        else:
            world = store.record(
                world, [("moved", {"game": game_id, "square": rng.choice(game.legal_moves(state))})]
            )
    honest = ended_data(world)
    assert honest["changes"], "MENACE drew at least one bead"
    box, move, before, after = honest["changes"][0]
    for forged_after in (after + 1, max(after - 1, 0) if after else after + 2):
        forged = {**honest, "changes": [[box, move, before, forged_after], *honest["changes"][1:]]}
        refused(store, world, [("game_ended", forged)], "bead changes do not follow rules")
    wrong_result = {**honest, "result": {"win": "loss", "loss": "win", "draw": "win"}[honest["result"]]}
    refused(store, world, [("game_ended", wrong_result)], "for MENACE, not a")
    store.record(world, [("game_ended", honest)])
    assert store.box_counts(kit, box)[move] == after


@pytest.mark.parametrize(
    "opponent", ["human", "random", "perfect", "novice:0.5", "ideal", "menace", "menace:scroggs"]
)
def test_any_opponent_of_the_players_registry_may_play(tmp_path, opponent):
    """A learner too: a run on the classroom screen plays a second MENACE through the table."""
    store, kit = new_kit(tmp_path, "michie")
    data = {"game": new_id(), "number": 1, "opponent": opponent, "draw": "digital"}
    world = store.record(store.world(kit), [("game_started", data)])
    assert world.session is not None and str(world.session.opponent) == opponent


@pytest.mark.parametrize("opponent", ["kit:class-b", "novice:0.50", "novice:2", "psychic", "", 3])
def test_an_opponent_outside_the_registry_or_spelt_another_way_is_refused(tmp_path, opponent):
    store, kit = new_kit(tmp_path, "michie")
    data = {"game": new_id(), "number": 1, "opponent": opponent, "draw": "digital"}
    refused(store, store.world(kit), [("game_started", data)], "unknown opponent or draw")


def test_a_refill_is_refused_when_the_box_is_not_empty_or_the_rules_resign(tmp_path):
    store, kit = new_kit(tmp_path, "golf")
    world, game_id = start_game(store, kit)  # box 1 still holds its beads
    refill = {"game": game_id, "box": 1, "added": {str(kit.box(1).moves[0]): 3}}
    refused(store, world, [("refilled", refill)], "box 1 is not empty, so it is not refilled")
    store, kit = new_kit(tmp_path / "resign", "michie")
    world, game_id = start_game(store, kit, empty_box=1)
    refill = {"game": game_id, "box": 1, "added": {str(kit.box(1).moves[0]): 3}}
    refused(store, world, [("refilled", refill)], "rules michie do not refill an empty box")
    store.record(world, [("resigned", {"game": game_id, "box": 1})])  # what michie does instead


def test_a_resignation_is_refused_in_front_of_beads_or_under_rules_that_refill(tmp_path):
    store, kit = new_kit(tmp_path, "michie")
    world, game_id = start_game(store, kit)
    refused(
        store, world, [("resigned", {"game": game_id, "box": 1})], "by the tracker's count box 1 is not empty"
    )
    store, kit = new_kit(tmp_path / "golf", "golf")
    world, game_id = start_game(store, kit, empty_box=1)
    resigned = [("resigned", {"game": game_id, "box": 1})]
    refused(store, world, resigned, "refill an empty box instead of resigning")


def test_a_bead_played_on_another_square_than_its_own_is_refused(tmp_path):
    store, kit = new_kit(tmp_path, "michie")
    world, game_id = start_game(store, kit)
    red = kit.box(1).moves[0]
    drew = {"game": game_id, "box": 1, "move": red, "square": red + 1}  # box 1 lies as printed
    refused(
        store,
        world,
        [("drew", drew)],
        (
            "the red bead of box 1 plays square 1 [(]top left[)] on the real board [(]or a square the "
            "board's "
            "symmetry makes the same[)], not square 2 [(]top middle[)]"
        ),
    )
    # The empty board's label fits eight ways: its corner bead may be played on any corner, not only 1.
    world = store.record(world, [("drew", {**drew, "square": 8})])
    assert world.session.state.position == "........X"


def test_undo_takes_back_only_the_last_move(tmp_path):
    store, kit = new_kit(tmp_path, "michie")
    world, game_id = start_game(store, kit)
    red = kit.box(1).moves[0]
    world = store.record(world, [("drew", {"game": game_id, "box": 1, "move": red, "square": red})])
    first = world.head
    world = store.record(world, [("moved", {"game": game_id, "square": 4})])
    undo_first = [("undone", {"game": game_id, "event": first})]
    refused(store, world, undo_first, "undo must take back the game's last move")
    store.record(world, [("undone", {"game": game_id, "event": world.head})])


def test_a_game_is_neither_ended_before_it_is_over_nor_started_beside_another(tmp_path):
    store, kit = new_kit(tmp_path, "michie")
    world, game_id = start_game(store, kit)
    ended = {"game": game_id, "result": "loss", "changes": []}
    refused(store, world, [("game_ended", ended)], "is not over yet")
    second = {"game": new_id(), "number": 2, "opponent": "human", "draw": "physical"}
    refused(store, world, [("game_started", second)], "still in progress")
    world = store.record(world, [("discarded", {"game": game_id})])
    store.record(world, [("game_started", second)])


@pytest.mark.parametrize(
    "counts, message",
    [
        ({"3": 2}, "box 1 has no .* beads"),
        ({"0": -1}, "whole number from 0 to 9999"),
        ({"0": 10_000}, "whole number from 0 to 9999"),
    ],
)
def test_a_census_is_refused_for_a_colour_the_box_lacks_or_a_count_out_of_range(tmp_path, counts, message):
    store, kit = new_kit(tmp_path, "michie")  # box 1 holds corner 0, edge 1 and centre 4 only
    world = store.world(kit)
    refused(store, world, [("census", {"box": 1, "counts": counts})], message)
    store.record(world, [("census", {"box": 1, "counts": {"0": 7}})])
    assert store.box_counts(kit, 1)[0] == 7
