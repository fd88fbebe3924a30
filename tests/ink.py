"""Where a document puts its ink: a reportlab canvas that records every string and shape it is asked to draw,
as a box in mm on its page, so that a test can check them against the printable area and each other
without rendering a pixel."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from reportlab.pdfgen.canvas import Canvas

MM = 72 / 25.4
# How far a line of text reaches below and above its baseline, in em, by the characters it holds (the pages'
# font, Bitstream Vera): digits and capitals stand 0.73 on the baseline, ascenders and '/' reach 0.76,
# accented capitals 0.93; descenders go 0.24 below. Two lines 1.3 em apart never overlap.
DESCENDERS = set("gjpqyQ,;()[]{}|_/@$\u00b5\u00e7")
ACCENTED = set("\u00c4\u00d6\u00dc\u00c9\u00c8\u00c0\u00c5")
NUMBER = r"-?\d+(?:\.\d+)?"


@dataclass(frozen=True)
class Ink:
    """One string or shape on one page, in mm from the page's bottom left."""

    page: int
    kind: str  # "text" or the canvas call that drew a shape ("circle", "rect", "line", "path")
    text: str
    left: float
    bottom: float
    right: float
    top: float
    size: float = 0.0  # text: the em in mm
    font: str = ""  # text: its font's name
    baseline: float = 0.0  # text: mm from the page's bottom
    figure: bool = False  # text: a figure's (generator.drawing.figure), sized by it, not by the type scale

    def overlap(self, other: Ink) -> float:
        """How far (mm) the two boxes overlap in the direction they overlap least; 0 if apart."""
        if self.page != other.page:
            return 0.0
        across = min(self.right, other.right) - max(self.left, other.left)
        up = min(self.top, other.top) - max(self.bottom, other.bottom)
        return max(0.0, min(across, up))

    def too_near(self, other: Ink, slack: float) -> bool:
        """Whether two strings overlap, or sit on one line closer than a fifth of an em (so that they read
        as one word: 'SpielsteinenSchachteln')."""
        up = min(self.top, other.top) - max(self.bottom, other.bottom)
        gap = max(self.left, other.left) - min(self.right, other.right)
        return self.page == other.page and up > slack and gap < 0.2 * min(self.size, other.size)

    def __str__(self) -> str:
        return (
            f"page {self.page} {self.kind} {self.text!r} at x {self.left:.1f}-{self.right:.1f} mm, "
            f"y {self.bottom:.1f}-{self.top:.1f} mm"
        )


class RecordingCanvas(Canvas):
    """A Canvas that keeps an Ink for everything drawn instead of drawing it (formatting a PDF's numbers is
    most of the time a page takes), and writes no file (``save`` is a no-op). Fonts, colours and
    transformations go to reportlab as usual: the transformation places the ink."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.inks: list[Ink] = []
        self._page = 1
        self._clip: tuple[float, float, float, float] | None = None  # ink outside it does not print
        self._clips: list[tuple[float, float, float, float] | None] = []

    # The graphics state: reportlab keeps the transformation, this the clipping box
    def saveState(self) -> None:  # noqa: N802
        super().saveState()
        self._clips.append(self._clip)

    def restoreState(self) -> None:  # noqa: N802
        super().restoreState()
        self._clip = self._clips.pop()

    def clipPath(self, path: Any, *args: Any, **kwargs: Any) -> None:  # noqa: N802
        box = self._placed(_points(path))
        self._clip = (
            box
            if self._clip is None
            else (
                max(box[0], self._clip[0]),
                max(box[1], self._clip[1]),
                min(box[2], self._clip[2]),
                min(box[3], self._clip[3]),
            )
        )

    # Pages and the file
    def showPage(self) -> None:  # noqa: N802 (reportlab's name)
        super().showPage()
        self._page += 1

    def save(self) -> None:
        self.pages = self._page - 1

    # Text
    def drawString(self, x: float, y: float, text: str, *args: Any, **kwargs: Any) -> None:  # noqa: N802
        self._text(x, y, text)

    def drawRightString(self, x: float, y: float, text: str, *args: Any, **kwargs: Any) -> None:  # noqa: N802
        self._text(x - self._width(text), y, text)

    def drawCentredString(self, x: float, y: float, text: str, *args: Any, **kwargs: Any) -> None:  # noqa: N802
        self._text(x - self._width(text) / 2, y, text)

    # Shapes
    def circle(self, x: float, y: float, r: float, *args: Any, **kwargs: Any) -> None:
        self._shape("circle", [(x - r, y - r), (x + r, y + r)])

    def rect(
        self,
        x: float,
        y: float,
        width: float,
        height: float,
        stroke: int = 1,
        fill: int = 0,
        *args: Any,
        **kwargs: Any,
    ) -> None:
        # A filled rectangle hides what was drawn under it before (a band over the line above it).
        self._shape("fill" if fill else "rect", [(x, y), (x + width, y + height)])

    def line(self, x1: float, y1: float, x2: float, y2: float) -> None:
        self._shape("line", [(x1, y1), (x2, y2)])

    def drawPath(self, path: Any, *args: Any, **kwargs: Any) -> None:  # noqa: N802
        points = _points(path)
        if points:
            self._shape("path", points)

    # Recording
    def _width(self, text: str) -> float:
        return float(self.stringWidth(text, self._fontname, self._fontsize))

    def _text(self, left: float, y: float, text: str) -> None:
        if not text.strip():
            return
        size = self._fontsize
        # Spaces at either end take room but no ink.
        lead = self._width(text[: len(text) - len(text.lstrip())])
        width = self._width(text.strip())
        ink = set(text)
        descent = 0.24 if ink & DESCENDERS else 0.0
        ascent = 0.93 if ink & ACCENTED else 0.76
        self._record(
            "text",
            text.strip(),
            [(left + lead, y - descent * size), (left + lead + width, y + ascent * size)],
            size,
        )
        if self.inks and self.inks[-1].text == text.strip():  # recorded (not clipped away)
            baseline = self._placed([(left, y)])[1]
            self.inks[-1] = replace(
                self.inks[-1],
                font=self._fontname,
                baseline=baseline,
                figure=getattr(self, "figure_depth", 0) > 0,
            )

    def _shape(self, kind: str, points: list[tuple[float, float]]) -> None:
        self._record(kind, "", points)

    def _placed(self, points: list[tuple[float, float]]) -> tuple[float, float, float, float]:
        """The box around ``points`` (canvas units) on the page, in mm: left, bottom, right, top."""
        a, b, c, d, e, f = self._currentMatrix
        placed = [((a * x + c * y + e) / MM, (b * x + d * y + f) / MM) for x, y in points]
        xs, ys = [p[0] for p in placed], [p[1] for p in placed]
        return min(xs), min(ys), max(xs), max(ys)

    def _record(self, kind: str, text: str, points: list[tuple[float, float]], size: float = 0.0) -> None:
        left, bottom, right, top = self._placed(points)
        size *= abs(self._currentMatrix[3]) / MM
        if self._clip is not None:
            left, bottom = max(left, self._clip[0]), max(bottom, self._clip[1])
            right, top = min(right, self._clip[2]), min(top, self._clip[3])
            if left > right or bottom > top:
                return
        self.inks.append(Ink(self._page, kind, text, left, bottom, right, top, size))


def _points(path: Any) -> list[tuple[float, float]]:
    """The points a reportlab path passes through (and its curves' control points, which bound them)."""
    points: list[tuple[float, float]] = []
    numbers: list[float] = []
    for word in path.getCode().split():
        if re.fullmatch(NUMBER, word):
            numbers.append(float(word))
            continue
        if word == "re":  # x y width height
            x, y, w, h = numbers[-4:]
            points += [(x, y), (x + w, y + h)]
        else:  # m, l, c, v, y: the points are the numbers in pairs
            points += list(zip(numbers[0::2], numbers[1::2], strict=False))
        numbers = []
    return points


@contextmanager
def recording(monkeypatch: Any) -> Iterator[list[RecordingCanvas]]:
    """Within the block, every document written draws on a RecordingCanvas; yields the canvases made."""
    import generator.pdfout

    made: list[RecordingCanvas] = []
    original: Callable[..., Canvas] = generator.pdfout.canvas_for

    def recorder(path: Path, pagesize: tuple[float, float], *, title: str) -> Canvas:
        real = original(path, pagesize, title=title)  # registers the fonts
        canvas = RecordingCanvas(
            str(path), pagesize=pagesize, invariant=1, initialFontName=real._initialFontName
        )
        made.append(canvas)
        return canvas

    with monkeypatch.context() as patch:
        patch.setattr(generator.pdfout, "canvas_for", recorder)
        yield made


def layout_faults(
    inks: list[Ink], page_mm: tuple[float, float], edge: float, *, slack: float = 0.05
) -> list[str]:
    """What is wrong with a document's ink: anything outside the printable area (``edge`` mm inside the
    sheet), text boxes overlapping by more than ``slack`` mm, and text that a filled rectangle drawn after
    it covers."""
    width, height = page_mm
    faults = [
        f"outside the printable area: {ink}"
        for ink in inks
        if ink.left < edge - slack
        or ink.bottom < edge - slack
        or ink.right > width - edge + slack
        or ink.top > height - edge + slack
    ]
    by_page: dict[int, list[Ink]] = {}
    for ink in inks:
        if ink.kind == "text":
            by_page.setdefault(ink.page, []).append(ink)
    drawn: dict[int, list[tuple[int, Ink]]] = {}
    for order, ink in enumerate(inks):
        if ink.kind in ("text", "fill"):
            drawn.setdefault(ink.page, []).append((order, ink))
    for page in drawn.values():
        faults += [
            f"text under a fill drawn after it: {text} / {fill}"
            for order, text in page
            if text.kind == "text"
            for later, fill in page
            if fill.kind == "fill" and later > order and text.overlap(fill) > slack
        ]
    for texts in by_page.values():
        texts.sort(key=lambda ink: ink.left)
        for index, first in enumerate(texts):
            for second in texts[index + 1 :]:
                if second.left > first.right + 2:  # and so is every string after it
                    break
                if first.overlap(second) > slack:
                    faults.append(f"text over text: {first} / {second}")
                elif first.too_near(second, slack):
                    faults.append(f"text run into text: {first} / {second}")
    return faults


def footer_faults(
    inks: list[Ink], page_mm: tuple[float, float], top: float | None, *, slack: float = 0.05
) -> list[str]:
    """What is wrong with a document's footer zone, from FOOTER_EDGE up to ``top`` (mm; None: the document
    has no footer): a zone shorter than FOOTER_ZONE, anything but footer text at FOOTER_SIZE in it (content
    crowding the footer, or a footer shrunk to fit), and footer text nearer an edge than FOOTER_EDGE."""
    from generator.layout import FOOTER_EDGE, FOOTER_SIZE, FOOTER_ZONE

    if top is None:
        return []
    width = page_mm[0]
    faults = (
        []
        if top - FOOTER_EDGE >= FOOTER_ZONE - 1e-9
        else [f"a footer zone of {top - FOOTER_EDGE:.1f} mm, short of {FOOTER_ZONE:g} mm"]
    )
    for ink in inks:
        if ink.bottom >= top - slack:
            continue
        if ink.kind != "text" or abs(ink.size - FOOTER_SIZE) > 0.01:
            faults.append(f"in the footer zone (below {top:.1f} mm): {ink} ({ink.size:.2f} mm type)")
        elif (
            ink.bottom < FOOTER_EDGE - slack
            or ink.left < FOOTER_EDGE - slack
            or ink.right > width - FOOTER_EDGE + slack
            or ink.top > top + slack
        ):
            faults.append(f"footer nearer an edge than {FOOTER_EDGE:g} mm or out of its zone: {ink}")
    return faults


def shrunk_alone(inks: list[Ink], *, slack: float = 0.01) -> list[str]:
    """Text drawn smaller than the text beside it on its line, in the same font (a list's one long entry
    made to fit, where the list's entries share one size): text that does not fit must move or flow."""
    lines: dict[tuple[int, float, str], list[Ink]] = {}
    for ink in inks:
        if ink.kind == "text" and ink.font and len(ink.text) > 1:  # a letter in a dot is sized by its dot
            lines.setdefault((ink.page, round(ink.baseline, 1), ink.font), []).append(ink)
    faults = []
    for line in lines.values():
        largest = max(ink.size for ink in line)
        faults += [
            f"shrunk alone ({ink.size:.2f} mm beside {largest:.2f} mm): {ink}"
            for ink in line
            if ink.size < largest - slack
        ]
    return faults


def off_scale(inks: list[Ink], *, slack: float = 0.01) -> list[str]:
    """Text of a text page, outside its figures, at a size that is no role's (generator.type_scale): text
    shrunk to fit where it should move or flow on (a letter alone is sized by what it marks)."""
    from generator.type_scale import SIZES

    return [
        f"off the type scale ({ink.size:.2f} mm): {ink}"
        for ink in inks
        if ink.kind == "text"
        and not ink.figure
        and len(ink.text) > 1
        and all(abs(ink.size - size) > slack for size in SIZES)
    ]
