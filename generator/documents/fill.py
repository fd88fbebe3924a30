"""fill.pdf: the shopping list (beads per colour with a reserve, matchboxes), where each colour goes, and
what goes in each box."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from generator.bill import Bill, bill_for, colour_runs, outgrow_warning
from generator.documents.common import (
    MARGIN,
    KitSpec,
    data_text,
    has_draws,
    text_page,
    uniform_count,
    write_pdf,
)
from generator.documents.wording import cell_name
from generator.drawing import INK, draw_dot, hex_colour, paragraph, text_width, wrapped
from generator.fonts import BOLD, REGULAR, register_fonts
from kit.i18n import _, n_
from kit.matchbox import Box
from kit.numerals import number

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

TITLE = "Fill sheet and shopping list"
ROW = 5.6  # mm per box in the filling list
COLUMN_W = 60.0
WIDE_COLUMN_W = 90.0
DOT_STEP = 4.2


def write(path: Path, spec: KitSpec) -> int:
    bill = bill_for(spec.catalogue, spec.palette)
    width, height = spec.page_mm
    # Counts that differ by colour (a trained kit's) are written by each dot and need wider columns; a box of
    # many moves (heaps 1..5 have up to 12) needs a column as wide as its row of dots.
    column_w = COLUMN_W if all(uniform_count(b) is not None for b in spec.catalogue.boxes) else WIDE_COLUMN_W
    column_w = max(column_w, *(_entry_width(spec, box) + 2 for box in spec.catalogue.boxes))
    columns = int((width - 2 * MARGIN) // column_w)
    rows = int((height - 2 * MARGIN - 25) // ROW)
    per_page = columns * rows
    boxes = spec.catalogue.boxes
    list_pages = -(-len(boxes) // per_page)
    colour_pages = _by_colour_pages(spec)
    pages = 1 + len(colour_pages) + list_pages

    def draw(canvas: Canvas) -> int:
        with text_page(canvas, spec, TITLE, page=1, pages=pages) as top:
            _shopping(canvas, spec, bill, top)
        for index, entries in enumerate(colour_pages):
            with text_page(canvas, spec, TITLE, page=index + 2, pages=pages) as top:
                _by_colour(canvas, spec, entries, top)
        for index in range(list_pages):
            with text_page(canvas, spec, TITLE, page=len(colour_pages) + index + 2, pages=pages) as top:
                chunk = boxes[index * per_page : (index + 1) * per_page]
                canvas.setFont(BOLD, 4.4)
                canvas.drawString(MARGIN, top - 5, _("What goes in each box"))
                canvas.setFont(REGULAR, 3.2)
                note = _("\u00d7 3 means 3 beads of every colour shown. Tick the box when it is filled.")
                canvas.drawString(MARGIN, top - 10, note)
                for i, box in enumerate(chunk):
                    column, row = divmod(i, rows)
                    _entry(canvas, spec, box, MARGIN + column * column_w, top - 17 - row * ROW)
        return pages

    return write_pdf(path, spec, TITLE, draw)


def _shopping(canvas: Canvas, spec: KitSpec, bill: Bill, top: float) -> None:
    width = spec.page_mm[0] - 2 * MARGIN
    y = top - 5
    canvas.setFont(BOLD, 4.8)
    beads = bill.total_start + bill.total_reserve
    bought = n_("{count} bead", "{count} beads", beads).format(count=number(beads))
    canvas.drawString(
        MARGIN,
        y,
        _("Shopping list: {boxes} and {beads}").format(boxes=matchboxes(bill.matchboxes), beads=bought),
    )
    y -= 11
    columns = (
        (_("colour"), MARGIN + 8),
        (_("to fill the boxes"), MARGIN + 78),
        (_("reserve"), MARGIN + 112),
        (_("buy"), MARGIN + 140),
    )
    canvas.setFont(BOLD, 3.6)
    for index, (name, x) in enumerate(columns):
        (canvas.drawString if index == 0 else canvas.drawRightString)(x, y, name)
    y -= 3
    canvas.setStrokeColor(hex_colour(INK))
    canvas.setLineWidth(0.2)
    canvas.line(MARGIN, y, MARGIN + 142, y)
    for code in bill.start:
        y -= 7
        colour = spec.palette.for_move(code)
        draw_dot(canvas, MARGIN + 3, y + 1.3, 2.5, colour)
        canvas.setFillColor(hex_colour(INK))
        canvas.setFont(REGULAR, 3.8)
        canvas.drawString(MARGIN + 8, y, _colour_words(spec, code))
        canvas.drawRightString(MARGIN + 78, y, number(bill.start[code]))
        canvas.drawRightString(MARGIN + 112, y, number(bill.reserve[code]))
        canvas.setFont(BOLD, 3.8)
        canvas.drawRightString(MARGIN + 140, y, number(bill.buy(code)))
    y -= 3
    canvas.line(MARGIN, y, MARGIN + 142, y)
    y -= 6
    canvas.setFont(BOLD, 3.8)
    canvas.drawString(MARGIN + 8, y, _("all colours"))
    for value, x in ((bill.total_start, 78), (bill.total_reserve, 112), (beads, 140)):
        canvas.drawRightString(MARGIN + x, y, number(value))
    y -= 12
    summary = spec.game.rules_summary()
    notes = (
        []
        if summary is None
        else [_("The game MENACE learns ({game}): {rules}").format(game=spec.game.title, rules=summary)]
    )
    notes += [_filling(spec, bill), _reserve(spec, bill)]
    warning = outgrow_warning(bill.outgrowing)
    if warning is not None:
        notes.append(_("Bigger boxes: {warning}.").format(warning=warning))
    # A pupil who tells two colours apart poorly reads the letter on the bead, as on the label's dot.
    notes.append(
        _(
            "Letter beads: alphabet beads that show each colour's letter (the letter in its dot) can "
            "stand in for the coloured beads, so a pupil who tells two colours apart poorly reads the "
            "letter on the bead instead."
        )
    )
    notes.append(
        _(
            "Matchboxes: {count}, one per label. Buy a few more, and a tray or cup to keep each "
            "game's drawn beads beside their boxes."
        ).format(count=number(bill.matchboxes))
    )
    for note in notes:
        y = paragraph(canvas, note, MARGIN, y, width, size=3.5) - 3


def matchboxes(count: int) -> str:
    """'1 matchbox', '2201 matchboxes'."""
    return n_("{count} matchbox", "{count} matchboxes", count).format(count=number(count))


def _filling(spec: KitSpec, bill: Bill) -> str:
    """How the boxes are filled: the rules' starting beads, or a trained kit's counts; and why the colours'
    counts differ, where they differ by more than a tenth."""
    rules = spec.catalogue.rules
    if not _starting(spec):
        return _(
            "To fill the boxes: every box gets the beads listed for it on the next pages and written by "
            "each dot on its label: the counts of a MENACE that has already played ({rules} "
            "rules)."
        ).format(rules=data_text(rules.title))
    start = ", ".join(str(n) for n in rules.initial_beads)
    text = (
        _(
            "To fill the boxes: every box gets its starting beads ({start} of each colour on its label, by "
            "MENACE's move number; {rules} rules). {uneven}"
        )
        if len(rules.initial_beads) > 1
        else _(
            "To fill the boxes: every box gets its starting beads ({start} of each colour on its label; "
            "{rules} rules). {uneven}"
        )
    )
    uneven = _(PER_BOX_UNEVEN) if spec.palette.per_box else spec.words.uneven
    if max(bill.start.values()) - min(bill.start.values()) <= max(bill.start.values()) / 10:
        uneven = _("Every colour needs about as many beads as the others.")  # a raw board's 1,456-1,496
    return text.format(start=start, rules=data_text(rules.title), uneven=uneven).strip()


PER_BOX_UNEVEN = (
    "The colours are uneven because every box uses them in the same order and boxes have "
    "different numbers of moves: every box holds the first colour, only the fullest the last."
)


def _reserve(spec: KitSpec, bill: Bill) -> str:
    """Why the reserve holds as many beads as it does."""
    rules = spec.catalogue.rules
    if not (max(rules.win, rules.draw) > 0 or rules.empty_box == "refill"):
        return _(
            "Reserve: none is needed, since under these rules no game adds beads: a box never holds "
            "more than it starts with."
        )
    adds = (
        _("a win adds {win} and a draw {draw}") if has_draws(spec.catalogue.game) else _("a win adds {win}")
    ).format(win=max(rules.win, 0), draw=max(rules.draw, 0))
    return n_(
        "Reserve: enough for {games} game against a random player, in 19 of 20 simulated runs ({runs} "
        "MENACEs with these boxes and rules; {adds}). Defeats take beads out and refill the reserve.",
        "Reserve: enough for {games} games against a random player, in 19 of 20 simulated runs ({runs} "
        "MENACEs with these boxes and rules; {adds}). Defeats take beads out and refill the reserve.",
        bill.games,
    ).format(games=number(bill.games), runs=number(bill.runs), adds=adds)


COLOUR_TEXT = 3.4  # mm: the by-colour page's text


def colour_sentence(spec: KitSpec, code: int, runs: list[tuple[int, list[tuple[int, int]]]]) -> str:
    """ "4 in box 1; 3 in boxes 2-13 and 15": where a colour's starting beads go, box by box."""

    def boxes(count: int, spans: list[tuple[int, int]]) -> str:
        words = [str(a) if a == b else f"{a}-{b}" for a, b in spans]
        listed = (
            words[0]
            if len(words) == 1
            else _("{some} and {last}").format(some=", ".join(words[:-1]), last=words[-1])
        )
        if len(spans) == 1 and spans[0][0] == spans[0][1]:
            return _("{count} in box {boxes}").format(count=count, boxes=listed)
        return _("{count} in boxes {boxes}").format(count=count, boxes=listed)

    return "; ".join(boxes(count, spans) for count, spans in runs)


def _by_colour_pages(spec: KitSpec) -> list[list[tuple[int, str]]]:
    """The colours and their sentences, page by page: filling one colour at a time."""
    register_fonts()  # to measure the sentences before the PDF is opened
    width, height = spec.page_mm
    room = height - 2 * MARGIN - 30
    pages: list[list[tuple[int, str]]] = [[]]
    used = 0.0
    for code, runs in colour_runs(spec.catalogue, spec.palette).items():
        sentence = colour_sentence(spec, code, runs)
        needed = 9 + len(wrapped(sentence, width - 2 * MARGIN - 8, size=COLOUR_TEXT)) * COLOUR_TEXT * 1.3
        if used + needed > room and pages[-1]:
            pages.append([])
            used = 0.0
        pages[-1].append((code, sentence))
        used += needed
    return pages


def _by_colour(canvas: Canvas, spec: KitSpec, entries: list[tuple[int, str]], top: float) -> None:
    width = spec.page_mm[0] - 2 * MARGIN
    canvas.setFillColor(hex_colour(INK))
    canvas.setFont(BOLD, 4.4)
    canvas.drawString(MARGIN, top - 5, _("Filling by colour: one bag of beads at a time"))
    y = top - 13
    for code, sentence in entries:
        colour = spec.palette.for_move(code)
        draw_dot(canvas, MARGIN + 2.5, y + 1.2, 2.5, colour)
        canvas.setFillColor(hex_colour(INK))
        canvas.setFont(BOLD, 3.8)
        canvas.drawString(MARGIN + 8, y, _colour_words(spec, code))
        y = paragraph(canvas, sentence, MARGIN + 8, y - 5.5, width - 8, size=COLOUR_TEXT) - 3.5


def _starting(spec: KitSpec) -> bool:
    """Whether every box holds the rules' starting beads (not a trained kit's counts)."""
    rules = spec.catalogue.rules
    return all(set(b.beads) == {rules.initial_count(b.move_number)} for b in spec.catalogue.boxes)


def _colour_words(spec: KitSpec, key: int) -> str:
    """A colour of the bill with its move ("red (top left)"); a colour per box is a move only on each
    box's label, so it is named alone."""
    colour = spec.palette.for_move(key)
    return colour.spoken if spec.palette.per_box else f"{colour.spoken} ({_move_words(spec, key)})"


def _move_words(spec: KitSpec, code: int) -> str:
    """A colour's move in a few words: its square on a board ("top left"), else its label ("take 2",
    "a3xb2")."""
    game = spec.game
    mark = game.move_mark(game.move_from_code(code))
    board = game.picture(game.initial().position).board
    if mark.cell is not None and mark.origin is None and board is not None:
        return cell_name(board, mark.cell)
    return mark.label


def _number_room(spec: KitSpec) -> float:
    """How much wider (mm) than three digits the kit's longest box number is: a raw board's 2,201 boxes
    need four, and the number ran into its tick box."""
    register_fonts()
    longest = str(len(spec.catalogue.boxes))
    return max(0.0, text_width(longest, BOLD, 3.6) - text_width("999", BOLD, 3.6))


def _entry_width(spec: KitSpec, box: Box) -> float:
    """How wide (mm) ``_entry`` draws ``box``: its tick box and number, its dots, and the counts."""
    return _number_room(spec) + _entry_width_3(box)


def _entry_width_3(box: Box) -> float:
    """_entry_width for box numbers of up to three digits."""
    register_fonts()
    count = uniform_count(box)
    dots = DOT_STEP * len(box.moves)
    if count is None:
        dots += sum(text_width(str(beads), REGULAR, 2.6) + 0.6 for beads in box.beads)
        return 16.5 + dots
    return 16.5 + dots - 1 + text_width(f"\u00d7 {count}", REGULAR, 3.4)


def _entry(canvas: Canvas, spec: KitSpec, box: Box, x: float, y: float) -> None:
    canvas.setStrokeColor(hex_colour(INK))
    canvas.setLineWidth(0.2)
    canvas.rect(x, y - 0.4, 3, 3, stroke=1, fill=0)
    canvas.setFillColor(hex_colour(INK))
    canvas.setFont(BOLD, 3.6)
    room = _number_room(spec)
    canvas.drawRightString(x + 13 + room, y, str(box.id))
    count = uniform_count(box)
    dot_x = x + 16.5 + room
    for move, beads in zip(box.moves, box.beads, strict=True):
        draw_dot(canvas, dot_x, y + 1.1, 1.8, spec.colour(box, move))
        if count is None:
            canvas.setFillColor(hex_colour(INK))
            canvas.setFont(REGULAR, 2.6)
            canvas.drawString(dot_x + 2, y - 0.8, str(beads))
            dot_x += canvas.stringWidth(str(beads), REGULAR, 2.6) + 0.6  # the count, then the next dot
        dot_x += DOT_STEP
    if count is not None:
        canvas.setFillColor(hex_colour(INK))
        canvas.setFont(REGULAR, 3.4)
        canvas.drawString(dot_x - 1, y, f"\u00d7 {count}")
