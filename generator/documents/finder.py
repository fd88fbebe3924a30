"""finder.pdf: every box drawn small with its number, by MENACE's move number in numbering order; where a
move level holds more boxes than a person can scan, grouped under sub-headings by finder key, after a page
that says how to find a box in three steps and an index from a key to its page."""

from __future__ import annotations

from itertools import groupby
from pathlib import Path
from typing import TYPE_CHECKING, Any

from generator.documents.common import MARGIN, MAX_GROUP, KitSpec, text_page, write_pdf
from generator.documents.wording import orbit_name
from generator.drawing import (
    INK,
    centred_text,
    draw_picture,
    hex_colour,
    ink_on,
    level_colour,
    paragraph,
    text_width,
    wrapped,
)
from generator.fonts import BOLD, REGULAR, register_fonts
from generator.layout import Rect, cell_rect
from kit import numerals
from kit.finder import EMPTY_ORBIT, cell_orbits
from kit.i18n import _, n_
from kit.matchbox import Box

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

TITLE = "Box finder"
CELL_W, CELL_H = 22.5, 26.0  # mm per box: a 16 mm picture and its number
PICTURE = 16.0
HEADING_H = 9.0
KEY_H = 6.0  # a finder key's sub-heading
MIN_BLOCK = 2  # pictures' width of a key's block at the least: room for its sub-heading
INTRO_H = 21.0  # mm above the first band for the intro: five lines
INTRO_TOP, INTRO_SIZE, INTRO_LEADING = 1.0, 3.2, 1.3  # its first baseline below the heading, its type
INTRO_GAP = 3.36  # mm from its last baseline to the band, as five lines leave in INTRO_H
DOT_SHARE = 0.3  # a bead dot's radius as a share of a square: smaller than on a label, the picture is small

Placed = tuple[str, Any, float, float]  # ("heading", "key" or "box", what, x, y of its top) in mm


def write(path: Path, spec: KitSpec) -> int:
    pages = _paginate(spec)
    keyed = spec.finder_keys is not None  # pages of their own first: how to find a box by its key, an index
    index = _index_pages(spec, pages) if keyed else []
    front = keyed + len(index)

    def draw(canvas: Canvas) -> int:
        total = len(pages) + front
        if keyed:
            with text_page(canvas, spec, TITLE, page=1, pages=total) as top:
                _three_steps(canvas, spec, top)
        for number, rows in enumerate(index, start=2):
            with text_page(canvas, spec, TITLE, page=number, pages=total) as top:
                _index(canvas, spec, rows, top, first=number == 2, front=front)
        for number, page in enumerate(pages, start=1 + front):
            with text_page(canvas, spec, TITLE, page=number, pages=total) as top:
                if number == 1 + front:
                    _intro(canvas, spec, top)
                shown = [item for kind, item, _x, _y in page if kind == "box"]
                for kind, item, x, y in page:
                    if kind == "heading":
                        _heading(canvas, spec, item, x, y, [b for b in shown if b.move_number == item[0]])
                    elif kind == "key":
                        _key_heading(canvas, item, x, y)
                    else:
                        _box(canvas, spec, item, x, y)
        return total

    return write_pdf(path, spec, TITLE, draw)


def groups(spec: KitSpec, boxes: list[Box]) -> list[tuple[str | None, list[Box]]]:
    """A move level's boxes by finder key (keys in order, boxes in number order); a raw board's level of
    more than MAX_GROUP boxes by its top row (top_rows); else all in one group."""
    keys = spec.finder_keys
    if keys is None:
        rows = top_rows(spec, boxes)
        if rows is None:
            return [(None, boxes)]
        return [(row, list(group)) for row, group in groupby(boxes, key=lambda box: rows[box.id])]
    ordered = sorted(boxes, key=lambda box: (keys[box.id], box.id))
    return [(key, list(group)) for key, group in groupby(ordered, key=lambda box: keys[box.id])]


def top_rows(spec: KitSpec, boxes: list[Box]) -> dict[int, str] | None:
    """Each box's top row ("-XO": empty, X, O) when the boxes are raw boards (a board game whose pictures
    have no finder key: every board its own box) too many to scan at once; else None. Raw boards are
    numbered in the order of their squares read from the top left, so a top row's boxes run on."""
    game = spec.game
    board = game.picture(game.initial().position).board
    if len(boxes) <= MAX_GROUP or board is None or cell_orbits(game) is not None:
        return None
    rows = {}
    for box in boxes:
        picture = game.picture(box.position).board
        assert picture is not None
        rows[box.id] = "".join(mark or EMPTY_ORBIT for mark in picture.marks[: picture.columns])
    return rows


def _paginate(spec: KitSpec) -> list[list[Placed]]:
    """Places headings, key sub-headings and boxes page by page: (kind, item, x, y-top) in mm.

    With keys, each key's group is a block, its sub-heading over its pictures (at most MAX_GROUP, so a
    few rows); small blocks share a row as words share a line, so that a level of many small groups does
    not take a row per handful of boxes. Without keys a level's pictures run on, row by row."""
    width, height = spec.page_mm
    columns = int((width - 2 * MARGIN) // CELL_W)
    top = height - MARGIN - 10
    pages: list[list[Placed]] = [[]]
    y = top - intro_height(spec)

    def room(needed: float, level: Any, boxes: list[Box]) -> float:
        """The y to place ``needed`` mm at: here, or below a continued heading on a new page."""
        if y - needed >= MARGIN:
            return y
        pages.append([("heading", (level, boxes, "continued"), MARGIN, top)])
        return top - HEADING_H

    for level, group in groupby(spec.catalogue.boxes, key=lambda b: b.move_number):
        boxes = list(group)
        if y - HEADING_H - CELL_H < MARGIN:
            pages.append([])
            y = top
        pages[-1].append(("heading", (level, boxes), MARGIN, y))
        y -= HEADING_H
        column, line_height = 0, 0.0
        for key, members in groups(spec, boxes):
            rows = [members[start : start + columns] for start in range(0, len(members), columns)]
            if key is not None and spec.finder_keys is None:  # a raw top row: its pictures run on
                y = room(KEY_H + CELL_H, level, boxes)
                label = _("top row {row}").format(row=" ".join(key))
                pages[-1].append(("key", (key, columns * CELL_W, label), MARGIN, y))
                y -= KEY_H
                key = None
            if key is None:
                for row in rows:
                    y = room(CELL_H, level, boxes)
                    pages[-1] += [("box", box, MARGIN + i * CELL_W, y) for i, box in enumerate(row)]
                    y -= CELL_H
                continue
            block_w = max(MIN_BLOCK, min(len(members), columns))
            block_h = KEY_H + CELL_H * len(rows)
            if column + block_w > columns:  # the next row of blocks
                y, column, line_height = y - line_height, 0, 0.0
            moved = room(block_h, level, boxes)
            if moved != y:
                y, column, line_height = moved, 0, 0.0
            x = MARGIN + column * CELL_W
            pages[-1].append(("key", (key, block_w * CELL_W, _("key {key}").format(key=key)), x, y))
            for r, row in enumerate(rows):
                row_y = y - KEY_H - r * CELL_H
                pages[-1] += [("box", box, x + i * CELL_W, row_y) for i, box in enumerate(row)]
            column, line_height = column + block_w, max(line_height, block_h)
        y -= line_height
    return pages


IndexRow = tuple[Any, str, str, int]  # a move level, the first and last key on a page, the page (of pictures)
INDEX_ROW = 6.0  # mm
INDEX_INTRO = 30.0  # mm the index's heading and the order's explanation take on its first page


def index_rows(spec: KitSpec, pages: list[list[Placed]]) -> list[IndexRow]:
    """Each page of pictures with the keys on it, level by level: (level, first key, last key, page), the
    page counted among the pictures' pages from 1. A key's block never breaks across pages."""
    rows: list[IndexRow] = []
    for number, page in enumerate(pages, start=1):
        level = None
        keys: dict[Any, list[str]] = {}
        for kind, item, _x, _y in page:
            if kind == "heading":
                level = item[0]
            elif kind == "key":
                keys.setdefault(level, []).append(item[0])
        rows += [(level, found[0], found[-1], number) for level, found in keys.items()]
    return rows


def _index_pages(spec: KitSpec, pages: list[list[Placed]]) -> list[list[IndexRow]]:
    """The index's rows, page by page."""
    height = spec.page_mm[1]
    room = height - 2 * MARGIN - 10
    rows = index_rows(spec, pages)
    first = int((room - INDEX_INTRO) // INDEX_ROW)
    later = int(room // INDEX_ROW)
    split = [rows[:first]]
    while sum(map(len, split)) < len(rows):
        done = sum(map(len, split))
        split.append(rows[done : done + later])
    return split


def key_order(spec: KitSpec) -> str:
    """How the keys are ordered, in words, from the marks the kit's keys use."""
    keys = spec.finder_keys or {}
    marks = sorted({mark for key in keys.values() for mark in key} - {"/"})
    pieces = [mark for mark in marks if mark != EMPTY_ORBIT]
    longer = pieces[-1] + pieces[0] if len(pieces) > 1 else pieces[0] * 2
    text = _(
        "Within each move the keys are in dictionary order, part by part from the left: {order}, and a "
        "part before a longer one that starts the same ({short} before {long}). Under your move, find "
        "the row whose keys take in your key: the pictures are on its page."
    )
    return text.format(order=_(" before ").join(marks), short=longer[0], long=longer)


def _index(
    canvas: Canvas, spec: KitSpec, rows: list[IndexRow], top: float, *, first: bool, front: int
) -> None:
    """The index from key to page: a row per move level and page of pictures, with its first and last key."""
    width = spec.page_mm[0] - 2 * MARGIN
    y = top - 5
    canvas.setFillColor(hex_colour(INK))
    if first:
        canvas.setFont(BOLD, 5.2)
        canvas.drawString(MARGIN, y, _("Index: from a key to its page"))
        y = paragraph(canvas, key_order(spec), MARGIN, y - 6, width, size=3.6) - 6
    else:
        y -= 2
    for level, low, high, page in rows:
        band = Rect(MARGIN, y - 1.6, 4.0, 4.6)
        canvas.setFillColor(hex_colour(level_colour(level)))
        canvas.rect(band.x, band.y, band.w, band.h, stroke=0, fill=1)
        canvas.setFillColor(hex_colour(INK))
        canvas.setFont(BOLD, 3.8)
        move = _("MENACE's move {level}").format(level=level)
        canvas.drawString(MARGIN + 6, y, move)
        # Not the sub-heading's "key {key}": its German abbreviates to fit a block two pictures wide, and
        # here a page that holds one key says so, as its neighbours say their range.
        keys = (
            _("key {key} only").format(key=low)
            if low == high
            else _("keys {first} to {last}").format(first=low, last=high)
        )
        canvas.setFont(REGULAR, 3.8)
        canvas.drawString(MARGIN + 8 + max(text_width(move, BOLD, 3.8), 40), y, keys)
        canvas.setFont(BOLD, 3.8)
        canvas.drawRightString(MARGIN + width, y, _("page {page}").format(page=page + front))
        y -= INDEX_ROW


def intro_height(spec: KitSpec) -> float:
    """The room the first page of pictures keeps for the intro above its first band: INTRO_H, or more
    for an intro of more lines (the raw board's German takes six, and its last went under the band)."""
    register_fonts()  # to measure the words, also before a PDF is opened (the index is planned first)
    lines = len(wrapped(spec.words.finder_intro, spec.page_mm[0] - 2 * MARGIN, size=INTRO_SIZE))
    needed = INTRO_TOP + (lines - 1) * INTRO_SIZE * INTRO_LEADING + INTRO_GAP
    return needed if needed > INTRO_H + 0.01 else INTRO_H


def _intro(canvas: Canvas, spec: KitSpec, top: float) -> None:
    width = spec.page_mm[0] - 2 * MARGIN
    paragraph(
        canvas,
        spec.words.finder_intro,
        MARGIN,
        top - INTRO_TOP,
        width,
        size=INTRO_SIZE,
        leading=INTRO_LEADING,
    )


def _heading(
    canvas: Canvas, spec: KitSpec, item: tuple[Any, ...], x: float, y: float, shown: list[Box]
) -> None:
    """A move level's band: its title and its boxes' numbers; continued on a new page of pictures in number
    order (no keys), the numbers of the boxes on that page, so that every page says its range at the top."""
    level, boxes, *more = item
    if more and shown and spec.finder_keys is None:  # unkeyed pictures run in number order: a range
        boxes = shown
    width = spec.page_mm[0] - 2 * MARGIN
    colour = level_colour(level)
    canvas.setFillColor(hex_colour(colour))
    canvas.rect(x, y - 6.5, width, 6.5, stroke=0, fill=1)
    if level is None:
        title = f"{spec.game.short_title}: {spec.words.one_level_heading}"
    else:
        title = _("MENACE's move {level}").format(level=level)
    if more:
        title = _("{heading} (continued)").format(heading=title)
    first, last = boxes[0].id, boxes[-1].id
    span = (
        _("box {number}").format(number=first)
        if len(boxes) == 1
        else _("boxes {first} to {last} ({count} boxes)").format(
            first=first, last=last, count=numerals.number(len(boxes))
        )
    )
    canvas.setFillColor(hex_colour(ink_on(colour)))
    # A title too long to sit beside the span (German headings are longer) leaves the span its count
    # ("boxes 1 to 9"), which the boxes' numbers say too; only then would it shrink.
    if text_width(title, BOLD, 4.0) + 8 + text_width(span, BOLD, 4.0) > width and len(boxes) > 1:
        span = _("boxes {first} to {last}").format(first=first, last=last)
    room = width - 4 - text_width(span, BOLD, 4.0) - 4
    size = min(4.0, room / max(text_width(title, BOLD, 1.0), 1e-6))
    canvas.setFont(BOLD, size)
    canvas.drawString(x + 2, y - 4.7, title)
    if size != 4.0:
        canvas.setFont(BOLD, 4.0)
    canvas.drawRightString(x + width - 2, y - 4.7, span)


def _key_heading(canvas: Canvas, item: tuple[str, float, str], x: float, y: float) -> None:
    """A key's (or a raw board's top row's) sub-heading over its block of pictures."""
    _key, width, text = item
    canvas.setStrokeColor(hex_colour("#9e9e9e"))
    canvas.setLineWidth(0.25)
    canvas.line(x + 1, y - KEY_H + 1.0, x + width - 1, y - KEY_H + 1.0)
    canvas.setFillColor(hex_colour(INK))
    canvas.setFont(BOLD, min(3.8, (width - 3) / max(text_width(text, BOLD, 1.0), 1e-6)))
    canvas.drawString(x + 1, y - 4.2, text)


def _three_steps(canvas: Canvas, spec: KitSpec, top: float) -> None:
    """Finding a box by hand: the move level, the board's key, then a picture among a few."""
    width = spec.page_mm[0] - 2 * MARGIN
    game = spec.game
    board = game.picture(game.initial().position).board
    orbits = cell_orbits(game)
    assert board is not None and orbits is not None and spec.finder_keys is not None
    keys = spec.finder_keys
    biggest = max(
        len(g)
        for level, boxes in groupby(spec.catalogue.boxes, key=lambda b: b.move_number)
        for _, g in groups(spec, list(boxes))
    )
    names = " / ".join(orbit_name(board, orbit) for orbit in orbits)
    canvas.setFillColor(hex_colour(INK))
    canvas.setFont(BOLD, 5.2)
    canvas.drawString(MARGIN, top - 5, _("Find a box in three steps"))
    pieces = _(" before ").join(
        sorted({mark for key in keys.values() for mark in key} - {"/", EMPTY_ORBIT}, reverse=True)
    )
    level = _(
        "Count the moves MENACE has made and add one: that is its move number, the coloured section "
        "of this finder and the coloured band on the labels."
    )
    key = _(
        "Read the board on the table as {names}: for each, write the pieces on it, {pieces}, or {empty} "
        "for none, and put / between them. Turning or flipping the board does not change the key, so "
        "there is nothing to turn yet. Every label has its key above its bead count."
    )
    picture = n_(
        "In that section, under the key's heading, is at most {count} picture: find the one that "
        "is the board, turned or flipped if need be. Its number is the box. (menace find BOARD "
        "names the box and its key at once.)",
        "In that section, under the key's heading, are at most {count} pictures: find the one "
        "that is the board, turned or flipped if need be. Its number is the box. (menace find "
        "BOARD names the box and its key at once.)",
        biggest,
    )
    steps = [
        (_("1. The move level."), level),
        (_("2. The key."), key.format(names=names, pieces=pieces, empty=EMPTY_ORBIT)),
        (_("3. The picture."), picture.format(count=biggest)),
    ]
    y = top - 13
    for heading, text in steps:
        canvas.setFillColor(hex_colour(INK))
        canvas.setFont(BOLD, 4.2)
        canvas.drawString(MARGIN, y, heading)
        y = paragraph(canvas, text, MARGIN + 8, y - 6, width - 8, size=3.8) - 5
    _key_example(canvas, spec, y - 2, keys)


def _key_example(canvas: Canvas, spec: KitSpec, top: float, keys: dict[int, str]) -> None:
    """A box's picture with its key worked out, each part of the board shaded in turn."""
    game = spec.game
    box = next((b for b in reversed(spec.catalogue.boxes) if "-" not in keys[b.id]), spec.catalogue.boxes[-1])
    picture = game.picture(box.position).board
    orbits = cell_orbits(game)
    assert picture is not None and orbits is not None
    canvas.setFillColor(hex_colour(INK))
    canvas.setFont(BOLD, 4.2)
    canvas.drawString(MARGIN, top, _("Example: the board of box {number}").format(number=box.id))
    side, gap = 34.0, 12.0
    shades = ("#ffe082", "#b3e5fc", "#c8e6c9", "#f8bbd0")
    y = top - 5 - side
    for index, (orbit, marks) in enumerate(zip(orbits, keys[box.id].split("/"), strict=True)):
        area = Rect(MARGIN + index * (side + gap), y, side, side)
        canvas.setFillColor(hex_colour(shades[index % len(shades)]))
        for cell in orbit:
            shaded = cell_rect(area, picture, cell)
            canvas.rect(shaded.x, shaded.y, shaded.w, shaded.h, stroke=0, fill=1)
        draw_picture(canvas, area, picture, {}, dot_share=DOT_SHARE)
        canvas.setFillColor(hex_colour(INK))
        canvas.setFont(REGULAR, 3.6)
        canvas.drawCentredString(area.x + side / 2, y - 5, orbit_name(picture, orbit))
        canvas.setFont(BOLD, 4.4)
        canvas.drawCentredString(area.x + side / 2, y - 10.5, marks)
    text = _(
        "Key {key}: box {number} is one of the pictures under that heading in the section of MENACE's "
        "move {level}."
    ).format(key=keys[box.id], number=box.id, level=box.move_number)
    paragraph(canvas, text, MARGIN, y - 19, spec.page_mm[0] - 2 * MARGIN, font=BOLD, size=4.0)


def _box(canvas: Canvas, spec: KitSpec, box: Box, x: float, y: float) -> None:
    area = Rect(x + (CELL_W - PICTURE) / 2, y - 1 - PICTURE, PICTURE, PICTURE)
    draw_picture(
        canvas,
        area,
        spec.game.picture(box.position),
        spec.dots(box),
        dot_share=DOT_SHARE,
        arrows=spec.arrows(box),
    )
    centred_text(canvas, str(box.id), x + CELL_W / 2, area.y - 3.6, BOLD, 4.2)
