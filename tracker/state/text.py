"""Plain-text pictures for the terminal, drawn from the game's pictures (kit.picture), whatever the game.

A Grid is drawn cell by cell, a Heaps picture as rows of tokens. Cells are labelled with the moves that
play into them, as the game writes them, so nothing here knows a board's shape or a game's notation.
Each kind of picture has its terminal drawing in POSITION_LINES and, if it has no cells (no ``board``),
its words for a box's heading in PICTURE_WORDS (kit.picture says how to add a kind).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from functools import cache
from typing import TYPE_CHECKING, Any

from kit.game import Game
from kit.i18n import _, n_
from kit.picture import ByKind, Grid, Heaps, Picture

if TYPE_CHECKING:  # named only in annotations: a simulation's summary (menace_side) needs no kit's record
    from kit.matchbox import Box, Placement
    from tracker.state.kit_record import KitRecord

EMPTY_CELL = "."
LEGAL_CELL = "*"  # an empty cell where the player to move may play (Othello, ultimate tic-tac-toe)
Cell = Callable[[int, str], str]  # (cell index, what the cell shows) -> what to show instead


def thousands(count: int) -> str:
    """'10,000' in English, '10.000' in German: a count as people write it."""
    # The translation ends with the language's mark between groups of three digits.
    return f"{count:,}".replace(",", _("thousands separator: ,")[-1])


def menace_side(menace_plays: str) -> str:
    """'MENACE plays first' or 'MENACE plays second'."""
    return _("MENACE plays first") if menace_plays == "first" else _("MENACE plays second")


def side_by_side(blocks: list[list[str]], *, width: int, gap: int = 3) -> list[str]:
    """Blocks of lines laid out left to right, each padded to ``width``."""
    height = max(len(block) for block in blocks)
    lines = []
    for row in range(height):
        parts = [(block[row] if row < len(block) else "").ljust(width) for block in blocks]
        lines.append((" " * gap).join(parts).rstrip())
    return lines


# --- grids ----------------------------------------------------------------------------------------
def grid_lines(grid: Grid, *, cell: Cell | None = None) -> list[str]:
    """One line per row, cells apart by a space; ``cell(index, shown)`` may replace what a cell shows."""
    shown = [mark or EMPTY_CELL for mark in grid.marks]
    if cell is not None:
        shown = [cell(index, mark) for index, mark in enumerate(shown)]
    return [" ".join(shown[row * grid.columns : (row + 1) * grid.columns]) for row in range(grid.rows)]


@cache
def cell_moves(game: Game[Any, Any]) -> dict[int, Any]:
    """The move that plays into each cell of the game's grid, from the moves of its opening position."""
    marks = {move: game.move_mark(move).cell for move in game.legal_moves(game.initial())}
    return {cell: move for move, cell in marks.items() if cell is not None}


def counts_on_cells(game: Game[Any, Any], box: Box, counts: Mapping[Any, int]) -> Cell:
    """A cell function that shows each bead colour's count on the cell its move plays into."""
    on_cell = {game.move_mark(move).cell: counts.get(move, 0) for move in box.moves}
    return lambda index, mark: str(on_cell[index]) if index in on_cell else mark


def board_lines(game: Game[Any, Any], grid: Grid, notation: str, legal: Collection[int] = ()) -> list[str]:
    """The real board for the play prompt, indented, its empty cells showing how to type them.

    A notation that writes a cell as its row and column (golf: "LM"), or a grid that names its rows and
    columns (Hexapawn's ranks and files, Othello's), labels the board's edges instead, and marks the
    ``legal`` cells (where a legal move plays) with LEGAL_CELL. A grid that names only its columns
    (four-in-a-row) numbers them under the board."""
    if grid.column_names and not grid.row_names:
        return [f"  {line}" for line in grid_lines(grid)] + ["  " + " ".join(grid.column_names)]
    texts = {index: game.move_text(move, notation) for index, move in cell_moves(game).items()}
    edges = (list(grid.row_names), list(grid.column_names)) if grid.row_names else _coordinates(texts, grid)
    if edges is None:
        lines = grid_lines(
            grid, cell=lambda index, mark: texts.get(index, mark) if mark == EMPTY_CELL else mark
        )
        return [f"  {line}" for line in lines]
    rows, columns = edges
    lines = grid_lines(grid, cell=lambda index, mark: LEGAL_CELL if index in legal else mark)
    if grid.block:  # ultimate tic-tac-toe: its local boards drawn apart
        drawn = _blocks(grid.block, rows, columns, lines)
    else:
        drawn = ["    " + " ".join(columns), *(f"  {rows[r]} {line}" for r, line in enumerate(lines))]
    return drawn + ([f"  {grid.caption}"] if grid.caption else [])


def _blocks(size: int, rows: Sequence[str], columns: Sequence[str], lines: Sequence[str]) -> list[str]:
    """A board drawn as blocks of ``size`` x ``size`` cells, apart by '|' and lines of '-'."""

    def split(cells: Sequence[str]) -> str:
        return " | ".join(" ".join(cells[i : i + size]) for i in range(0, len(cells), size))

    drawn = ["    " + split(columns)]
    rule = "    " + "-+-".join(["-" * (2 * size - 1)] * (len(columns) // size))
    for r, line in enumerate(lines):
        if r and r % size == 0:
            drawn.append(rule)
        drawn.append(f"  {rows[r]} " + split(line.split(" ")))
    return drawn


def _coordinates(texts: Mapping[int, str], grid: Grid) -> tuple[list[str], list[str]] | None:
    """Row and column names when every cell's move is written row name then column name, else None."""
    size = grid.rows * grid.columns
    if sorted(texts) != list(range(size)) or any(len(text) != 2 for text in texts.values()):
        return None
    rows = [texts[r * grid.columns][0] for r in range(grid.rows)]
    columns = [texts[c][1] for c in range(grid.columns)]
    if any(
        texts[r * grid.columns + c] != rows[r] + columns[c]
        for r in range(grid.rows)
        for c in range(grid.columns)
    ):
        return None
    return rows, columns


# --- heaps ----------------------------------------------------------------------------------------
def heaps_words(heaps: Heaps) -> str:
    """'9 tokens', '1 token' (several heaps: '1, 2, 3 tokens'), as box headings name a Heaps position."""
    if len(heaps.tokens) == 1:
        return n_("{count} token", "{count} tokens", heaps.tokens[0]).format(count=heaps.tokens[0])
    return _("{heaps} tokens").format(heaps=", ".join(str(tokens) for tokens in heaps.tokens))


def heaps_lines(heaps: Heaps) -> list[str]:
    """A row of tokens per heap: '  5 tokens left  | | | | |'."""
    return [
        n_("  {count} token left  ", "  {count} tokens left  ", tokens).format(count=tokens)
        + " ".join("|" * tokens)
        for tokens in heaps.tokens
    ]


# --- positions and boxes --------------------------------------------------------------------------
def position_lines(
    game: Game[Any, Any], position: Any, notation: str, legal: Collection[int] = ()
) -> list[str]:
    """The real position as the play prompt shows it after every move; a board named by its rows and
    columns marks the ``legal`` cells."""
    picture = game.picture(position)
    return POSITION_LINES.of(picture)(game, picture, notation, legal)


def picture_words(picture: Picture) -> str:
    """A picture without cells in a few words ('9 tokens'), as box headings name its position."""
    return PICTURE_WORDS.of(picture)(picture)


def shows_cells(picture: Picture) -> bool:
    """Whether moves have cells on the picture (a board), so labels carry bead letters on them."""
    return picture.board is not None


# (game, picture, notation, legal cells) -> the lines position_lines shows
POSITION_LINES: ByKind[Callable[[Game[Any, Any], Any, str, Collection[int]], list[str]]] = ByKind(
    "terminal drawing"
)
POSITION_LINES.register(Grid, board_lines)
POSITION_LINES.register(Heaps, lambda game, heaps, notation, legal: heaps_lines(heaps))
PICTURE_WORDS: ByKind[Callable[[Any], str]] = ByKind("terminal words")
PICTURE_WORDS.register(Heaps, heaps_words)


def label_beside_board(game: Game[Any, Any], placement: Placement, kit: KitRecord) -> list[str]:
    """The box's label (bead colours as lower-case letters on their cells) beside the real board; a letter
    never hides a piece: a move onto an occupied cell (a Hexapawn capture) is named under the picture."""
    box = placement.box
    label_grid, real_grid = game.picture(box.position).board, game.picture(placement.position).board
    assert label_grid is not None and real_grid is not None, "only a board has cells to draw"
    letters: dict[int | None, str] = {}
    # A move whose cell holds a piece, or that another move already marks (two captures onto one square).
    beside = []
    for move in box.moves:
        mark, letter = game.move_mark(move), kit.colour_of(box, move).code.lower()
        occupied = mark.cell is not None and bool(label_grid.marks[mark.cell])
        if mark.cell in letters or occupied:
            beside.append(f"{letter} = {mark.label}")
        else:
            letters[mark.cell] = letter
    label = grid_lines(label_grid, cell=lambda index, mark: letters.get(index, mark))
    label += [_("and {move}").format(move=text) for text in beside]
    lines = side_by_side([[_("label"), *label], [_("real board"), *grid_lines(real_grid)]], width=12)
    return [f"  {line}" for line in lines]


def beads_text(kit: KitRecord, box: Box, counts: Mapping[Any, int], *, letters: bool = True) -> str:
    """'r=red 4, y=yellow 4': the box's colours and counts (without ``letters``: 'red 4, yellow 4')."""
    parts = []
    for move in box.moves:
        colour = kit.colour_of(box, move)
        parts.append(f"{colour.code.lower() + '=' if letters else ''}{colour.spoken} {counts.get(move, 0)}")
    return ", ".join(parts)


def move_name(game: Game[Any, Any], move: Any, notation: str) -> str:
    """The move's phrase without its verb: 'square 3 (top right)', 'LR (top right)', '2'."""
    return game.move_phrase(move, notation).split(" ", 1)[1]
