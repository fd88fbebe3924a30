"""Label stock presets, read from TOML files: label size and where the labels sit on the sheet.

All lengths are millimetres. A stock with ``paper = "any"`` (plain paper) fits as many labels as
it can on whatever paper is chosen; a label stock fixes its paper and its grid.
"""
from __future__ import annotations

import tomllib
from dataclasses import dataclass
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Any, NamedTuple

from kit.game import GameError

PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}  # width, height in mm
DEFAULT_STOCK = "plain"
DEFAULT_PAPER = "a4"
# The top of a standard matchbox (about 53 x 36.5 mm). A label's print never exceeds it: on a
# larger label it is centred, with trim marks, so that nothing folds over the box's sides.
BOX_TOP = (53.0, 36.5)


class UnknownStockError(GameError):
    """No stock of that name, a malformed stock file, or a paper that contradicts the stock."""


class LabelGrid(NamedTuple):
    """Where a stock's labels sit: columns x rows, the first one's margins, and the pitch between them."""

    columns: int
    rows: int
    left: float
    top: float
    pitch_x: float
    pitch_y: float


@dataclass(frozen=True)
class Stock:
    """One sheet of labels: its paper, the label size, and the grid (None: as many as fit)."""

    name: str
    title: str
    description: str
    paper: str  # "a4", "letter", or "any" for plain paper
    label_width: float
    label_height: float
    cut_lines: bool = False  # plain paper: print lines to cut along
    min_margin: float = 8.0  # plain paper: keep this much paper clear at every edge
    grid: LabelGrid | None = None
    sources: str = ""
    # How much narrower and shorter than the label its printed content is, so that labels on the sheet's
    # edge can keep their ink clear of the margin printers cannot reach (edge-to-edge stocks).
    content_inset: float = 0.0

    @property
    def content_width(self) -> float:
        return min(self.label_width - self.content_inset, BOX_TOP[0])

    @property
    def content_height(self) -> float:
        return min(self.label_height - self.content_inset, BOX_TOP[1])

    @property
    def trimmed(self) -> bool:
        """Whether the label is larger than a box top, so its print is centred on it with trim marks."""
        return self.label_width > BOX_TOP[0] or self.label_height > BOX_TOP[1]

    @property
    def fixed_grid(self) -> bool:
        return self.grid is not None

    def paper_for(self, requested: str | None) -> str:
        """The paper to print on; raises UnknownStockError when ``requested`` contradicts the stock."""
        if requested is not None and requested not in PAPERS:
            raise UnknownStockError(f"unknown paper {requested!r}: choose one of {', '.join(PAPERS)}")
        if self.paper == "any":
            return requested or DEFAULT_PAPER
        if requested is not None and requested != self.paper:
            raise UnknownStockError(
                f"stock {self.name!r} is printed on {self.paper} paper, not {requested}: "
                f"leave out --paper or choose another stock"
            )
        return self.paper


def stock_names() -> list[str]:
    return sorted(p.name.removesuffix(".toml") for p in _stock_dir().iterdir() if p.name.endswith(".toml"))


def load_stock(name: str) -> Stock:
    """The stock called ``name``; raises UnknownStockError naming the stocks there are."""
    path = _stock_dir() / f"{name}.toml"
    if not name or "/" in name or not path.is_file():
        raise UnknownStockError(f"unknown stock {name!r}: choose one of {', '.join(stock_names())}")
    return _parse(name, tomllib.loads(path.read_text(encoding="utf-8")))


def _stock_dir() -> Traversable:
    return resources.files("generator") / "stocks"


def _parse(name: str, data: dict[str, Any]) -> Stock:
    grid = {key: data.get(key) for key in LabelGrid._fields}
    stock = Stock(
        name=name,
        title=data["title"],
        description=data["description"].strip(),
        paper=data["paper"],
        label_width=float(data["label_width"]),
        label_height=float(data["label_height"]),
        cut_lines=bool(data.get("cut_lines", False)),
        min_margin=float(data.get("min_margin", 8.0)),
        sources=data.get("sources", "").strip(),
        content_inset=float(data.get("content_inset", 0.0)),
        grid=None if None in grid.values() else _label_grid(grid),
    )
    problems = [
        "paper must be a4, letter or any" * (stock.paper not in (*PAPERS, "any")),
        "give all of columns, rows, left, top, pitch_x, pitch_y or none"
        * (len({v is None for v in grid.values()}) > 1),
        "a fixed grid needs a4 or letter paper" * (stock.fixed_grid and stock.paper == "any"),
        "plain paper needs no grid" * (not stock.fixed_grid and stock.paper != "any"),
        "labels must be larger than 10 mm" * (min(stock.label_width, stock.label_height) < 10),
        "content_inset must leave content of at least 10 mm"
        * (not 0 <= stock.content_inset <= min(stock.label_width, stock.label_height) - 10),
    ]
    if any(problems):
        raise UnknownStockError(f"stock {name!r} is malformed: {'; '.join(p for p in problems if p)}")
    return stock


def _label_grid(v: dict[str, Any]) -> LabelGrid:
    left, top, pitch_x, pitch_y = (float(v[key]) for key in ("left", "top", "pitch_x", "pitch_y"))
    return LabelGrid(int(v["columns"]), int(v["rows"]), left, top, pitch_x, pitch_y)
