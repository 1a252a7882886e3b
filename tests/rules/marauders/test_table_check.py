"""The tray check at facts and bot steps: typed or camera-read counts replace the tracked ones."""

from __future__ import annotations

from typing import Any

from rules.camera import ColourGains, ColourTotals
from rules.session import Session
from tests.rules.marauders.support import GAME, to_step, trays


def new() -> Session:
    session = Session(GAME, {"players": 2}, seed=11)
    to_step(session, "spring-turn", setup={"start": trays(red=1)})
    return session


def field(session: Session, key: str) -> Any:
    return next(f for f in session.prompt().fields if f.key == key)


def test_check_defaults_to_the_tracked_counts_and_names_the_camera_reading() -> None:
    session = new()
    check = field(session, "trays_now")
    assert check.default == session.state["trays"]
    assert check.camera == ColourTotals()


def test_the_spring_income_asks_the_camera_for_the_gains_onto_the_tracked_trays() -> None:
    session = Session(GAME, {"players": 2}, seed=11)
    session.answer({"start": trays(red=2, blue=1)})
    assert session.prompt().step == "spring-start"
    income = field(session, "income")
    # What came onto the trays since the set-up's 2 red and 1 blue (issue 28).
    assert income.camera == ColourGains(
        (("blue", 1), ("brown", 0), ("red", 2), ("white", 0), ("yellow", 0))
    )
    session.answer({"income": trays(yellow=2)})
    assert session.state["trays"] == trays(red=2, blue=1, yellow=2)


def test_unchanged_check_adds_the_news() -> None:
    session = new()
    before = session.state["trays"]
    session.answer({"news": {"yellow": 3}})
    decision = session.prompt().decision
    assert decision is not None and decision.result["colour"] == "yellow"
    session.answer({})
    assert session.state["trays"]["yellow"] == before["yellow"] + 3 - 2


def test_changed_check_replaces_the_tracked_counts_and_drives_the_decision() -> None:
    session = new()
    table = trays(blue=4)
    # The markers entered in the same step are not added on top of the table's truth.
    session.answer({"news": {"yellow": 3}, "trays_now": table})
    decision = session.prompt().decision
    assert decision is not None and decision.result["colour"] == "blue"
    notes = " ".join(str(n) for n in session.prompt().lines)
    assert "Tray counts taken from the table: red 1 to 0, blue 0 to 4" in notes
    session.answer({})
    assert session.state["trays"] == {**table, "blue": 2}  # 1 to supply, 1 to the column
