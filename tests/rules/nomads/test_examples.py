"""Every example situation in examples/nomads/ with its exact expected result.

The expected values are worked out by hand from the rule text (and the
EXAMPLE component data where the text leaves a number to the printed game),
not taken from the code's output.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from ui.cli import main

EXAMPLES = Path(__file__).parents[3] / "examples" / "nomads"

EXPECTED: dict[str, dict[str, Any]] = {
    # Weiterziehen marked but taken; big arrow left: Entwickeln is the next empty column.
    "column": {"column": "develop", "placement": "symbol"},
    # 2 + 1 + 3 from the eclipse pile, 2 from the last card; 2 stones x 2 points.
    "eclipse": {"workforce": 8, "stone_points": 4},
    # 41 + (6 + 3) // 2 (offerings space 3: 1 per 2) + 5 x 2 (fame space 7: 2 per card) + 7
    # + bison x4 = 10, sloth x2 = 3, Argentavis x3 (x5 set) = 5, promo x2 = 10.
    "final-score": {
        "total": 90,
        "parts": {
            "score": 41,
            "food_tools": 4,
            "buried_cards": 10,
            "buried_progress": 7,
            "animals:Argentavis": 5,
            "animals:Bison": 10,
            "animals:Promo": 10,
            "animals:Riesenfaultier": 3,
        },
    },
    # No sloth in the area (condition 1 fails), all others are new (condition 2); the
    # rightmost column holds camel and Argentavis; the small arrow down takes the bottom one.
    "get-animal": {"animal": "argentavis", "row": 1, "col": 3},
    "megalith-site": {"site": {"level": 0, "col": 3, "row": 2}, "received": "megalith"},
    # The leftmost column with cards is the second; the bottom card there.
    "progress": {"card": "Kleidung", "row": 1, "col": 1},
    # Era I: S1 and S2; the big arrow right takes S2 (1 food, 1 tool), affordable.
    "sacred-stone": {
        "stone": {"name": "S2", "era": 1, "food": 1, "tools": 1},
        "space": 1,
        "received": "sacred_stone",
    },
    # The easternmost connection point P3; 1 settlement placed, so a settlement.
    "settlement": {
        "step": "A",
        "point": {"id": "P3", "col": 2.5, "row": 0.5},
        "piece": "settlement",
    },
    # Stone too dear -> megalith (all 4 built) -> bury (pile empty) -> tool (5) -> food.
    "substitution": {
        "received": "food",
        "chain": ["sacred_stone", "megalith", "bury", "tool", "food"],
    },
}


def test_every_example_has_an_expected_result() -> None:
    assert sorted(p.stem for p in EXAMPLES.glob("*.json")) == sorted(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_example_result(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["decide", "nomads", str(EXAMPLES / f"{name}.json")]) == 0
    decision = json.loads(capsys.readouterr().out)
    assert decision["kind"] == name
    assert decision["result"] == EXPECTED[name]
    assert decision["reason"]  # the "Why" line
    assert decision["example_data"] is True
