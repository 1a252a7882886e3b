"""``bench presses``' answer presses: per step, the presses that changed an answer plus the
CONFIRM that took (or uncovered) the step; NEXT and BOT/UNDO that only opened a field are
left out. They show what no change of how the focus moves can save (issue #23's targets).

Expected figures are counted by hand from the scripted Targi table
(``ui/benchmarks/tables/targi.py``) and the screens' options, not read from the bench."""

from __future__ import annotations

import statistics

import pytest

from ui.benchmarks.presses import answer_presses, play, tables


@pytest.fixture(scope="module")
def targi(tmp_path_factory: pytest.TempPathFactory) -> dict:
    return play(tables()["targi"], tmp_path_factory.mktemp("floor"))


def _by_step(result: dict) -> list[tuple[str, int, int]]:
    return [
        (step, n, floor)
        for (step, n, _needs, _looks), floor in zip(result["steps"], result["floors"], strict=True)
    ]


def test_each_targi_step_counts_its_answer_presses_by_hand(targi) -> None:
    rows = _by_step(targi)
    # The secret choice: CONFIRM uncovers it, one press picks the tile put back, CONFIRM.
    assert [f for step, _n, f in rows if step == "secret"] == [3, 3]
    # Blue's Targi on b1, a3, e2 of 12 cards: 3 picks and CONFIRM (the rest is NEXT and
    # opening rows: 11 presses in all); white's d1, e4, a4 of 6: 3 picks and CONFIRM of 7.
    assert [(n, f) for step, n, f in rows if step == "targi"] == [(11, 4), (7, 4)]
    # The Targi tile on c5, the 4th of 6 cards round a ring with "none": UNDO x3, CONFIRM;
    # white passes (CONFIRM alone).
    assert [(n, f) for step, n, f in rows if step == "targi-tile"] == [(4, 4), (1, 1)]
    # Scoring 20 and 18 on digit wheels: BOT x2 on blue's tens, BOT on white's tens,
    # UNDO x2 on white's ones (0 -> 9 -> 8), CONFIRM: 6 of 9 presses.
    assert [(n, f) for step, n, f in rows if step == "scoring"] == [(9, 6)]


def test_answer_presses_never_exceed_the_presses_and_a_step_that_asks_nothing_is_one(
    targi,
) -> None:
    rows = _by_step(targi)
    assert all(1 <= f <= n for _step, n, f in rows)
    assert [f for step, _n, f in rows if step in ("reveal", "robber", "tie")] == [1, 1, 1]


def test_targis_median_of_three_is_out_of_reach_of_navigation(targi) -> None:
    """Five of the nine answered steps need 4 or more answer presses, so no way of moving
    the focus brings the median to 3 with these questions, options and defaults."""
    asked = [f for f, s in zip(targi["floors"], targi["steps"], strict=True) if s[2]]
    assert sorted(asked) == [2, 2, 3, 3, 4, 4, 4, 4, 6]
    assert statistics.median(asked) == 4
    figure = answer_presses("targi", targi)
    assert (figure.value, figure.unit) == (4, "/ 6 (scoring)")
