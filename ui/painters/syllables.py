"""Where long words may break between syllables, looked up in a small table per language.

Board pictures break a word too long for its box with a hyphen
(:func:`ui.painters.pen.hyphenated`). The break points come from pyphen's
hyphenation patterns (LibreOffice's dictionaries), but loading German's patterns
takes ~0.4 s and ~18 MB: too much for a frame on a Raspberry Pi. The words a
picture can show are the catalogues' words, so the break points of every word of
six letters or more in ``ui/locale/<lang>/LC_MESSAGES/tableside.po`` are worked
out once, when the catalogues change, and kept in
``ui/locale/<lang>/hyphenation.json`` (``{"Arbeitskraft": [2, 7], ...}``).
A word not in the table (a player's name) is cut where it must.

Regenerate after editing the catalogues (``ui/locale/update.sh`` does it)::

    uv run python -m ui.painters.syllables
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
LANGUAGES = ("en", "de", "pt")
#: pyphen's dictionary for each language.
DICTIONARIES = {"en": "en_US", "de": "de_DE", "pt": "pt_PT"}
_WORD = re.compile(r"[^\W\d_]{6,}")


def table_path(language: str) -> Path:
    return LOCALE_DIR / language / "hyphenation.json"


@cache
def _table(language: str) -> dict[str, tuple[int, ...]]:
    path = table_path(language)
    if language not in LANGUAGES or not path.is_file():
        return {}
    return {w: tuple(p) for w, p in json.loads(path.read_text("utf-8")).items()}


def breaks(word: str, language: str) -> tuple[int, ...]:
    """Where ``word`` may break (indices of the letter after each break), ``()`` if unknown."""
    return _table(language).get(word, ())


def catalogue_words(language: str) -> set[str]:
    """Every word of six letters or more a screen of ``language`` can show."""
    from babel.messages.pofile import read_po

    paths = [LOCALE_DIR / language / "LC_MESSAGES" / "tableside.po"]
    if language == "en":  # English screens show the msgids themselves (the template's)
        paths.append(LOCALE_DIR / "tableside.pot")
    words: set[str] = set()
    for path in paths:
        with path.open("rb") as handle:
            catalogue = read_po(handle)
        for message in catalogue:
            # A translation is what de/pt screens show; English shows the msgids and the
            # English edition's names of terms whose msgids are German.
            texts = (message.id, message.string) if language == "en" else (message.string,)
            for text in texts:
                for part in text if isinstance(text, tuple | list) else (text,):
                    words.update(_WORD.findall(part or ""))
    return words


def build_table(language: str) -> dict[str, list[int]]:
    """The break points of every catalogue word of ``language`` (pyphen, a dev tool)."""
    import pyphen

    dictionary = pyphen.Pyphen(lang=DICTIONARIES[language])
    table = {}
    for word in sorted(catalogue_words(language)):
        positions = dictionary.positions(word)
        if positions:
            table[word] = [int(p) for p in positions]
    return table


def main() -> None:
    for language in LANGUAGES:
        table = build_table(language)
        table_path(language).write_text(
            json.dumps(table, ensure_ascii=False, separators=(",", ":"), sort_keys=True) + "\n",
            "utf-8",
        )
        print(f"{table_path(language)}: {len(table)} words")


if __name__ == "__main__":
    main()
