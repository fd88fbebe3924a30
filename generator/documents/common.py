"""What every document of a kit needs: the kit's choices, and a page with a heading and a footer."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache, cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

from generator.documents.wording import Wording, wording_for
from generator.drawing import MM, MoveArrow, in_mm, text_width
from generator.fonts import BOLD, REGULAR
from generator.stocks import PAPERS, Stock
from generator.type_scale import SIZE as TYPE
from generator.type_scale import Role
from kit.design import KitDesign
from kit.finder import finder_key
from kit.game import Game
from kit.i18n import _, n_
from kit.matchbox import Box, Catalogue
from kit.numerals import number
from kit.palettes import Colour, Palette

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

MARGIN = 15.0  # mm around the text pages (legend, finder, fill sheet, score sheet)
TITLE_SIZE = TYPE[Role.TITLE]  # every text page's title, on every document
MAX_GROUP = 20  # pictures a person can scan at a glance: a move level with more is split by finder key


@dataclass(frozen=True)
class KitSpec:
    """One kit to print: its design (kit.design: the boxes and their colours) and how to print it.

    A stored kit printed as it stands has a design whose boxes hold other beads than its starting ones,
    named by the kit's own fingerprint: its code stays the one `menace play` and `menace kits` say."""

    design: KitDesign
    stock: Stock
    paper: str
    offset_x: float = 0.0
    offset_y: float = 0.0
    level_per_sheet: bool = False  # labels: each move level starts a sheet (to print on coloured paper)
    # A lesson's group whose kit this is (generator.lesson_pack): every label, sheet and page says it beside
    # the kit code, so boxes mixed up between groups' kits (one kit code: one machine) can be sorted back.
    group: int | None = None

    @cached_property  # every label prints it
    def code(self) -> str:
        """The short kit code printed on every label and page (kit.palettes.kit_code)."""
        return self.design.code

    @property
    def catalogue(self) -> Catalogue:
        return self.design.catalogue

    @property
    def palette(self) -> Palette:
        return self.design.palette

    @cached_property
    def finder_keys(self) -> dict[int, str] | None:
        """Each box's finder key (``kit.finder``) by box number, when the finder needs them: some move
        level holds more than MAX_GROUP boxes and the game's pictures have keys; else None."""
        sizes = Counter(box.move_number for box in self.catalogue.boxes)
        if max(sizes.values()) <= MAX_GROUP:
            return None
        keys = {box.id: finder_key(self.game, box.position) for box in self.catalogue.boxes}
        return None if None in keys.values() else {number: str(key) for number, key in keys.items()}

    @property
    def game(self) -> Game[Any, Any]:
        return self.catalogue.game

    @property
    def words(self) -> Wording:
        return wording_for(self.game).translated()

    @property
    def page_mm(self) -> tuple[float, float]:
        return PAPERS[self.paper]

    @property
    def page_size(self) -> tuple[float, float]:
        width, height = self.page_mm
        return width * MM, height * MM

    @property
    def kit_title(self) -> str:
        """The game, MENACE's side and the number of boxes: 'MENACE playing first at Nim (9 boxes)'."""
        catalogue, game = self.catalogue, self.game
        boxes = count_boxes(len(catalogue.boxes))
        if game.whose_turn(game.initial().position) is None:
            # A position that does not say whose turn it is has one box for either side: the kit is the same.
            title = _("MENACE playing first or second at {game} ({boxes})")
        elif catalogue.menace_plays == "first":
            title = _("MENACE playing first at {game} ({boxes})")
        else:
            title = _("MENACE playing second at {game} ({boxes})")
        title = title.format(game=game.short_title, boxes=boxes)
        return title if self.group is None else f"{title} \u00b7 {self.group_words}"

    @property
    def group_words(self) -> str:
        """'group 2' for a lesson's group's kit; empty for a kit of no group."""
        return "" if self.group is None else _("group {group}").format(group=self.group)

    @property
    def footer(self) -> str:
        """The kit code, rules and palette, as the foot of every text page says them."""
        footer = _("kit {code} \u00b7 rules {rules} \u00b7 palette {palette}").format(
            code=self.code, rules=self.catalogue.rules.name, palette=self.palette.name
        )
        return footer if self.group is None else f"{self.group_words} \u00b7 {footer}"

    @cached_property
    def used_colours(self) -> list[Colour]:
        """The palette's colours that some box of the kit holds, in the palette's order (heaps 1, 2, 3 use
        six of the heaps palette's fifteen; a Hexapawn kit with colours per box its four)."""
        used = {colour.move for box in self.catalogue.boxes for colour in self.box_colours(box).values()}
        return [colour for colour in self.palette.colours if colour.move in used]

    def box_colours(self, box: Box) -> dict[int, Colour]:
        """The bead colour of each of the box's moves, by move code (kit.palettes.Palette.box_colours)."""
        return self.palette.box_colours(self.catalogue.move_codes(box.moves))

    def colour(self, box: Box, move: Hashable) -> Colour:
        """The bead colour of ``move`` in ``box``: palettes key colours by the game's move codes, or give
        each box's moves the same colours in turn."""
        return self.box_colours(box)[self.game.move_code(move)]

    def dots(self, box: Box) -> dict[int, Colour]:
        """The box's bead dots that sit on a cell of its picture: cell -> colour."""
        return {cell: self.colour(box, move) for cell, move in self.on_cells(box.moves).items()}

    def arrows(self, box: Box) -> list[MoveArrow]:
        """The box's moves drawn as arrows (a piece going from one cell to another): origin, target,
        colour."""
        marks = ((self.game.move_mark(move), move) for move in box.moves)
        return [
            (m.origin, m.cell, self.colour(box, move))
            for m, move in marks
            if m.origin is not None and m.cell is not None
        ]

    def on_cells(self, moves: Iterable[Hashable]) -> dict[int, Any]:
        """The moves that mark a cell of the picture with a dot, by that cell: the first move onto each
        cell (arrows are drawn apart)."""
        placed: dict[int, Any] = {}
        for move in moves:
            mark = self.game.move_mark(move)
            if mark.cell is not None and mark.origin is None:
                placed.setdefault(mark.cell, move)
        return placed

    def off_cells(self, moves: Iterable[Hashable]) -> list[Any]:
        """The moves with neither a dot nor an arrow on the picture: a label gives each a row of its own."""
        moves = list(moves)
        drawn = set(self.on_cells(moves).values())
        return [move for move in moves if move not in drawn and self.game.move_mark(move).origin is None]


@cache
def has_draws(game: Game[Any, Any]) -> bool:
    """Whether a game of this kind can end in a draw (noughts and crosses can; Nim cannot)."""
    return game.can_draw


def count_boxes(count: int) -> str:
    """'1 box', '304 boxes'."""
    return n_("{count} box", "{count} boxes", count).format(count=number(count))


def data_text(text: str) -> str:
    """A shipped data file's words (a palette's, preset's or stock's title or description) in the current
    language: looked up with its line breaks as spaces, as the catalogue keeps it; a builder's own text
    has no translation and stays as written."""
    return _(" ".join(text.split()))


def uniform_count(box: Box) -> int | None:
    """The starting beads per colour when every colour of the box starts alike, else None."""
    return box.beads[0] if box.beads and len(set(box.beads)) == 1 else None


def footer(
    canvas: Canvas, page_mm: tuple[float, float], left: str, right: str = "", *, centred: bool = False
) -> None:
    """The page's footer in its zone (generator.layout.FOOTER_EDGE up): ``left`` at the left margin (or
    ``centred``) and ``right`` at the right one, at FOOTER_SIZE; text too long for one line takes two
    rather than shrink, broken between its parts. Call it in mm (drawing.in_mm)."""
    from reportlab.lib.utils import simpleSplit

    from generator.layout import FOOTER_EDGE, FOOTER_LEADING, FOOTER_SIZE

    width = page_mm[0]
    margin = FOOTER_EDGE if centred else MARGIN
    room = width - 2 * margin - (text_width(right, REGULAR, FOOTER_SIZE) + 4 if right else 0)
    lines: list[str] = []  # broken between its parts ("kit 1599A0 · sheet 1 of 10"), not inside one
    for part in left.split(" \u00b7 "):
        joined = f"{lines[-1]} \u00b7 {part}" if lines else part
        if lines and text_width(joined, REGULAR, FOOTER_SIZE) <= room:
            lines[-1] = joined
        else:
            lines += simpleSplit(part, REGULAR, FOOTER_SIZE, room)
    baseline = FOOTER_EDGE + 0.24 * FOOTER_SIZE  # descenders clear the zone's foot
    canvas.setFont(REGULAR, FOOTER_SIZE)
    for row, line in enumerate(reversed(lines)):
        y = baseline + row * FOOTER_SIZE * FOOTER_LEADING
        if centred:
            canvas.drawCentredString(width / 2, y, line)
        else:
            canvas.drawString(margin, y, line)
    if right:
        canvas.drawRightString(width - margin, baseline, right)


def _beside(spec: KitSpec, heading: str) -> bool:
    """Whether a page's title (in the current language) and the kit's title fit on one line."""
    side = text_width(spec.kit_title, REGULAR, TYPE[Role.KIT_TITLE])
    return text_width(heading, BOLD, TITLE_SIZE) + 4 + side <= spec.page_mm[0] - 2 * MARGIN


def content_top(spec: KitSpec, title: str) -> float:
    """The y (mm) where a text page titled ``title`` (English source text) starts its content."""
    return spec.page_mm[1] - MARGIN - (10 if _beside(spec, _(title)) else 13)


@contextmanager
def text_page(canvas: Canvas, spec: KitSpec, title: str, *, page: int, pages: int) -> Iterator[float]:
    """A page in mm with the document's title at the top and the kit code at the foot.

    Yields the y (mm) just below the heading, where the content starts. ``title`` is English source text
    (kit.i18n), drawn in the current language.
    """
    width, height = spec.page_mm
    heading, side = _(title), spec.kit_title
    # A heading too long to sit beside the kit's title (German words are longer) keeps its size and puts
    # the kit's title on a line of its own below it.
    beside = _beside(spec, heading)
    with in_mm(canvas):
        canvas.setFont(BOLD, TITLE_SIZE)
        canvas.drawString(MARGIN, height - MARGIN - 4.5, heading)
        canvas.setFont(REGULAR, TYPE[Role.KIT_TITLE])
        canvas.drawRightString(width - MARGIN, height - MARGIN - (4.5 if beside else 9.0), side)
        footer(
            canvas,
            spec.page_mm,
            spec.footer,
            _("page {page} of {pages}").format(page=page, pages=pages) if pages > 1 else "",
        )
        yield content_top(spec, title)
    canvas.showPage()


def write_pdf(path: Path, spec: KitSpec, title: str, draw: Callable[[Canvas], int]) -> int:
    """Writes ``draw(canvas)`` to ``path`` atomically; returns the page count ``draw`` reports."""
    from generator.pdfout import atomic_path, canvas_for

    with atomic_path(path) as temporary:
        kit = _("kit {code}").format(code=spec.code)
        canvas = canvas_for(temporary, spec.page_size, title=f"{_(title)} - {spec.kit_title} - {kit}")
        pages = draw(canvas)
        canvas.save()
    return pages
