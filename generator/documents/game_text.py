"""The rules card's sentences about the game and MENACE's part in it, from the game, its tree and the palette.

Nothing here names a game: the rules come from the game's own ``rules_summary`` (written from its
parameters), MENACE's symbol from its player names, the forced moves from walking its states, and the
colour letters from the palette, so a new game or palette prints true sentences as it is.
"""
from __future__ import annotations

from generator.rules_text import ORDINALS
from generator.walk import states
from kit.game import FIRST
from kit.matchbox import Catalogue
from kit.palettes import Palette


def menace_side(catalogue: Catalogue) -> str:
    """Which side MENACE plays: its symbol and whether it moves first, or that the boxes serve both."""
    game = catalogue.game
    if game.whose_turn(game.initial().position) is None:
        return ("A position does not say whose turn it is, so the same boxes serve MENACE moving first or "
                "second: toss a coin for who starts, or take turns.")
    me, other = catalogue.menace, 1 - catalogue.menace
    order = "first" if me == FIRST else "second"
    return (f"MENACE plays {game.player_names[me]} and moves {order}; its opponent plays "
            f"{game.player_names[other]}. These boxes are only for MENACE moving {order}.")


def forced_moves(catalogue: Catalogue, one_left: str) -> str | None:
    """What to do when MENACE has only one move and so no box (its last move at noughts and crosses);
    None when every move of MENACE's has a box. ``one_left`` says that only one move is left."""
    game, menace = catalogue.game, catalogue.menace
    forced = [
        s for s in states(game, reduce=True)
        if s.to_move == menace and game.outcome(s) is None and not game.needs_box(s, menace)
        and len(game.legal_moves(s)) == 1
    ]
    if not forced:
        return None
    numbers = {game.menace_move_number(s) for s in forced}
    known = sorted(n for n in numbers if n is not None)
    if len(known) < len(numbers):
        which = "When MENACE has only one move there is no box"
    else:
        ordinals = " and ".join(ORDINALS.get(n, f"{n}th") for n in known)
        which = f"MENACE's {ordinals} move{' has' if len(known) == 1 else 's have'} no box"
    return f"{which}: {one_left} Do not look for a box; no bead is drawn and none changes for it."


def colour_letters(palette: Palette) -> str:
    """What the letter in a dot is: the colour's initial, naming any colour whose letter is not."""
    initials = [c for c in palette.colours if c.code.upper() == c.name[:1].upper()]
    others = [c for c in palette.colours if c not in initials]
    if not initials:
        return "The letter in each dot stands for its colour; the legend's first page lists every colour."
    example = initials[0]
    text = (f"The letter in each dot is its colour's initial ({example.code} for {example.name}), so a label "
            "reads in black and white too")
    if others:
        text += ", except " + ", ".join(f"{c.code} for {c.name}" for c in others)
    return text + ". The legend's first page lists every colour."
