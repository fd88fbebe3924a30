"""Label stock presets, read from TOML files: label size and where the labels sit on the sheet.

All lengths are millimetres. A stock with ``paper = "any"`` (plain paper) fits as many labels as
it can on whatever paper is chosen; a label stock fixes its paper and its grid.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any, NamedTuple

from kit.game import GameError
from kit.i18n import _

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
    from_file: bool = False  # a builder's own stock file: the kit's manifest keeps its fields (as_file)

    def as_file(self) -> dict[str, Any]:
        """The stock as its TOML file's fields: what a kit keeps of a stock that came from a file."""
        fields: dict[str, Any] = {
            "title": self.title,
            "description": self.description,
            "paper": self.paper,
            "label_width": self.label_width,
            "label_height": self.label_height,
            "cut_lines": self.cut_lines,
            "min_margin": self.min_margin,
            "content_inset": self.content_inset,
        }
        if self.grid is not None:
            fields.update(self.grid._asdict())
        return fields

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


FIELDS = (
    "title",
    "description",
    "sources",
    "paper",
    "label_width",
    "label_height",
    "cut_lines",
    "min_margin",
    "content_inset",
    *LabelGrid._fields,
)


def choose_stock(value: str) -> Stock:
    """The stock ``value`` names: a stock file of one's own (one that exists, or a name ending in .toml),
    with the shipped stocks' fields, each checked in one line; else a shipped stock."""
    from kit import datafiles

    if not datafiles.names_a_file(value):
        return load_stock(value)
    fields = datafiles.Fields(datafiles.read_file(value), value, UnknownStockError)
    fields.only(FIELDS)
    name = Path(value).name
    given = [key for key in LabelGrid._fields if key in fields.data]
    if given and len(given) < len(LabelGrid._fields):
        fields.fail(
            "give all of columns, rows, left, top, pitch_x, pitch_y or none (missing: "
            f"{', '.join(k for k in LabelGrid._fields if k not in given)})"
        )
    grid = None
    if given:
        grid = LabelGrid(
            fields.whole("columns", least=1),
            fields.whole("rows", least=1),
            *(fields.length(key) for key in ("left", "top", "pitch_x", "pitch_y")),
        )
    stock = Stock(
        name=name,
        title=fields.text("title", f"your own labels, from {name}"),
        description=fields.text("description", "").strip(),
        paper=fields.choice("paper", (*PAPERS, "any"), "any"),
        label_width=fields.length("label_width", least=10.0),
        label_height=fields.length("label_height", least=10.0),
        cut_lines=fields.flag("cut_lines", grid is None),
        min_margin=fields.length("min_margin", 8.0),
        grid=grid,
        sources=fields.text("sources", "").strip(),
        content_inset=fields.length("content_inset", 0.0),
        from_file=True,
    )
    problems = _problems(stock, grid={key: fields.data.get(key) for key in LabelGrid._fields})
    if problems:
        fields.fail("; ".join(problems))
    if grid is not None and (
        (grid.columns > 1 and grid.pitch_x < stock.label_width - 1e-9)
        or (grid.rows > 1 and grid.pitch_y < stock.label_height - 1e-9)
    ):
        fields.fail(
            _(
                "its pitch ({pitch_x:g} x {pitch_y:g} mm) is smaller than its labels ({width:g} x "
                "{height:g} mm): the labels would overlap"
            ).format(
                pitch_x=grid.pitch_x, pitch_y=grid.pitch_y, width=stock.label_width, height=stock.label_height
            )
        )
    if grid is not None and not plan_fits(stock):
        fields.fail(f"its grid of {grid.columns} x {grid.rows} labels runs off {stock.paper} paper")
    # Plain paper: at least one label inside the margin on the smaller of A4 and Letter.
    room = min(w for w, _ in PAPERS.values()), min(h for _, h in PAPERS.values())
    if grid is None and (
        stock.label_width > room[0] - 2 * stock.min_margin
        or stock.label_height > room[1] - 2 * stock.min_margin
    ):
        fields.fail(
            f"a label of {stock.label_width:g} x {stock.label_height:g} mm does not fit on A4 or "
            f"Letter paper inside its {stock.min_margin:g} mm margin"
        )
    return stock


def plan_fits(stock: Stock) -> bool:
    """Whether every label of a fixed grid lies on its paper."""
    width, height = PAPERS[stock.paper]
    grid = stock.grid
    if grid is None:
        return True
    right = grid.left + (grid.columns - 1) * grid.pitch_x + stock.label_width
    bottom = grid.top + (grid.rows - 1) * grid.pitch_y + stock.label_height
    return right <= width + 1e-9 and bottom <= height + 1e-9


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
    problems = _problems(stock, grid)
    if problems:
        raise UnknownStockError(f"stock {name!r} is malformed: {'; '.join(problems)}")
    return stock


def _problems(stock: Stock, grid: dict[str, Any]) -> list[str]:
    """What is wrong with a stock as a whole (each field may be right on its own)."""
    problems = [
        "paper must be a4, letter or any" * (stock.paper not in (*PAPERS, "any")),
        "give all of columns, rows, left, top, pitch_x, pitch_y or none"
        * (len({v is None for v in grid.values()}) > 1),
        'a fixed grid needs paper = "a4" or "letter"' * (stock.fixed_grid and stock.paper == "any"),
        'plain paper (no grid) needs paper = "any"' * (not stock.fixed_grid and stock.paper != "any"),
        "labels must be larger than 10 mm" * (min(stock.label_width, stock.label_height) < 10),
        "content_inset must leave content of at least 10 mm"
        * (not 0 <= stock.content_inset <= min(stock.label_width, stock.label_height) - 10),
    ]
    return [p for p in problems if p]


def _label_grid(v: dict[str, Any]) -> LabelGrid:
    left, top, pitch_x, pitch_y = (float(v[key]) for key in ("left", "top", "pitch_x", "pitch_y"))
    return LabelGrid(int(v["columns"]), int(v["rows"]), left, top, pitch_x, pitch_y)
