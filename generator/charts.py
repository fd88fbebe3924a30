"""Charts for reports, drawn with reportlab graphics: learning curves (with a band) and stacked bars.

The tracker's `menace report` and the simulator's `--report` both draw through this module, so a
classroom's curve and a simulated one look alike and can be compared by eye.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from generator.fonts import BOLD, REGULAR

if TYPE_CHECKING:
    from reportlab.graphics.shapes import Drawing

MAX_POINTS = 400  # longer series are thinned to keep PDFs small; a printed line cannot show more
RESULT_COLOURS = {"win": "#2e9e44", "draw": "#f6c90e", "loss": "#d7263d"}


@dataclass(frozen=True)
class Series:
    """One line (or one layer of stacked bars); ``low``/``high`` draw a shaded band around it."""

    label: str
    values: Sequence[float]
    colour: str = "#1f5fbf"
    low: Sequence[float] | None = None
    high: Sequence[float] | None = None


def line_chart(
    series: Sequence[Series],
    *,
    title: str,
    y_label: str,
    x_label: str = "games played",
    width: float = 480,
    height: float = 260,
    first_x: int = 1,
) -> Drawing:
    """A Drawing of one or more lines against game number (the first value is game ``first_x``)."""
    from reportlab.graphics.shapes import Drawing, Polygon, PolyLine
    from reportlab.lib.colors import HexColor

    frame = _Frame(width, height)
    drawing = Drawing(width, height)
    count = max(len(s.values) for s in series)
    lows = [v for s in series for v in (s.low if s.low is not None else s.values)]
    highs = [v for s in series for v in (s.high if s.high is not None else s.values)]
    y_min, y_max = min([*lows, 0.0]), max([*highs, 0.0])
    x_range = (first_x, first_x + max(count - 1, 1))
    frame.axes(drawing, x_range, (y_min, y_max), title=title, x_label=x_label, y_label=y_label)
    for s in series:  # every band first, so no band hides another series' line
        if s.low is not None and s.high is not None:
            upper = [frame.point(first_x + i, s.high[i]) for i in _thin(len(s.high))]
            lower = [frame.point(first_x + i, s.low[i]) for i in reversed(_thin(len(s.low)))]
            drawing.add(Polygon(_flat(upper + lower), fillColor=_tint(s.colour), strokeColor=None))
    for s in series:
        points = [frame.point(first_x + i, s.values[i]) for i in _thin(len(s.values))]
        if len(points) == 1:
            points.append(points[0])
        drawing.add(PolyLine(_flat(points), strokeColor=HexColor(s.colour), strokeWidth=1.6))
    frame.legend(drawing, [(s.label, s.colour) for s in series])
    return drawing


def stacked_bars(
    categories: Sequence[str],
    layers: Sequence[Series],
    *,
    title: str,
    y_label: str,
    x_label: str = "games",
    width: float = 480,
    height: float = 220,
) -> Drawing:
    """A Drawing of one bar per category, each stacked from ``layers`` (e.g. win, draw, loss shares)."""
    from reportlab.graphics.shapes import Drawing, Rect, String
    from reportlab.lib.colors import HexColor

    frame = _Frame(width, height)
    drawing = Drawing(width, height)
    totals = [sum(layer.values[i] for layer in layers) for i in range(len(categories))]
    frame.axes(drawing, None, (0, max(totals, default=1) or 1), title=title, x_label=x_label, y_label=y_label)
    slot = frame.plot_width / max(len(categories), 1)
    for i, name in enumerate(categories):
        bottom = 0.0
        for layer in layers:
            value = layer.values[i]
            x0, y0 = frame.left + i * slot + slot * 0.12, frame.y(bottom)
            drawing.add(
                Rect(
                    x0,
                    y0,
                    slot * 0.76,
                    frame.y(bottom + value) - y0,
                    fillColor=HexColor(layer.colour),
                    strokeColor=None,
                )
            )
            bottom += value
        if len(categories) <= 12 or i % math.ceil(len(categories) / 12) == 0:
            drawing.add(
                String(
                    frame.left + (i + 0.5) * slot,
                    frame.bottom - 11,
                    name,
                    fontName=REGULAR,
                    fontSize=7,
                    textAnchor="middle",
                )
            )
    frame.legend(drawing, [(layer.label, layer.colour) for layer in layers])
    return drawing


def write_report(
    path: Path,
    title: str,
    lines: Sequence[str],
    drawings: Sequence[Drawing],
    *,
    pagesize: tuple[float, float] | None = None,
) -> None:
    """A PDF of a title, a few lines of text, and the drawings one under another, page after page."""
    from reportlab.graphics import renderPDF
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.utils import simpleSplit

    from generator.pdfout import atomic_path, canvas_for

    page_width, page_height = pagesize or A4
    margin = 50
    with atomic_path(path) as temporary:
        canvas = canvas_for(temporary, (page_width, page_height), title=title)
        y = page_height - margin
        canvas.setFont(BOLD, 16)
        canvas.drawString(margin, y - 16, title)
        y -= 34
        canvas.setFont(REGULAR, 10)
        for line in lines:
            # Long summary lines wrap at the margin rather than run off the page.
            for piece in simpleSplit(line, REGULAR, 10, page_width - 2 * margin):
                canvas.drawString(margin, y - 10, piece)
                y -= 14
        y -= 10
        for drawing in drawings:
            if y - drawing.height < margin:
                canvas.showPage()
                y = page_height - margin
            renderPDF.draw(drawing, canvas, margin, y - drawing.height)
            y -= drawing.height + 18
        canvas.showPage()
        canvas.save()


class _Frame:
    """Maps data to a drawing's plot area and draws axes, ticks and the legend."""

    def __init__(self, width: float, height: float) -> None:
        self.left, self.bottom = 52.0, 34.0
        self.plot_width, self.plot_height = width - self.left - 12, height - self.bottom - 38
        self.width, self.height = width, height
        self.x_range: tuple[float, float] = (0, 1)
        self.y_range: tuple[float, float] = (0, 1)

    def x(self, value: float) -> float:
        low, high = self.x_range
        return self.left + (value - low) / ((high - low) or 1) * self.plot_width

    def y(self, value: float) -> float:
        low, high = self.y_range
        return self.bottom + (value - low) / ((high - low) or 1) * self.plot_height

    def point(self, x: float, y: float) -> tuple[float, float]:
        return self.x(x), self.y(y)

    def axes(
        self,
        drawing: Drawing,
        x_range: tuple[float, float] | None,
        y_range: tuple[float, float],
        *,
        title: str,
        x_label: str,
        y_label: str,
    ) -> None:
        from reportlab.graphics.shapes import Line, String
        from reportlab.lib.colors import HexColor

        grey = HexColor("#888888")
        y_ticks = _nice_ticks(*y_range)
        self.y_range = (min(y_ticks[0], y_range[0]), max(y_ticks[-1], y_range[1]))
        for tick in y_ticks:
            drawing.add(
                Line(
                    self.left,
                    self.y(tick),
                    self.left + self.plot_width,
                    self.y(tick),
                    strokeColor=HexColor("#dddddd"),
                    strokeWidth=0.5,
                )
            )
            drawing.add(
                String(
                    self.left - 4,
                    self.y(tick) - 3,
                    _label(tick),
                    fontName=REGULAR,
                    fontSize=7,
                    textAnchor="end",
                )
            )
        if x_range is not None:
            self.x_range = x_range
            for tick in _nice_ticks(*x_range, whole=True):  # the x axis counts games: no game 1.5
                if x_range[0] <= tick <= x_range[1]:
                    x = self.x(tick)
                    drawing.add(Line(x, self.bottom, x, self.bottom - 3, strokeColor=grey))
                    drawing.add(
                        String(
                            x,
                            self.bottom - 12,
                            _label(tick),
                            fontName=REGULAR,
                            fontSize=7,
                            textAnchor="middle",
                        )
                    )
        drawing.add(Line(self.left, self.bottom, self.left + self.plot_width, self.bottom, strokeColor=grey))
        drawing.add(Line(self.left, self.bottom, self.left, self.bottom + self.plot_height, strokeColor=grey))
        if self.y_range[0] < 0 < self.y_range[1]:
            drawing.add(
                Line(
                    self.left,
                    self.y(0),
                    self.left + self.plot_width,
                    self.y(0),
                    strokeColor=grey,
                    strokeWidth=0.8,
                )
            )
        drawing.add(String(self.left, self.height - 14, title, fontName=BOLD, fontSize=10))
        drawing.add(
            String(
                self.left + self.plot_width / 2, 4, x_label, fontName=REGULAR, fontSize=8, textAnchor="middle"
            )
        )
        y_text = String(0, 0, y_label, fontName=REGULAR, fontSize=8, textAnchor="middle")
        from reportlab.graphics.shapes import Group

        drawing.add(Group(y_text, transform=(0, 1, -1, 0, 12, self.bottom + self.plot_height / 2)))

    def legend(self, drawing: Drawing, entries: Sequence[tuple[str, str]]) -> None:
        from reportlab.graphics.shapes import Rect, String
        from reportlab.lib.colors import HexColor

        x = self.left + self.plot_width
        for label, colour in reversed(entries):
            text_width = 5.2 * len(label)
            x -= text_width + 16
            drawing.add(Rect(x, self.height - 24, 9, 7, fillColor=HexColor(colour), strokeColor=None))
            drawing.add(String(x + 12, self.height - 24, label, fontName=REGULAR, fontSize=8))


def _thin(length: int) -> list[int]:
    """Indices of at most MAX_POINTS evenly spaced values, always keeping the first and the last."""
    if length <= MAX_POINTS:
        return list(range(length))
    step = (length - 1) / (MAX_POINTS - 1)
    return sorted({round(i * step) for i in range(MAX_POINTS)})


def _nice_ticks(low: float, high: float, target: int = 6, *, whole: bool = False) -> list[float]:
    """About ``target`` round ticks over low..high; ``whole``: whole numbers only (a step of 1 at least)."""
    if high <= low:
        high = low + 1
    raw = max((high - low) / target, 1.0) if whole else (high - low) / target
    magnitude = 10 ** math.floor(math.log10(raw))
    step = next(
        m * magnitude
        for m in (1, 2, 2.5, 5, 10)
        if m * magnitude >= raw and (not whole or float(m * magnitude).is_integer())
    )
    start = math.floor(low / step) * step
    ticks = []
    value = start
    while value < high + step * 0.999:
        ticks.append(round(value, 10))
        value += step
    return ticks


def _label(value: float) -> str:
    return f"{value:g}" if abs(value) < 1e6 else f"{value:.2g}"


def _tint(colour: str, lightness: float = 0.75) -> Any:
    """A pale version of ``colour``: opaque, so it prints the same on every printer."""
    from reportlab.lib.colors import Color, HexColor

    base = HexColor(colour)
    return Color(*(c + (1 - c) * lightness for c in (base.red, base.green, base.blue)))


def _flat(points: list[tuple[float, float]]) -> list[float]:
    return [coordinate for point in points for coordinate in point]
