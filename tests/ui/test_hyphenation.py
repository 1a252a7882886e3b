"""Long words in board pictures break between syllables, in the picture's language."""

from __future__ import annotations

import json
from collections.abc import Callable

from ui.i18n import language_of, translator
from ui.painters.pen import hyphenated
from ui.painters.syllables import LANGUAGES, build_table, table_path


def at_most(letters: int) -> Callable[[str], bool]:
    """A width test by letter count."""
    return lambda word: len(word) <= letters


def test_german_compounds_break_between_syllables() -> None:
    assert hyphenated("Arbeitskraft", at_most(8), "de") == "Arbeits- kraft"
    assert hyphenated("Weiterziehen", at_most(8), "de") == "Weiter- ziehen"
    assert hyphenated("Einweihen", at_most(7), "de") == "Einwei- hen"


def test_portuguese_uses_its_own_patterns() -> None:
    assert hyphenated("compartimento", at_most(8), "pt") == "compar- timento"


def test_a_word_without_a_break_that_fits_is_cut_where_it_must() -> None:
    assert (
        hyphenated("Xqzrtplkmnbvc", at_most(8), "de") == "Xqzrtpl- kmnbvc"
    )  # as long a first part as fits


def test_words_that_fit_are_left_alone() -> None:
    assert hyphenated("Großer Pfeil", at_most(8), "de") == "Großer Pfeil"


def test_the_pictures_language_comes_from_its_translator() -> None:
    assert [language_of(translator(lang)) for lang in ("en", "de", "pt")] == ["en", "de", "pt"]
    assert language_of(str) == "en"  # not a catalogue: English


def test_a_word_with_a_hyphen_breaks_after_it() -> None:
    assert hyphenated("Preguiça-gigante", at_most(9), "pt") == "Preguiça- gigante"


def test_the_break_tables_are_those_of_the_catalogues_as_they_are() -> None:
    """ui/locale/update.sh regenerates them; a catalogue edited without it fails here."""
    for language in LANGUAGES:
        on_disk = json.loads(table_path(language).read_text("utf-8"))
        assert on_disk == build_table(language), "run: uv run python -m ui.painters.syllables"
