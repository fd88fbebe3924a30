"""The rules card in plain classroom words, written from a preset's fields (never from its name).

A new preset file prints correctly without touching this module: every sentence comes from the
counts and policies of kit.rules.Rules. The wording of a bead change follows kit.matchbox.instruction,
where a change is the net change to the drawn colour (+3: the bead goes back with 3 more). Sentences are
whole messages with named places (kit.i18n), so a language words each as it must.
"""

from __future__ import annotations

from kit.i18n import _, n_
from kit.rules import Rules

ORDINALS = {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth"}  # English: _() them to print


def ordinal(n: int) -> str:
    """'first', 'second', ... '6th', in the current language."""
    return _(ORDINALS[n]) if n in ORDINALS else _("{n}th").format(n=n)


def bead_change(change: int) -> str:
    """What happens to a drawn bead whose colour changes by ``change``, in physical terms."""
    put_in = change + 1  # the drawn bead is out of its box until the game is settled
    if put_in > 1:
        more = put_in - 1
        return _("put the bead back with {more} more of the same colour").format(more=more)
    if put_in == 1:
        return _("put the bead back")
    if put_in == 0:
        return _("keep the bead out: it is confiscated")
    return _("keep the bead out and take out {more} more of the same colour").format(more=-put_in)


def starting_beads(rules: Rules, levels: int | None) -> str:
    """How many beads of each colour a box starts with."""
    counts = rules.initial_beads
    if levels is None or len(set(counts)) == 1:
        return n_(
            "Every box starts with {count} bead of each colour printed on its label.",
            "Every box starts with {count} beads of each colour printed on its label.",
            counts[0],
        ).format(count=counts[0])
    parts = [
        _("{count} in boxes for MENACE's {ordinal} move").format(
            count=rules.initial_count(n), ordinal=ordinal(n)
        )
        for n in range(1, levels + 1)
    ]
    return _("Each box starts with this many beads of each colour on its label: {parts}.").format(
        parts=", ".join(parts)
    )


def rules_card(
    rules: Rules, *, find_words: str, move_words: str, has_draws: bool, levels: int | None
) -> list[tuple[str, str]]:
    """(heading, sentence) pairs for the rules card, in the current language.

    ``find_words`` says how to find MENACE's box and ``move_words`` how a bead becomes a move;
    ``levels`` is how many move numbers the boxes have (None: one level, as in Nim).
    """
    card = [
        (_("Setting up"), starting_beads(rules, levels)),
        (
            _("MENACE's turn"),
            _(
                "{find} Shake it and take out one bead without looking. {move} Put the bead on top of its "
                "box, "
                "not back inside, until the game is over."
            ).format(find=find_words, move=move_words),
        ),
    ]
    empty = _("An empty box")
    if rules.floor > 0 or rules.keep_one == "every-box":
        pass  # no box can run empty under these rules, so the card does not mention it
    elif rules.empty_box == "refill":
        refill = n_(
            "If the box is empty when MENACE must move, put in {count} bead of colours picked at random "
            "among the dots on its label, then draw one.",
            "If the box is empty when MENACE must move, put in {count} beads of colours picked at random "
            "among the dots on its label, then draw one.",
            rules.refill_beads,
        ).format(count=rules.refill_beads)
        card.append((empty, refill))
    else:
        card.append(
            (
                empty,
                _(
                    "If the box is empty when MENACE must move, MENACE resigns: the game counts "
                    "as a loss for MENACE."
                ),
            )
        )
    every_box = _("For every box it used: {change}.")
    card.append((_("MENACE wins"), every_box.format(change=bead_change(rules.win))))
    if has_draws:
        card.append((_("A draw"), every_box.format(change=bead_change(rules.draw))))
    loss = every_box.format(change=bead_change(rules.loss))
    if rules.floor > 0:
        loss += " " + n_(
            "But a colour never drops below {count} bead: if it would, put the bead back.",
            "But a colour never drops below {count} beads: if it would, put the bead back.",
            rules.floor,
        ).format(count=rules.floor)
    if rules.punish == "last-move":
        loss = _(
            "For the box of MENACE's last move (after a resignation: the move before): {change}. For every "
            "other box it used: {unchanged}."
        ).format(change=bead_change(rules.loss), unchanged=bead_change(0))
    card.append((_("MENACE loses"), loss))
    if rules.keep_one == "first-box":
        alive = _(
            "The first box is never emptied: if its last bead would be confiscated, put it back, so "
            "MENACE can always start a game."
        )
        card.append((_("Keep it alive"), alive))
    elif rules.keep_one == "every-box":
        alive = _("No box is ever emptied: if a box's last bead would be taken, put it back.")
        card.append((_("Keep it alive"), alive))
    if rules.beads_on == "distinct":
        shared = _(
            "Squares that are the same move by symmetry share one dot, so only dotted squares get beads."
        )
        card.append((_("Why some squares have no dot"), shared))
    return card
