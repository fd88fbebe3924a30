"""The kit's fonts: Bitstream Vera, shipped inside reportlab, embedded in every PDF we write.

The standard PDF fonts (Helvetica) are not embedded, so printers may substitute them; Vera is.
"""

from __future__ import annotations

from functools import cache

REGULAR = "Vera"
BOLD = "VeraBd"


@cache
def register_fonts() -> None:
    """Registers the fonts with reportlab once per process."""
    from reportlab import rl_config
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    for name, file in ((REGULAR, "Vera.ttf"), (BOLD, "VeraBd.ttf")):
        pdfmetrics.registerFont(TTFont(name, file))
    pdfmetrics.registerFontFamily(REGULAR, normal=REGULAR, bold=BOLD, italic=REGULAR, boldItalic=BOLD)
    # reportlab's graphics start every drawing in this font; Helvetica would not be embedded.
    rl_config.canvas_basefontname = rl_config.defaultGraphicsFontName = REGULAR
