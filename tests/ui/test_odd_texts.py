"""Odd texts of issue 23, item 8: each reads as a sentence in every language.

"Priority marker: side" / "0" split over two cells of the facts, and Targi's
"Blue on -" (pt "Azul em -") for a player whose Targi lines cross nowhere.
"""

from __future__ import annotations

import copy

import pytest

from rules.games.marauders.scene import control_board_scene
from rules.games.targi.steps_round import place_markers
from rules.registry import get_game
from rules.session import Session
from rules.text import Msg
from ui.i18n import translator


def test_the_priority_marker_fact_is_a_label_and_a_whole_value() -> None:
    session = Session(get_game("marauders"), {}, seed=1)
    facts = control_board_scene(dict(session.state))["facts"]
    rows = {Msg.from_json(label).english(): value for label, value in facts}
    value = rows["Priority marker"]
    assert isinstance(value, dict)
    assert Msg.from_json(value).render(translator("de")).startswith("Seite ")


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", "Tribe markers: Blue: none (its Targi's lines cross nowhere); White on d4."),
        ("pt", "Marcadores de tribo: Azul: nenhum (as linhas do seu Targi não se cruzam); "),
    ],
)
def test_a_player_without_crossings_gets_no_tribe_marker_in_words(lang: str, expected: str):
    session = Session(get_game("targi"), {}, seed=1)
    state = copy.deepcopy(dict(session.state_at(0)))
    state["notes"] = []
    table = state["table"]
    table["targi"]["blue"] = ["a1"]  # a corner-adjacent card: its lines cross no other Targi
    table["targi"]["white"] = ["d1", "a4"]
    place_markers(state)
    text = Msg.from_json(state["notes"][-1]).render(translator(lang))
    assert " - " not in text and not text.rstrip(".").endswith("-")
    assert text.startswith(expected.split(";")[0])
