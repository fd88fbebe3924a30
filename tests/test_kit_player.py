"""kit:NAME in `menace match`: a stored kit plays its side from its beads; with --learn its games are
recorded exactly as `menace play --draw digital` records them."""

from __future__ import annotations

import json
import random

import pytest

from kit.match import play_game
from kit.players import MenacePlayer, RandomPlayer, parse_player
from tests.cli import play_random, run
from tracker.store.event_store import Store


def match(db, *args):
    return run("match", "--db", db, *args)


def test_without_learning_it_plays_from_a_copy_and_writes_nothing(tmp_path):
    db = str(tmp_path / "s.db")
    assert run("new", "--db", db, "k").exit_code == 0
    result = match(db, "--first", "kit:k", "--second", "random", "--games", "40", "--seed", "5", "--json")
    assert result.exit_code == 0, result.output
    counts = json.loads(result.output)
    assert "curve" not in counts  # it does not learn
    store = Store(tmp_path / "s.db")
    kit = store.kit("k")
    assert [event.kind for event, _ in store.events()] == ["kit_created"]
    # The same games by hand: the kit's beads, never changed, against the random player, one rng.
    game, rng = kit.catalogue.game, random.Random(5)
    menace = MenacePlayer(kit.catalogue, {b: dict(c) for b, c in store.mirror(kit).items()}, learning=False)
    rewards = [play_game(game, [menace, RandomPlayer(game)], rng).result_for(0).reward for _ in range(40)]
    assert (counts["first_wins"], counts["draws"], counts["second_wins"]) == tuple(
        rewards.count(r) for r in (1, 0, -1)
    )
    assert menace.boxes == store.mirror(kit)


def test_learning_records_the_games_as_play_does(tmp_path):
    played, matched = str(tmp_path / "play.db"), str(tmp_path / "match.db")
    for db in (played, matched):
        assert run("new", "--db", db, "--game", "nim", "--menace-plays", "second", "k").exit_code == 0
    assert play_random(played, games=20, seed=9).exit_code == 0
    result = match(matched, "--game", "nim", "--first", "random", "--second", "kit:k", "--games", "20",
                   "--seed", "9", "--learn", "--json")  # fmt: skip
    assert result.exit_code == 0, result.output
    stores = [Store(tmp_path / name) for name in ("play.db", "match.db")]
    kits = [store.kit("k") for store in stores]
    games = [
        [(g["moves"], g["result"], g["opponent"]) for g in store.games(kit)]
        for store, kit in zip(stores, kits, strict=True)
    ]
    assert len(games[0]) == 20 and games[0] == games[1]
    assert stores[0].mirror(kits[0]) == stores[1].mirror(kits[1])
    counts = json.loads(result.output)
    menace_wins = sum(result == "win" for _, result, _ in games[1])
    assert counts["second_wins"] == menace_wins and len(counts["curve"]) == 20
    assert run("verify", "--db", matched).exit_code == 0


@pytest.mark.parametrize("args, message", [
    (["--first", "random", "--second", "kit:k"], "kit k plays first: make it the --first player"),
    (["--first", "kit:k", "--second", "random", "--alternate"], "a kit plays only its own side"),
    (["--first", "kit:k", "--second", "q", "--learn"], "against a player that does not learn, as at "
                                                       "`menace play`: not q"),
    (["--first", "random", "--second", "random", "--learn"], "--learn records the games of one kit:NAME"),
    (["--first", "kit:other", "--second", "random"], "no kit called 'other': the store has k"),
    (["--first", "kit:k", "--second", "random", "--game", "nim"], "kit k is a tictactoe kit: play it with "
                                                                  "--game tictactoe"),
    (["--first", "kit:", "--second", "random"], "kit:NAME needs the name of a kit in the store"),
])  # fmt: skip
def test_bad_input_is_one_line_and_writes_nothing(tmp_path, args, message):
    db = str(tmp_path / "s.db")
    assert run("new", "--db", db, "k").exit_code == 0
    result = match(db, *args, "--games", "2")
    assert result.exit_code == 2 and len(result.output.splitlines()) == 1 and message in result.output
    assert len(list(Store(tmp_path / "s.db").events())) == 1


def test_a_game_in_progress_is_not_taken_over(tmp_path):
    db = str(tmp_path / "s.db")
    assert run("new", "--db", db, "k").exit_code == 0
    assert run("play", "--db", db, "--draw", "digital", "--opponent", "human", "--brief",
               input="quit\n").exit_code == 0  # fmt: skip
    result = match(db, "--first", "kit:k", "--second", "random", "--games", "1", "--learn")
    assert result.output == (
        "Error: kit k has game 1 in progress: finish or discard it with `menace play --kit k` first\n"
    )


def test_kit_is_not_a_table_opponent():
    assert str(parse_player("kit:class 7b")) == "kit:class 7b"
    with pytest.raises(ValueError, match="unknown player"):
        parse_player("kit:k", learners=False)
