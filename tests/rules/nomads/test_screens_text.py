"""What the players read: no internal id and no Python repr on any Nomads screen (issue 10).

Whole games are walked with random legal answers; every title, line, field
label, choice, decision summary, instruction and trace finding is rendered
in each language through the real catalogues and searched for the ids the
game uses internally.
"""

from __future__ import annotations

import re

import pytest

from rules.registry import get_game
from rules.text import Msg
from tests.support.walker import walk
from ui.i18n import render

GAME = get_game("nomads")

#: Internal ids that must never be read by a player (column, animal, action, part ids).
IDS = re.compile(
    r"\b(initiate|develop|migrate|sloth|sabretooth|dire_wolf|promo|argentavis|"
    r"sacred_stone|reveal_animal|random_animal|tribe_member|draw_card|food_tools|"
    r"buried_progress|buried_cards|symbol-if-free|r\dc\d)\b"
)
REPR = re.compile(r"\{'|'\}|\[\]|\['|None\b|True\b|False\b|\{\w+\}")


def texts(visit) -> list[Msg]:
    prompt = visit.prompt
    found = [prompt.title, prompt.phase, *prompt.lines]
    for field in prompt.fields:
        found.append(field.label)
        found += [c.label for c in field.choices]
    for decision in (prompt.decision, visit.decision):
        if decision is not None:
            found += [decision.summary, *decision.instructions]
            found += [step.finding for step in decision.trace]
    return found


@pytest.mark.parametrize("lang", ["en", "de", "pt"])
def test_no_internal_id_or_repr_on_any_screen(lang: str) -> None:
    seen: set[str] = set()
    for seed in range(3):
        options = {
            "modules": ["ritual_sites", "rivers", "mammoth", "ancestors"],
            "hard_reveal": seed == 1,
        }
        for visit in walk(GAME, seed, steps=300, options=options):
            for message in texts(visit):
                seen.add(render(message, lang))
    bad = sorted(t for t in seen if IDS.search(t) or REPR.search(t))
    assert bad == []
    assert len(seen) > 150  # the walk met a whole game's worth of texts
