"""labels.pdf: one label per matchbox, laid out on the chosen stock."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import groupby
from pathlib import Path
from typing import TYPE_CHECKING, Any

from generator.documents.common import KitSpec, data_text, uniform_count, write_pdf
from generator.documents.common import footer as page_footer
from generator.documents.wording import caption, each
from generator.drawing import (
    CAP_HEIGHT,
    INK,
    centred_text,
    draw_band,
    draw_coordinates,
    draw_dot,
    draw_picture,
    figure,
    fit_size,
    hex_colour,
    in_mm,
    level_colour,
    text_width,
)
from generator.fonts import BOLD, REGULAR, register_fonts
from generator.layout import (
    DEFAULT_ROW_EM,
    DOT_SHARE,
    FOOTER_EDGE,
    FOOTER_ZONE,
    ROW_TARGET,
    LabelPlan,
    Rect,
    SheetPlan,
    plan_label,
    plan_sheet,
)
from kit.game import Game
from kit.i18n import _
from kit.matchbox import Box
from kit.nim import HeapTake
from kit.palettes import Colour
from kit.picture import Grid, Picture

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

TITLE = "Box labels"
MIN_TEXT = 2.0  # mm: the bead count is not shrunk below this to fit the word "beads"


def label_plan(spec: KitSpec) -> LabelPlan:
    """The plan every label of the kit shares, with a row for each move its pictures have no cell for,
    wide enough for the longest row's words; takes from several heaps as a table where that prints
    them larger (many takes)."""
    register_fonts()  # to measure the rows' words, also before a PDF is opened
    off = [spec.off_cells(box.moves) for box in spec.catalogue.boxes]
    keyed = spec.finder_keys is not None
    stock = spec.stock
    words = {row_words(spec.game, move) for moves in off for move in moves}
    # A board of arrows (Hexapawn) takes the label's full height: its letters and coordinates need room.
    arrows = any(spec.arrows(box) for box in spec.catalogue.boxes)
    rows = plan_label(
        stock.content_width,
        stock.content_height,
        move_rows=max(map(len, off)),
        row_em=_em(words),
        key=keyed,
        tall_picture=arrows,
    )
    heaps = [takes_by_heap(spec.game, moves) for moves in off]
    if rows.row_cap >= ROW_TARGET or not all(heaps):
        return rows
    lines = [_("take"), *(_("from {heap}").format(heap=h) for h in {h for box in heaps for h in box})]
    takes = max(take for box in heaps for row in box.values() for take in row)
    table = plan_label(
        stock.content_width,
        stock.content_height,
        move_rows=1 + max(map(len, heaps)),
        row_em=_em(lines),
        table_takes=takes,
        key=keyed,
    )
    return table if table.row_cap > rows.row_cap else rows


def _em(words: Iterable[str]) -> float:
    """The widest of ``words`` in their capital height (what plan_label calls row_em)."""
    return max((text_width(w, BOLD, 1.0) / CAP_HEIGHT for w in words), default=DEFAULT_ROW_EM)


def takes_by_heap(game: Game[Any, Any], moves: Sequence[object]) -> dict[int, list[int]]:
    """A box's takes from several heaps, heap by heap (smallest first): its lines in a table of takes.
    Empty when the game prints its moves as rows (the game says, ``Game.label_table``)."""
    return game.label_table(moves)


def row_words(game: Game[Any, Any], move: object) -> str:
    """A move row's words, short enough to print large beside the picture: the game's (``Game.row_words``:
    "take 2", a take from one of several heaps "1 from 3", which the legend explains)."""
    return game.row_words(move)


def sheet_plan(spec: KitSpec) -> SheetPlan:
    return plan_sheet(spec.stock, spec.paper, offset_x=spec.offset_x, offset_y=spec.offset_y)


def write(path: Path, spec: KitSpec) -> int:
    sheet, plan = sheet_plan(spec), label_plan(spec)
    keys_at, counts_at = key_size(spec, plan), counts_size(spec, plan)
    chunks = sheets_of(spec, len(sheet.slots))
    pages = len(chunks)

    def draw(canvas: Canvas) -> int:
        for page, chunk in enumerate(chunks):
            slots = sheet.slots[: len(chunk)]
            with in_mm(canvas):
                if sheet.cut_lines:
                    _cut_lines(canvas, slots)
                _trim_marks(canvas, sheet, len(chunk))
                _footer(canvas, spec, sheet, page + 1, pages, _level_words(spec, chunk))
            for content, box in zip(sheet.content[: len(chunk)], chunk, strict=True):
                with in_mm(canvas, content.x, content.y):
                    draw_label(canvas, plan, box, spec, keys_at=keys_at, counts_at=counts_at)
            canvas.showPage()
        return pages

    return write_pdf(path, spec, TITLE, draw)


def sheets_of(spec: KitSpec, per_sheet: int) -> list[list[Box]]:
    """The boxes sheet by sheet: in number order, or each move level from a fresh sheet."""
    boxes = list(spec.catalogue.boxes)
    levels = [boxes]
    if spec.level_per_sheet:
        levels = [list(group) for _, group in groupby(boxes, key=lambda b: b.move_number)]
    return [level[i : i + per_sheet] for level in levels for i in range(0, len(level), per_sheet)]


def _level_words(spec: KitSpec, chunk: list[Box]) -> str:
    """The footer's note of a level-per-sheet sheet's level ("move 2: print on its colour of paper")."""
    level = chunk[0].move_number
    if not spec.level_per_sheet or level is None:
        return ""
    return _("MENACE's move {level} only").format(level=level)


def draw_label(
    canvas: Canvas,
    plan: LabelPlan,
    box: Box,
    spec: KitSpec,
    *,
    keys_at: float | None = None,
    counts_at: float | None = None,
) -> None:
    """One label, with its bottom-left corner at the canvas origin (units: mm); its finder key at
    ``keys_at`` (key_size: every label's the same) and its bead count at ``counts_at`` (counts_size,
    likewise), or None: as large as this label's fit."""
    with figure(canvas):  # a label's text is sized by its stock (generator.layout), not the page's scale
        _draw_label(canvas, plan, box, spec, keys_at=keys_at, counts_at=counts_at)


def _draw_label(
    canvas: Canvas,
    plan: LabelPlan,
    box: Box,
    spec: KitSpec,
    *,
    keys_at: float | None,
    counts_at: float | None,
) -> None:
    game = spec.game
    level = box.move_number
    words = game.short_title.upper() if level is None else _("MOVE {number}").format(number=level)
    if spec.group is not None:  # a lesson's group: in the band, which every stock prints large enough to read
        words = f"{_('GROUP {group}').format(group=spec.group)} \u00b7 {words}"
    draw_band(canvas, plan.band, words, level_colour(box.move_number))
    count = uniform_count(box)
    picture = game.picture(box.position)
    text = counts_text(plan, box, picture)
    # Uneven starting beads are written by each dot on a board; rows of moves have no room for them.
    counts = None if count else _counts_on_cells(spec, box)
    arrows = spec.arrows(box)
    # A board of arrows names its rows and columns (a-c, 1-3), so the operator reads a move as written.
    area = plan.picture
    if arrows and isinstance(picture, Grid):
        area = draw_coordinates(canvas, area, picture)
    draw_picture(canvas, area, picture, spec.dots(box), dot_share=DOT_SHARE, counts=counts, arrows=arrows)
    if plan.table_takes:
        _take_table(canvas, plan, spec, box)
    else:
        for index, move in enumerate(spec.off_cells(box.moves)):
            _move_row(canvas, plan, index, row_words(game, move), spec.colour(box, move))
    number = str(box.id)
    # Narrower than the column, so a three-digit number keeps clear of the picture.
    size = fit_size(number, BOLD, plan.number.w * 0.86, plan.number.h * 0.9)
    cx, cy = plan.number.centre
    centred_text(canvas, number, cx, cy, BOLD, size)
    cx, cy = plan.counts.centre
    centred_text(canvas, text, cx, cy, BOLD, counts_at or _counts_size(plan, text))
    keys = spec.finder_keys
    if plan.key is not None and keys is not None:
        key = _("key {key}").format(key=keys[box.id])
        cx, cy = plan.key.centre
        centred_text(canvas, key, cx, cy, BOLD, keys_at or _key_fit(plan, key))
    if plan.code is not None:
        code = _("kit {code}").format(code=spec.code)
        cx, cy = plan.code.centre
        size = fit_size(code, REGULAR, plan.code.w * 0.8, plan.code.h * 0.6)
        centred_text(canvas, code, cx, cy, REGULAR, size, "#555555")


def key_size(spec: KitSpec, plan: LabelPlan) -> float | None:
    """The one size of every label's finder key: the size the longest key fits at (a move-4 key,
    "key X/XOOO/X", is half as long again as a move-2 key), so no label's key is smaller than the others'.
    None when the labels print no key."""
    keys = spec.finder_keys
    if plan.key is None or keys is None:
        return None
    return min(_key_fit(plan, _("key {key}").format(key=key)) for key in set(keys.values()))


def counts_size(spec: KitSpec, plan: LabelPlan) -> float:
    """The one size of every label's bead count: the size its longest count fits at ("9 tokens \u00b7 3 beads
    each" beside "4 beads each"), so no label's count is smaller or larger than the others'."""
    texts = {counts_text(plan, box, spec.game.picture(box.position)) for box in spec.catalogue.boxes}
    return min(_counts_size(plan, text) for text in texts)


def _key_fit(plan: LabelPlan, key: str) -> float:
    assert plan.key is not None
    return fit_size(key, BOLD, plan.key.w * 0.92, plan.key.h * 0.62)


def counts_text(plan: LabelPlan, box: Box, picture: Picture) -> str:
    """What a label says of its starting beads: "4 beads each", after a caption ("9 tokens \u00b7 3 beads
    each"), or "beads as shown" when they differ by dot. "beads" is left out ("3 each") only where it would
    print the words smaller than MIN_TEXT and smaller than without it."""
    count, shown = uniform_count(box), caption(picture)
    if count is None:
        return shown or _("beads as shown")
    full, short = each(count), each(count, short=True)
    if shown is not None:
        full, short = f"{shown} \u00b7 {full}", f"{shown} \u00b7 {short}"
    full_size = _counts_size(plan, full)
    return short if full_size < min(MIN_TEXT, _counts_size(plan, short)) else full


COUNTS_CLEAR = 1.0  # mm kept clear at each end of the bead count: on a small label it ran up to the picture


def _counts_size(plan: LabelPlan, text: str) -> float:
    return fit_size(text, BOLD, plan.counts.w - 2 * COUNTS_CLEAR, plan.counts.h * 0.7)


def _counts_on_cells(spec: KitSpec, box: Box) -> dict[int, int]:
    starting = box.initial_counts()
    return {cell: starting[move] for cell, move in spec.on_cells(box.moves).items()}


def _move_row(canvas: Canvas, plan: LabelPlan, index: int, text: str, colour: Colour) -> None:
    """A move the picture has no cell for: its bead dot and its words ("take 2") in a row of their own."""
    cx, cy = plan.row_dot_centre(index)
    draw_dot(canvas, cx, cy, plan.row_radius, colour)
    size = plan.row_cap / CAP_HEIGHT  # every row alike, as large as the longest row's words allow
    canvas.setFillColor(hex_colour(INK))
    canvas.setFont(BOLD, size)
    canvas.drawString(plan.row_text_x(index), cy - plan.row_cap / 2, text)


def _take_table(canvas: Canvas, plan: LabelPlan, spec: KitSpec, box: Box) -> None:
    """A box's takes from several heaps as a table: "take" and the counts along the top, then a line per
    heap ("from 3") with a dot under each count that box allows."""
    moves = spec.off_cells(box.moves)
    size = plan.row_cap / CAP_HEIGHT
    canvas.setFillColor(hex_colour(INK))
    canvas.setFont(BOLD, size)
    heading = plan.move_rows[0]
    baseline = heading.y + heading.h / 2 - plan.row_cap / 2
    canvas.drawString(plan.row_text_x(0), baseline, _("take"))
    for take in range(1, plan.table_takes + 1):
        canvas.drawCentredString(plan.table_cell(0, take)[0], baseline, str(take))
    for index, (heap, takes) in enumerate(takes_by_heap(spec.game, moves).items(), start=1):
        row = plan.move_rows[index]
        canvas.setFillColor(hex_colour(INK))  # each line's dots leave their colour set
        canvas.setFont(BOLD, size)
        canvas.drawString(
            plan.row_text_x(index), row.y + row.h / 2 - plan.row_cap / 2, _("from {heap}").format(heap=heap)
        )
        for take in takes:
            colour = spec.colour(box, HeapTake(heap, take))
            draw_dot(canvas, *plan.table_cell(index, take), plan.row_radius, colour)


def _cut_lines(canvas: Canvas, slots: Sequence[Rect]) -> None:
    canvas.setStrokeColor(hex_colour("#9e9e9e"))
    canvas.setLineWidth(0.15)
    canvas.setDash(1.2, 0.8)
    for slot in slots:
        canvas.rect(slot.x, slot.y, slot.w, slot.h, stroke=1, fill=0)
    canvas.setDash()


def _trim_marks(canvas: Canvas, sheet: SheetPlan, labels: int) -> None:
    """The marks to cut a label larger than a box top along (each label has the same number of marks)."""
    per_label = len(sheet.trims) // len(sheet.slots)
    canvas.setStrokeColor(hex_colour("#555555"))
    canvas.setLineWidth(0.2)
    for x0, y0, x1, y1 in sheet.trims[: labels * per_label]:
        canvas.line(x0, y0, x1, y1)


def _footer(canvas: Canvas, spec: KitSpec, sheet: SheetPlan, page: int, pages: int, level: str = "") -> None:
    """The kit's title and code below the labels, in the footer zone (generator.layout.FOOTER_EDGE up);
    left off a sheet whose labels leave no zone (edge-to-edge stocks, where every label carries the kit
    code)."""
    text = _(
        "{kit} \u00b7 kit {code} \u00b7 {stock} \u00b7 print at 100% (actual size) \u00b7 sheet {page} "
        "of {pages}"
    ).format(
        kit=spec.kit_title, code=spec.code, stock=data_text(spec.stock.title), page=page, pages=pages
    ) + (f" \u00b7 {level}" if level else "")
    if footer_top(spec, sheet) is None:
        return
    canvas.setFillColor(hex_colour(INK))
    page_footer(canvas, (sheet.width, sheet.height), text, centred=True)


def footer_top(spec: KitSpec, sheet: SheetPlan | None = None) -> float | None:
    """The top (mm) of a label sheet's footer zone: below its lowest label, with a millimetre clear; None
    when that leaves less than FOOTER_ZONE (the sheet has no footer)."""
    sheet = sheet or sheet_plan(spec)
    top = min(slot.y for slot in sheet.slots) - 1
    return top if top - FOOTER_EDGE >= FOOTER_ZONE - 1e-9 else None
