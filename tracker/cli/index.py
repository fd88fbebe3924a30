"""Every `menace` command's name, the module that defines it and its short help, without importing it.

`menace --help` lists the commands from here, and `menace NAME` imports only NAME's module: importing
every command module (and what each imports) cost more than most commands do. The short help is what
click makes of the command's own help given all the room it wants (its first sentence);
tests/test_startup_cli.py checks that this table and the commands agree, so it cannot drift.
"""

from __future__ import annotations

from typing import NamedTuple


class Entry(NamedTuple):
    module: str  # in tracker.cli
    short_help: str


COMMANDS = {
    "box": Entry("kits", (
        "Show box ID's beads now: counts on the squares of its picture, and the chance of each colour."
    )),
    "boxes": Entry("catalogue", (
        "List every matchbox: its number, position and starting beads (with --kit: the beads now)."
    )),
    "census": Entry("kits", (
        "Set box ID's counts after recounting the physical box (recorded as an event; colours not named "
        "keep their count)."
    )),
    "discard": Entry("games", (
        "Drop the game in progress; the beads it drew go back into their boxes."
    )),
    "export": Entry("log", (
        "Write the event log (every kit, or one with --kit) as JSON lines or CSV, for backup or another "
        "store."
    )),
    "find": Entry("catalogue", (
        "Find the matchbox for a real BOARD and how its label turns onto it."
    )),
    "games": Entry("games", (
        "List the kit's games: number, result, opponent and moves (discarded ones too)."
    )),
    "generate": Entry("generate", (
        "Write a printable kit: box labels, calibration page, bead legend with the rules card, box "
        "finder, fill sheet with shopping list, score sheet, game record sheet, and drawer fronts with a "
        "rack map, plus a kit.json manifest."
    )),
    "golf": Entry("golf", (
        "Play as the code-golf MENACE does: read the number of games, then the opponent's moves one per "
        "line (two letters, row then column: L/M/R, e.g."
    )),
    "graph": Entry("catalogue", (
        "Write the game tree as GraphML, reduced by symmetry, with the matchbox numbers on its nodes."
    )),
    "import": Entry("log", (
        "Merge another store's export into this store (importing the same file twice changes nothing), or"
        " with --from pk replay another tracker's log into a new kit."
    )),
    "kits": Entry("kits", (
        "List the store's kits with their game, side, rules, palette, the kit code their labels print and"
        " games played."
    )),
    "lesson": Entry("lesson", (
        "Write a class pack for one lesson: a lesson plan by the minute, a materials list with the beads per"
        " colour for each group and in total, role cards, a tally and plot worksheet, the rules sheet, "
        "certificates, and the kit to build, plus a lesson.json manifest."
    )),
    "match": Entry("match", (
        "Play GAMES games between two players and count the first player's wins, draws and the second's "
        "wins."
    )),
    "new": Entry("kits", (
        "Create a kit called NAME (one per class or physical MENACE) with the preset's starting beads."
    )),
    "play": Entry("play", (
        "Play games against MENACE and record every move."
    )),
    "rebuild": Entry("rebuild", (
        "Recompute the bead counts and the games table from the event log (every kit, or one with --kit)."
    )),
    "record": Entry("record", (
        "Record whole games from FILE (or - for standard input): one game per line, every move in order "
        "as a square (1-9 or golf letters, e.g."
    )),
    "report": Entry("report", (
        "Draw the kit's running score (Michie's curve), results per 10 games and the first box's beads as"
        " a PDF."
    )),
    "serve": Entry("serve", (
        "Show a kit live in a web browser, and let pupils play its digital MENACE there."
    )),
    "simulate": Entry("simulate", (
        "Simulate a population of MENACEs, each playing GAMES games against its own opponent."
    )),
    "stats": Entry("games", (
        "Games played, won, drawn and lost, the running score (+3 win, +1 draw, -1 loss), streaks, the "
        "first box."
    )),
    "study": Entry("study", (
        "Experiments over many matches, as tables (and PDF charts): MCTS's thinking time, learners side "
        "by side, and Q-learning's transfer between Nim games."
    )),
    "tournament": Entry("simulate", (
        "Reproduce the Nim notebook's tournament: make six players, then a round robin."
    )),
    "train": Entry("train", (
        "Train a fresh MENACE for GAMES games and keep it as the kit NAME, its beads as training left "
        "them."
    )),
    "undo": Entry("games", (
        "Take back the last move of the game in progress (a drawn bead goes back into its box)."
    )),
    "verify": Entry("log", (
        "Replay the event log from scratch and check it against the bead counts, the hash chain and "
        "SQLite's integrity check; exit code 0 only if all agree."
    )),
}
