"""The tray check at the tribe's steps: typed or camera-read counts replace the tracked ones."""

from __future__ import annotations

from typing import Any

from rules.session import Session
from tests.rules.marauders.support import GAME


def new() -> Session:
    return Session(GAME, {"players": 2}, seed=11)


def to_spring_turn(session: Session) -> None:
    while session.prompt().step != "spring-turn":
        session.answer({"start": {"red": 1}} if session.prompt().step == "setup" else {})


def field(session: Session, key: str) -> Any:
    return next(f for f in session.prompt().fields if f.key == key)


def test_check_defaults_to_the_tracked_counts_and_names_the_camera_reading() -> None:
    session = new()
    to_spring_turn(session)
    check = field(session, "trays_now")
    assert check.default == session.state["trays"]
    assert check.camera == "colour_totals"


def test_unchanged_check_adds_the_payments() -> None:
    session = new()
    to_spring_turn(session)
    before = session.state["trays"]
    decision = session.answer({"paid": {"yellow": 3}})
    assert decision is not None and decision.result["colour"] == "yellow"
    assert session.state["trays"]["yellow"] == before["yellow"] + 3 - 2


def test_changed_check_replaces_the_tracked_counts_and_drives_the_decision() -> None:
    session = new()
    to_spring_turn(session)
    table = {"red": 0, "yellow": 0, "blue": 4, "brown": 0, "white": 0}
    # The payments typed in the same step are not added on top of the table's truth.
    decision = session.answer({"paid": {"yellow": 3}, "trays_now": table})
    assert decision is not None and decision.result["colour"] == "blue"
    assert session.state["trays"] == {**table, "blue": 2}  # 1 to supply, 1 to the column
    notes = " ".join(str(n) for n in session.state["notes"])
    assert "blue 0->4" in notes
