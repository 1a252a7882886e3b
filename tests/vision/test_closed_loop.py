"""Closed loop: the change between two readings against the change the bot asked for."""

from __future__ import annotations

from vision.closed_loop import check_step
from vision.geometry import COLOURS
from vision.reader import Reading, TrayReading


def reading(trays: dict[int, dict[str, int] | None], unsure: tuple[int, ...] = ()) -> Reading:
    """A voted reading with the given counts (None: covered; ``unsure``: read, not sure)."""
    out = []
    for side, counts in trays.items():
        full = None if counts is None else {c: counts.get(c, 0) for c in COLOURS}
        out.append(
            TrayReading(
                "board",
                side,
                None,
                full,
                {c: 1.0 for c in COLOURS},
                counts is None,
                counts is not None and side not in unsure,
            )
        )
    return Reading("ok", False, trays=out)


def test_the_change_asked_for_is_ok() -> None:
    before = reading({0: {"red": 3}, 1: {"yellow": 2}, 2: {"blue": 1}})
    after = reading({0: {"red": 2}, 1: {"yellow": 2}, 2: {"blue": 1, "red": 1}})
    check = check_step(before, after, {"trays": {"0": {"red": -1}, "2": {"red": 1}}})
    assert check.status == "ok" and check.differences == [] and check.unsure == []


def test_a_wrong_change_names_what_differs() -> None:
    before = reading({0: {"red": 3}, 1: {"yellow": 2}, 2: {"blue": 1}})
    after = reading({0: {"red": 3}, 1: {"yellow": 1}, 2: {"blue": 1, "red": 1}})
    check = check_step(before, after, {"trays": {"0": {"red": -1}, "2": {"red": 1}}})
    assert check.status == "mismatch"
    assert check.differences == [
        {"tray": "0", "colour": "red", "expected": -1, "seen": 0},
        {"tray": "1", "colour": "yellow", "expected": 0, "seen": -1},
    ]
    # Only the named trays: the yellow cube taken from tray 1 is not checked.
    named = check_step(before, after, {"trays": {"0": {"red": -1}}}, only_named=True)
    assert named.to_json() == {
        "status": "mismatch",
        "differences": [{"tray": "0", "colour": "red", "expected": -1, "seen": 0}],
        "unsure": [],
    }


def test_a_tray_not_read_surely_makes_the_check_unsure() -> None:
    before = reading({0: {"red": 3}, 1: {"yellow": 2}})
    after = reading({0: None, 1: {"yellow": 2}})
    check = check_step(before, after, {"trays": {"0": {"red": -1}}})
    assert check.status == "unsure"
    assert check.unsure == [{"tray": "0", "reason": "covered"}]
    after = reading({0: {"red": 2}, 1: {"yellow": 2}}, unsure=(1,))
    assert check_step(before, after, {"trays": {"0": {"red": -1}}}).unsure == [
        {"tray": "1", "reason": "not sure"}
    ]


def test_a_sure_mismatch_wins_over_unsure_trays() -> None:
    before = reading({0: {"red": 3}, 1: {"yellow": 2}})
    after = reading({0: {"red": 3}, 1: None})
    check = check_step(before, after, {"trays": {"0": {"red": -1}, "1": {"yellow": 1}}})
    assert check.status == "mismatch"
    assert check.unsure == [{"tray": "1", "reason": "covered"}]


def test_hands_moving_during_the_reading_leave_every_tray_unsure() -> None:
    before = reading({0: {"red": 3}})
    moving = Reading("moving", True)
    check = check_step(before, moving, {"trays": {"0": {"red": -1}}})
    assert check.status == "unsure"
    assert check.unsure == [{"tray": "0", "reason": "moving"}]


def test_hexes_compare_unit_kinds() -> None:
    before = {"status": "ok", "hexes": {"7": {"farmer": 1}, "12": {"basic": 2}}, "unsure": []}
    after = {"status": "ok", "hexes": {"7": {"farmer": 2}, "13": {"basic": 2}}, "unsure": []}
    moved = {"hexes": {"7": {"farmer": 1}, "12": {"basic": -2}, "13": {"basic": 2}}}
    assert check_step(before, after, moved).status == "ok"
    check = check_step(before, after, {"hexes": {"7": {"farmer": 1}}})
    assert check.status == "mismatch"
    assert check.differences == [
        {"hex": "12", "unit": "basic", "expected": 0, "seen": -2},
        {"hex": "13", "unit": "basic", "expected": 0, "seen": 2},
    ]
    after["unsure"] = ["13"]
    check = check_step(before, after, moved)
    assert check.status == "unsure" and check.unsure == [{"hex": "13", "reason": "not sure"}]
