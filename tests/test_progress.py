"""Progress on the long runs: a bar on stderr when stderr is a terminal (a pseudo-terminal here), nothing
when it is not, and stdout (--json included) byte for byte the same either way."""

from __future__ import annotations

import json
import os
import select
import subprocess
import sys

import pytest

from tests.cli import play_match
from tracker.lab.nim_tournament import tournament, tournament_games

TOURNAMENT = [
    "tournament",
    "--games",
    "20",
    "--training",
    "60",
    "--part-training",
    "5",
    "--stable-training",
    "100",
    "--seed",
    "1",
    "--json",
]
MATCH = [
    "match",
    "--game",
    "nim",
    "--first",
    "menace",
    "--second",
    "random",
    "--games",
    "400",
    "--seed",
    "3",
    "--json",
]


def menace(args: list[str], *, terminal: bool, status: int = 0) -> tuple[bytes, bytes]:
    """stdout and stderr of `menace ARGS`, stderr on a pseudo-terminal's slave end when ``terminal`` (where
    the command must end with ``status``)."""
    command = [sys.executable, "-m", "tracker", *args]
    if not terminal:
        done = subprocess.run(command, capture_output=True, check=True, timeout=300)
        return done.stdout, done.stderr
    master, slave = os.openpty()
    try:
        child = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=slave, stdin=subprocess.DEVNULL)
        os.close(slave)
        seen = bytearray()
        while True:  # read the terminal as the child writes, so a full pty never blocks it
            ready, _, _ = select.select([master], [], [], 300)
            if not ready:
                child.kill()
                pytest.fail("menace stopped writing for 300 s")
            try:
                chunk = os.read(master, 4096)
            except OSError:  # Linux: EIO once the child has closed the slave end
                break
            if not chunk:
                break
            seen += chunk
        assert child.stdout is not None
        out = child.stdout.read()
        assert child.wait(timeout=60) == status, bytes(seen)
        return out, bytes(seen)
    finally:
        os.close(master)


def test_a_mistyped_player_is_said_in_one_line_before_any_bar_is_drawn() -> None:
    _, shown = menace(
        ["match", "--first", "perfct", "--second", "random", "--games", "400"], terminal=True, status=2
    )
    assert b"unknown player 'perfct'" in shown and b"Match games" not in shown, shown
    assert shown.count(b"\n") == 1, shown


@pytest.mark.parametrize(
    "args, label", [(TOURNAMENT, b"Tournament games"), (MATCH, b"Match games")], ids=["tournament", "match"]
)
def test_a_terminal_sees_progress_and_stdout_is_unchanged(args: list[str], label: bytes) -> None:
    piped_out, piped_err = menace(args, terminal=False)
    shown_out, shown_err = menace(args, terminal=True)
    assert shown_out == piped_out and piped_out.startswith(b"{")
    assert label in shown_err and b"100%" in shown_err  # the bar, drawn to its end
    assert label not in piped_err and b"%" not in piped_err  # a pipe sees no bar


def test_the_tournament_counts_every_game_it_plays() -> None:
    """The bar's total is the games the tournament plays: training, the stable's and the round robin's."""
    for opponent in ("self", "random"):
        sizes = {
            "games": 7,
            "training": 30,
            "part_training": 4,
            "stable_training": 50,
            "training_opponent": opponent,
        }
        steps: list[int] = []
        tournament(**sizes, seed=2, progress=steps.append)  # type: ignore[arg-type]
        assert sum(steps) == tournament_games(**sizes)  # type: ignore[arg-type]
    # Known answers: self-play 30 + 4 + 30 + 50 training games; against random (2 + 10) * 30 + 4; 36 * 7.
    assert tournament_games(games=7, training=30, part_training=4, stable_training=50) == 114 + 252
    assert tournament_games(games=7, training=30, part_training=4, training_opponent="random") == 364 + 252


def test_a_match_counts_its_games() -> None:
    steps: list[int] = []
    play_match("nim", "menace", "random", games=25, seed=1, progress=steps.append)
    assert steps == [1] * 25


@pytest.mark.parametrize("engine", ["kit", "numpy"])
def test_a_simulation_counts_every_game(engine: str) -> None:
    from kit.games import game_from_spec
    from tracker.sim.experiment import simulate

    steps: list[int] = []
    simulate(
        game_from_spec("nim"), games=30, population=5, seed=1, engine=engine, chunk=2, progress=steps.append
    )
    assert sum(steps) == 150 and len(steps) == (150 if engine == "kit" else 3)  # a game, or a chunk, a step


def test_a_study_says_its_steps_on_a_terminal_only() -> None:
    args = ["study", "thinking-time", "--game", "nim", "--iterations", "5,10", "--games", "2", "--json"]
    piped_out, piped_err = menace(args, terminal=False)
    shown_out, shown_err = menace(args, terminal=True)

    def results(out: bytes) -> list[tuple[int, int, int]]:  # the JSON's games, not its timings
        return [(cell["wins"], cell["draws"], cell["losses"]) for cell in json.loads(out)["cells"]]

    assert results(shown_out) == results(piped_out)
    assert b"mcts:5 vs random: " in shown_err and b"mcts:10 vs perfect: " in shown_err
    assert piped_err == b""


def test_generate_draws_a_bar_over_the_files_on_a_terminal_and_keeps_its_lines(tmp_path) -> None:
    def generate(folder: str, terminal: bool) -> tuple[bytes, bytes]:
        return menace(["generate", "--game", "nim", "--out", str(tmp_path / folder)], terminal=terminal)

    piped_out, piped_err = generate("piped", terminal=False)
    shown_out, shown_err = generate("shown", terminal=True)
    assert piped_out == shown_out == b""
    assert b"Writing the kit" in shown_err and b"100%" in shown_err
    assert b"Writing the kit" not in piped_err and b"%" not in piped_err
    for err in (piped_err, shown_err):  # each file written is said either way
        assert err.count(b"wrote ") == 9 and b"kit.json (kit " in err


def test_generate_counts_every_file_it_writes(tmp_path) -> None:
    from generator.printed_kit import KitOptions, files_to_write, generate

    options = KitOptions(game="nim --heaps 1,2")
    steps: list[int] = []
    generate(options, tmp_path, written=steps.append)
    assert sum(steps) == files_to_write(options) == len(list(tmp_path.rglob("*.*"))) == 9
