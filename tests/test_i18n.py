"""The translation machinery: catalogues compiled from their sources, one language for the process."""

from __future__ import annotations

import gettext
from collections.abc import Iterator

import pytest
from babel.messages.pofile import read_po

from kit import i18n
from kit.i18n import DOMAINS, LOCALE_DIR, _, n_, use_language

SOURCES = sorted(LOCALE_DIR.glob("*/LC_MESSAGES/*.po"))


@pytest.fixture
def german() -> Iterator[None]:
    use_language("de")
    yield
    use_language("en")


def test_every_language_has_a_catalogue_per_domain() -> None:
    for code in i18n.LANGUAGES:
        if code != i18n.DEFAULT_LANGUAGE:
            found = {path.stem for path in (LOCALE_DIR / code / "LC_MESSAGES").glob("*.po")}
            assert found == set(DOMAINS)


@pytest.mark.parametrize("source", SOURCES, ids=lambda path: f"{path.parts[-3]}/{path.name}")
def test_each_compiled_catalogue_matches_its_source(source) -> None:
    """A .po edited without `pybabel compile` would leave its .mo stale: German users would see old text."""
    with source.open("rb") as stream:
        catalogue = read_po(stream)
    with source.with_suffix(".mo").open("rb") as stream:
        compiled = gettext.GNUTranslations(stream)
    for message in catalogue:
        if not message.id or message.fuzzy:
            continue
        if message.pluralizable:
            singular, plural = message.id
            for count, expected in ((1, message.string[0]), (2, message.string[1])):
                assert compiled.ngettext(singular, plural, count) == expected, message.id
        else:
            assert compiled.gettext(message.id) == message.string, message.id
    assert not [message.id for message in catalogue if message.fuzzy], "fuzzy translations are not shown"


def test_english_is_the_source_text() -> None:
    assert _("{count} bead") == "{count} bead"
    assert n_("{count} bead", "{count} beads", 2) == "{count} beads"


def test_german_translates_and_counts(german: None) -> None:
    assert i18n.current_language() == "de"
    assert n_("{count} bead", "{count} beads", 1).format(count=1) == "1 Perle"
    assert n_("{count} bead", "{count} beads", 3).format(count=3) == "3 Perlen"
    assert _("no such message anywhere") == "no such message anywhere"


def test_an_unknown_language_is_refused_in_one_line() -> None:
    with pytest.raises(i18n.UnknownLanguage, match="there is no language 'fr'; choose one of en, de"):
        use_language("fr")
    assert i18n.current_language() == "en"
