"""legend.pdf: the colour map, how to read a label in any orientation, and the rules card."""

from __future__ import annotations

import math
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from generator.documents.common import (
    MARGIN,
    KitSpec,
    content_top,
    data_text,
    has_draws,
    text_page,
    write_pdf,
)
from generator.documents.game_text import colour_letters, forced_moves, menace_side
from generator.documents.labels import counts_size, counts_text, draw_label, key_size, label_plan
from generator.documents.wording import arrows_note, beads, cell_name, moves_are_arrows, picture_note
from generator.drawing import (
    draw_dot,
    draw_grid,
    draw_picture,
    hex_colour,
    paragraph,
    text_width,
    wrapped,
)
from generator.fonts import BOLD, REGULAR
from generator.layout import Rect
from generator.rules_text import rules_card
from generator.type_scale import SIZE as TYPE
from generator.type_scale import Role
from kit.i18n import _, n_
from kit.matchbox import Box
from kit.palettes import Colour
from kit.picture import Grid, Heaps

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

    from kit.game import Transform

TITLE = "Bead legend and rules"
EXAMPLE_SCALE = 1.5  # the sample label is drawn half as big again as printed
HEADING = TYPE[Role.HEADING]  # a heading too long for the page takes two lines
DOT_SHARE = 0.3  # a bead dot's radius as a share of a square on this page's boards
MOVES_PICTURE = (
    "The picture shows one pawn's moves: straight ahead onto an empty square, and diagonally ahead onto an "
    "enemy pawn, which it captures. White's pawns move up the page, Black's down. A pawn never moves "
    "backwards or sideways, and a player must move if they can. Squares are named by their column a-c "
    "(left to right) and row 1-3 (from White's side): White's pawns start on a1, b1 and c1, and b1-b2 is "
    "the step of the middle pawn, a2xb3 a capture."
)
# The rules card's text, its sections' headings (smaller than the card's own heading) and its source note.
CARD, CARD_SECTION, SOURCE = TYPE[Role.CARD], TYPE[Role.SUBHEADING], TYPE[Role.NOTE]
# How to read a label: its notes, the how-to-play under them and the turned example's words.
NOTE, RULES, BODY = TYPE[Role.NOTE], TYPE[Role.RULES], TYPE[Role.BODY]
TURNED_BOARD = 30.0  # mm: each board of the turned example
LISTED_ROWS = 6  # colours listed in one column at the most


def write(path: Path, spec: KitSpec) -> int:
    arrows = moves_are_arrows(spec.game)
    top = content_top(spec, TITLE)
    # The turned example follows the label's notes, or takes a page of its own where they leave no room.
    turned = _turned(spec)
    apart = turned and not _turned_fits(spec, top if arrows else None)
    card = rules_card_pages(spec, top)
    pages = (2 if arrows else 1) + apart + len(card)  # arrows take a page of their own to explain

    def draw(canvas: Canvas) -> int:
        page = iter(range(1, pages + 1))
        with text_page(canvas, spec, TITLE, page=next(page), pages=pages) as y:
            y = _colour_map(canvas, spec, y)
            if arrows:
                _piece_moves(canvas, spec, y - 6)
            else:
                y = _reading(canvas, spec, y - 6, turned=turned and not apart)
        if arrows:
            with text_page(canvas, spec, TITLE, page=next(page), pages=pages) as y:
                y = _reading(canvas, spec, y, turned=turned and not apart)
        if apart:
            with text_page(canvas, spec, TITLE, page=next(page), pages=pages) as y:
                y = _heading(canvas, _("A picture turned or flipped"), y)
                _turned_example(canvas, spec, _example_box(spec), y, spec.page_mm[0] - 2 * MARGIN)
        for index, sections in enumerate(card):
            with text_page(canvas, spec, TITLE, page=next(page), pages=pages) as y:
                draw_rules_card(canvas, spec, y, sections, last=index == len(card) - 1)
        return pages

    return write_pdf(path, spec, TITLE, draw)


def _heading(canvas: Canvas, text: str, y: float, width: float | None = None) -> float:
    """A heading at the margin; with ``width``, on two lines or more where it would run past it (a rules
    card's title with a long preset's name, or a builder's own), never smaller than a heading."""
    lines = [text] if width is None else wrapped(text, width, font=BOLD, size=HEADING)
    canvas.setFillColor(hex_colour("#000000"))
    canvas.setFont(BOLD, HEADING)
    for line in lines:
        canvas.drawString(MARGIN, y - HEADING, line)
        y -= HEADING * 1.25
    return y + HEADING * 1.25 - 9


def _colour_map(canvas: Canvas, spec: KitSpec, top: float) -> float:
    """Every colour and the move it stands for: on a board when moves are squares, else as a list."""
    y = _heading(canvas, _("The bead colours"), top)
    start = spec.game.picture(spec.game.initial().position).board
    if spec.palette.per_box:
        return _colours_per_box(canvas, spec, y)
    if moves_are_arrows(spec.game):
        return _colours_as_arrows(canvas, spec, y)
    if start is not None:
        return _colours_on_board(canvas, spec, start, y)
    return _colours_listed(canvas, spec, y)


def _colours_listed(canvas: Canvas, spec: KitSpec, y: float) -> float:
    palette, game = spec.palette, spec.game
    colours = spec.used_colours  # heaps 1, 2, 3 use six of the heaps palette's fifteen
    width = spec.page_mm[0] - 2 * MARGIN
    # More colours than a column holds (heaps 1..5 use 15) go down two columns, or the list would push the
    # section below it off the page.
    one_column = len(colours) <= LISTED_ROWS
    per_column = len(colours) if one_column else math.ceil(len(colours) / 2)
    column_w, row, radius = (width, 15.0, 6.0) if one_column else (width / 2, 11.0, 4.5)
    texts = [
        f"{colour.spoken} ({colour.code}): {game.move_mark(game.move_from_code(colour.move)).label}"
        for colour in colours
    ]
    # Every entry at one size: one too long for its column ("himmelblau (H): nimm 1 von 1") takes two lines
    # beside its dot rather than shrink.
    size = TYPE[Role.ENTRY]
    for index, (colour, text) in enumerate(zip(colours, texts, strict=True)):
        column, line = divmod(index, per_column)
        x, row_y = MARGIN + column * column_w, y - line * row
        draw_dot(canvas, x + 7, row_y - radius, radius, colour)
        canvas.setFillColor(hex_colour("#000000"))
        canvas.setFont(BOLD, size)
        lines = [text]
        if text_width(text, BOLD, size) > column_w - 19:  # the colour on one line, its move on the next
            colour_words, _colon, move_words = text.partition(": ")
            lines = [f"{colour_words}:", *wrapped(move_words, column_w - 19, font=BOLD, size=size)]
        first = row_y - radius - 1.8 + (len(lines) - 1) * size * 0.6
        for number, words in enumerate(lines):
            canvas.drawString(x + 17, first - number * size * 1.2, words)
    y -= per_column * row
    return paragraph(canvas, data_text(palette.description), MARGIN, y - 2, width, size=3.4)


def _colours_as_arrows(canvas: Canvas, spec: KitSpec, y: float) -> float:
    """Each colour of the kit beside its move, drawn as an arrow on a small board with only the pieces
    the move involves (taken from a box where it is played)."""
    game, width = spec.game, spec.page_mm[0] - 2 * MARGIN
    where: dict[int, tuple[Any, Box]] = {}
    for box in spec.catalogue.boxes:
        for move in box.moves:
            where.setdefault(game.move_code(move), (move, box))
    row, board_side = 16.0, 14.0
    per_column = math.ceil(len(where) / 2)
    for index, code in enumerate(sorted(where)):
        move, box = where[code]
        column, line = divmod(index, per_column)
        x, top = MARGIN + column * width / 2, y - line * row
        mark, picture = game.move_mark(move), game.picture(box.position).board
        assert picture is not None and mark.origin is not None and mark.cell is not None
        kept = (mark.origin, mark.cell)
        alone = replace(picture, marks=tuple(m if i in kept else "" for i, m in enumerate(picture.marks)))
        area = Rect(x, top - board_side, board_side, board_side)
        colour = spec.colour(box, move)
        draw_grid(
            canvas,
            area,
            alone,
            {},
            dot_share=DOT_SHARE,
            letters=False,
            arrows=[(mark.origin, mark.cell, colour)],
        )
        draw_dot(canvas, x + board_side + 5, top - board_side / 2, 2.6, colour)
        canvas.setFillColor(hex_colour("#000000"))
        canvas.setFont(BOLD, 3.8)
        canvas.drawString(x + board_side + 10, top - board_side / 2 + 0.4, colour.spoken)
        canvas.setFont(REGULAR, 3.4)
        kind = _("captures") if picture.marks[mark.cell] else _("steps forward")
        canvas.drawString(x + board_side + 10, top - board_side / 2 - 4, f"{mark.label}: {kind}")
    y -= per_column * row + 4
    text = n_(
        "Palette \u201c{title}\u201d: this is the {count} colour this kit uses. A colour always stands for "
        "the same pawn move, whatever the position.",
        "Palette \u201c{title}\u201d: these are the {count} colours this kit uses. A colour always stands "
        "for the same pawn move, whatever the position.",
        len(where),
    ).format(title=data_text(spec.palette.title), count=len(where))
    return paragraph(canvas, text, MARGIN, y, width, size=3.4)


PER_BOX = (
    "Every box uses these colours again: a colour is not one move everywhere, but the move its arrow "
    "shows on that box's label. A box's moves take the colours in this order, pawn by pawn in reading "
    "order (row by row from the top left), so a box of two moves holds the first two. Draw a bead and "
    "play the arrow of its colour."
)


def _colours_per_box(canvas: Canvas, spec: KitSpec, y: float) -> float:
    """A palette of colours per box: its colours in their order, and the fullest box's label picture with
    its arrows in them, since a colour means a move only on its own box's label."""
    width = spec.page_mm[0] - 2 * MARGIN
    colours = spec.used_colours
    step = min(45.0, width / max(len(colours), 1))
    texts = [f"{index + 1}. {colour.spoken} ({colour.code})" for index, colour in enumerate(colours)]
    # Each colour takes a step of the row, or as much as its words need (German words are longer): a colour
    # that does not fit the row goes on to the next line, at the same size as the others.
    widths = [13 + text_width(text, BOLD, 4.4) for text in texts]  # the dot, and 3 mm before the next
    x, row_y = MARGIN, y
    for colour, text, need in zip(colours, texts, widths, strict=True):
        taken = step if max(widths) <= step else need
        if x > MARGIN and x + taken - 3 > MARGIN + width:
            x, row_y = MARGIN, row_y - 10
        draw_dot(canvas, x + 4, row_y - 4, 4.0, colour)
        canvas.setFillColor(hex_colour("#000000"))
        canvas.setFont(BOLD, 4.4)
        canvas.drawString(x + 10, row_y - 5.5, text)
        x += taken
    y = row_y - 14
    box = max(spec.catalogue.boxes, key=lambda b: (len(b.moves), -b.id))
    side = 36.0
    area = Rect(MARGIN, y - side, side, side)
    draw_picture(
        canvas,
        area,
        spec.game.picture(box.position),
        spec.dots(box),
        dot_share=DOT_SHARE,
        arrows=spec.arrows(box),
    )
    canvas.setFont(BOLD, 3.4)
    canvas.setFillColor(hex_colour("#000000"))
    caption = _("picture on box {number}").format(number=box.id)
    canvas.drawCentredString(area.x + side / 2, area.y - 4, caption)
    x = area.right + 8
    text_y = paragraph(canvas, _(PER_BOX), x, y - 1, width - (x - MARGIN), size=3.6) - 2
    text_y = paragraph(canvas, data_text(spec.palette.description), x, text_y, width - (x - MARGIN), size=3.4)
    return min(text_y, area.y - 6)


def _piece_moves(canvas: Canvas, spec: KitSpec, top: float) -> None:
    """How the pieces move and win: the game's rules beside a picture of one piece's every move."""
    game, width = spec.game, spec.page_mm[0] - 2 * MARGIN
    y = _heading(canvas, _("How the pawns move and win"), top)
    box = max(spec.catalogue.boxes, key=lambda b: (_most_from_one_piece(spec, b), -b.id))
    counts: dict[int, int] = {}
    for origin, _target, _colour in spec.arrows(box):
        counts[origin] = counts.get(origin, 0) + 1
    origin = max(counts, key=lambda cell: counts[cell])
    grey = Colour(-1, "grey", "", "#9e9e9e")  # not drawn with its name
    shown = [(o, target, grey) for o, target, _ in spec.arrows(box) if o == origin]
    side = 42.0
    area = Rect(MARGIN, y - side, side, side)
    picture = game.picture(box.position)
    draw_picture(canvas, area, picture, {}, dot_share=DOT_SHARE, letters=False, arrows=shown)
    x = area.right + 8
    text_y = y - 1
    for sentence in (game.rules_summary() or "", _(MOVES_PICTURE)):
        text_y = paragraph(canvas, sentence, x, text_y, width - (x - MARGIN), size=3.6) - 2


def _most_from_one_piece(spec: KitSpec, box: Box) -> int:
    origins = [origin for origin, _, _ in spec.arrows(box)]
    return max((origins.count(o) for o in origins), default=0)


def _colours_on_board(canvas: Canvas, spec: KitSpec, board: Grid, y: float) -> float:
    """The empty board with every colour's dot on its square, and a table of letters, colours and squares."""
    palette, game = spec.palette, spec.game
    cell = 26.0
    area = Rect(MARGIN, y - board.rows * cell, board.columns * cell, board.rows * cell)
    squares = {colour: game.move_mark(game.move_from_code(colour.move)).cell for colour in palette.colours}
    dots = {square: colour for colour, square in squares.items() if square is not None}
    draw_grid(canvas, area, board, dots, dot_share=DOT_SHARE)
    x = area.right + 8
    line_y = y - 5
    canvas.setFont(BOLD, 3.6)
    # Columns as wide as their words need (German headings are longer), at least the English widths.
    headings = (_("letter"), _("colour"), _("square of the picture"))
    names_w = max(text_width(colour.spoken, BOLD, 3.6) for colour in palette.colours)
    colour_dx = max(13.0, text_width(headings[0], BOLD, 3.6) + 1.5)
    square_dx = max(32.0, colour_dx + max(names_w, text_width(headings[1], BOLD, 3.6)) + 3)
    for text, dx in zip(headings, (0, colour_dx, square_dx), strict=True):
        canvas.drawString(x + dx, line_y, text)
    for colour, square in squares.items():
        line_y -= 6.6
        draw_dot(canvas, x + 2.2, line_y + 1.2, 2.3, colour)
        canvas.setFillColor(hex_colour("#000000"))
        canvas.setFont(BOLD, 3.6)
        canvas.drawString(x + colour_dx, line_y, colour.spoken)
        canvas.setFont(REGULAR, 3.6)
        canvas.drawString(x + square_dx, line_y, "" if square is None else cell_name(board, square))
    text_y = min(area.y, line_y) - 7
    text = _(
        "Palette \u201c{title}\u201d. {description} A colour always stands for the same square of the "
        "picture on the box, whatever the position."
    ).format(title=data_text(palette.title), description=data_text(palette.description))
    return paragraph(canvas, text, MARGIN, text_y, spec.page_mm[0] - 2 * MARGIN, size=3.4)


def _reading(canvas: Canvas, spec: KitSpec, top: float, *, turned: bool) -> float:
    """How to read a label: the example label and a note on each of its parts, then the game's how-to-play
    and, with ``turned``, the turned example; returns the y below it all."""
    width = spec.page_mm[0] - 2 * MARGIN
    y = _heading(canvas, _("How to read a label"), top)
    plan = label_plan(spec)
    box = _example_box(spec)
    scale = _example_scale(spec)
    canvas.saveState()  # the page is already in mm (text_page): only move and enlarge
    canvas.translate(MARGIN, y - plan.height * scale)
    canvas.scale(scale, scale)
    canvas.setStrokeColor(hex_colour("#9e9e9e"))
    canvas.setLineWidth(0.2)
    canvas.rect(0, 0, plan.width, plan.height, stroke=1, fill=0)
    draw_label(canvas, plan, box, spec, keys_at=key_size(spec, plan), counts_at=counts_size(spec, plan))
    canvas.restoreState()
    x = MARGIN + plan.width * scale + 8
    text_y = y - 1
    for note in _notes(spec):
        text_y = paragraph(canvas, "\u2022 " + note, x, text_y, width - (x - MARGIN), size=NOTE) - 1.2
    y = min(text_y, y - plan.height * scale) - 6
    if spec.words.how_to_play is not None:
        y = paragraph(canvas, spec.words.how_to_play, MARGIN, y, width, size=RULES) + RULES * 1.3
    if turned:
        y = _turned_example(canvas, spec, box, y, width)
    return y


def _example_scale(spec: KitSpec) -> float:
    """How much larger than printed the example label is drawn."""
    return min(EXAMPLE_SCALE, 80 / label_plan(spec).width)


def _notes(spec: KitSpec) -> list[str]:
    """A note on each part of the example label."""
    plan = label_plan(spec)
    box = _example_box(spec)
    count = box.beads[0]
    band = _(
        "The band: MENACE's move number (its colour sorts the boxes by level); the triangle and TOP "
        "mark the label's top."
    )
    if box.move_number is None:
        band = _("The band: the game (one level, so one colour); the triangle and TOP mark the label's top.")
    arrows = moves_are_arrows(spec.game)
    counts = counts_text(plan, box, spec.game.picture(box.position))
    start = (
        _("\u201c{counts}\u201d: put in {beads} of every arrow's colour to start.")
        if arrows
        else _("\u201c{counts}\u201d: put in {beads} of every dot's colour to start.")
    )
    notes = [
        band,
        _(
            "The big number: the box number ({number} here). finder.pdf shows every box by its picture."
        ).format(number=box.id),
        arrows_note() if arrows else picture_note(spec.game.picture(box.position)),
        start.format(counts=counts, beads=beads(count)),
    ]
    if plan.key is not None and spec.finder_keys is not None:
        notes.append(
            _(
                "key {key}: the finder key, the same however the board is turned; finder.pdf groups "
                "the boxes by it."
            ).format(key=spec.finder_keys[box.id])
        )
    if plan.code is not None:
        notes.append(_("kit {code}: the kit code; the tracker checks it matches.").format(code=spec.code))
    return notes


def _turned(spec: KitSpec) -> bool:
    """Whether the legend shows the turned example: only a game with symmetries has pictures that lie
    turned."""
    return len(spec.game.symmetries) > 1


def _turned_fits(spec: KitSpec, top: float | None) -> bool:
    """Whether the turned example fits, boards at full size, under the label's notes (at their one size)
    whose section starts at ``top`` (None: under the colour map on the legend's first page)."""
    if top is None:
        top = _map_bottom(spec) - 6
    width = spec.page_mm[0] - 2 * MARGIN
    plan = label_plan(spec)
    scale = _example_scale(spec)
    y = top - 9  # under the section's heading
    note_width = width - plan.width * scale - 8
    lines = sum(len(wrapped("\u2022 " + note, note_width, size=NOTE)) for note in _notes(spec))
    y = min(y - 1 - lines * NOTE * 1.3 - 1.2 * len(_notes(spec)), y - plan.height * scale) - 6
    if spec.words.how_to_play is not None:
        y -= (len(wrapped(spec.words.how_to_play, width, size=RULES)) - 1) * RULES * 1.3
    text = _(MIRRORED if moves_are_arrows(spec.game) else TURNED)
    y -= len(wrapped(text, width, size=BODY)) * BODY * 1.3 + 4 + TURNED_BOARD + 6
    return y >= MARGIN


def _map_bottom(spec: KitSpec) -> float:
    """Where the colour map ends on the legend's first page: drawn on a scratch page, since its height
    follows its words (German colour names take two lines where English ones take one)."""
    from io import BytesIO

    from reportlab.pdfgen.canvas import Canvas

    from generator.drawing import in_mm
    from generator.fonts import register_fonts

    register_fonts()
    scratch = Canvas(BytesIO(), pagesize=spec.page_size)
    with in_mm(scratch):
        return _colour_map(scratch, spec, content_top(spec, TITLE))


def _example_box(spec: KitSpec) -> Box:
    """A box whose picture changes when turned (and flipped over the diagonal) and shows a few pieces and
    dots, so the examples show something; the last box when the game has no symmetry."""
    game, boxes = spec.game, spec.catalogue.boxes
    if len(game.symmetries) > 1:
        shown = [game.symmetries[1], *(s for s in game.symmetries if s.name == "diagonal")]
        for box in boxes:
            changes = all(s.position(box.position) != box.position for s in shown)
            if changes and len(box.moves) >= 3 and _pieces(spec, box) >= 2:
                return box
    return boxes[-1]


def _pieces(spec: KitSpec, box: Box) -> int:
    board = spec.game.picture(box.position).board
    return sum(1 for mark in board.marks if mark) if board is not None else 0


TURNED = (
    "The picture on a box may be turned or flipped compared with the game on the table. Turn the box "
    "until its X's and O's lie like the real ones: every dot then sits on the real square it stands for. "
    "A flipped picture is the real game's mirror image, which no turn of the box makes match: read it as "
    "in a mirror laid along the line it is flipped over (flipped over the diagonal from top-left to "
    "bottom-right: the top row becomes the left column). Draw a bead and play the square where that "
    "colour's dot is. (menace find BOARD names the box and the turn or flip.) Examples: the same box "
    "when the real game is turned a quarter turn clockwise (left) and flipped over that diagonal (right)."
)
MIRRORED = (
    "The picture on a box may be the mirror image of the game on the table (left and right swapped): "
    "then read every arrow in the mirror too. An arrow from a pawn in the left column to the square "
    "ahead is the same move of the pawn in the right column. (menace find BOARD names the box and says "
    "whether it is flipped.) Example: the same box when the real game is its mirror image."
)


def _turned_example(canvas: Canvas, spec: KitSpec, box: Box, y: float, width: float) -> float:
    """The example box and the real game it stands for: turned (a game whose labels draw arrows: its mirror
    image, its only symmetry), and where the game has one, flipped over the diagonal, beside it."""
    arrows = moves_are_arrows(spec.game)
    y = paragraph(canvas, _(MIRRORED if arrows else TURNED), MARGIN, y, width, size=BODY) - 4
    game = spec.game
    turn = game.symmetries[1]
    flip = None if arrows else next((s for s in game.symmetries if s.name == "diagonal"), None)
    size = TURNED_BOARD  # _turned_fits has made room for it, on this page or one of its own
    gap = (width - 3 * size) / 2 if flip is not None else 45.0
    on_box = Rect(MARGIN + (size + gap if flip is not None else 10), y - size - 6, size, size)
    draw_picture(
        canvas,
        on_box,
        game.picture(box.position),
        spec.dots(box),
        dot_share=DOT_SHARE,
        arrows=spec.arrows(box),
    )
    canvas.setFont(BOLD, 3.4)
    canvas.setFillColor(hex_colour("#000000"))
    canvas.drawCentredString(
        on_box.x + size / 2, on_box.top + 2, _("picture on box {number}").format(number=box.id)
    )
    if flip is None:
        _real_game(canvas, spec, box, turn, Rect(on_box.right + gap, on_box.y, size, size), on_box)
    else:
        _real_game(canvas, spec, box, turn, Rect(MARGIN, on_box.y, size, size), on_box)
        _real_game(canvas, spec, box, flip, Rect(on_box.right + gap, on_box.y, size, size), on_box)
    return on_box.y


def _real_game(
    canvas: Canvas, spec: KitSpec, box: Box, symmetry: Transform[Any, Any], real: Rect, on_box: Rect
) -> None:
    """The real game that ``box``'s picture stands for when the game lies ``symmetry`` of it, with its
    dots and arrows where they land, an arrow from the box's picture and the symmetry in words."""
    game = spec.game
    moves = spec.on_cells(box.moves).values()
    cells = ((game.move_mark(symmetry.move(move)).cell, spec.colour(box, move)) for move in moves)
    real_dots = {cell: colour for cell, colour in cells if cell is not None}
    # An arrow keeps its bead's colour when the board turns: the colour is the move, seen turned.
    marks = ((game.move_mark(symmetry.move(move)), spec.colour(box, move)) for move in box.moves)
    real_arrows = [
        (m.origin, m.cell, colour) for m, colour in marks if m.origin is not None and m.cell is not None
    ]
    draw_picture(
        canvas,
        real,
        game.picture(symmetry.position(box.position)),
        real_dots,
        dot_share=DOT_SHARE,
        arrows=real_arrows,
    )
    canvas.setFont(BOLD, 3.4)
    canvas.setFillColor(hex_colour("#000000"))
    canvas.drawCentredString(real.x + real.w / 2, real.top + 2, _("the real game"))
    start, end = (on_box.right + 8, real.x - 8) if real.x > on_box.x else (on_box.x - 8, real.right + 8)
    _arrow(canvas, start, end, on_box.y + on_box.h / 2)
    canvas.setFont(REGULAR, 3)
    gap = max(real.x - on_box.right, on_box.x - real.right)
    lines = wrapped(_(symmetry.description), gap - 5, size=3)
    # Under the arrow, its last line no lower than the boards' foot (a board shrunk on a short page).
    first = max(on_box.y + on_box.h / 2 - 7, on_box.y + 1 + 3.6 * (len(lines) - 1))
    for line_number, line in enumerate(lines):
        canvas.drawCentredString((start + end) / 2, first - 3.6 * line_number, line)


def rules_card_pages(spec: KitSpec, top: float) -> list[list[tuple[str, str]]]:
    """The rules card's sections page by page, each page's text starting at ``top`` (mm): at its one size,
    a card too long for a page goes on to the next one (the source note stays with the last section)."""
    width = spec.page_mm[0] - 2 * MARGIN
    card, source = _card(spec), _source(spec)
    heading = (len(wrapped(_card_heading(spec), width, font=BOLD, size=HEADING)) - 1) * HEADING * 1.25 + 9
    note = 3 + len(wrapped(source, width, size=SOURCE)) * SOURCE * 1.3
    pages: list[list[tuple[str, str]]] = [[]]
    room = top - heading - 4 - MARGIN
    for index, entry in enumerate(card):
        need = _entry_height(entry, width) + (note if index == len(card) - 1 else 0)
        if pages[-1] and need > room:
            pages.append([])
            room = top - heading - 4 - MARGIN
        pages[-1].append(entry)
        room -= _entry_height(entry, width)
    return pages


def _entry_height(entry: tuple[str, str], width: float) -> float:
    """How far down the page a section of the card reaches (as draw_rules_card draws it)."""
    return CARD_SECTION * 1.52 / 1.13 + len(wrapped(entry[1], width, size=CARD)) * CARD * 1.35 + CARD * 1.09


def _card_heading(spec: KitSpec) -> str:
    return _("Rules card: {game} \u00b7 {rules}").format(
        game=spec.game.title, rules=data_text(spec.catalogue.rules.title)
    )


def _source(spec: KitSpec) -> str:
    return _("Where these rules come from: {source}").format(source=_source_note(spec))


def _card(spec: KitSpec) -> list[tuple[str, str]]:
    """The rules card's sections: a heading and its text each."""
    rules = spec.catalogue.rules
    game = spec.game
    numbers = [b.move_number for b in spec.catalogue.boxes if b.move_number is not None]
    levels = max(numbers) if numbers else None
    words = spec.words
    draws = has_draws(spec.game)
    card = rules_card(
        rules, find_words=words.find_box, move_words=words.bead_to_move, has_draws=draws, levels=levels
    )
    turn = [heading for heading, _sentence in card].index(_("MENACE's turn")) + 1
    forced = forced_moves(spec.catalogue, words.one_left)
    card[turn:turn] = [
        *([] if forced is None else [(_("A move with no box"), forced)]),
        (_("The letters in the dots"), colour_letters(spec.used_colours)),
    ]
    card = _shared_moves(spec, card)
    summary = game.rules_summary()
    side = (_("MENACE's side"), menace_side(spec.catalogue))
    card[:0] = [side] if summary is None else [(_("The game"), summary), side]
    return card


def draw_rules_card(
    canvas: Canvas,
    spec: KitSpec,
    top: float,
    sections: list[tuple[str, str]] | None = None,
    *,
    last: bool = True,
) -> None:
    """The rules card's ``sections`` (rules_card_pages; None: all of them) from ``top`` down, under the card's
    heading, with the source note under the ``last`` page's (the legend's last pages, and the lesson's rules
    sheet)."""
    width = spec.page_mm[0] - 2 * MARGIN
    y = _heading(canvas, _card_heading(spec), top, width)
    y -= 4
    for heading, sentence in _card(spec) if sections is None else sections:
        canvas.setFont(BOLD, CARD_SECTION)
        canvas.setFillColor(hex_colour("#000000"))
        canvas.drawString(MARGIN, y, heading)
        y = (
            paragraph(
                canvas, sentence, MARGIN, y - CARD_SECTION * 1.52 / 1.13, width, size=CARD, leading=1.35
            )
            - CARD * 1.09
        )
    if last:
        paragraph(canvas, _source(spec), MARGIN, y - 3, width, size=SOURCE, colour="#444444")


def _shared_moves(spec: KitSpec, card: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """The card's note on moves that share a dot, as this kit has them: a game whose labels draw arrows
    shares arrows, and a game without symmetry (raw boards) gives every move its own dot, so has no note."""
    heading = _("Why some squares have no dot")
    if len(spec.game.symmetries) <= 1:
        return [entry for entry in card if entry[0] != heading]
    if not moves_are_arrows(spec.game):
        return card
    arrows = (
        _("Why some moves have no arrow"),
        _(
            "Where the board is its own mirror image, a move and its mirror image are the same move: "
            "only one of them has an arrow, and only it gets beads."
        ),
    )
    return [arrows if entry[0] == heading else entry for entry in card]


# Sentences of shipped presets' descriptions that hold for the kits they were written for only.
SYMMETRY_SENTENCE = "Beads only for moves that are different by symmetry."
SINGLE_PILE = "single-pile Nim"


def _source_note(spec: KitSpec) -> str:
    """The rules' description, without what is not so for this kit: a raw-board kit has no symmetry to fold
    moves by, and a kit of several heaps is not single-pile Nim."""
    text = data_text(spec.catalogue.rules.description)
    if len(spec.game.symmetries) <= 1:
        text = text.replace(" " + _(SYMMETRY_SENTENCE), "")
    start = spec.game.picture(spec.game.initial().position)
    if isinstance(start, Heaps) and len(start.start) > 1:
        text = text.replace(_(SINGLE_PILE), _("Nim"))
    return text


def _arrow(canvas: Canvas, x0: float, x1: float, y: float) -> None:
    canvas.setStrokeColor(hex_colour("#000000"))
    canvas.setFillColor(hex_colour("#000000"))
    canvas.setLineWidth(0.6)
    way = 1 if x1 > x0 else -1  # the head at x1, pointing right or left
    canvas.line(x0, y, x1 - 3 * way, y)
    path = canvas.beginPath()
    path.moveTo(x1, y)
    path.lineTo(x1 - 3.5 * way, y + 1.8)
    path.lineTo(x1 - 3.5 * way, y - 1.8)
    path.close()
    canvas.drawPath(path, stroke=0, fill=1)
