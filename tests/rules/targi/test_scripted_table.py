"""The benchmark's scripted Targi table plays through and ends where its story says."""

from __future__ import annotations

from rules.session import Session
from tests.rules.targi.helpers import GAME
from ui.benchmarks.tables import targi as script


def test_the_scripted_round_ends_as_the_story_says() -> None:
    session = Session(GAME, script.OPTIONS, seed=script.SEED)
    table = script.Table()
    for _ in range(script.STEPS):
        prompt = session.prompt()
        if prompt.finished:
            break
        session.answer(table.answer(prompt, session.state))
    state = session.state
    assert session.prompt().finished
    assert state["table"]["targi_tiles"] == {"blue": "c5", "white": None}
    assert state["table"]["tiles"]["blue"] == {
        "joker": "used", "targi": "used", "tribe": "unused", "renounce": "absent"
    }  # fmt: skip
    assert state["scores"] == {"blue": 20, "white": 20} and state["winner"] == "shared"
