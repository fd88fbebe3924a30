"""The shared chart helper and PDF writer: embedded fonts, same bytes each run, no half-written file."""

from __future__ import annotations

import pytest
from pypdf import PdfReader

from generator.charts import (
    RESULT_COLOURS,
    Series,
    _nice_ticks,
    _thin,
    line_chart,
    stacked_bars,
    write_report,
)
from tests.pdfcheck import print_scaling, unembedded_fonts


def make_report(path):
    curve = Series(
        "mean score",
        [i * 0.5 for i in range(1000)],
        low=[i * 0.4 for i in range(1000)],
        high=[i * 0.6 for i in range(1000)],
    )
    bars = stacked_bars(
        ["1-10", "11-20"],
        [Series(name, [0.3, 0.5], colour) for name, colour in RESULT_COLOURS.items()],
        title="Results",
        y_label="share",
    )
    write_report(path, "Report", ["220 games"], [line_chart([curve], title="Curve", y_label="score"), bars])


def test_report_embeds_every_font_and_is_deterministic(tmp_path):
    make_report(tmp_path / "a.pdf")
    make_report(tmp_path / "b.pdf")
    assert (tmp_path / "a.pdf").read_bytes() == (tmp_path / "b.pdf").read_bytes()
    reader = PdfReader(tmp_path / "a.pdf")
    assert "220 games" in reader.pages[0].extract_text()
    assert unembedded_fonts(reader) == set()
    assert print_scaling(reader) == "/None"


def test_a_failed_write_leaves_nothing_behind(tmp_path):
    target = tmp_path / "r.pdf"
    target.write_bytes(b"old report")
    with pytest.raises(AttributeError):
        write_report(target, "Report", ["x"], [object()])
    assert target.read_bytes() == b"old report"
    assert [p.name for p in tmp_path.iterdir()] == ["r.pdf"]


def test_ticks_and_thinning():
    assert _nice_ticks(0, 100) == [0, 20, 40, 60, 80, 100]
    assert _nice_ticks(-7, 3)[0] <= -7 and _nice_ticks(-7, 3)[-1] >= 3
    indices = _thin(10_000)
    assert len(indices) <= 400 and indices[0] == 0 and indices[-1] == 9_999


def test_long_lines_wrap_inside_the_margins(tmp_path):
    words = " ".join(f"after game {n}: {n * 1.5:.1f}," for n in range(1, 40))
    write_report(tmp_path / "w.pdf", "Report", [words], [])
    text = PdfReader(tmp_path / "w.pdf").pages[0].extract_text()
    assert "game 39: 58.5" in text.replace("\n", " ")
    assert max(len(line) for line in text.splitlines()) < len(words) / 2


def test_the_games_axis_has_whole_games_only():
    """Three games drew ticks at game 1.5 and 2.5; a short match's axis counts whole games."""
    from generator.charts import _nice_ticks

    assert _nice_ticks(1, 3, whole=True) == [1, 2, 3]
    assert 2.5 in _nice_ticks(1, 15) and _nice_ticks(1, 15, whole=True) == [0, 5, 10, 15]
    assert _nice_ticks(1, 3) == [1, 1.5, 2, 2.5, 3]  # a value axis may still take halves
    assert _nice_ticks(1, 350, whole=True) == _nice_ticks(1, 350)  # long runs keep their ticks


def test_a_three_game_chart_labels_games_1_2_and_3():
    from reportlab.graphics.shapes import String

    drawing = line_chart([Series("score", [3.0, 2.0, 5.0])], title="Curve", y_label="score")
    x_labels = [
        s.text for s in drawing.contents if isinstance(s, String) and s.textAnchor == "middle" and s.y < 34
    ]  # below the plot's bottom edge: the games axis
    assert x_labels == ["1", "2", "3", "games played"]  # the ticks, then the axis title
