"""The closed-loop seam: the tray changes the bot's instructions imply, and conservation."""

from __future__ import annotations

from typing import Any

from hypothesis import example, given, settings
from hypothesis import strategies as st

from rules.games.marauders import logic
from rules.games.marauders.catalogue import board_of, tray_colour
from rules.games.marauders.expected import expected_change
from rules.games.marauders.model import COLOURS
from rules.session import Session
from tests.rules.marauders.support import BOARD, GAME, PRICING, busy_answers, tile, trays


def test_spring_example_one_to_the_supply_one_to_a_column() -> None:
    """ "it pays 1 yellow marker into the general supply and 1 other yellow marker onto an empty
    pillar": the yellow tray (side 3) loses 2."""
    decision = logic.spring(trays(red=1, yellow=3, blue=3), BOARD, 0, tile("M01"), [], True)
    assert expected_change(decision) == {"trays": {"3": {"yellow": -2}}}
    assert expected_change(decision.to_json()) == expected_change(decision)


def test_summer_example_markers_taken_back_by_colour() -> None:
    """ "It places the action markers onto the central board, according to their colour": the
    brown, red and blue marker go to the brown (1), red (2) and blue (4) trays."""
    pillar = {"brown": 1, "red": 1, "blue": 1}
    decision = logic.summer_pillar(
        {"gathering": [3]}, PRICING, "rock-painting", True, {"gathering": [pillar]}, BOARD
    )
    assert expected_change(decision) == {
        "trays": {"1": {"brown": 1}, "2": {"red": 1}, "4": {"blue": 1}}
    }
    unknown = logic.summer_pillar({"gathering": [3]}, PRICING, "rock-painting", True)
    assert expected_change(unknown) == {"trays": {}, "unknown": 3}


def test_summer_action_returns_three() -> None:
    """ "then it returns 3 markers to the common supply from that tray\""""
    decision = logic.summer_action(trays(red=4), BOARD, tile("M02"), "gathering", True)
    assert expected_change(decision) == {"trays": {"2": {"red": -3}}}
    passed = logic.summer_action(trays(red=2), BOARD, tile("M02"), "gathering", True)
    assert expected_change(passed) == {"trays": {}}


def test_autumn_example_half_back_and_a_marker_found() -> None:
    """The text's first member: 2 of the 3 red markers go back. A member that finds a blue action
    marker also "takes 1 action marker in the shown colour onto the control board"."""
    lane = [{"priority": "gathering-tile", "distance": 2, "line": "centre"}]
    first = logic.autumn_move(trays(red=3, brown=2, yellow=2), BOARD, 1, lane, False, True)
    assert expected_change(first) == {"trays": {"2": {"red": -2}}}
    marker_lane = [{"priority": "action-marker", "distance": 1, "line": "left", "colour": "blue"}]
    found = logic.autumn_move(trays(red=3), BOARD, 5, marker_lane, False, True)
    assert expected_change(found) == {"trays": {"2": {"red": -2}, "4": {"blue": 1}}}
    same = logic.autumn_move(
        trays(blue=3),
        BOARD,
        5,
        [{"priority": "action-marker", "distance": 1, "line": "left", "colour": "blue"}],
        False,
        True,
    )
    assert expected_change(same) == {"trays": {"4": {"blue": -1}}}
    nothing = logic.autumn_move(trays(), BOARD, 0, [], False, True)
    assert expected_change(nothing) == {"trays": {}}


def test_decisions_that_touch_no_tray() -> None:
    assert expected_change(logic.payer(["tribe", "1"])) == {"trays": {}}
    fallback = logic.spring(trays(), BOARD, 0, tile("M01"), [], True)
    assert expected_change(fallback) == {"trays": {}}


def _by_colour(change: dict[str, Any]) -> dict[str, int]:
    out = dict.fromkeys(COLOURS, 0)
    for entry in change["trays"].values():
        for colour, n in entry.items():
            out[colour] += n
    return out


@settings(max_examples=4, deadline=None)
@given(st.integers(0, 10_000), st.integers(1, 3))
@example(1829, 1)  # migrations would put 22 members on a map that holds 20 (reading 35)
def test_markers_never_appear_or_vanish(seed: int, players: int) -> None:
    """Over whole games every tracked marker is accounted for: what the table entered (start,
    income, news, its own counts) plus what each bot step's instructions imply."""
    session = Session(GAME, {"players": players, "hard_tiles": seed % 13}, seed=seed)
    ledger = dict.fromkeys(COLOURS, 0)
    while not session.prompt().finished:
        prompt = session.prompt()
        before = session.state
        values = busy_answers(session)
        decision = session.answer(values)
        after = session.state
        board = board_of(after)
        entered = dict(values.get("start") or {})
        for key in ("income", "news"):
            for colour, n in (values.get(key) or {}).items():
                if colour in COLOURS:
                    entered[colour] = entered.get(colour, 0) + n
        for colour in COLOURS:
            ledger[colour] += entered.get(colour, 0)
        if prompt.decision is not None and decision is not None:
            change = _by_colour(expected_change(decision))
            for colour in COLOURS:
                ledger[colour] += change[colour]
            # A bot step changes exactly the trays its instructions name.
            moved = {c: after["trays"][c] - before["trays"][c] for c in COLOURS}
            assert moved == change, (prompt.step, decision.result)
        assert after["trays"] == ledger, prompt.step
        assert all(0 <= n <= 60 for n in after["trays"].values())
        assert sorted(c for s in range(6) if (c := tray_colour(board, s))) == sorted(COLOURS)
