"""Every `menace` command's name, the module that defines it and its short help, without importing it.

`menace --help` lists the commands from here, and `menace NAME` imports only NAME's module: importing
every command module (and what each imports) cost more than most commands do. The short help is what
click makes of the command's own help given all the room it wants (its first sentence);
tests/test_startup_cli.py checks that this table and the commands agree, so it cannot drift. SECTIONS
groups the commands by a teacher's jobs, in the order `menace --help` shows them; each command is in one.
"""

from __future__ import annotations

from typing import NamedTuple


class Entry(NamedTuple):
    module: str  # in tracker.cli
    short_help: str


COMMANDS = {
    "box": Entry("kits", ("Show the beads in one box now, and each colour's chance.")),
    "boxes": Entry("catalogue", ("List every matchbox: its number, position and beads.")),
    "census": Entry("kits", ("Correct a box's beads after counting the real box.")),
    "discard": Entry("games", ("Drop the game in progress and put its beads back.")),
    "export": Entry("log", ("Save the store's games and beads to a file, for a backup.")),
    "find": Entry("catalogue", ("Find a board's matchbox, and how its label turns onto it.")),
    "games": Entry("games", ("List the kit's games: result, opponent and moves.")),
    "generate": Entry("generate", ("Print a kit: the matchbox labels and every sheet, as PDFs.")),
    "golf": Entry("golf", ("Play as the code-golf MENACE does, from standard input.")),
    "graph": Entry("catalogue", ("Write the game tree for network tools (GraphML).")),
    "import": Entry("log", ("Bring another store's games and kits into this one.")),
    "kits": Entry("kits", ("List the store's kits and how each is set up.")),
    "lesson": Entry("lesson", ("Print a class pack for one lesson, with the kit to build.")),
    "match": Entry("match", ("Play two players against each other and count who wins.")),
    "new": Entry("kits", ("Create a kit in the store, one per class or physical MENACE.")),
    "play": Entry("play", ("Play games against MENACE and record every move.")),
    "rebuild": Entry("rebuild", ("Work out the bead counts again from the saved history.")),
    "record": Entry("record", ("Record whole games played on paper, one line a game.")),
    "report": Entry("report", ("Print the kit's learning curve and results as a PDF.")),
    "serve": Entry("serve", ("Show a kit live on the big screen; pupils can play it there.")),
    "simulate": Entry("simulate", ("Simulate many MENACEs to see what to expect before class.")),
    "stats": Entry("games", ("Show the kit's games won, drawn and lost, and its score.")),
    "study": Entry("study", ("Experiments with the learners, as tables and charts.")),
    "tournament": Entry("simulate", ("Reproduce the Nim notebook's tournament of six players.")),
    "train": Entry("train", ("Train a MENACE against a computer player and keep it as a kit.")),
    "undo": Entry("games", ("Take back the last move, or reopen the game just finished.")),
    "verify": Entry("log", ("Check the bead counts against the saved history of moves.")),
}

# `menace --help` lists the commands under these headings, in this order: a teacher's jobs first.
SECTIONS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("Build a kit", ("generate", "lesson", "boxes", "find")),
    (
        "Run a class",
        (
            "new",
            "play",
            "undo",
            "discard",
            "stats",
            "games",
            "report",
            "serve",
            "box",
            "census",
            "record",
            "kits",
        ),
    ),
    ("Simulate and study", ("simulate", "match", "train", "study", "tournament", "graph", "golf")),
    ("The store", ("export", "import", "verify", "rebuild")),
)
