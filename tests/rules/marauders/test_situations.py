"""Situation files: strict validation naming the field, example files through the CLI."""

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

SPRING: dict[str, Any] = {
    "decision": "spring",
    "trays": {"red": 1, "yellow": 3, "blue": 3},
    "priority_marker": 0,
    "tile": {"id": "M01", "face": 2},
}


def run(situation: dict[str, Any]) -> Any:
    return DECISIONS[situation["decision"]](situation)


def broken(change: Any) -> dict[str, Any]:
    situation = copy.deepcopy(SPRING)
    change(situation)
    return situation


@pytest.mark.parametrize(
    ("change", "field", "words"),
    [
        (lambda s: s["trays"].update(red=-1), "trays.red", "below the minimum"),
        (lambda s: s["trays"].update(purple=2), "trays.purple", "unknown colour"),
        (lambda s: s["trays"].update(red="two"), "trays.red", "whole number"),
        (lambda s: s.update(priority_marker=6), "priority_marker", "above the maximum"),
        (lambda s: s.pop("trays"), "trays", "missing"),
        (lambda s: s.update(tile={"id": "M99", "face": 2}), "tile.id", "unknown tile"),
        (lambda s: s.update(tile={"id": "M01", "face": 4}), "tile.face", "above the maximum"),
        (lambda s: s.update(full_actions=["juggling"]), "full_actions[0]", "unknown action"),
        (
            lambda s: s.update(tile={"actions": ["fishing"] * 6, "number": 2}),
            "tile.actions[1]",
            "already shown",
        ),
        (
            lambda s: s.update(tile={"actions": ["fishing"], "number": 2}),
            "tile.actions",
            "6 action symbols",
        ),
        (lambda s: s.update(trayz={}), "trayz", "unknown field"),
    ],
)
def test_spring_situation_errors_name_the_field(change: Any, field: str, words: str) -> None:
    with pytest.raises(SituationError) as info:
        run(broken(change))
    assert info.value.field == field
    assert words in info.value.problem


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
        (_board(s5={"tray": ["red", "blue"]}), "control_board.sides[5].tray", "at most one tray"),
        (_board(s1={"side": 0}), "control_board.sides[1].side", "listed twice"),
        (_board(s2={"tray": "green"}), "control_board.sides[2].tray", "unknown colour"),
        (_board(s4={"tray": None}), "control_board.sides", "missing: blue"),
        (_board(s0={"priority": "megalith"}), "control_board.sides[4].priority", "already on"),
    ],
)
def test_impossible_control_boards_are_rejected(board: Any, field: str, words: str) -> None:
    with pytest.raises(SituationError) as info:
        run({**SPRING, "control_board": board})
    assert info.value.field == field
    assert words in info.value.problem


def test_user_board_and_typed_tile_are_not_example_data() -> None:
    situation = {
        **SPRING,
        "control_board": _board(),
        "tile": {
            "actions": [
                "hunting",
                "ceremony",
                "migration",
                "fishing",
                "gathering",
                "rock-painting",
            ],
            "number": 2,
        },
    }
    decision = run(situation)
    assert decision.result["action"] == "fishing"
    assert decision.example_data is False
    assert run(SPRING).example_data is True


def test_other_kinds_validate_their_fields() -> None:
    cases = [
        ({"decision": "payer", "order": ["tribe", "1", "1"]}, "order"),
        ({"decision": "payer", "order": ["1", "2"]}, "order"),
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
        (
            {
                "decision": "autumn-order",
                "priority_marker": 0,
                "members": [{"id": "a", "distance": -1}],
            },
            "members[0].distance",
        ),
        (
            {
                "decision": "autumn-move",
                "trays": {"red": 1},
                "priority_marker": 0,
                "lane": [{"priority": "campsite", "distance": 1, "colour": "red"}],
            },
            "lane[0].colour",
        ),
        (
            {
                "decision": "autumn-move",
                "trays": {"red": 1},
                "priority_marker": 0,
                "lane": [{"priority": "cave", "distance": 1}],
            },
            "lane[0].priority",
        ),
        (
            {
                "decision": "autumn-move",
                "trays": {"red": 1},
                "priority_marker": 0,
                "lane": [{"priority": "campsite", "distance": 0}],
            },
            "lane[0].distance",
        ),
        ({"decision": "action-choice", "action": "ceremony", "offers": []}, "tile_number"),
        (
            {
                "decision": "action-choice",
                "action": "hunting",
                "tile_number": 2,
                "offers": [{"id": "x", "income": {"gold": 1}, "row": 1}],
            },
            "offers[0].income.gold",
        ),
        ({"decision": "final", "tribe_vp": -3, "players": {"1": 2}}, "tribe_vp"),
    ]
    for situation, field in cases:
        with pytest.raises(SituationError) as info:
            run(situation)
        assert info.value.field == field, situation


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.json")), ids=lambda p: p.name)
def test_example_files_run_through_the_cli(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["decide", "marauders", str(path)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["game"] == "marauders"
    assert out["trace"], "every decision carries its trace"


def test_cli_reports_bad_situation_without_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(broken(lambda s: s["trays"].update(blue=-2))))
    assert main(["decide", "marauders", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "trays.blue" in err and "Traceback" not in err


def test_example_spring_file_gives_the_rule_text_answer(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["decide", "marauders", str(EXAMPLES / "spring-rock-painting-example.json")]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["result"]["action"] == "fishing" and out["example_data"] is True
    rules = [step["rule"] for step in out["trace"]]
    assert "clockwise tie-break" in rules
