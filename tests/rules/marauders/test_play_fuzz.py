"""Random answers at every step: the game accepts them or refuses with a RulesError."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.errors import RulesError
from rules.prompt import Field
from rules.session import Session
from tests.rules.marauders.support import GAME

WORDS = [
    "tribe 1 2",
    "1 tribe",
    "2 1",
    "red",
    "fish hunt gather rock ceremony migration",
    "white brown red yellow blue -",
    "x",
    "",
    "-1",
    "3",
]


def value_for(field: Field, data: st.DataObject) -> Any:
    if field.kind == "int":
        return data.draw(st.integers(-2, 12) | st.sampled_from(["x", "7"]))
    if field.kind == "bool":
        return data.draw(st.booleans() | st.just("maybe"))
    if field.kind in {"choice", "multi"}:
        values = [c.value for c in field.choices]
        if field.kind == "multi":
            return data.draw(st.lists(st.sampled_from([*values, "bogus"]), max_size=3))
        return data.draw(st.sampled_from([*values, "bogus"]))
    if field.kind == "counts":
        return data.draw(
            st.dictionaries(
                st.sampled_from(["red", "blue", "white", "pink"]), st.integers(-1, 4), max_size=3
            )
        )
    return data.draw(st.sampled_from(WORDS))


@settings(max_examples=10, deadline=None)
@given(st.data(), st.integers(1, 3), st.sampled_from(["digital", "physical"]))
def test_random_answers_never_crash(data: st.DataObject, players: int, draw: str) -> None:
    session = Session(GAME, {"players": players, "draw": draw, "hard_tiles": 3}, seed=1)
    for _ in range(100):
        prompt = session.prompt()
        if prompt.finished:
            break
        keys = data.draw(st.sets(st.sampled_from([f.key for f in prompt.fields] or ["_"])))
        values = {f.key: value_for(f, data) for f in prompt.fields if f.key in keys}
        try:
            session.answer(values)
        except RulesError:
            # Refused: fall back to the defaults (or zeros) so the game moves on.
            fallback = {f.key: 0 for f in prompt.fields if f.default is None}
            try:
                session.answer(fallback)
            except RulesError:
                if prompt.step != "summer-take":
                    raise
                pillar = session.state["pillar"]["markers"]
                session.answer({"taken": {"red": pillar}})
        GAME.board(session.state)
        GAME.status(session.state)
