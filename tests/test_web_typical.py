"""Where a typical MENACE would be: the band of simulated MENACEs behind a kit's running score, against the
opponents the kit met in their order, worked out off the request path and cached."""

from __future__ import annotations

import random
import re
import time
from pathlib import Path

import pytest

pytest.importorskip("werkzeug", reason="the web extra is not installed: pip install '.[web]'")

from werkzeug.test import Client  # noqa: E402

from kit.games import game_from_spec  # noqa: E402
from kit.players import parse_player  # noqa: E402
from kit.rules import load_rules  # noqa: E402
from tests.web import Pupil  # noqa: E402
from tracker.sim.cache import cache_dir  # noqa: E402
from tracker.sim.experiment import simulate  # noqa: E402
from tracker.sim.typical import typical_band  # noqa: E402
from tracker.store.event_store import Store  # noqa: E402
from tracker.web.app import TOKEN_HEADER, ClassroomScreen  # noqa: E402
from tracker.web.typical import members_for, plan  # noqa: E402

TTT = game_from_spec("tictactoe")
RULES = load_rules(TTT.default_rules)


def band_of(rules, schedule, **options):
    """typical_band for MENACE first at tic-tac-toe against opponents named as the store keeps them."""
    opponents = [(parse_player(name), games) for name, games in schedule]
    return typical_band(TTT, "first", rules, opponents, **options)


def test_the_band_is_the_simulators_band_for_one_opponent():
    """Known answer: a direct `simulate` with the same seed and population gives the same percentiles."""
    band = band_of(RULES, [("random", 40)], population=300, seed=5)
    direct = simulate(
        TTT,
        rules=RULES,
        opponent=parse_player("random"),
        games=40,
        population=300,
        seed=5,
        spread=True,
        engine="numpy",
        jobs=1,
    )
    assert direct.band is not None
    assert band["low"] == [round(float(v), 2) for v in direct.band[0]]
    assert band["high"] == [round(float(v), 2) for v in direct.band[1]]
    assert band["first_box_empty"] == direct.first_box_empty / 300
    assert band["band"] == [10, 90] and band["games"] == 40 and band["population"] == 300
    assert band["low"][0] in (-1, 1, 3) and band["low"][-1] < band["high"][-1]


def test_a_change_of_opponent_changes_the_band_from_that_game_on():
    alone = band_of(RULES, [("random", 30)], population=200, seed=2)
    then_perfect = band_of(RULES, [("random", 15), ("perfect", 15)], population=200, seed=2)
    assert then_perfect["low"][:15] == alone["low"][:15]  # the same MENACEs, the same games so far
    assert then_perfect["high"][-1] < alone["high"][-1] - 15  # a perfect player gives up no wins: +3 each
    assert then_perfect["opponents"] == [["random", 15], ["perfect", 15]]


def test_a_band_is_cached_by_what_it_depends_on():
    schedule = [("novice:0.5", 12)]
    before = set(cache_dir().glob("typical-*.json"))
    first = band_of(RULES, schedule, population=50, seed=3)
    made = set(cache_dir().glob("typical-*.json")) - before
    assert len(made) == 1
    assert band_of(RULES, schedule, population=50, seed=3) == first
    band_of(RULES, schedule, population=50, seed=4)
    assert len(set(cache_dir().glob("typical-*.json")) - before) == 2


@pytest.mark.parametrize(
    ("opponents", "schedule", "covered"),
    [
        ([], [], 0),
        (["random"] * 3, [("random", 100)], 3),  # every game simulated: on to 100 games at least
        (["random"] * 2 + ["perfect"], [("random", 2), ("perfect", 98)], 3),
        (["random"] * 130, [("random", 256)], 130),  # past 100: the next power of two
        (["random", "human", "random"], [("random", 1)], 1),  # a person's game ends the band
        (["mcts:50", "random"], [], 0),
    ],
)
def test_the_games_simulated(opponents, schedule, covered):
    assert plan(opponents) == (schedule, covered)


def test_a_long_history_is_simulated_with_fewer_members():
    assert members_for(128) == 1_000 and members_for(16_384) == 122 and members_for(100_000) == 100


def recorded(db: Path, kit: str, opponent: str, games: int) -> ClassroomScreen:
    app = ClassroomScreen(db, rng=random.Random(1))
    client = Client(app)
    token = re.search(r'name="menace-token" content="([^"]+)"', client.get(f"/kits/{kit}").text).group(1)
    body = {"action": "start", "opponent": opponent, "games": games, "speed": 0}
    assert client.post(f"/api/kits/{kit}/run", json=body, headers={TOKEN_HEADER: token}).status_code == 200
    app.runs.wait(Store(db).kit(kit).id, 60)
    return app


def test_the_page_is_answered_at_once_and_then_given_the_band(db):
    app = recorded(Path(db), "class-a", "random", 6)
    client = Client(app)
    started = time.perf_counter()
    first = client.get("/api/kits/class-a/typical").json
    assert first == {"state": "working", "people": 0, "stand_in": "novice:0.5"}
    assert time.perf_counter() - started < 0.5  # the request did not wait for the simulation
    assert app.typical.wait(60)
    ready = client.get("/api/kits/class-a/typical").json
    direct = band_of(RULES, [("random", 100)], population=1_000)
    assert ready == {"state": "ready", "covers": 6, "people": 0, "stand_in": "novice:0.5", **direct}


def test_a_class_playing_menace_gets_a_band_with_a_stand_in_for_its_pupils(db):
    """Games against people are simulated against a novice, said with the band; the teacher changes it."""
    app = ClassroomScreen(Path(db), rng=random.Random(4))
    client = Client(app)
    pupil = Pupil(client, "class-a")
    pupil.play_to_the_end()
    pupil.play_to_the_end()
    assert client.get("/api/kits/class-a/typical").json == {"state": "working", "people": 2,
                                                            "stand_in": "novice:0.5"}  # fmt: skip
    assert app.typical.wait(60)
    band = client.get("/api/kits/class-a/typical").json
    assert band["state"] == "ready" and band["covers"] == 2 and band["opponents"] == [["novice:0.5", 100]]
    token = re.search(r'name="menace-token" content="([^"]+)"', client.get("/kits/class-a").text).group(1)
    changed = client.post("/api/kits/class-a/stand-in", json={"opponent": "novice:0.20"},
                          headers={TOKEN_HEADER: token})  # fmt: skip
    assert changed.status_code == 200 and changed.json["stand_in"] == "novice:0.2"
    again = client.get("/api/kits/class-a/typical").json
    assert again == {"state": "working", "people": 2, "stand_in": "novice:0.2"}  # simulated again
    assert app.typical.wait(60)


@pytest.mark.parametrize("typed", ["human", "mcts:50", "nobody", 7, None])
def test_a_stand_in_is_a_player_the_simulator_plays(db, typed):
    client = Client(ClassroomScreen(Path(db)))
    token = re.search(r'name="menace-token" content="([^"]+)"', client.get("/kits/class-a").text).group(1)
    refused = client.post("/api/kits/class-a/stand-in", json={"opponent": typed},
                          headers={TOKEN_HEADER: token})  # fmt: skip
    assert refused.status_code == 400 and refused.json["error"] == (
        "a stand-in for people is a player the simulator plays: random, perfect, ideal, novice:P, menace"
    )
    assert client.post("/api/kits/class-a/stand-in", json={"opponent": "random"}).status_code == 403


def test_a_second_menace_is_simulated_on_the_rules_the_table_gives_it():
    """The table seats `menace` on the game's default rules whatever the kit's; menace:PRESET on its own."""
    scroggs = load_rules("scroggs", game="tictactoe")
    default = band_of(scroggs, [("menace", 20)], population=100, seed=1)
    michie = band_of(scroggs, [("menace:michie", 20)], population=100, seed=1)
    other = band_of(scroggs, [("menace:scroggs", 20)], population=100, seed=1)
    assert TTT.default_rules == "michie"
    assert (default["low"], default["high"]) == (michie["low"], michie["high"])
    assert (other["low"], other["high"]) != (michie["low"], michie["high"])
