"""The component catalogue: the shipped example data and a user file replacing it."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from rules.errors import SituationError
from rules.games.marauders import catalogue as cat
from rules.games.marauders.model import ACTIONS, COLOURS, PRIORITIES
from rules.games.marauders.situations import DECISIONS
from rules.session import Session
from tests.rules.marauders.support import GAME
from ui.components import MARAUDERS_ENV, load_user_components

DATA = Path(cat.__file__).parent / "data" / "components.json"


def test_shipped_catalogue_is_marked_example_and_complete() -> None:
    raw = json.loads(DATA.read_text("utf-8"))
    assert raw["example"] is True
    data = cat.builtin()
    assert len(data["tiles"]) == 12
    for faces in data["tiles"].values():
        for actions in faces.values():
            assert sorted(actions) == sorted(ACTIONS)
    board = data["control_board"]
    assert sorted(cat.tray_sides(board)) == sorted(COLOURS)
    assert sorted(s["priority"] for s in board["sides"]) == sorted(PRIORITIES)


def _user_file(tmp_path: Path, example: bool = False) -> Path:
    raw = json.loads(DATA.read_text("utf-8"))
    raw["example"] = example
    # The user's real board: trays in another order.
    for side, colour in zip(
        range(6), ["red", "yellow", "blue", "brown", "white", None], strict=True
    ):
        raw["control_board"]["sides"][side]["tray"] = colour
    path = tmp_path / "real.json"
    path.write_text(json.dumps(raw))
    return path


def test_user_components_file_replaces_the_example(tmp_path: Path) -> None:
    load_user_components({MARAUDERS_ENV: str(_user_file(tmp_path))})
    situation = {
        "decision": "spring",
        "trays": {"red": 2},
        "priority_marker": 0,
        "tile": {"id": "M01", "face": 2},
    }
    decision = DECISIONS["spring"](situation)
    assert decision.example_data is False
    assert decision.result["colour"] == "red" and decision.result["side"] == 0
    session = Session(GAME, {"players": 1}, seed=1)
    assert session.state["board_example"] is False
    assert cat.board_of(session.state)["sides"][0]["tray"] == "red"


def test_bad_user_file_names_the_problem(tmp_path: Path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text("{oops")
    with pytest.raises(SituationError) as info:
        load_user_components({MARAUDERS_ENV: str(broken)})
    assert info.value.field == MARAUDERS_ENV and "not valid JSON" in info.value.problem
    raw = json.loads(DATA.read_text("utf-8"))
    raw["tiles"][3]["faces"]["3"][0] = "dancing"
    wrong = tmp_path / "wrong.json"
    wrong.write_text(json.dumps(raw))
    with pytest.raises(SituationError) as info:
        load_user_components({MARAUDERS_ENV: str(wrong)})
    assert info.value.field == f"{MARAUDERS_ENV}.tiles[3].faces.3[0]"
    with pytest.raises(SituationError) as info:
        load_user_components({MARAUDERS_ENV: str(tmp_path / "missing.json")})
    assert "cannot read" in info.value.problem


@pytest.fixture(autouse=True)
def _back_to_the_example() -> Iterator[None]:
    yield
    cat.use_components(None)


def test_inline_components_in_a_situation(tmp_path: Path) -> None:
    raw = json.loads(_user_file(tmp_path).read_text())
    situation = {
        "decision": "summer-actions",
        "components": raw,
        "trays": {"red": 3},
        "tile": {"id": "M02", "face": 2},
    }
    decision = DECISIONS["summer-actions"](situation)
    assert decision.example_data is False
    assert decision.result["actions"] == [raw["tiles"][1]["faces"]["2"][0]]


def test_priority_steps_wrap_round_the_hexagon() -> None:
    decision = DECISIONS["priority-steps"](
        {"decision": "priority-steps", "priority_marker": 5, "development_points": 2}
    )
    assert decision.result == {"before": 5, "after": 1, "priority": "hunting-tile"}
    assert decision.example_data is True


def test_summer_pillar_reports_the_taken_colours() -> None:
    decision = DECISIONS["summer-pillar"](
        {
            "decision": "summer-pillar",
            "framed": "rock-painting",
            "pillars": {
                "gathering": [{"brown": 1, "red": 1, "blue": 1}],
                "ceremony": [{"yellow": 2, "white": 1}],
            },
        }
    )
    assert decision.result["colours"] == {"brown": 1, "red": 1, "blue": 1}


def test_a_small_catalogue_reshuffles_its_discards(tmp_path: Path) -> None:
    from tests.rules.marauders.support import busy_answers, play

    raw = json.loads(DATA.read_text("utf-8"))
    raw["tiles"] = raw["tiles"][:3]
    path = tmp_path / "three.json"
    path.write_text(json.dumps(raw))
    load_user_components({MARAUDERS_ENV: str(path)})
    session = Session(GAME, {"players": 1, "hard_tiles": 1}, seed=5)
    play(session, busy_answers)
    assert session.prompt().finished
    assert session.state["tile"]["id"] in {"M01", "M02", "M03"}
