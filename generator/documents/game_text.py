"""The rules card's sentences about the game and MENACE's part in it, from the game, its tree and the palette.

Nothing here names a game: the rules come from the game's own ``rules_summary`` (written from its
parameters), MENACE's symbol from its player names, the forced moves from walking its states, and the
colour letters from the palette, so a new game or palette prints true sentences as it is.
"""

from __future__ import annotations

from collections.abc import Sequence

from generator.rules_text import ordinal
from kit.game import FIRST
from kit.i18n import _
from kit.matchbox import Catalogue
from kit.palettes import Colour
from kit.walk import states


def menace_side(catalogue: Catalogue) -> str:
    """Which side MENACE plays: its symbol and whether it moves first, or that the boxes serve both."""
    game = catalogue.game
    if game.whose_turn(game.initial().position) is None:
        return _(
            "A position does not say whose turn it is, so the same boxes serve MENACE moving first or "
            "second: toss a coin for who starts, or take turns."
        )
    me, other = catalogue.menace, 1 - catalogue.menace
    side = (
        _(
            "MENACE plays {menace} and moves first; its opponent plays {other}. These boxes are only for "
            "MENACE moving first."
        )
        if me == FIRST
        else _(
            "MENACE plays {menace} and moves second; its opponent plays {other}. These boxes are only for "
            "MENACE moving second."
        )
    )
    return side.format(menace=_(game.player_names[me]), other=_(game.player_names[other]))


def forced_moves(catalogue: Catalogue, one_left: str) -> str | None:
    """What to do when MENACE has only one move and so no box (its last move at noughts and crosses);
    None when every move of MENACE's has a box. ``one_left`` says that only one move is left."""
    game, menace = catalogue.game, catalogue.menace
    forced = [
        s
        for s in states(game, reduce=True)
        if s.to_move == menace
        and game.outcome(s) is None
        and not game.needs_box(s, menace)
        and len(game.legal_moves(s)) == 1
    ]
    if not forced:
        return None
    numbers = {game.menace_move_number(s) for s in forced}
    known = sorted(n for n in numbers if n is not None)
    if len(known) < len(numbers):
        which = _("When MENACE has only one move there is no box")
    elif len(known) == 1:
        which = _("MENACE's {ordinal} move has no box").format(ordinal=ordinal(known[0]))
    else:
        ordinals = _(" and ").join(ordinal(n) for n in known)
        which = _("MENACE's {ordinals} moves have no box").format(ordinals=ordinals)
    return _("{which}: {one_left} Do not look for a box; no bead is drawn and none changes for it.").format(
        which=which, one_left=one_left
    )


def colour_letters(colours: Sequence[Colour]) -> str:
    """What the letter in a dot is: the colour's initial, naming any of the kit's ``colours`` whose letter
    is not (a colour the kit does not use is not explained)."""
    # The names in the current language: a letter is the English initial, so in German some are not.
    initials = [c for c in colours if c.code.upper() == c.spoken[:1].upper()]
    others = [c for c in colours if c not in initials]
    if not initials:
        return _("The letter in each dot stands for its colour; the legend's first page lists every colour.")
    example = initials[0]
    if not others:
        text = _(
            "The letter in each dot is its colour's initial ({letter} for {colour}), so a label reads "
            "in black and white too. The legend's first page lists every colour."
        )
        return text.format(letter=example.code, colour=example.spoken)
    text = _(
        "The letter in each dot is its colour's initial ({letter} for {colour}), so a label reads in "
        "black and white too, except {exceptions}. The legend's first page lists every colour."
    )
    exceptions = ", ".join(_("{letter} for {colour}").format(letter=c.code, colour=c.spoken) for c in others)
    return text.format(letter=example.code, colour=example.spoken, exceptions=exceptions)
