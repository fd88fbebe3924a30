"""`menace train` and the "trained" event: a MENACE trained in memory, kept as a kit that plays, shows its
beads, verifies and survives export and import with the trained counts."""

from __future__ import annotations

import json

import pytest

from kit.game import GameError
from kit.rules import load_rules
from tests.cli import play_match, play_training, run
from tracker.lab.training import save_trained_kit
from tracker.store.event_store import Store


def beads(db, kit):
    """Every colour's count as `menace boxes --kit --json` shows it: {box id: {move code: beads}}."""
    result = run("boxes", "--db", db, "--kit", kit, "--json")
    assert result.exit_code == 0, result.output
    return {b["id"]: {int(c): n for c, n in b["beads"].items()} for b in json.loads(result.output)["boxes"]}


@pytest.mark.parametrize("game, side, opponent", [
    ("tictactoe", "first", "perfect"), ("tictactoe", "second", "random"), ("nim", "second", "ideal"),
])  # fmt: skip
def test_training_is_the_match_it_plays_from_menaces_side(game, side, opponent):
    training = play_training(game, side, None, opponent, games=150, seed=7)
    names = ("menace", opponent) if side == "first" else (opponent, "menace")
    match = play_match(game, *names, games=150, seed=7)
    seat = 0 if side == "first" else 1
    assert training.counts == match.players[seat].boxes
    menace_rewards = [r if seat == 0 else -r for r in match.rewards]
    results = tuple(menace_rewards.count(r) for r in (1, 0, -1))
    assert (training.wins, training.draws, training.losses) == results
    rules = {"tictactoe": "michie", "nim": "nim"}[game]
    assert training.how() == {"game": game, "menace_plays": side, "rules": rules, "opponent": opponent,
                              "games": 150, "seed": 7}  # fmt: skip


def test_self_play_is_a_second_menace_with_the_same_rules():
    training = play_training("tictactoe", "first", load_rules("scroggs"), "self", games=100, seed=3)
    match = play_match("tictactoe", "menace:scroggs", "menace:scroggs", games=100, seed=3)
    assert training.counts == match.players[0].boxes and training.opponent == "self"
    assert training.rules == "scroggs"


def test_a_trained_kit_keeps_its_counts_through_every_command(tmp_path):
    db = str(tmp_path / "s.db")
    made = run("train", "--db", db, "champ", "--rules", "scroggs", "--opponent", "perfect", "--games", "300",
               "--seed", "1")  # fmt: skip
    assert made.exit_code == 0, made.output
    assert made.output.splitlines()[0] == (
        "Trained kit champ: Noughts and crosses, MENACE plays first, rules scroggs, 300 games against "
        "perfect (seed 1): won 0, drew 250, lost 50; 2,634 beads in 304 boxes."
    )
    training = play_training("tictactoe", "first", load_rules("scroggs"), "perfect", games=300, seed=1)
    expected = {box: {m: n for m, n in counts.items()} for box, counts in training.counts.items()}
    assert beads(db, "champ") == expected
    assert expected[1] == {0: 3, 1: 0, 4: 221}  # it learnt to open in the centre
    store = Store(tmp_path / "s.db")
    kinds = [event.kind for event, _ in store.events()]
    assert kinds == ["kit_created", "trained"]
    assert run("verify", "--db", db).exit_code == 0
    shown = run("box", "1", "--db", db, "--kit", "champ").output
    assert "black    square 5  221 beads  99%" in shown
    out = tmp_path / "log.jsonl"
    assert run("export", "--db", db, "--out", str(out)).exit_code == 0
    copy = str(tmp_path / "copy.db")
    assert run("import", "--db", copy, str(out)).exit_code == 0
    assert beads(copy, "champ") == expected and run("verify", "--db", copy).exit_code == 0
    # It plays: digital draws come from the trained beads, and the games settle on top of them.
    played = run("play", "--db", db, "--kit", "champ", "--draw", "digital", "--opponent", "perfect",
                 "--games", "5", "--seed", "2", "--brief")  # fmt: skip
    assert played.exit_code == 0, played.output
    games = json.loads(run("games", "--db", db, "--json").output)
    assert len(games) == 5 and sum(g["moves"].startswith("4") for g in games) >= 4
    assert run("verify", "--db", db).exit_code == 0


def test_nothing_is_written_when_the_name_is_taken(tmp_path):
    db = str(tmp_path / "s.db")
    assert run("new", "--db", db, "champ").exit_code == 0
    again = run("train", "--db", db, "CHAMP", "--opponent", "random", "--games", "10", "--seed", "1")
    assert again.exit_code == 2
    assert again.output.splitlines() == ["Error: there is already a kit called 'champ': choose another name"]
    assert [event.kind for event, _ in Store(tmp_path / "s.db").events()] == ["kit_created"]


@pytest.mark.parametrize("args, message", [
    (["--opponent", "human"], "Error: menace train plays against a computer player (or self): play a person "
                              "with `menace play`"),
    (["--opponent", "genius"], "Error: unknown player 'genius': choose random, perfect"),
    (["--rules", "nim"], "Error: rules 'nim' are for nim, not tictactoe"),
])  # fmt: skip
def test_bad_input_is_one_line(tmp_path, args, message):
    result = run("train", "--db", str(tmp_path / "s.db"), "k", "--games", "5", *args)
    assert result.exit_code == 2 and result.output.startswith(message)
    assert len(result.output.splitlines()) == 1
    assert not (tmp_path / "s.db").exists()


def test_without_a_seed_one_is_drawn_and_kept(tmp_path):
    store = Store(tmp_path / "s.db", create=True)
    training = play_training("nim", "first", None, "random", games=50, seed=None)
    save_trained_kit(store, "nim-kit", None, training)
    ((event, _),) = [e for e in store.events() if e[0].kind == "trained"]
    assert event.data["how"]["seed"] == training.seed
    again = play_training("nim", "first", None, "random", games=50, seed=training.seed)
    assert again.counts == training.counts


def trained_data(store, kit, **changes):
    training = play_training("nim", "first", None, "random", games=20, seed=1)
    data = training.event_data(kit)
    data.update(changes)
    return data


@pytest.mark.parametrize("change, message", [
    ({"how": {"game": "nim", "menace_plays": "first", "rules": "nim-floor0", "opponent": "random",
              "games": 20, "seed": 1}}, "not of kit k's game, side and rules"),
    ({"counts": [[1, 1, 3]]}, "every colour in every box, once"),
    ({"counts": [[1, 1, -1]]}, "a bead count is a whole number from 0 to 1000000000"),
    ({"counts": [[1, 2, 3]]}, "box 1 has no"),
    ({"counts": [[99, 1, 3]]}, "there is no box 99"),
])  # fmt: skip
def test_the_reducer_refuses_a_trained_event_that_does_not_fit(tmp_path, change, message):
    assert run("new", "--db", str(tmp_path / "s.db"), "--game", "nim", "k").exit_code == 0
    store = Store(tmp_path / "s.db")
    kit = store.kit("k")
    with pytest.raises(GameError, match=message):
        store.record(store.world(kit), [("trained", trained_data(store, kit, **change))])
    assert [event.kind for event, _ in store.events()] == ["kit_created"]


def test_the_reducer_refuses_a_trained_event_that_gives_a_colour_twice(tmp_path):
    # Every colour of every box is there, and one of them again: the set of colours alone would pass.
    assert run("new", "--db", str(tmp_path / "s.db"), "--game", "nim", "k").exit_code == 0
    store = Store(tmp_path / "s.db")
    kit = store.kit("k")
    data = trained_data(store, kit)
    data["counts"] = [*data["counts"], [*data["counts"][0][:2], data["counts"][0][2] + 5]]
    with pytest.raises(GameError, match="every colour in every box, once"):
        store.record(store.world(kit), [("trained", data)])
    assert [event.kind for event, _ in store.events()] == ["kit_created"]


def test_only_a_kit_that_has_played_no_game_is_trained(tmp_path):
    db = str(tmp_path / "s.db")
    assert run("new", "--db", db, "--game", "nim", "k").exit_code == 0
    assert run("play", "--db", db, "--draw", "digital", "--opponent", "random", "--games", "1",
               "--brief").exit_code == 0  # fmt: skip
    store = Store(tmp_path / "s.db")
    kit = store.kit("k")
    with pytest.raises(GameError, match="only a kit that has not is trained"):
        store.record(store.world(kit), [("trained", trained_data(store, kit))])


def test_a_game_with_options_is_trained_with_its_own_palette(tmp_path):
    db = str(tmp_path / "s.db")
    made = run(
        "train", "--db", db, "heaps", "--game", "nim", "--heaps", "1,2,3", "--games", "50", "--seed", "1"
    )
    assert made.exit_code == 0, made.output
    kits = json.loads(run("kits", "--db", db, "--json").output)
    assert (kits[0]["game"], kits[0]["palette"]) == ("nim --heaps 1,2,3", "nim-heaps")
    assert run("verify", "--db", db).exit_code == 0
