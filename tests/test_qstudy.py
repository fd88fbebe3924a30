"""The transfer study (tracker/lab/qstudy.py): its arms, bands and games saved, on Nim with several heaps."""

from __future__ import annotations

import json
import random

import pytest
from pypdf import PdfReader

from kit.games import get_game
from kit.qlearn import fits_under, padded
from tests.cli import run
from tracker.lab.matches import running_mean
from tracker.lab.qstudy import Band, Study, play_learners, reach, transfer_study
from tracker.lab.qstudy_report import arm_sentences, study_json, study_lines, write_study_pdf


def heaps(*sizes):
    return get_game("nim", heaps=sizes, last_token="wins")


def test_band_is_the_mean_with_its_95_percent_interval():
    band = Band([[0.0, 1.0], [1.0, 1.0]])
    assert band.mean == [0.5, 1.0]
    # Column 0: standard deviation 0.7071, standard error 0.5, so 1.96 * 0.5 = 0.98 either side.
    assert band.low == pytest.approx([-0.48, 1.0]) and band.high == pytest.approx([1.48, 1.0])
    assert Band([[0.2, 0.4]]).low == [0.2, 0.4]


def test_reach_is_the_first_game_at_the_level_after_start():
    assert reach([0.1, 0.5, 0.9], 0.5) == 2
    assert reach([0.9, 0.1, 0.6], 0.5, start=1) == 3
    assert reach([0.1, 0.2], 0.5) is None


def test_games_saved_are_paired_by_seed():
    curves = {
        "baseline": [[0, 0, 0, 1, 1], [0, 0, 1, 1, 1], [0, 0, 0, 0, 0]],
        "a": [[0, 1, 1, 1, 1], [0, 1, 1, 1, 1], [0, 0, 0, 1, 1]],
        "b": [[0, 0, 0, 0, 0], [0, 0, 0, 0, 0], [0, 0, 0, 0, 0]],
    }
    study = Study(games=5, seeds=3, level=1.0, window=1, arms={k: Band(v) for k, v in curves.items()})
    assert study.reached("baseline") == [4, 3, None] and study.reached("a") == [2, 2, 4]
    mean, half, seeds = study.saved("a")  # seeds 1 and 2 count: 2 and 1 games saved
    assert (mean, seeds) == (1.5, 2) and half == pytest.approx(1.96 * 0.7071 / 2**0.5, abs=1e-3)
    assert study.saved("b") is None
    assert study.mean_reached("a") == 4 and study.mean_reached("baseline") is None  # seed 3 never does
    assert Study(5, 3, 2 / 3, 1, study.arms).mean_reached("a") == 2


def test_the_arms_start_as_the_seed_describes():
    small, big = heaps(1, 2), heaps(1, 2, 3)
    study = transfer_study(big, small, (1, 2), games=200, seeds=2, seed=5, level=0.5, window=20)
    assert set(study.arms) == {"baseline", "a", "b"} and all(len(b.curves) == 2 for b in study.arms.values())
    # Seed 1, by hand: the smaller game learnt first, its tables padded, then the three arms on one stream.
    _, learnt = play_learners(small, 200, random.Random("5:1:smaller"))
    starts = [{padded(p, 3): v for p, v in learner.values.items()} for learner in learnt]
    assert all(len(p) == 3 and p[0] == 0 for table in starts for p in table)
    by_hand = {
        "baseline": play_learners(big, 200, random.Random("5:1"))[0],
        "a": play_learners(big, 200, random.Random("5:1"), starts=starts)[0],
        "b": play_learners(
            big,
            200,
            random.Random("5:1"),
            starts=starts,
            divide=lambda p: 3.0 if fits_under(p, (1, 2)) else 1.0,
        )[0],
    }
    for arm, rewards in by_hand.items():
        assert study.arms[arm].curves[1] == running_mean(rewards, 20)
    assert by_hand["a"] != by_hand["baseline"] and by_hand["b"] != by_hand["a"]


def test_learners_find_that_heaps_1_2_3_are_lost_for_the_first_player():
    rewards, _ = play_learners(heaps(1, 2, 3), 3000, random.Random(1))
    assert sum(rewards[-1000:]) / 1000 < -0.5


def small_study():
    return transfer_study(
        heaps(1, 2, 3), heaps(1, 2), (1, 2), games=120, seeds=3, seed=2, level=-0.5, window=20
    )


def test_the_table_and_json_say_what_the_study_found(tmp_path):
    study = small_study()
    lines = study_lines(study, "heaps 1,2,3 from 1,2")
    assert lines[3].split() == [
        "arm",
        "game",
        "30",
        "game",
        "60",
        "game",
        "120",
        "level",
        "at",
        "game",
        "games",
        "saved",
    ]
    for arm, line in zip(("baseline", "a", "b"), lines[4:7], strict=True):
        band = study.arms[arm]
        assert line.startswith(arm) and f"{band.mean[59]:+.3f} +-{band.high[59] - band.mean[59]:.3f}" in line
    data = study_json(study)
    assert data["arms"]["a"]["reached"] == study.reached("a") and len(data["arms"]["b"]["mean"]) == 120
    assert data["arms"]["baseline"]["saved"] is None
    write_study_pdf(tmp_path / "s.pdf", study, "Transfer", arm_sentences(study))
    text = " ".join(" ".join(p.extract_text().split()) for p in PdfReader(tmp_path / "s.pdf").pages)
    assert "Transfer" in text and "games saved against the baseline" in text


def test_the_study_command_runs_the_library_on_nim_with_heaps(tmp_path):
    result = run(
        "study",
        "qlearn",
        "--heaps",
        "3",
        "--games",
        "100",
        "--seeds",
        "2",
        "--window",
        "20",
        "--level",
        "-0.5",
        "--out",
        str(tmp_path / "s.pdf"),
        "--json",
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    study = transfer_study(
        get_game("nim", heaps=(1, 2, 3), last_token="wins"),
        get_game("nim", heaps=(1, 2), last_token="wins"),
        (1, 2),
        games=100,
        seeds=2,
        seed=1,
        level=-0.5,
        window=20,
    )
    assert data["arms"]["b"]["mean"] == study.arms["b"].mean and data["heaps"] == 3
    assert len(PdfReader(tmp_path / "s.pdf").pages) == 1
    too_many = run("study", "qlearn", "--heaps", "6")
    assert too_many.exit_code == 2 and "--heaps" in too_many.output
