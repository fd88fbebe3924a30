"""The language people read: English source text, translated by gettext catalogues under kit/locale.

One language holds for the whole process (a command prints one kit, or talks to one operator), chosen once
with ``use_language``; ``_`` and ``n_`` translate through it. English needs no catalogue: the source text
is the English text, so a string nobody has translated yet still reads right in English.

Catalogues live in ``kit/locale/LANG/LC_MESSAGES/DOMAIN.po`` and are compiled next to it as ``DOMAIN.mo``
with ``pybabel compile -d kit/locale -D DOMAIN`` (Babel, in the test extra; a test checks every ``.mo``
matches its ``.po``). There is one domain per package that talks to people, so the printed kit and the
tracker can be translated side by side: ``kit`` (the kit's and the generator's words) and ``tracker``.
"""

from __future__ import annotations

import gettext
from functools import cache
from pathlib import Path

LOCALE_DIR = Path(__file__).parent / "locale"
DOMAINS = ("kit", "tracker")
LANGUAGES = {"en": "English", "de": "Deutsch"}  # code -> the language's own name
DEFAULT_LANGUAGE = "en"


class UnknownLanguage(ValueError):
    """A language code menace-kit has no catalogue for."""


_language = DEFAULT_LANGUAGE
_translations: gettext.NullTranslations = gettext.NullTranslations()


def use_language(code: str) -> None:
    """Speak ``code`` ("en", "de") from now on, in every module of the process."""
    global _language, _translations
    if code not in LANGUAGES:
        choices = ", ".join(LANGUAGES)
        raise UnknownLanguage(f"there is no language {code!r}; choose one of {choices}")
    _translations = gettext.NullTranslations() if code == DEFAULT_LANGUAGE else _catalogues(code)
    _language = code


def current_language() -> str:
    return _language


def _(message: str) -> str:
    """``message`` in the current language (itself in English, or where no translation exists yet)."""
    return _translations.gettext(message)


def n_(singular: str, plural: str, count: int) -> str:
    """The form of a message for ``count`` things, in the current language ("1 bead", "2 beads")."""
    return _translations.ngettext(singular, plural, count)


@cache
def in_every_language(message: str) -> frozenset[str]:
    """``message`` in each language menace-kit speaks, whichever is spoken now: for a word an operator may
    type in any of them ('empty' or 'leer')."""
    return frozenset(
        message if code == DEFAULT_LANGUAGE else _catalogues(code).gettext(message) for code in LANGUAGES
    )


def _catalogues(code: str) -> gettext.NullTranslations:
    """The domains' catalogues for ``code``, chained: a message is looked up in each in turn."""
    first: gettext.NullTranslations | None = None
    for domain in DOMAINS:
        catalogue = gettext.translation(domain, LOCALE_DIR, languages=[code], fallback=True)
        if first is None:
            first = catalogue
        else:
            first.add_fallback(catalogue)
    assert first is not None
    return first
