"""What each step offers first and preselected (issue 23: fewer presses, nothing hidden)."""

from __future__ import annotations

from rules.session import Session
from tests.rules.marauders.support import BOARD, GAME


def new(**options: object) -> Session:
    return Session(GAME, {"players": 2, "hard_tiles": 6, **options}, seed=11)


def test_setup_asks_the_starting_resources_first_the_known_board_after() -> None:
    prompt = new().prompt()
    assert prompt.step == "setup"
    # The starting resources are the one thing the table must enter; the player order
    # and the control board's trays and icons start as the game knows them.
    assert [f.key for f in prompt.fields] == ["start", "order", "trays", "priorities"]
    by_key = {f.key: f for f in prompt.fields}
    assert by_key["order"].default == ["tribe", "1", "2"]
    assert by_key["trays"].default == [s["tray"] or "none" for s in BOARD["sides"]]
    assert by_key["priorities"].default == [s["priority"] for s in BOARD["sides"]]
    # The tray picture runs white, brown, red, yellow, blue clockwise from side 0.
    assert [c.value for c in by_key["start"].choices] == ["white", "brown", "red", "yellow", "blue"]
