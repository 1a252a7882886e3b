"""Edges and corners, written from the rule text before running them (issue 13).

Each scenario quotes the sentence it checks. The conservation properties at
the end walk whole games with random table answers.
"""

from __future__ import annotations

import random

import pytest

from rules.decision import Tracer
from rules.games.nomads.actions import Out, resolve
from rules.games.nomads.columns import choose_column
from rules.games.nomads.hunting import choose_animal
from rules.games.nomads.scoring import animal_points, eclipse_workforce
from rules.registry import get_game
from rules.session import Session
from rules.text import msg
from tests.rules.nomads.helpers import EXAMPLE, NOMADS, decide, options
from tests.support.walker import random_answer

GAME = get_game("nomads")
ORDER = ["initiate", "develop", "migrate", "hunt"]
SRC = msg("test").to_json()


def fresh(**over):
    st = GAME.new_state(GAME.coerce_options(options(**over)), 1)
    st["arrows"] = {"big": "left", "small": "up"}
    st["hunt"] = [[""] * 4, [""] * 4]
    return st


def do(st, action, answer=None):
    out = Out()
    resolve(st, {"a": action, "src": SRC, "inline": False}, answer or {}, out)
    return out


def test_marked_column_empty_is_taken_even_if_all_others_are_full() -> None:
    # "die markierte Aktionsspalte leer ist (sie beinhaltet keine Spielfigur)"
    assert (
        choose_column(ORDER, {"initiate", "develop", "migrate"}, "hunt", "left", Tracer()) == "hunt"
    )


def test_wrap_from_the_west_edge_with_the_arrow_left() -> None:
    # "Erreichst du vorher den seitlichen Rand des Spielplanes? Dann gehe auf die
    # gegenüberliegende Seite und mache von dort in Pfeilrichtung weiter."
    assert choose_column(ORDER, {"initiate", "hunt"}, "initiate", "left", Tracer()) == "migrate"
    assert choose_column(ORDER, {"hunt", "initiate"}, "hunt", "right", Tracer()) == "develop"


def test_cave_painting_blocker_counts_as_occupied_for_all_columns_full() -> None:
    # Cave Painting: "Die Nomaden können diese Spalte folglich niemals auswählen"; with the
    # four others occupied "alle Aktionsspalten belegt sind": the marked column.
    order = [*ORDER, "cave"]
    assert choose_column(order, {*ORDER, "cave"}, "migrate", "right", Tracer()) == "migrate"


def test_both_idol_markers_at_the_top_give_one_point_each() -> None:
    # "Haben beide Götzenmarker der Nomaden das oberste Feld erreicht? Ab jetzt erhalten die
    # Nomaden stattdessen 1 Punkt für jeden weiteren Götzen."
    st = fresh()
    st["nomads"]["fame"] = EXAMPLE.idols["fame"]["top"]
    st["nomads"]["offerings"] = EXAMPLE.idols["offerings"]["top"]
    do(st, "idol")
    do(st, "idol")
    assert st["nomads"]["score"] == 2


def test_idol_on_the_fame_track_first_then_offerings() -> None:
    # "Hat ihr Marker das oberste Feld dieser Leiste erreicht? Dann schiebst du ab jetzt ihren
    # Götzenmarker auf der Opfergabenleiste nach oben."
    st = fresh()
    st["nomads"]["fame"] = EXAMPLE.idols["fame"]["top"] - 1
    do(st, "idol")
    assert (st["nomads"]["fame"], st["nomads"]["offerings"]) == (EXAMPLE.idols["fame"]["top"], 0)
    st["queue"] = []
    do(st, "idol")
    assert st["nomads"]["offerings"] == 1


def test_everything_full_ends_in_an_idol() -> None:
    # "Du folgst den Pfeilen so lange weiter nach unten bis sie etwas erhalten. Hinweis: Götzen
    # können sie immer erhalten."
    full = {"food": 10, "tools": 5, "sacrifice_pile": 0, "megaliths_built": 4, "sacred_stones": 3}
    table = {
        "sacred_stone_available": True,
        "sacred_stone_cost": {"food": 0, "tools": 0},
        "megalith_site": True,
    }
    decision = decide("substitution", {"action": "sacred_stone", "nomads": full, "table": table})
    assert decision.result["chain"] == ["sacred_stone", "megalith", "bury", "tool", "food", "idol"]


def test_food_cap_is_ten_and_tool_cap_is_five() -> None:
    # d: "(weil sie bereits 10 Nahrung haben)"; c: "(weil sie bereits 5 Werkzeuge haben)"
    nine = {**NOMADS, "food": 9, "tools": 4}
    assert decide("substitution", {"action": "hunt", "nomads": nine}).result["received"] == "food"
    assert (
        decide("substitution", {"action": "tribe_member", "nomads": nine}).result["received"]
        == "tool"
    )


def test_reveal_into_a_full_hunting_area_does_nothing() -> None:
    # "Ist das Jagdgebiet voll, passiert nichts."
    st = fresh()
    st["hunt"] = [["bison"] * 4, ["horse"] * 4]
    prompt_fields = GAME.prompt(
        {**st, "queue": [{"a": "reveal_animal", "src": SRC, "inline": False}]}
    ).fields
    defaults = {f.key: f.default for f in prompt_fields}
    assert defaults == {"revealed": "none", "cell": "full"}
    out = do(st, "reveal_animal", defaults)
    assert st["hunt"] == [["bison"] * 4, ["horse"] * 4]
    assert "nothing happens" in str(out.instructions[0])


def test_reveal_goes_to_the_top_row_before_the_bottom_row() -> None:
    # "Lege die Karte in der obersten Reihe, die noch Platz hat, auf das Feld am weitesten links."
    st = fresh()
    st["hunt"] = [["bison", "bison", "bison", ""], ["", "", "", ""]]
    fields = GAME.prompt(
        {**st, "queue": [{"a": "reveal_animal", "src": SRC, "inline": False}]}
    ).fields
    assert next(f.default for f in fields if f.key == "cell") == "r0c3"


def test_two_animals_of_one_kind_in_one_column_the_small_arrow_picks() -> None:
    # "Der kleine Pfeil gibt an, ob sie das obere oder das untere Tier wählen."
    area = [["", "bison", "", ""], ["", "bison", "", ""]]
    assert choose_animal(area, {}, "right", "up", Tracer())["row"] == 0
    assert choose_animal(area, {}, "left", "down", Tracer())["row"] == 1


def test_condition_boundary_three_owned_is_condition_1_four_is_condition_3() -> None:
    # "1. [...] 1 bis 3 Exemplare"; "3. [...] 4 oder mehr Exemplare"
    area = [["bison", "horse", "", ""], ["", "", "", ""]]
    assert choose_animal(area, {"bison": 3}, "right", "up", Tracer())["animal"] == "bison"
    assert (
        choose_animal(area, {"bison": 4, "horse": 4}, "right", "up", Tracer())["animal"] == "horse"
    )


def test_fourth_settlement_is_the_tile_and_then_the_tile_moves() -> None:
    # "Befinden sich bereits alle 3 Siedlungen der Nomaden auf dem Geländespielfeld? Dann
    # platzierst du stattdessen das Nomadenplättchen. [...] Befindet sich das
    # Nomadenplättchen bereits auf dem Spielfeld? Dann versetzt du es auf die neue Position."
    st = fresh()
    for _ in range(3):
        do(st, "settlement", {"connection": True})
    assert st["nomads"]["settlements"] == 3 and st["nomads"]["tile"] == "supply"
    out = do(st, "settlement", {"connection": True})
    assert st["nomads"]["tile"] == "board" and out.result["piece"] == "tile"
    out = do(st, "settlement", {"connection": True})
    assert st["nomads"]["settlements"] == 3 and "Move the nomad tile" in str(out.instructions[0])


def test_map_deck_runs_out_and_all_revealed_cards_are_reshuffled() -> None:
    # "Ist der Landkartenstapel leer und du musst eine weitere Landkarte aufdecken? Mische den
    # Ablagestapel und bilde einen neuen Landkartenstapel."
    st = fresh()
    for _ in range(5):
        do(st, "settlement", {"connection": False})
    assert st["map"] == {"deck": 0, "discard": 6}
    do(st, "settlement", {"connection": False})
    assert st["map"] == {"deck": 5, "discard": 1}


def test_prepare_eclipse_with_an_empty_nomad_deck_is_nothing() -> None:
    st = fresh()
    st["deck_count"], st["deck"] = 0, []
    out = do(st, "eclipse")
    assert out.result["received"] == "eclipse" and st["eclipse_pile"] == []


def test_workforce_of_an_empty_eclipse_pile_is_the_last_card_alone() -> None:
    # "Zusätzlich erhalten sie die Arbeitskraft, die auf der zuletzt aufgedeckten
    # Nomadenkarte abgebildet ist."
    assert eclipse_workforce([], 3) == 3


@pytest.mark.parametrize(
    ("count", "size", "points"), [(5, 10, 10), (1, 5, 2), (6, 5, 5), (4, 1, 20)]
)
def test_animal_sets_at_their_edges(count: int, size: int, points: int) -> None:
    # "für 1/2/3/4+ Tiere erhalten die Nomaden 1/3/6/10 Punkte"; "für 1/2+ Tiere [...] 2/5";
    # "„x 1“ [...] zählen jeweils 5 Punkte"
    assert animal_points(count, size) == points


def test_strife_with_exactly_two_points_pays_them() -> None:
    # "Spielst du einen Zwietrachts-Fortschritt? Dann verlieren die Nomaden 2 Punkte, falls
    # möglich. Nur dann führen sie die Hauptaktion aus."
    session = Session(GAME, options(modules=["ancestors"]), seed=3)
    while session.prompt().step != "player":
        prompt = session.prompt()
        session.answer(
            {
                f.key: (f.default if f.default is not None else f.choices[0].value)
                for f in prompt.fields
            }
        )
    state = session.state
    rich = dict(state, nomads=dict(state["nomads"], score=2))
    after, _ = GAME.advance(rich, {"placed": "rest", "event": "strife"})
    assert after["nomads"]["score"] == 0 and after["step"] == "event_income"


@pytest.mark.parametrize("seed", range(5))
def test_conservation_over_a_whole_random_game(seed: int) -> None:
    """Cards, figures and animals never appear or vanish, whatever the table answers."""
    rng = random.Random(seed)
    session = Session(GAME, options(hard_reveal=seed % 2 == 1), seed=seed)
    taken_progress = 0
    for _ in range(2000):
        prompt = session.prompt()
        if prompt.finished:
            break
        before = session.state
        for _attempt in range(60):
            try:
                decision = session.answer(random_answer(prompt, rng) if _attempt else {})
                break
            except Exception as exc:  # only refusals of the rules
                from rules.errors import RulesError

                assert isinstance(exc, RulesError)
        else:
            raise AssertionError(f"stuck at {prompt.step}")
        st = session.state
        if decision is not None and "progress" in decision.result:
            taken_progress += 1
        n = st["nomads"]
        # The 16 nomad cards: deck + discard pile + eclipse pile (during a round).
        if st["phase"] == "turns":
            assert st["deck_count"] + len(st["discard"]) + len(st["eclipse_pile"]) == 16
            assert st["nomad_figs"] + sum(c["nomads"] for c in st["cols"].values()) == st["figures"]
        # The 10 sacrifice cards plus every progress card taken: pile + gravestone.
        assert len(n["sacrifice"]) + len(n["buried"]) == 10 + taken_progress
        # Caps from the components never break.
        assert 0 <= n["food"] <= 10 and 0 <= n["tools"] <= 5 and len(n["stones"]) <= 3
        assert n["megaliths"] <= 4 and n["settlements"] <= 3
        # The map cards: deck + discard = 6.
        assert st["map"]["deck"] + st["map"]["discard"] == 6
        assert before is not None
    assert session.prompt().finished
