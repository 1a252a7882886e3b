"""The EXAMPLE Robinson components read in the players' language (issue 23: the example
events stayed English in German and Portuguese)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rules.games.robinson.example_texts import EXAMPLE_TEXTS
from rules.games.robinson.terms import text
from ui.i18n import translator

DATA = Path(__file__).resolve().parents[2] / "rules/games/robinson/data/components.json"
SHOWN_KEYS = ("name", "text", "title", "adventure_event")


def shown_texts() -> list[str]:
    """Every text of the example file that a screen shows (names, events, rewards)."""
    found: list[str] = []

    def walk(value: object, key: str | None = None) -> None:
        if isinstance(value, dict):
            for k, v in value.items():
                walk(v, k)
        elif isinstance(value, list):
            for v in value:
                walk(v, key)
        elif isinstance(value, str) and key in SHOWN_KEYS:
            found.append(value)

    walk(json.loads(DATA.read_text()))
    return list(dict.fromkeys(found))


def test_every_shown_example_text_is_a_catalogue_entry() -> None:
    assert sorted(shown_texts()) == sorted(EXAMPLE_TEXTS)


@pytest.mark.parametrize(
    ("lang", "event"),
    [
        ("de", "Jeder Spieler verliert 1 Nahrung oder erleidet 1 Wunde."),
        ("pt", "Cada jogador perde 1 comida ou sofre 1 ferimento."),
    ],
)
def test_the_example_event_reads_in_the_language(lang: str, event: str) -> None:
    tr = translator(lang)
    assert text("Every player loses 1 food or takes 1 wound.").render(tr) == event
    untranslated = [t for t in EXAMPLE_TEXTS if text(t).render(tr) == t and t not in ("Rum",)]
    assert untranslated == []
