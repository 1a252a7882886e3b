"""The benchmark's scripted Robinson table plays through and ends where its story says."""

from __future__ import annotations

from rules.session import Session
from tests.rules.robinson.helpers import GAME
from ui.benchmarks.tables import robinson as script


def test_the_scripted_round_ends_as_the_story_says() -> None:
    session = Session(GAME, script.OPTIONS, seed=script.SEED)
    table = script.Table()
    for _ in range(script.STEPS):
        prompt = session.prompt()
        session.answer(table.answer(prompt, session.state))
    red, blue = session.state["players"]
    assert session.state["round"] == 2 and session.prompt().step == "event"
    assert (red["hearts"], red["roof"], red["food"], red["wood"]) == (9 - 1 - 1 - 1, 1, 0, 2)
    assert (blue["hearts"], blue["food"], blue["wood"]) == (9 - 1 - 2 - 3, 0, 1)
    assert session.state["island"] == {"10": "8", "12": "1", "5": "3"}
