"""Final scoring: animal sets and the idol-track rates."""

from __future__ import annotations

import pytest

from rules.games.nomads.scoring import animal_points, final_score, rated
from tests.rules.nomads.helpers import EXAMPLE, decide


@pytest.mark.parametrize(("count", "points"), [(0, 0), (1, 1), (2, 3), (3, 6), (4, 10), (7, 10)])
def test_x10_sets(count: int, points: int) -> None:
    assert animal_points(count, 10) == points


@pytest.mark.parametrize(("count", "points"), [(1, 2), (2, 5), (3, 5)])
def test_x5_sets(count: int, points: int) -> None:
    assert animal_points(count, 5) == points


def test_x1_promos_5_each() -> None:
    assert animal_points(3, 1) == 15


def test_final_score_adds_every_part() -> None:
    idols = EXAMPLE.idols
    total, parts = final_score(
        10, 4, 2, 3, 5, 6, 7, {"bison": 2, "argentavis": 1}, {"bison": 10, "argentavis": 5}, idols
    )
    expected = (
        10
        + rated(6, idols["offerings"]["rate"]["3"])
        + rated(6, idols["fame"]["rate"]["5"])
        + 7
        + 3
        + 2
    )
    assert total == expected == sum(parts.values())


def test_final_score_decision_and_track_limit() -> None:
    top = EXAMPLE.idols["fame"]["top"]
    base = {
        "score": 0,
        "food": 0,
        "tools": 0,
        "offerings": 0,
        "fame": top,
        "buried_cards": 0,
        "buried_progress_points": 5,
        "animals": [{"name": "x", "set": 1, "count": 1}],
    }
    assert decide("final-score", base).result["total"] == 10
    from rules.errors import SituationError

    with pytest.raises(SituationError) as err:
        decide("final-score", {**base, "fame": top + 1})
    assert err.value.field == "fame"
    with pytest.raises(SituationError) as err:
        decide("final-score", {**base, "animals": [{"name": "x", "set": 3, "count": 1}]})
    assert err.value.field == "animals[0].set"
