"""No catalogue header and no empty message reaches a screen, in any game, in en/de/pt.

gettext translates the empty msgid into the catalogue's header ("Project-Id-Version:
tableside VERSION ..."), so a ``msg("")`` once put the header on the Nomads eclipse
screen (issue 23). Every step of every game met on the random walks of
tests/support/walker.py is rendered in each language; every message the prompt
carries (title, lines, field labels and help, option labels) must render to a
non-empty text without a header line in it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Any

import pytest

from rules.registry import all_games
from rules.text import Msg, msg
from tests.support.walker import walk
from ui.i18n import translator

GAMES = sorted(name for name in all_games() if name not in {"toy", "scenes", "tiles"})
SEEDS = range(3)
HEADER = ("Project-Id-Version", "Report-Msgid-Bugs-To", "Content-Type:", "Plural-Forms")


def messages(value: Any) -> Iterator[Msg]:
    """Every message a prompt shows (not the parameters inside them)."""
    if isinstance(value, Msg):
        yield value
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            yield from messages(getattr(value, f.name))
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from messages(item)


@pytest.mark.parametrize("lang", ["en", "de", "pt"])
def test_the_empty_text_translates_to_nothing(lang: str) -> None:
    assert msg("").render(translator(lang)) == ""
    assert translator(lang)("") == ""
    assert msg("a{x}b", x=msg("")).render(translator(lang)) == "ab"


@pytest.mark.parametrize("name", GAMES)
def test_no_catalogue_header_or_empty_message_on_any_step(name: str) -> None:
    game = all_games()[name]
    found: set[str] = set()
    translators = {lang: translator(lang) for lang in ("en", "de", "pt")}
    for seed in SEEDS:
        for visit in walk(game, seed, steps=400):
            for m in messages(visit.prompt):
                for lang, tr in translators.items():
                    text = m.render(tr)
                    if not text.strip():
                        found.add(f"{lang} {visit.prompt.step}: empty message {m.template!r}")
                    elif any(word in text for word in HEADER):
                        found.add(f"{lang} {visit.prompt.step}: catalogue header in {text[:80]!r}")
    assert sorted(found) == []
