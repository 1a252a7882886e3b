"""Confrontational variants: who controls which hex; who advanced furthest."""

from __future__ import annotations

import pytest

from rules.errors import IllegalInput, SituationError
from rules.games.anteportas.versus import advance as _advance
from rules.games.anteportas.versus import area_control as _area_control
from rules.games.anteportas.versus import capture_the_flag as _capture_the_flag
from rules.registry import get_game
from rules.session import Session
from tests.rules.anteportas.helpers import KIT, building, side

DECISIONS = get_game("anteportas").decisions()


def area_control(units, spawns):  # type: ignore[no-untyped-def]
    return _area_control(units, spawns, KIT)


def capture_the_flag(mobile):  # type: ignore[no-untyped-def]
    return _capture_the_flag(mobile, KIT)


def advance(team, hex_id):  # type: ignore[no-untyped-def]
    return _advance(team, hex_id, KIT)


def decide_area_control(situation):  # type: ignore[no-untyped-def]
    return DECISIONS["area-control"](situation)


def decide_capture_the_flag(situation):  # type: ignore[no-untyped-def]
    return DECISIONS["capture-the-flag"](situation)


def test_control_is_sight_not_shared_with_the_other_team() -> None:
    units = {"A": {4: side("F", building("guard_post"))}, "B": {12: side("F")}}
    result = area_control(units, {"A": 2, "B": 27})
    # A sees 2, 4, 6, 7, 9, 10, 14; B sees 27 and 12 (its Soldier); none overlap.
    assert result["control"]["A"] == [2, 4, 6, 7, 9, 10, 14]
    assert result["control"]["B"] == [12, 27]
    assert result["winner"] == "A"


def test_enemy_units_block_sight_and_shared_hexes_belong_to_nobody() -> None:
    units = {"A": {4: side("F", building("guard_post"))}, "B": {9: side("F")}}
    result = area_control(units, {"A": 2, "B": 27})
    assert 14 not in result["control"]["A"]  # behind B's Soldier on #9
    assert 9 not in result["control"]["A"] and 9 not in result["control"]["B"]  # seen by both


def test_team_b_buildings_face_the_other_way() -> None:
    units = {"A": {}, "B": {19: side("F", building("guard_post"))}}
    result = area_control(units, {"A": 2, "B": 27})
    assert {14, 16, 17} <= set(result["control"]["B"])  # arrows point down for team B


def test_tie_means_no_winner() -> None:
    assert area_control({"A": {}, "B": {}}, {"A": 2, "B": 27})["winner"] is None


def test_advance_is_measured_from_each_teams_own_edge() -> None:
    assert advance("A", 1) == 0 and advance("B", 27) == 0
    assert advance("A", 7) == advance("B", 22)


def test_capture_the_flag_compares_row_by_row() -> None:
    # #17 is 3 rows above A's edge but only 2 below B's.
    assert capture_the_flag({"A": [17], "B": [17]})["winner"] == "A"
    result = capture_the_flag({"A": [12, 7], "B": [17, 27]})
    assert result["advance"] == {"A": [4, 2], "B": [4, 0]}
    assert result["winner"] == "A" and result["decided_at_row"] == 2  # first row: 1 each
    assert capture_the_flag({"A": [12, 7], "B": [17, 22]})["winner"] is None


def test_decisions_validate_the_teams() -> None:
    with pytest.raises(SituationError) as info:
        decide_area_control({"teams": {"A": {"spawn_point": 2}}})
    assert info.value.field == "teams.B"
    with pytest.raises(SituationError) as info:
        decide_area_control(
            {"teams": {"A": {"spawn_point": 2}, "B": {"spawn_point": 27, "battleground": {}}}}
        )
    assert info.value.field == "teams.A.battleground"
    with pytest.raises(SituationError) as info:
        decide_area_control(
            {
                "teams": {
                    "A": {"spawn_point": 2, "battleground": {"9": {"soldiers": ["farmer"]}}},
                    "B": {"spawn_point": 27, "battleground": {"9": {"soldiers": ["farmer"]}}},
                }
            }
        )
    assert info.value.field == "teams.B.battleground.9"
    with pytest.raises(SituationError) as info:
        decide_capture_the_flag({"teams": {"A": {"mobile_units": [40]}, "B": {"mobile_units": []}}})
    assert info.value.field == "teams.A.mobile_units[0]"
    out = decide_capture_the_flag(
        {"teams": {"A": {"mobile_units": [3]}, "B": {"mobile_units": []}}, "crossed": "B"}
    )
    assert out.result["winner"] == "B" and out.example_data


def set_hex(session: Session, team: str, hex_id: int, soldiers: dict, tile: str = "none") -> None:
    session.answer({"action": team, "hex": str(hex_id)})
    session.answer({"soldiers": soldiers, "tile": tile})


def test_referee_flow_area_control() -> None:
    session = Session(get_game("anteportas"), {"mode": "area_control"}, seed=1)
    prompt = session.prompt()
    assert prompt.step == "versus-prep"
    assert any("6 Soldiers" in m.english() for m in prompt.lines)
    session.answer({})
    set_hex(session, "A", 4, {"farmer": 1}, "guard_post")
    set_hex(session, "B", 19, {"farmer": 1})
    assert all(f.kind != "text" for f in session.prompt().fields)
    decision = session.answer({})
    assert decision is not None and decision.result["winner"] == "A"
    assert session.prompt().finished


def test_referee_flow_capture_the_flag_counts_mobile_units() -> None:
    session = Session(get_game("anteportas"), {"mode": "capture_the_flag"}, seed=1)
    session.answer({})
    set_hex(session, "A", 17, {"farmer": 1})
    with pytest.raises(IllegalInput):
        session.answer({"action": "B", "hex": "17"})  # team A holds #17
    set_hex(session, "B", 22, {"farmer": 1}, "catapult")
    decision = session.answer({})
    assert decision is not None
    assert decision.result["advance"] == {"A": [6], "B": [2, 2]}
    assert decision.result["winner"] == "A"
