"""The type scale of the kit's and the lesson's text pages: one size per role, the same on every document,
game, paper and language. Text that does not fit at its role's size moves or flows on to the next line or
page; it never shrinks. A figure's text (a label, a picture's letters: generator.drawing.figure) is sized
by its figure, and a label sheet's by its stock (generator.layout)."""

from __future__ import annotations

from enum import StrEnum


class Role(StrEnum):
    """What a piece of text is on a page."""

    HEADLINE = "headline"  # a certificate's 'I beat MENACE'
    DISPLAY = "display"  # a role card's role ('Operator')
    TITLE = "title"  # a page's title, top left
    LEAD = "lead"  # the finder's 'Find a box in three steps'
    HEADING = "heading"  # a section's heading ('The bead colours', the rules card's own)
    GAME_LINE = "game line"  # a certificate's 'at Hexapawn'
    ENTRY = "entry"  # a listed colour and its move ('red (R): take 1 from 1')
    SUBHEADING = "subheading"  # a heading within a section ('Filling by colour', the rules card's 'The game')
    CARD = "card"  # the rules card's and the finder's larger reading text
    STEP = "step"  # the finder's steps, a lesson plan's summary
    RULES = "rules"  # a game's rules written out under a figure ('Two players take turns ...')
    READING = "reading"  # text read at the table: role cards, a fill entry, a finder group's heading
    FORM = "form"  # a form's labels ('Name', 'Date')
    LABEL_WORD = "label word"  # a square's or a colour's name under a board ('top left')
    INTRO = "intro"  # a fill sheet's introduction
    BODY = "body"  # a paragraph, a table's text
    LINE = "line"  # a score sheet's introduction, a worksheet's table
    NOTE = "note"  # a note: a source, how to read a label, a table's entries
    KIT_TITLE = "kit title"  # the kit's title beside a page's title; a certificate's kit code
    AXIS = "axis"  # a chart's numbers
    FOOTER = "footer"  # the foot of every page (generator.layout.FOOTER_SIZE)


# mm: the em of each role's text.
SIZE: dict[Role, float] = {
    Role.HEADLINE: 10.0,
    Role.DISPLAY: 8.0,
    Role.TITLE: 6.0,
    Role.LEAD: 5.2,
    Role.HEADING: 4.8,
    Role.GAME_LINE: 5.0,
    Role.ENTRY: 4.4,
    Role.SUBHEADING: 4.2,
    Role.CARD: 3.7,
    Role.STEP: 4.0,
    Role.RULES: 3.6,
    Role.READING: 3.8,
    Role.FORM: 4.0,
    Role.LABEL_WORD: 3.6,
    Role.INTRO: 3.5,
    Role.BODY: 3.4,
    Role.LINE: 3.3,
    Role.NOTE: 3.2,
    Role.KIT_TITLE: 3.0,
    Role.AXIS: 2.8,
    Role.FOOTER: 2.6,
}
SIZES = frozenset(SIZE.values())  # every size a text page's text may have, outside its figures
