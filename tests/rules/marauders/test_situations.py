"""Situation files: exact results for every example, strict schemas naming the field path."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from rules.errors import SituationError
from rules.games.marauders.situations import DECISIONS
from ui.cli import main

EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "marauders"

#: The result every example file must give, worked out by hand from the rule text (and, where
#: the file uses them, the example components).
EXPECTED: dict[str, dict[str, Any]] = {
    "action-choice-ceremony.json": {
        # cards A and B tie on 2 resources; B lies closer to the bottom (row 1); no card gives
        # VP now: the tile's number, 3, in addition.
        "action": "ceremony",
        "chosen": "card B",
        "tied": ["card A", "card B"],
        "bonus_vp": 3,
    },
    "autumn-megalith.json": {
        # blue (side 4) has the most: direction 4; the free megalith 4 away beats the occupied
        # one 1 away; half of 3 blue, rounded up, goes back.
        "outcome": "move",
        "priority": "megalith",
        "item": {"priority": "megalith", "distance": 4, "line": "right", "occupied": False},
        "direction": 4,
        "colour": "blue",
        "returned": 2,
    },
    "autumn-move-example.json": {
        # the rule text's first member: red 3 -> toward side 2; no animal, a fruit 2 away.
        "outcome": "move",
        "priority": "gathering-tile",
        "item": {"priority": "gathering-tile", "distance": 2, "line": "centre"},
        "direction": 2,
        "colour": "red",
        "returned": 2,
    },
    "autumn-order.json": {"order": ["A", "C", "B"]},
    "final.json": {
        "tribe_vp": 52,
        "players": {"1": 58, "2": 49},
        "victory": True,
        "winners": ["1"],
        "lost": ["2"],
        "tied": [],
        "outright": ["1"],
    },
    "payer.json": {"payer": "1", "order": ["tribe", "1", "2"]},
    "priority-steps.json": {"before": 5, "after": 1, "priority": "hunting-tile"},
    "spring-own-tile.json": {
        # yellow (side 1) and blue (side 2) tie at 4; from the marker (side 2) blue comes
        # first, but gathering (next to it) is full; the next majority: yellow -> hunting.
        "outcome": "action",
        "side": 1,
        "colour": "yellow",
        "action": "hunting",
        "skipped": [{"side": 2, "colour": "blue", "action": "gathering"}],
        "pay": {"yellow": 2},
    },
    "spring-rock-painting-example.json": {
        "outcome": "action",
        "side": 3,
        "colour": "yellow",
        "action": "fishing",
        "skipped": [],
        "pay": {"yellow": 2},
    },
    "summer-actions-example.json": {"actions": ["migration", "gathering"]},
    "summer-pillar-example.json": {
        "outcome": "pillar",
        "action": "gathering",
        "pillar": 1,
        "markers": 3,
        "colours": {"brown": 1, "red": 1, "blue": 1},
        "sides": {"brown": 1, "red": 2, "blue": 4},
    },
}
EXAMPLE_DATA = {
    "spring-own-tile.json": False,
    "payer.json": False,
    "final.json": False,
    "autumn-order.json": False,
    "action-choice-ceremony.json": False,
}

SPRING: dict[str, Any] = {
    "decision": "spring",
    "trays": {"red": 1, "yellow": 3, "blue": 3},
    "priority_marker": 0,
    "tile": {"id": "M01", "face": 2},
}


def run(situation: dict[str, Any]) -> Any:
    return DECISIONS[situation["decision"]](situation)


def refused(situation: dict[str, Any]) -> SituationError:
    with pytest.raises(SituationError) as info:
        run(situation)
    return info.value


def test_every_example_file_has_an_expected_result() -> None:
    assert sorted(p.name for p in EXAMPLES.glob("*.json")) == sorted(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_example_files_give_exactly_the_expected_result(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["decide", "marauders", str(EXAMPLES / name)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["game"] == "marauders"
    assert out["result"] == EXPECTED[name]
    assert out["example_data"] is EXAMPLE_DATA.get(name, True)
    assert out["reason"], "every decision says why"
    decisive = [step for step in out["trace"] if step.get("decisive")]
    assert len(decisive) == 1 and decisive[0]["finding"] == out["reason"]


# -- issue 13: missing fields that change the result are refused, not defaulted --------------


def test_an_autumn_member_without_side_is_refused() -> None:
    error = refused(
        {
            "decision": "autumn-order",
            "priority_marker": 0,
            "members": [{"id": "A", "distance": 2}],
        }
    )
    assert (error.field, error.problem) == ("members[0].side", "is missing")
    error = refused(
        {
            "decision": "autumn-order",
            "priority_marker": 0,
            "members": [{"id": "A", "distance": 2, "side": None}],
        }
    )
    assert error.field == "members[0].side" and "needs its direction" in error.problem


def test_a_lane_item_without_line_is_refused() -> None:
    error = refused(
        {
            "decision": "autumn-move",
            "trays": {"red": 1},
            "priority_marker": 0,
            "near_megalith": False,
            "lane": [{"priority": "campsite", "distance": 2}],
        }
    )
    assert (error.field, error.problem) == ("lane[0].line", "is missing")


def test_a_megalith_without_occupied_and_a_marker_without_colour_are_refused() -> None:
    base = {"decision": "autumn-move", "trays": {"red": 1}, "priority_marker": 0}
    error = refused(
        {
            **base,
            "near_megalith": False,
            "lane": [{"priority": "megalith", "distance": 2, "line": "left"}],
        }
    )
    assert error.field == "lane[0].occupied" and "is missing" in error.problem
    error = refused(
        {
            **base,
            "near_megalith": False,
            "lane": [{"priority": "action-marker", "distance": 2, "line": "left"}],
        }
    )
    assert error.field == "lane[0].colour" and "is missing" in error.problem
    error = refused({**base, "lane": []})
    assert error.field == "near_megalith"


def test_a_gathering_offer_without_clockwise_is_refused() -> None:
    error = refused(
        {
            "decision": "action-choice",
            "action": "gathering",
            "offers": [{"id": "a", "income": {"resources": 1}}],
        }
    )
    assert (error.field, error.problem) == ("offers[0].clockwise", "is missing")


def test_ceremony_needs_to_know_whether_any_card_gives_vp() -> None:
    error = refused(
        {
            "decision": "action-choice",
            "action": "ceremony",
            "tile_number": 2,
            "offers": [{"id": "a", "income": {"resources": 1}, "row": 1}],
        }
    )
    assert error.field == "any_vp_now"


@pytest.mark.parametrize(
    "players",
    [{"1": 3, "Alice": 4}, {"1": 3, "4": 4}, {"2": 3}, {"1": 3, "3": 2}, {}],
)
def test_final_refuses_other_player_names(players: dict[str, int]) -> None:
    error = refused({"decision": "final", "tribe_vp": 10, "players": players})
    assert error.field.startswith("players")


# -- bounds from the components, duplicates, unknown fields -------------------------------------


def broken(change: Any) -> dict[str, Any]:
    situation = copy.deepcopy(SPRING)
    change(situation)
    return situation


@pytest.mark.parametrize(
    ("change", "field", "words"),
    [
        (lambda s: s["trays"].update(red=-1), "trays.red", "below the minimum"),
        (lambda s: s["trays"].update(red=10**100), "trays.red", "above the maximum 60"),
        (lambda s: s["trays"].update(purple=2), "trays.purple", "unknown key"),
        (lambda s: s["trays"].update(red="two"), "trays.red", "whole number"),
        (lambda s: s["trays"].update(red=True), "trays.red", "whole number"),
        (lambda s: s.update(priority_marker=6), "priority_marker", "above the maximum"),
        (lambda s: s.pop("trays"), "trays", "is missing"),
        (lambda s: s.update(tile={"id": "M99", "face": 2}), "tile.id", "unknown tile"),
        (lambda s: s.update(tile={"id": "M01", "face": 4}), "tile.face", "above the maximum 3"),
        (
            lambda s: s.update(tile={"actions": s["tile"] and PRINTED, "number": 5}),
            "tile.number",
            "above the maximum 3",
        ),
        (lambda s: s.update(tile={"id": "M01"}), "tile", "give either"),
        (lambda s: s.update(full_actions=["juggling"]), "full_actions[0]", "is not one of"),
        (lambda s: s.update(full_actions=["fishing", "fishing"]), "full_actions[1]", "repeats"),
        (
            lambda s: s.update(tile={"actions": ["fishing"] * 6, "number": 2}),
            "tile.actions[1]",
            "repeats",
        ),
        (
            lambda s: s.update(tile={"actions": ["fishing"], "number": 2}),
            "tile.actions",
            "at least 6",
        ),
        (lambda s: s.update(action_number=3), "action_number", "has no action 3"),
        (lambda s: s.update(trayz={}), "trayz", "unknown field"),
    ],
)
def test_spring_situation_errors_name_the_field(change: Any, field: str, words: str) -> None:
    error = refused(broken(change))
    assert error.field == field
    assert words in error.problem


PRINTED = ["hunting", "ceremony", "migration", "fishing", "gathering", "rock-painting"]


def _board(**override: Any) -> dict[str, Any]:
    sides = [
        {"side": 0, "tray": "white", "priority": "campsite"},
        {"side": 1, "tray": "brown", "priority": "hunting-tile"},
        {"side": 2, "tray": "red", "priority": "gathering-tile"},
        {"side": 3, "tray": "yellow", "priority": "fishing-tile"},
        {"side": 4, "tray": "blue", "priority": "megalith"},
        {"side": 5, "tray": None, "priority": "action-marker"},
    ]
    for index, value in override.items():
        sides[int(index[1:])].update(value)
    return {"sides": sides}


@pytest.mark.parametrize(
    ("board", "field", "words"),
    [
        (_board(s5={"tray": "red"}), "control_board.sides[5].tray", "already on side 2"),
        (_board(s5={"tray": ["red", "blue"]}), "control_board.sides[5].tray", "must be a string"),
        (_board(s1={"side": 0}), "control_board.sides[1]", "repeats entry 0"),
        (_board(s2={"tray": "green"}), "control_board.sides[2].tray", "is not one of"),
        (_board(s4={"tray": None}), "control_board.sides", "missing: blue"),
        (_board(s0={"priority": "megalith"}), "control_board.sides[4].priority", "already on"),
    ],
)
def test_impossible_control_boards_are_rejected(board: Any, field: str, words: str) -> None:
    error = refused({**SPRING, "control_board": board})
    assert error.field == field
    assert words in error.problem


def test_user_board_and_typed_tile_are_not_example_data() -> None:
    situation = {**SPRING, "control_board": _board(), "tile": {"actions": PRINTED, "number": 2}}
    decision = run(situation)
    assert decision.result["action"] == "fishing"
    assert decision.example_data is False
    assert run(SPRING).example_data is True


@pytest.mark.parametrize(
    ("situation", "field"),
    [
        ({"decision": "payer", "order": ["tribe", "1", "1"]}, "order[2]"),
        ({"decision": "payer", "order": ["1", "2"]}, "order"),
        ({"decision": "payer", "order": ["tribe", "2"]}, "order"),
        ({"decision": "payer", "order": ["tribe", "1", "4"]}, "order[2]"),
        (
            {"decision": "summer-pillar", "framed": "fishing", "pillars": {"fishing": [1, 2, 3]}},
            "pillars.fishing",
        ),
        (
            {
                "decision": "summer-pillar",
                "framed": "fishing",
                "pillars": {"fishing": [{"red": -1}]},
            },
            "pillars.fishing[0].red",
        ),
        ({"decision": "summer-pillar", "pillars": {"fishing": [1]}}, "framed"),
        (
            {
                "decision": "autumn-order",
                "priority_marker": 0,
                "members": [{"id": "a", "distance": -1, "side": 0}],
            },
            "members[0].distance",
        ),
        (
            {
                "decision": "autumn-order",
                "priority_marker": 0,
                "members": [
                    {"id": "a", "distance": 1, "side": 0},
                    {"id": "a", "distance": 2, "side": 0},
                ],
            },
            "members[1]",
        ),
        (
            {
                "decision": "autumn-order",
                "priority_marker": 0,
                "members": [{"id": "a", "distance": 2, "side": 0, "steps_clockwise": 2}],
            },
            "members[0].steps_clockwise",
        ),
        (
            {
                "decision": "autumn-move",
                "trays": {"red": 1},
                "priority_marker": 0,
                "near_megalith": False,
                "lane": [{"priority": "campsite", "distance": 1, "line": "left", "colour": "red"}],
            },
            "lane[0].colour",
        ),
        (
            {
                "decision": "autumn-move",
                "trays": {"red": 1},
                "priority_marker": 0,
                "near_megalith": False,
                "lane": [
                    {"priority": "campsite", "distance": 1, "line": "left"},
                    {"priority": "fishing-tile", "distance": 1, "line": "left"},
                ],
            },
            "lane[1]",
        ),
        (
            {
                "decision": "autumn-move",
                "trays": {"red": 1},
                "priority_marker": 0,
                "near_megalith": False,
                "lane": [{"priority": "cave", "distance": 1, "line": "left"}],
            },
            "lane[0].priority",
        ),
        (
            {
                "decision": "autumn-move",
                "trays": {"red": 1},
                "priority_marker": 0,
                "near_megalith": False,
                "lane": [{"priority": "campsite", "distance": 0, "line": "left"}],
            },
            "lane[0].distance",
        ),
        (
            {
                "decision": "action-choice",
                "action": "ceremony",
                "offers": [{"id": "a", "income": {"vp": 1}, "row": 1}],
                "any_vp_now": True,
            },
            "tile_number",
        ),
        (
            {
                "decision": "action-choice",
                "action": "hunting",
                "offers": [{"id": "x", "income": {"gold": 1}, "row": 1}],
            },
            "offers[0].income.gold",
        ),
        (
            {
                "decision": "action-choice",
                "action": "hunting",
                "offers": [
                    {"id": "x", "income": {"vp": 1}, "row": 1},
                    {"id": "x", "income": {"vp": 1}, "row": 2},
                ],
            },
            "offers[1]",
        ),
        (
            {
                "decision": "action-choice",
                "action": "gathering",
                "offers": [
                    {"id": "x", "income": {"vp": 1}, "clockwise": 1},
                    {"id": "y", "income": {"vp": 1}, "clockwise": 1},
                ],
            },
            "offers[1]",
        ),
        (
            {"decision": "action-choice", "action": "migration", "offers": []},
            "offers",
        ),
        (
            {"decision": "action-choice", "action": "ceremony", "tile_number": 5, "offers": []},
            "tile_number",
        ),
        ({"decision": "final", "tribe_vp": -3, "players": {"1": 2}}, "tribe_vp"),
        ({"decision": "final", "tribe_vp": 3, "players": {"1": 1000}}, "players.1"),
        (
            {"decision": "priority-steps", "priority_marker": 0, "development_points": 31},
            "development_points",
        ),
    ],
)
def test_other_kinds_validate_their_fields(situation: dict[str, Any], field: str) -> None:
    assert refused(situation).field == field


def test_inline_components_are_checked_by_the_component_schema() -> None:
    data = json.loads(
        (
            Path(__file__).resolve().parents[3] / "rules/games/marauders/data/components.json"
        ).read_text("utf-8")
    )
    data["tiles"] = data["tiles"][:11]
    error = refused({**SPRING, "components": data})
    assert error.field == "components.tiles" and "at least 12" in error.problem


def test_cli_reports_bad_situation_without_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(broken(lambda s: s["trays"].update(blue=-2))))
    assert main(["decide", "marauders", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "trays.blue" in err and "Traceback" not in err
