"""Typed decision results (issue 25): the autumn move as a dataclass, its JSON unchanged.

``decide_json/`` holds what ``tableside decide marauders examples/marauders/X.json``
printed before the results were typed; the typed results must print the same result.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from rules.decision import Decision
from rules.games.marauders.results import (
    AutumnMove,
    SkippedTray,
    TrayMarker,
    autumn_move_of,
    spring_of,
)
from rules.registry import get_game
from rules.results import result_json
from rules.schema import dump_json
from rules.text import msg

ROOT = Path(__file__).resolve().parents[3]
EXAMPLES = sorted((ROOT / "examples" / "marauders").glob("*.json"))
BEFORE = Path(__file__).with_name("decide_json")


def decide(path: Path) -> Decision:
    situation = json.loads(path.read_text("utf-8"))
    return get_game("marauders").decisions()[situation["decision"]](situation)


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_decide_prints_the_same_result_bytes_as_before_the_results_were_typed(path: Path) -> None:
    """The result's JSON text (keys, order, values) is what decide printed before.

    Only ``result`` is compared, so a reworded summary or instruction does not
    fail here; the whole output was byte-identical when the results were typed.
    """
    printed = decide(path).to_json()
    before = json.loads((BEFORE / path.name).read_text("utf-8"))
    assert dump_json(printed["result"]) == dump_json(before["result"])
    assert list(printed) == list(before)


def test_every_example_has_its_recorded_output() -> None:
    assert {p.name for p in EXAMPLES} == {p.name for p in BEFORE.glob("*.json")}


def test_the_autumn_move_result_is_typed_and_reads_as_its_json() -> None:
    result = autumn_move_of(decide(ROOT / "examples" / "marauders" / "autumn-megalith.json"))
    # The free megalith 4 spaces away wins over the occupied one 1 space away (rule text).
    assert result == AutumnMove(
        outcome="move",
        priority="megalith",
        item={"priority": "megalith", "distance": 4, "line": "right", "occupied": False},
        direction=4,
        colour="blue",
        returned=2,
    )
    assert result.returned == 2 and result["returned"] == 2 and result.get("marker") is None
    assert list(result) == ["outcome", "priority", "item", "direction", "colour", "returned"]


def test_result_json_writes_reserved_names_nested_results_and_leaves_out_empty_options() -> None:
    lying = AutumnMove(outcome="lie-down", direction=None, colour=None, returned=0)
    assert result_json(lying) == {
        "outcome": "lie-down",
        "direction": None,
        "colour": None,
        "returned": 0,
    }
    took = replace(
        lying,
        outcome="move",
        priority="action-marker",
        direction=1,
        colour="red",
        returned=1,
        marker=TrayMarker(colour="green", side=3),
        from_="2@1",
        to="3@1",
    )
    assert result_json(took)["marker"] == {"colour": "green", "side": 3}
    assert result_json(took)["from"] == "2@1" and "from_" not in result_json(took)
    assert (
        Decision.from_json(
            Decision(game="g", kind="autumn-move", summary=msg("moved"), result=took).to_json()
        ).result
        == took
    )


def test_the_spring_result_is_typed_with_the_trays_it_skipped() -> None:
    decision = decide(ROOT / "examples" / "marauders" / "spring-own-tile.json")
    result = spring_of(decision)
    # Blue (4, first clockwise from the marker at 2) is skipped: gathering's columns are full.
    assert result.skipped == (SkippedTray(side=2, colour="blue", action="gathering"),)
    assert (result.outcome, result.side, result.colour, result.action) == (
        "action",
        1,
        "yellow",
        "hunting",
    )
    assert result.pay == {"yellow": 2} and result.vp is None and "vp" not in result
