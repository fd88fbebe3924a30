"""The rules card in plain classroom words, written from a preset's fields (never from its name).

A new preset file prints correctly without touching this module: every sentence comes from the
counts and policies of kit.rules.Rules. The wording of a bead change follows kit.matchbox.instruction,
where a change is the net change to the drawn colour (+3: the bead goes back with 3 more).
"""
from __future__ import annotations

from kit.rules import Rules

ORDINALS = {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth"}


def bead_change(change: int) -> str:
    """What happens to a drawn bead whose colour changes by ``change``, in physical terms."""
    put_in = change + 1  # the drawn bead is out of its box until the game is settled
    if put_in > 0:
        more = put_in - 1
        return "put the bead back" + (f" with {more} more of the same colour" if more else "")
    if put_in == 0:
        return "keep the bead out: it is confiscated"
    return f"keep the bead out and take out {-put_in} more of the same colour"


def starting_beads(rules: Rules, levels: int | None) -> str:
    """How many beads of each colour a box starts with."""
    counts = rules.initial_beads
    if levels is None or len(set(counts)) == 1:
        beads = _beads(counts[0])
        return f"Every box starts with {beads} of each colour printed on its label."
    parts = [
        f"{rules.initial_count(n)} in boxes for MENACE's {ORDINALS.get(n, f'{n}th')} move"
        for n in range(1, levels + 1)
    ]
    return f"Each box starts with this many beads of each colour on its label: {', '.join(parts)}."


def rules_card(
    rules: Rules, *, find_words: str, move_words: str, has_draws: bool, levels: int | None
) -> list[tuple[str, str]]:
    """(heading, sentence) pairs for the rules card.

    ``find_words`` says how to find MENACE's box and ``move_words`` how a bead becomes a move;
    ``levels`` is how many move numbers the boxes have (None: one level, as in Nim).
    """
    card = [
        ("Setting up", starting_beads(rules, levels)),
        (
            "MENACE's turn",
            f"{find_words} Shake it and take out one bead without looking. {move_words} "
            "Put the bead on top of its box, not back inside, until the game is over.",
        ),
    ]
    empty = "An empty box"
    if rules.floor > 0 or rules.keep_one == "every-box":
        pass  # no box can run empty under these rules, so the card does not mention it
    elif rules.empty_box == "refill":
        refill = (
            f"If the box is empty when MENACE must move, put in {_beads(rules.refill_beads)} of "
            "colours picked at random among the dots on its label, then draw one."
        )
        card.append((empty, refill))
    else:
        card.append((empty, "If the box is empty when MENACE must move, MENACE resigns: "
                            "the game counts as a loss for MENACE."))
    card.append(("MENACE wins", f"For every box it used: {bead_change(rules.win)}."))
    if has_draws:
        card.append(("A draw", f"For every box it used: {bead_change(rules.draw)}."))
    loss = f"For every box it used: {bead_change(rules.loss)}."
    if rules.floor > 0:
        beads = _beads(rules.floor)
        loss += f" But a colour never drops below {beads}: if it would, put the bead back."
    if rules.punish == "last-move":
        loss = (
            f"For the box of MENACE's last move (after a resignation: the move before): "
            f"{bead_change(rules.loss)}. For every other box it used: {bead_change(0)}."
        )
    card.append(("MENACE loses", loss))
    if rules.keep_one == "first-box":
        alive = (
            "The first box is never emptied: if its last bead would be confiscated, "
            "put it back, so MENACE can always start a game."
        )
        card.append(("Keep it alive", alive))
    elif rules.keep_one == "every-box":
        alive = "No box is ever emptied: if a box's last bead would be taken, put it back."
        card.append(("Keep it alive", alive))
    if rules.beads_on == "distinct":
        shared = "Squares that are the same move by symmetry share one dot, so only dotted squares get beads."
        card.append(("Why some squares have no dot", shared))
    return card


def _beads(count: int) -> str:
    return f"{count} bead{'s' * (count != 1)}"
