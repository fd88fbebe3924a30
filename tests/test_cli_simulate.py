"""`menace simulate` and `menace tournament` through CliRunner: JSON shape, text, report, errors."""

from __future__ import annotations

import json
import re

from click.testing import CliRunner
from pypdf import PdfReader

from tests.pdfcheck import unembedded_fonts
from tracker.cli.main import main


def run(*args):
    return CliRunner().invoke(main, list(args))


TOURNAMENT = ("tournament", "--games", "500", "--training", "200", "--stable-training", "1000", "--seed", "4")
PERFECT_20_X_50 = ("simulate", "--opponent", "perfect", "--games", "20", "--population", "50", "--seed", "1")


def test_simulate_json():
    result = run(*PERFECT_20_X_50, "--json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert list(data)[:14] == [
        "game",
        "menace_plays",
        "rules",
        "opponent",
        "games",
        "population",
        "seed",
        "wins",
        "draws",
        "losses",
        "first_box_empty",
        "resigned",
        "refused",
        "curve",
    ]
    assert (data["game"], data["rules"], data["opponent"], data["games"], data["population"]) == (
        "tictactoe",
        "michie",
        "perfect",
        20,
        50,
    )
    assert data["wins"] == 0 and data["wins"] + data["draws"] + data["losses"] == 1000
    assert len(data["curve"]) == 20 and data["games_per_s"] > 0
    assert data["curve"][-1] == round((3 * data["wins"] + data["draws"] - data["losses"]) / 50, 4)
    again = json.loads(run(*PERFECT_20_X_50, "--json").stdout)
    assert {**again, "games_per_s": 0} == {**data, "games_per_s": 0}


def test_simulate_text_and_report(tmp_path):
    target = tmp_path / "sim.pdf"
    result = run(
        "simulate",
        "--game",
        "nim",
        "--menace-plays",
        "second",
        "--games",
        "30",
        "--population",
        "20",
        "--seed",
        "2",
        "--report",
        str(target),
    )
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[0] == "nim, MENACE plays second, rules nim, against random: 30 games x 20 MENACEs, seed 2"
    assert lines[2].startswith("first box ran dry in 0 of 20 runs")  # floor 1: a box never empties
    assert "games/s" in result.stderr and f"wrote {target}" in result.stderr
    reader = PdfReader(target)
    text = reader.pages[0].extract_text()
    assert "Learning curve" in text and "Results per block of games" in text
    assert unembedded_fonts(reader) == set()


def test_simulate_errors_are_one_line():
    for args, message in [
        (
            ["--opponent", "novice:1.5"],
            "Error: 'novice:1.5': novice:P needs a probability P from 0 to 1, e.g. novice:0.5",
        ),
        # The simulator names opponents by kit.players' registry, as the tracker does.
        (
            ["--opponent", "genius"],
            "Error: unknown player 'genius': choose random, perfect, novice:P (0 <= P <= 1), ideal, menace "
            "(menace match plays the others)",
        ),
        # Registry players the simulator does not play are refused in a line, not a traceback.
        (
            ["--opponent", "mcts:10"],
            "Error: unknown player 'mcts:10': choose random, perfect, novice:P (0 <= P <= 1), ideal, menace "
            "(menace match plays the others)",
        ),
        # A close name is suggested, in the language spoken.
        (
            ["--opponent", "perfct"],
            "Error: unknown player 'perfct': choose random, perfect, novice:P (0 <= P <= 1), ideal, menace "
            "(menace match plays the others) (did you mean perfect?)",
        ),
        (
            ["--opponent", "menace:scroggs"],
            "Error: unknown player 'menace:scroggs': choose random, perfect, novice:P (0 <= P <= 1), ideal, "
            "menace (menace match plays the others)",
        ),
        (
            ["--rules", "nim"],
            "Error: rules 'nim' are for nim, not tictactoe: choose one of go-blog, golf, michie, open-day, "
            "scroggs",
        ),
    ]:
        result = run("simulate", "--games", "3", *args)
        assert result.exit_code == 2 and result.stderr.strip() == message
    assert run("simulate", "--games", "0").exit_code == 2


def test_tournament_table():
    result = run(*TOURNAMENT)
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[0] == "First-player wins out of 500 games (rows: first player, columns: second player)."
    assert lines[1:3] == [
        "Trained by self-play, a coin for who starts: 200 games (part-trained: 100).",
        "The stable is member 0 of 10 floor-0 MENACEs after 1,000 games between random pairs.",
    ]
    assert lines[4].split() == ["floor1", "floor0", "stable", "part-trained", "untrained", "ideal"]
    ideal = lines[-1].split()
    assert ideal[0] == "ideal" and ideal[-1] == "0"  # 9 tokens is lost for the first player
    assert re.fullmatch(r"\d+\.\d s\n", result.stderr)  # the time taken, off stdout
    data = json.loads(run(*TOURNAMENT, "--json").stdout)
    assert list(data)[:2] == ["players", "wins"]
    assert data["players"] == ["floor1", "floor0", "stable", "part-trained", "untrained", "ideal"]
    assert (data["training_opponent"], data["training"], data["part_training"], data["stable_training"]) == (
        "self",
        200,
        100,
        1000,
    )
    assert data["wins"][5][5] == data["first_player_wins"]["ideal"]["ideal"] == 0
    assert data["wins"][0] == [int(v) for v in lines[5].split()[1:]]
    assert data["wins"][0] == list(data["first_player_wins"]["floor1"].values())


def test_tournament_against_random_is_the_earlier_reading():
    against_random = (
        "tournament",
        "--training-opponent",
        "random",
        "--games",
        "300",
        "--training",
        "50",
        "--seed",
        "2",
    )
    result = run(*against_random)
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[1:3] == [
        "Trained against random, alternating sides: 50 games (part-trained: 30).",
        "The stable is 10 floor-0 MENACEs, a random member each game.",
    ]
    data = json.loads(run(*against_random, "--json").stdout)
    assert (data["training_opponent"], data["stable_training"]) == ("random", None)


def test_simulate_json_per_game_counts_the_population_in_every_game():
    for engine in ("numpy", "kit"):
        data = json.loads(run(*PERFECT_20_X_50, "--engine", engine, "--json").stdout)
        per_game = data["per_game"]
        assert data["engine"] == engine and list(per_game) == ["wins", "draws", "losses"]
        assert all(len(counts) == 20 for counts in per_game.values())
        totals = [w + d + lost for w, d, lost in zip(*per_game.values(), strict=True)]
        assert totals == [50] * 20  # every member played every game
        assert [sum(per_game[k]) for k in ("wins", "draws", "losses")] == [
            data["wins"],
            data["draws"],
            data["losses"],
        ]
        # The running score is the per-game counts added up.
        scores = [3 * w + d - lost for w, d, lost in zip(*per_game.values(), strict=True)]
        assert data["curve"][4] == round(sum(scores[:5]) / 50, 4)


def test_simulate_engine_choice(monkeypatch):
    from tracker.sim import experiment

    monkeypatch.setattr(experiment, "numba_installed", lambda: False)
    result = run("simulate", "--games", "3", "--engine", "numba")
    assert result.exit_code == 2
    assert result.stderr.strip() == (
        "Error: the numba engine is not installed: in menace-kit's folder, pip install '.[fast]'"
    )
    # Without numba, a few MENACEs play through the kit's match loop and more through numpy.
    assert experiment.choose_engine("auto", experiment.SMALL, 10**6) == "kit"
    assert experiment.choose_engine("auto", experiment.SMALL + 1, 1) == "numpy"
    assert experiment.choose_engine("numpy", 1, 1) == "numpy"
    small = run("simulate", "--games", "3", "--population", "2")
    assert small.exit_code == 0 and "(kit engine)" in small.stderr
    # With numba, until its kernel is built, as without it (no run waits for the compiler: it builds in
    # the background, tests/test_sim_first_run.py); once built, numba always.
    from tracker.sim import engine_numba

    monkeypatch.setattr(experiment, "numba_installed", lambda: True)
    monkeypatch.setattr(engine_numba, "compiled", lambda: False)
    assert experiment.choose_engine("auto", experiment.SMALL, experiment.SHORT + 1) == "kit"
    assert experiment.choose_engine("auto", 10**6, 10) == "numpy"
    monkeypatch.setattr(engine_numba, "compiled", lambda: True)
    assert experiment.choose_engine("auto", 1, 1) == "numba"


def test_a_box_of_more_colours_than_the_numpy_engine_takes_plays_on_the_kits_loop(monkeypatch):
    from tracker.sim import experiment

    monkeypatch.setattr(experiment, "numba_installed", lambda: False)
    wide = (
        "simulate",
        "--game",
        "nim",
        "--heaps",
        "99",
        "--max-take",
        "64",
        "--games",
        "2",
        "--population",
        str(experiment.SMALL + 1),
        "--json",
    )
    data = json.loads(run(*wide).stdout)  # auto would take numpy for this many MENACEs
    assert data["engine"] == "kit"
    assert data["wins"] + data["draws"] + data["losses"] == 2 * (experiment.SMALL + 1)
    asked = run(*wide, "--engine", "numpy")
    assert asked.exit_code == 2
    said = "Error: the numpy engine takes boxes of at most 63 colours: use --engine kit or numba"
    assert asked.stderr.strip() == said
    narrow = run(
        "simulate", "--game", "nim", "--heaps", "99", "--max-take", "63", "--games", "2", "--engine", "numpy"
    )
    assert narrow.exit_code == 0, narrow.stderr


def test_a_menace_that_refuses_to_play_is_counted_both_ways():
    """Scroggs' MENACE refuses to play with its first box empty; simulate counts those games as losses and
    also gives the results of the games it played."""
    for engine in ("numpy", "kit"):
        args = (
            "simulate",
            "--engine",
            engine,
            "--rules",
            "scroggs",
            "--opponent",
            "perfect",
            "--games",
            "200",
            "--population",
            "20",
            "--seed",
            "1",
        )
        data = json.loads(run(*args, "--json").stdout)
        assert 0 < data["refused"] <= data["resigned"] <= data["losses"], engine
        played = 200 * 20 - data["refused"]
        line = run(*args).stdout.splitlines()[3]
        assert line.startswith(f"{data['refused']:,} games with the first box empty, counted as losses above")
        assert f"of the {played:,} games played: wins 0.0%, draws {data['draws'] / played:.1%}" in line
    data = json.loads(
        run(
            "simulate",
            "--engine",
            "numpy",
            "--rules",
            "open-day",
            "--opponent",
            "perfect",
            "--games",
            "50",
            "--population",
            "20",
            "--seed",
            "1",
            "--json",
        ).stdout
    )
    assert data["refused"] == 0
