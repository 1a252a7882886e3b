"""Any JSON thrown at a Marauders decision gives a decision or a SituationError, never a crash.

Accepted situations give a decision whose JSON is valid (no NaN) and whose
trace marks exactly one decisive step.
"""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.decision import Decision
from rules.errors import SituationError
from rules.games.marauders.situations import DECISIONS

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-3, 8)
    | st.sampled_from([10**100, 2**63, 1.5, float("nan")])
    | st.sampled_from(
        ["red", "fishing", "campsite", "megalith", "left", "M01", "tribe", "1", "x", "\ud800"]
    ),
    lambda inner: (
        st.lists(inner, max_size=7)
        | st.dictionaries(
            st.sampled_from(
                [
                    "red",
                    "blue",
                    "id",
                    "face",
                    "actions",
                    "number",
                    "priority",
                    "distance",
                    "line",
                    "side",
                    "vp",
                    "steps",
                    "income",
                    "row",
                    "fishing",
                    "gathering",
                    "sides",
                    "tray",
                    "occupied",
                    "colour",
                    "clockwise",
                    "steps_clockwise",
                    "occupied",
                    "faces",
                    "tiles",
                    "control_board",
                    "pricing_tile",
                    "columns",
                ]
            ),
            inner,
            max_size=6,
        )
    ),
    max_leaves=25,
)

FIELDS = [
    "trays",
    "priority_marker",
    "tile",
    "full_actions",
    "framed",
    "pillars",
    "current_action",
    "members",
    "lane",
    "near_megalith",
    "member",
    "action",
    "offers",
    "tile_number",
    "any_vp_now",
    "players_choose_ties",
    "painted",
    "row_length",
    "members_on_board",
    "order",
    "tribe_vp",
    "players",
    "development_points",
    "control_board",
    "pricing_tile",
    "components",
    "development_points",
]


@settings(max_examples=150, deadline=None)
@given(
    st.sampled_from(sorted(DECISIONS)),
    st.dictionaries(st.sampled_from(FIELDS), json_values, max_size=6),
)
def test_random_situations_never_crash(kind: str, situation: dict[str, Any]) -> None:
    try:
        result = DECISIONS[kind]({"decision": kind, **situation})
    except SituationError as exc:
        assert exc.problem
    else:
        assert isinstance(result, Decision)
        _valid(result)


def _valid(decision: Decision) -> None:
    import json

    json.dumps(decision.to_json(), allow_nan=False)
    assert sum(step.decisive for step in decision.trace) == 1


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            out += _paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            out += _paths(item, (*prefix, index))
    return out


def _examples() -> list[dict[str, Any]]:
    import json
    from pathlib import Path

    folder = Path(__file__).resolve().parents[3] / "examples" / "marauders"
    return [json.loads(p.read_text()) for p in sorted(folder.glob("*.json"))]


EXAMPLES = _examples()


@settings(max_examples=250, deadline=None)
@given(st.sampled_from(EXAMPLES), st.data(), json_values)
def test_mutated_example_situations_never_crash(
    example: dict[str, Any], data: st.DataObject, value: Any
) -> None:
    import copy

    situation = copy.deepcopy(example)
    paths = [p for p in _paths(situation) if p and p[0] != "decision"]
    path = data.draw(st.sampled_from(paths))
    target: Any = situation
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    try:
        result = DECISIONS[situation["decision"]](situation)
    except SituationError as exc:
        assert exc.problem
    else:
        assert isinstance(result, Decision)
        _valid(result)
