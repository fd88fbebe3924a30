"""A new kind of picture is its own dataclass plus a registration per job: shown with a tally of strokes
made here, which no game ships, and a strip of cells that only says which board its cells form."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest
from reportlab.pdfgen.canvas import Canvas

from generator.documents.wording import PAPER_WORDS, PaperWords, caption, picture_note
from generator.drawing import DRAWERS, draw_picture
from generator.layout import Rect
from kit.picture import ByKind, Grid, Heaps, Picture
from tracker.state.text import PICTURE_WORDS, POSITION_LINES, picture_words, position_lines, shows_cells
from tracker.web.view import VIEWS, picture_view


@dataclass(frozen=True, slots=True)
class Tally:
    """Strokes in fives: no cells, so each move is a row of its own beside it."""

    strokes: int

    @property
    def board(self) -> None:
        return None


@dataclass(frozen=True, slots=True)
class Strip:
    """Cells in a line: its cells are a one-row board, so everything that works on cells takes it."""

    marks: tuple[str, ...]

    @property
    def board(self) -> Grid:
        return Grid(1, len(self.marks), self.marks)


drawn: list[tuple[Tally, dict[int, Any]]] = []


def _draw_tally(canvas: Any, area: Rect, tally: Tally, dots: Any, **_: Any) -> None:
    drawn.append((tally, dict(dots)))


# The registration: one line a job, each in the layer that owns the job.
DRAWERS.register(Tally, _draw_tally)
PAPER_WORDS.register(
    Tally,
    PaperWords(
        lambda game, start: pytest.fail("no game here"),
        lambda tally: f"{tally.strokes} strokes",
        lambda tally: "The strokes: the count when MENACE must move.",
    ),
)
POSITION_LINES.register(Tally, lambda game, tally, notation, legal: ["  " + "|" * tally.strokes])
PICTURE_WORDS.register(Tally, lambda tally: f"{tally.strokes} strokes")
VIEWS.register(Tally, lambda tally: {"strokes": tally.strokes})


class _TallyGame:
    """Only what position_lines asks of a game: the picture of a position."""

    def picture(self, position: int) -> Picture:
        return Tally(position)


def test_a_registered_kind_is_drawn_worded_and_shown_by_every_job(tmp_path):
    tally = Tally(7)
    canvas = Canvas(str(tmp_path / "tally.pdf"))
    draw_picture(canvas, Rect(0, 0, 10, 10), tally, {}, dot_share=0.3)
    assert drawn == [(tally, {})]
    assert caption(tally) == "7 strokes"
    assert picture_note(tally) == "The strokes: the count when MENACE must move."
    assert position_lines(_TallyGame(), 3, "numbers") == ["  |||"]  # type: ignore[arg-type]
    assert picture_words(tally) == "7 strokes"
    assert picture_view(tally) == {"strokes": 7}
    assert not shows_cells(tally)


def test_a_kind_with_cells_needs_only_its_board_for_the_cell_work():
    strip = Strip(("X", "", "O"))
    assert shows_cells(strip) and strip.board.cell(0, 2) == "O"


def test_the_shipped_kinds_say_whether_moves_sit_on_cells():
    grid = Grid(3, 3, ("",) * 9)
    assert grid.board is grid
    assert Heaps((1, 2), (2, 3)).board is None


def test_an_unregistered_kind_is_refused_naming_the_job_and_the_kind():
    with pytest.raises(LookupError, match="no web view for a Strip picture: register one for its kind"):
        picture_view(Strip(("X",)))


def test_a_subclass_of_a_kind_takes_its_parent_kinds_entry_unless_it_has_its_own():
    @dataclass(frozen=True, slots=True)
    class Blocks(Grid):
        pass

    jobs: ByKind[str] = ByKind("test job")
    jobs.register(Grid, "grid")
    assert jobs.of(Blocks(1, 1, ("",))) == "grid"
    jobs.register(Blocks, "blocks")
    assert (jobs.of(Blocks(1, 1, ("",))), jobs.of(Grid(1, 1, ("",)))) == ("blocks", "grid")
    with pytest.raises(LookupError, match="no test job for a Heaps picture"):
        jobs.of(Heaps((1,), (1,)))
