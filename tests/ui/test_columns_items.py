"""The Nomads action columns name the sides' figures in the players' language.

The chips on the columns picture read "Nomads" and "You" in English; in German and
Portuguese they must not stay English (issue #23: every word in the chosen language).
"""

from __future__ import annotations

import copy

import pytest

from rules.games.nomads.board import columns_scene
from tests.rules.nomads.helpers import new_session
from ui.i18n import translator
from ui.painters.columns import grouped


@pytest.mark.parametrize(
    ("lang", "nomads", "you"),
    [("en", "Nomads", "You"), ("de", "Nomaden", "Du"), ("pt", "Nômades", "Você")],
)
def test_column_chips_are_in_the_players_language(lang: str, nomads: str, you: str) -> None:
    state = copy.deepcopy(dict(new_session().state))
    first = state["order"][0]
    state["cols"][first]["nomads"] = 2
    state["cols"][first]["player"] = 1
    column = next(c for c in columns_scene(state)["columns"] if c["id"] == first)
    assert grouped(list(column["items"]), translator(lang)) == [
        (nomads, "red", 2),
        (you, "blue", 1),
    ]
