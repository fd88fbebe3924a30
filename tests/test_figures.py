"""The figures of README.md and docs/ are what their commands print (tools/figures.py,
tools/reproductions.py): a page and its command that disagree fail here."""

from __future__ import annotations

import re

import pytest

from tools import figures, reproductions

DOCS = sorted((figures.ROOT / "docs").glob("*.md"))
PAGES = ["README.md", *(str(path.relative_to(figures.ROOT)) for path in DOCS)]


def test_every_marked_figure_has_its_command_and_every_command_its_figure():
    marked = {(page, name) for page in PAGES for name in figures.marked(page)}
    assert marked == {(figure.page, figure.name) for figure in figures.FIGURES}
    for figure in figures.FIGURES:
        assert figures.shows_command(figure.page, figure.command), f"{figure.page}: `{figure.command}`"


@pytest.mark.parametrize(
    "figure",
    [
        pytest.param(figure, id=figure.name, marks=[pytest.mark.slow] if figure.slow else [])
        for figure in figures.FIGURES
    ],
)
def test_a_figure_is_what_its_command_prints(figure):
    printed = figure.render(figures.run(figure.runs))
    assert figures.marked(figure.page)[figure.name] == printed, f"run python tools/figures.py ({figure.page})"


def test_the_check_sees_a_figure_that_drifted(tmp_path, monkeypatch):
    page = tmp_path / "page.md"
    page.write_text("Dry in <!-- figure f -->61.3%<!--\n/figure --> of runs (`menace simulate --seed\n1`).\n")
    monkeypatch.setattr(figures, "ROOT", tmp_path)
    figure = figures.Figure("f", "page.md", (("simulate", "--seed", "1"),), lambda outputs: "60.3%")
    assert figures.marked("page.md") == {"f": "61.3%"} and figures.shows_command("page.md", figure.command)
    figures.write(figure, figure.render([]))
    assert figures.marked("page.md") == {"f": "60.3%"}


def reproductions_page() -> tuple[str, str]:
    """docs/reproductions.md's head and its sections, as the page has them."""
    page = reproductions.PAGE.read_text()
    start = page.index("\n## ")
    return page[:start], page[start + 1 :]


def test_the_reproductions_page_gives_the_commands_its_script_runs():
    head, body = reproductions_page()
    assert "<!-- Made by `python tools/reproductions.py`" in head
    on_page = set(re.findall(r"`(menace [^`]+)`", body))
    opponents = [("--rules", rules, "--opponent", "perfect") for rules in ("michie", "scroggs", "open-day")]
    opponents.append(("--opponent", "random"))
    runs = [(*reproductions.SIMULATE, *rest) for rest in opponents]
    runs += [reproductions.SCROGGS_500, ("tournament", "--seed", "1")]
    assert {reproductions.shown(args).strip("`") for args in runs} <= on_page


@pytest.mark.slow
def test_the_reproductions_page_is_what_its_commands_print():
    _, body = reproductions_page()
    assert body == "\n".join(reproductions.sections()), "run python tools/reproductions.py"
