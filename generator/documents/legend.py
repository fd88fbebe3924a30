"""legend.pdf: the colour map, how to read a label in any orientation, and the rules card."""
from __future__ import annotations

from pathlib import Path

from generator.documents.common import MARGIN, KitSpec, has_draws, text_page, write_pdf
from generator.documents.labels import draw_label, label_plan
from generator.drawing import draw_board, draw_dot, hex_colour, paragraph
from generator.fonts import BOLD, REGULAR
from generator.layout import Rect
from generator.rules_text import rules_card

TITLE = "Bead legend and rules"
SQUARE_NAMES = (
    "top left corner", "top edge", "top right corner",
    "left edge", "centre", "right edge",
    "bottom left corner", "bottom edge", "bottom right corner",
)  # fmt: skip
EXAMPLE_SCALE = 1.5  # the sample label is drawn half as big again as printed


def write(path: Path, spec: KitSpec) -> int:
    def draw(canvas) -> int:
        with text_page(canvas, spec, TITLE, page=1, pages=2) as top:
            y = _colour_map(canvas, spec, top)
            _reading(canvas, spec, y - 6)
        with text_page(canvas, spec, TITLE, page=2, pages=2) as top:
            _rules(canvas, spec, top)
        return 2

    return write_pdf(path, spec, TITLE, draw)


def _heading(canvas, text: str, y: float) -> float:
    canvas.setFillColor(hex_colour("#000000"))
    canvas.setFont(BOLD, 4.8)
    canvas.drawString(MARGIN, y - 4.8, text)
    return y - 9


def _colour_map(canvas, spec: KitSpec, top: float) -> float:
    width = spec.page_mm[0] - 2 * MARGIN
    y = _heading(canvas, "The bead colours", top)
    palette = spec.palette
    if spec.is_nim:
        for colour in palette.colours:
            draw_dot(canvas, MARGIN + 7, y - 6, 6, colour)
            canvas.setFillColor(hex_colour("#000000"))
            canvas.setFont(BOLD, 5)
            canvas.drawString(MARGIN + 17, y - 7.8, f"{colour.name} ({colour.code}): take {colour.move}")
            y -= 15
        return paragraph(canvas, palette.description, MARGIN, y - 2, width, size=3.4)
    cell = 26.0
    grid = Rect(MARGIN, y - 3 * cell, 3 * cell, 3 * cell)
    draw_board(canvas, grid, "." * 9, {c.move: c for c in palette.colours}, dot_radius=cell * 0.3)
    x = grid.right + 8
    line_y = y - 5
    canvas.setFont(BOLD, 3.6)
    for text, dx in (("letter", 0), ("colour", 13), ("square of the picture", 32)):
        canvas.drawString(x + dx, line_y, text)
    for colour in palette.colours:
        line_y -= 6.6
        draw_dot(canvas, x + 2.2, line_y + 1.2, 2.3, colour)
        canvas.setFillColor(hex_colour("#000000"))
        canvas.setFont(BOLD, 3.6)
        canvas.drawString(x + 13, line_y, colour.name)
        canvas.setFont(REGULAR, 3.6)
        canvas.drawString(x + 32, line_y, SQUARE_NAMES[colour.move])
    text_y = min(grid.y, line_y) - 7
    text = (
        f"Palette \u201c{palette.title}\u201d. {palette.description} A colour always stands for the same square "
        "of the picture on the box, whatever the position."
    )
    return paragraph(canvas, text, MARGIN, text_y, width, size=3.4)


def _reading(canvas, spec: KitSpec, top: float) -> None:
    width = spec.page_mm[0] - 2 * MARGIN
    y = _heading(canvas, "How to read a label", top)
    plan = label_plan(spec)
    box = _example_box(spec)
    scale = min(EXAMPLE_SCALE, 80 / plan.width)
    canvas.saveState()  # the page is already in mm (text_page): only move and enlarge
    canvas.translate(MARGIN, y - plan.height * scale)
    canvas.scale(scale, scale)
    canvas.setStrokeColor(hex_colour("#9e9e9e"))
    canvas.setLineWidth(0.2)
    canvas.rect(0, 0, plan.width, plan.height, stroke=1, fill=0)
    draw_label(canvas, plan, box, spec)
    canvas.restoreState()
    x = MARGIN + plan.width * scale + 8
    count = box.beads[0]
    band = ("The band: MENACE's move number (its colour sorts the boxes by level); the triangle and TOP mark "
            "the top edge.")
    if box.move_number is None:
        band = "The band: the game (one level, so one colour); the triangle and TOP mark the top edge."
    if spec.is_nim:
        picture = (f"The counters: {box.position} tokens are left in the pile. The dots are the takes this "
                   "box allows, each with its colour's letter.")
    else:
        picture = ("The picture: the position on the board when MENACE must move. A dot sits on every square "
                   "that gets beads, in that square's colour, with the colour's letter inside.")
    notes = [
        band,
        f"The big number: the box number ({box.id} here). finder.pdf shows every box by its picture.",
        picture,
        f"\u201c{count} {'beads ' * (not spec.is_nim)}each\u201d: put in {count} bead{'s' * (count != 1)} of every dot's colour to start.",
    ]
    if plan.code is not None:
        notes.append(f"kit {spec.code}: the kit code; the tracker checks it matches.")
    text_y = y - 1
    for note in notes:
        text_y = paragraph(canvas, "\u2022 " + note, x, text_y, width - (x - MARGIN), size=3.2) - 1.2
    y = min(text_y, y - plan.height * scale) - 6
    if spec.is_nim:
        text = ("Count the tokens left in the pile and take the box with that number. Draw a bead: its colour says "
                "how many tokens MENACE takes. Boxes have no orientation, so the top mark only keeps the labels "
                "tidy.")
        paragraph(canvas, text, MARGIN, y, width, size=3.6)
        return
    _turned_example(canvas, spec, box, y, width)


def _example_box(spec: KitSpec):
    """A box whose picture changes when turned, so the turning example shows something."""
    boxes = spec.catalogue.boxes
    if spec.is_nim:
        return boxes[-1]
    for box in boxes:
        turned = spec.catalogue.game.symmetries[1].position(box.position) != box.position
        if turned and len(box.moves) >= 3 and box.position.count(".") <= 7:
            return box
    return boxes[-1]


def _turned_example(canvas, spec: KitSpec, box, y: float, width: float) -> None:
    text = (
        "The picture on a box may be turned or flipped compared with the game on the table. Turn the box "
        "until its X's and O's lie like the real ones: every dot then sits on the real square it stands for. "
        "Draw a bead and play the square where that colour's dot is. (menace find BOARD names the box and the "
        "turn.) Example: the same box when the real game is turned a quarter turn clockwise."
    )
    y = paragraph(canvas, text, MARGIN, y, width, size=3.4) - 4
    turn = spec.catalogue.game.symmetries[1]
    real = turn.position(box.position)
    size = 30.0
    dots = spec.dots(box)
    left = Rect(MARGIN + 10, y - size - 6, size, size)
    right = Rect(left.right + 45, left.y, size, size)
    draw_board(canvas, left, box.position, dots, dot_radius=size / 3 * 0.3)
    draw_board(canvas, right, real, {turn.move(m): c for m, c in dots.items()}, dot_radius=size / 3 * 0.3)
    canvas.setFont(BOLD, 3.4)
    canvas.setFillColor(hex_colour("#000000"))
    canvas.drawCentredString(left.x + size / 2, left.top + 2, f"picture on box {box.id}")
    canvas.drawCentredString(right.x + size / 2, right.top + 2, "the real game")
    _arrow(canvas, left.right + 8, right.x - 8, left.y + size / 2)
    canvas.setFont(REGULAR, 3)
    canvas.drawCentredString((left.right + right.x) / 2, left.y + size / 2 - 7, "a quarter turn clockwise")


def _rules(canvas, spec: KitSpec, top: float) -> None:
    rules = spec.catalogue.rules
    width = spec.page_mm[0] - 2 * MARGIN
    y = _heading(canvas, f"Rules card: {rules.title}", top)
    levels = None if spec.is_nim else max(b.move_number or 1 for b in spec.catalogue.boxes)
    if spec.is_nim:
        find_words = "Take the box whose number is the number of tokens left."
        move_words = "Its colour says how many tokens MENACE takes."
    else:
        find_words = "Find the box whose picture matches the game (turned or flipped if need be)."
        move_words = "MENACE plays the square where that colour's dot is on the picture."
    card = rules_card(rules, find_words=find_words, move_words=move_words, has_draws=has_draws(spec.catalogue.game), levels=levels)
    y -= 4
    for heading, sentence in card:
        canvas.setFont(BOLD, 5.2)
        canvas.setFillColor(hex_colour("#000000"))
        canvas.drawString(MARGIN, y, heading)
        y = paragraph(canvas, sentence, MARGIN, y - 7, width, size=4.6, leading=1.35) - 5
    y -= 3
    paragraph(canvas, f"Where these rules come from: {rules.description}", MARGIN, y, width, size=3.2,
              colour="#444444")


def _arrow(canvas, x0: float, x1: float, y: float) -> None:
    canvas.setStrokeColor(hex_colour("#000000"))
    canvas.setFillColor(hex_colour("#000000"))
    canvas.setLineWidth(0.6)
    canvas.line(x0, y, x1 - 3, y)
    path = canvas.beginPath()
    path.moveTo(x1, y)
    path.lineTo(x1 - 3.5, y + 1.8)
    path.lineTo(x1 - 3.5, y - 1.8)
    path.close()
    canvas.drawPath(path, stroke=0, fill=1)
