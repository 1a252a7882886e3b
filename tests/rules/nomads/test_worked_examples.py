"""The worked examples of the rule text: get animal, progress arrows, megalith site, settlement."""

from __future__ import annotations

import pytest

from rules.decision import Tracer
from rules.errors import SituationError
from rules.games.nomads.decisions import (
    decide_get_animal,
    decide_megalith_site,
    decide_progress,
    decide_settlement,
)
from rules.games.nomads.hunting import choose_animal


def test_get_animal_example_right_column_bottom_card() -> None:
    # They own 1 giant sloth; no sloths in the hunting area -> condition 2; the arrows
    # (right, down) choose the right column and there the bottom card.
    decision = decide_get_animal(
        {
            "hunting_area": [["bison", "horse", "mammoth"], ["camel", "horse", "argentavis"]],
            "owned": {"sloth": 1},
            "arrows": {"big": "right", "small": "down"},
        }
    )
    assert decision.result == {"animal": "argentavis", "row": 1, "col": 2}
    assert [s.rule for s in decision.trace][:2] == [
        "get animal, condition 1",
        "get animal, condition 2",
    ]


def test_get_animal_conditions_in_order() -> None:
    area = [["bison", "horse"], ["mammoth", "horse"]]
    # Condition 1 beats condition 2 even against the arrows.
    pick = choose_animal(area, {"bison": 3, "mammoth": 0}, "right", "down", Tracer())
    assert pick == {"row": 0, "col": 0, "animal": "bison"}
    # With 4 bison, condition 2 (none owned) comes before condition 3 (4 or more).
    pick = choose_animal(area, {"bison": 4}, "left", "up", Tracer())
    assert pick["animal"] == "mammoth"
    # Only animals owned 4+ times left: condition 3.
    pick = choose_animal([["bison", ""]], {"bison": 5}, "left", "up", Tracer())
    assert pick["animal"] == "bison"
    assert choose_animal([["", ""]], {}, "left", "up", Tracer()) is None


def test_progress_example_leftmost_column_with_cards_bottom_row() -> None:
    decision = decide_progress(
        {
            "display": [[None, "A", "B", None], [None, "C", None, "D"]],
            "arrows": {"big": "left", "small": "down"},
        }
    )
    # The leftmost column is empty; the leftmost column *with cards* is column 2.
    assert decision.result == {"card": "C", "row": 1, "col": 1}


def test_progress_empty_display_goes_to_row_b() -> None:
    decision = decide_progress({"display": [[None]], "arrows": {"big": "left", "small": "up"}})
    assert decision.result["substitute"] == "bury"


def test_megalith_example_no_higher_level_easternmost_then_southernmost() -> None:
    sites = [
        {"level": 0, "col": 0, "row": 0},
        {"level": 0, "col": 2, "row": 0},
        {"level": 0, "col": 2, "row": 2},
        {"level": 0, "col": 1, "row": 3},
    ]
    decision = decide_megalith_site({"sites": sites, "arrows": {"big": "right", "small": "down"}})
    assert decision.result["site"] == {"level": 0, "col": 2, "row": 2}


def test_megalith_prefers_a_higher_level() -> None:
    sites = [{"level": 0, "col": 5, "row": 5}, {"level": 1, "col": 0, "row": 0}]
    decision = decide_megalith_site({"sites": sites, "arrows": {"big": "right", "small": "down"}})
    assert decision.result["site"]["level"] == 1


def test_megalith_all_built_means_bury() -> None:
    decision = decide_megalith_site(
        {"sites": [{"col": 0}], "megaliths_built": 99, "arrows": {"big": "left", "small": "up"}}
    )
    assert decision.result == {"site": None, "substitute": "bury"}


def test_settlement_example_easternmost_small_arrow_not_needed() -> None:
    decision = decide_settlement(
        {
            "connection_points": [
                {"id": "a", "col": 0, "row": 0},
                {"id": "b", "col": 1.5, "row": 2},
                {"id": "c", "col": 3, "row": 1},
            ],
            "arrows": {"big": "right", "small": "down"},
        }
    )
    assert decision.result["step"] == "A" and decision.result["point"]["id"] == "c"
    assert "small arrow" not in [s.rule for s in decision.trace]


def test_settlement_b_and_nomad_tile() -> None:
    b = decide_settlement({"connection_points": [], "arrows": {"big": "left", "small": "up"}})
    assert b.result == {"step": "B"}
    tile = decide_settlement(
        {
            "connection_points": [{"col": 1, "row": 1}],
            "settlements_placed": 3,
            "hard_settlement": True,
            "arrows": {"big": "left", "small": "up"},
        }
    )
    assert tile.result["piece"] == "nomad tile (settlement)"


@pytest.mark.parametrize(
    ("situation", "field"),
    [
        (
            {"hunting_area": [["a"], ["b", "c"]], "arrows": {"big": "left", "small": "up"}},
            "hunting_area[1]",
        ),
        ({"hunting_area": [["a"]], "arrows": {"big": "up", "small": "up"}}, "arrows.big"),
        ({"hunting_area": [[3]], "arrows": {"big": "left", "small": "up"}}, "hunting_area[0][0]"),
        ({"arrows": {"big": "left", "small": "up"}}, "hunting_area"),
        (
            {"hunting_area": [["a"]], "owned": {"a": -1}, "arrows": {"big": "left", "small": "up"}},
            "owned.a",
        ),
    ],
)
def test_bad_situations_name_the_field(situation: dict, field: str) -> None:
    with pytest.raises(SituationError) as err:
        decide_get_animal(situation)
    assert err.value.field == field
