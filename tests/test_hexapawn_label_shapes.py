"""Hexapawn labels a child reads right: on every label of both sides and every stock, no letter dot or
arrowhead lies on a pawn or on another arrow's head, and no two dots touch (generator.documents.labels,
generator.drawing, generator.layout). Checked on the shapes the labels draw, in mm, not on pixels."""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, field
from typing import Any

import pytest

from generator.documents import labels
from generator.documents.common import KitSpec
from generator.drawing import PAWN_FILLS
from generator.stocks import load_stock, stock_names
from kit.catalogue import build_catalogue
from kit.design import KitDesign
from kit.palettes import default_palette
from tests.ink import MM, RecordingCanvas, _points

Point = tuple[float, float]
CLEAR = 0.1  # mm: closer, two shapes touch on paper (their outlines are 0.1-0.4 mm wide)
DOT_CLEAR = 0.2  # mm between a dot and a pawn: closer, a dot seems to sit on the pawn


@dataclass
class Label:
    """One label's shapes: pawns (outline hull and head circle), arrowheads and letter dots, in mm."""

    pawns: list[tuple[list[Point], tuple[Point, float]]] = field(default_factory=list)
    heads: list[list[Point]] = field(default_factory=list)
    dots: list[tuple[Point, float]] = field(default_factory=list)


class ShapeCanvas(RecordingCanvas):
    """Keeps the pawns, arrowheads and bead dots each label draws (pawns come first on a label)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.labels: list[Label] = []
        self._body: list[Point] | None = None

    def _mm(self, x: float, y: float) -> Point:
        a, b, c, d, e, f = self._currentMatrix
        return (a * x + c * y + e) / MM, (b * x + d * y + f) / MM

    def _fill(self) -> str:
        return str(self._fillColorObj.hexval()).lower().replace("0x", "#")

    def drawPath(self, path: Any, *args: Any, **kwargs: Any) -> None:  # noqa: N802
        super().drawPath(path, *args, **kwargs)
        points = [self._mm(x, y) for x, y in _points(path)]
        if len(points) == 8 and self._fill() in {v.lower() for v in PAWN_FILLS.values()}:  # a pawn's body
            if not self.labels or self.labels[-1].heads or self.labels[-1].dots:
                self.labels.append(Label())
            self._body = points
        elif len(points) == 3 and self.labels and self._fill() in self._bead_colours:
            self.labels[-1].heads.append(points)

    def circle(self, x: float, y: float, r: float, *args: Any, **kwargs: Any) -> None:
        super().circle(x, y, r, *args, **kwargs)
        centre, radius = self._mm(x, y), r * abs(self._currentMatrix[0]) / MM
        if self._body is not None:  # the head drawn right after a pawn's body
            self.labels[-1].pawns.append((hull(self._body), (centre, radius)))
            self._body = None
        elif self.labels and self._fill() in self._bead_colours:
            self.labels[-1].dots.append((centre, radius))

    _bead_colours: set[str] = set()


def hull(points: list[Point]) -> list[Point]:
    """The convex hull (counter-clockwise) of ``points``: a pawn's outline, which bulges at its foot."""
    ordered = sorted(set(points))

    def turn(o: Point, a: Point, b: Point) -> float:
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    lower: list[Point] = []
    upper: list[Point] = []
    for chain, seq in ((lower, ordered), (upper, ordered[::-1])):
        for p in seq:
            while len(chain) >= 2 and turn(chain[-2], chain[-1], p) <= 0:
                chain.pop()
            chain.append(p)
    return lower[:-1] + upper[:-1]


def _projections(polygon: list[Point], axis: Point) -> tuple[float, float]:
    values = [p[0] * axis[0] + p[1] * axis[1] for p in polygon]
    return min(values), max(values)


def polygon_gap(first: list[Point], second: list[Point]) -> float:
    """The widest gap between two convex polygons along any edge's normal (negative: they overlap)."""
    gap = -math.inf
    for polygon in (first, second):
        for (ax, ay), (bx, by) in zip(polygon, polygon[1:] + polygon[:1], strict=True):
            length = math.hypot(bx - ax, by - ay)
            axis = (-(by - ay) / length, (bx - ax) / length)
            (lo1, hi1), (lo2, hi2) = _projections(first, axis), _projections(second, axis)
            gap = max(gap, lo2 - hi1, lo1 - hi2)
    return gap


def circle_polygon_gap(centre: Point, radius: float, polygon: list[Point]) -> float:
    """How far a circle is from a convex polygon (negative: they overlap)."""
    sides = [
        (bx - ax) * (centre[1] - ay) - (by - ay) * (centre[0] - ax)
        for (ax, ay), (bx, by) in zip(polygon, polygon[1:] + polygon[:1], strict=True)
    ]
    if all(s >= 0 for s in sides) or all(s <= 0 for s in sides):
        return -radius
    nearest = math.inf
    for (ax, ay), (bx, by) in zip(polygon, polygon[1:] + polygon[:1], strict=True):
        ex, ey = bx - ax, by - ay
        t = max(0.0, min(1.0, ((centre[0] - ax) * ex + (centre[1] - ay) * ey) / (ex * ex + ey * ey)))
        nearest = min(nearest, math.hypot(centre[0] - ax - t * ex, centre[1] - ay - t * ey))
    return nearest - radius


def circle_gap(first: tuple[Point, float], second: tuple[Point, float]) -> float:
    return math.dist(first[0], second[0]) - first[1] - second[1]


def faults(label: Label) -> list[str]:
    """Every dot or arrowhead on a pawn or on another arrow's head, and every two dots that touch."""
    found = []
    for (n, (centre, radius)), (p, (body, head)) in itertools.product(
        enumerate(label.dots), enumerate(label.pawns)
    ):
        if min(circle_polygon_gap(centre, radius, body), circle_gap((centre, radius), head)) < DOT_CLEAR:
            found.append(f"dot {n + 1} on pawn {p + 1}")
    heads, dots, pawns = enumerate(label.heads), enumerate(label.dots), enumerate(label.pawns)
    for (n, arrowhead), (p, (body, head)) in itertools.product(heads, pawns):
        if min(polygon_gap(arrowhead, body), circle_polygon_gap(*head, arrowhead)) < CLEAR:
            found.append(f"arrowhead {n + 1} on pawn {p + 1}")
    for (n, (centre, radius)), (m, arrowhead) in itertools.product(dots, enumerate(label.heads)):
        if n != m and circle_polygon_gap(centre, radius, arrowhead) < CLEAR:
            found.append(f"dot {n + 1} on arrowhead {m + 1}")
    for (n, first), (m, second) in itertools.combinations(enumerate(label.heads), 2):
        if polygon_gap(first, second) < CLEAR:
            found.append(f"arrowheads {n + 1} and {m + 1}")
    for (n, first), (m, second) in itertools.combinations(enumerate(label.dots), 2):
        if circle_gap(first, second) < CLEAR:
            found.append(f"dots {n + 1} and {m + 1}")
    return found


def label_shapes(tmp_path, monkeypatch, side: str, stock: str) -> tuple[KitSpec, list[Label]]:
    import generator.pdfout

    palette = default_palette("hexapawn")
    loaded = load_stock(stock)
    spec = KitSpec(KitDesign.of(build_catalogue("hexapawn", side), palette), loaded, loaded.paper_for(None))
    made: list[ShapeCanvas] = []
    original = generator.pdfout.canvas_for

    def recorder(path, pagesize, *, title):
        real = original(path, pagesize, title=title)
        canvas = ShapeCanvas(str(path), pagesize=pagesize, invariant=1, initialFontName=real._initialFontName)
        canvas._bead_colours = {c.rgb.lower() for c in palette.colours}
        made.append(canvas)
        return canvas

    monkeypatch.setattr(generator.pdfout, "canvas_for", recorder)
    labels.write(tmp_path / "labels.pdf", spec)
    return spec, [label for canvas in made for label in canvas.labels]


@pytest.mark.parametrize("stock", stock_names())
@pytest.mark.parametrize("side", ["first", "second"])
def test_no_dot_or_arrowhead_lies_on_a_pawn_or_another_head(tmp_path, monkeypatch, side, stock):
    spec, drawn = label_shapes(tmp_path, monkeypatch, side, stock)
    boxes = spec.catalogue.boxes
    assert len(drawn) == len(boxes)
    for box, label in zip(boxes, drawn, strict=True):
        assert len(label.pawns) == sum(1 for mark in box.position if mark in "WB")
        assert len(label.heads) == len(label.dots) == len(box.moves)
    assert {box.id: faults(label) for box, label in zip(boxes, drawn, strict=True) if faults(label)} == {}


def test_the_check_sees_a_dot_on_a_pawn_and_heads_that_meet():
    pawn = ([(0.0, 0.0), (2.0, 0.0), (2.0, 2.0), (0.0, 2.0)], ((1.0, 3.0), 0.5))
    label = Label(
        [pawn],
        [[(3.0, 0.0), (5.0, 0.0), (4.0, 1.0)], [(4.0, 0.5), (6.0, 0.5), (5.0, 2.0)]],
        [((2.3, 1.0), 0.5), ((9.0, 9.0), 0.5)],
    )
    assert faults(label) == ["dot 1 on pawn 1", "arrowheads 1 and 2"]


def test_the_default_hexapawn_beads_are_neither_black_nor_white():
    names = [c.name for c in default_palette("hexapawn").colours]
    assert len(names) == 4 and not {"black", "white"} & set(names)
