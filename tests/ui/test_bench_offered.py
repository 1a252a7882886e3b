"""The benches refuse a scripted answer the step does not offer, and name it.

Before: ``bench answers`` passed it to the session (refused there, as any bad
input), ``bench presses`` filled it in behind the buttons' back and then said
the buttons could not confirm the step, and ``bench app`` tapped for a button
that was not there and counted a step "confirmed otherwise".
"""

from __future__ import annotations

import re
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from rules.prompt import Choice, Field, Prompt
from rules.registry import get_game
from rules.session import Session
from rules.text import msg
from ui.benchmarks import answers, presses
from ui.benchmarks.app import ShadowTable
from ui.benchmarks.offered import NotOffered, check_offered, not_offered
from ui.benchmarks.tables import marauders

#: A space 30 steps from the camp: in no lane of the scripted game (8 rows from members
#: at most 6 out), yet a well-formed space id.
FAR = "30@5+29"


def _choices(*values: str) -> tuple[Choice, ...]:
    return tuple(Choice(v, msg(v)) for v in values)


PROMPT = Prompt(
    step="try",
    title=msg("Try"),
    phase=msg("Test"),
    fields=(
        Field(key="one", label=msg("One"), kind="choice", choices=_choices("a", "b")),
        Field(key="lane", label=msg("Lane"), kind="multi", choices=_choices("1@0", "2@0")),
        Field(key="order", label=msg("Order"), kind="order", choices=_choices("x", "y")),
        Field(key="trays", label=msg("Trays"), kind="counts", choices=_choices("red", "blue")),
        Field(key="n", label=msg("N"), kind="int"),
    ),
)


def test_offered_answers_pass() -> None:
    values = {"one": "b", "lane": ["2@0"], "order": ["y", "x"], "trays": {"red": 1}, "n": 7}
    assert not_offered(PROMPT, values) == {}
    check_offered("g", 1, PROMPT, values)  # no error


def test_every_option_not_offered_is_named_per_field() -> None:
    values = {"one": "c", "lane": ["1@0", FAR], "order": ["x", "z"], "trays": {"green": 2}}
    assert not_offered(PROMPT, values) == {
        "one": ["c"],
        "lane": [FAR],
        "order": ["z"],
        "trays": ["green"],
    }
    with pytest.raises(NotOffered) as raised:
        check_offered("marauders", 12, PROMPT, {"lane": [FAR, "2@0", "9@1"]})
    assert str(raised.value) == (
        "marauders: the scripted table's answer at step 12 (try) names options the step "
        f"does not offer: lane = {FAR}, 9@1"
    )


class AstrayTable(marauders.Table):
    """The scripted table, but its first lane answer names a space far outside the lane."""

    def answer(self, prompt: Prompt, state: dict[str, Any]) -> dict[str, Any]:
        values = super().answer(prompt, state)
        if prompt.step == "autumn-member":
            values["hunting-tile"] = [FAR]
        return values


ASTRAY = SimpleNamespace(
    GAME=marauders.GAME,
    OPTIONS=marauders.OPTIONS,
    SEED=marauders.SEED,
    STEPS=marauders.STEPS,
    Table=AstrayTable,
)
REFUSAL = re.compile(
    r"marauders: the scripted table's answer at step \d+ \(autumn-member\) names options "
    rf"the step does not offer: hunting-tile = {re.escape(FAR)}$"
)


def test_bench_answers_refuses_a_lane_place_not_offered() -> None:
    with pytest.raises(NotOffered, match=REFUSAL):
        answers.play(ASTRAY)


def test_bench_presses_refuses_a_lane_place_not_offered(tmp_path: Path) -> None:
    with pytest.raises(NotOffered, match=REFUSAL):
        presses.play(ASTRAY, tmp_path)


class Watched:
    """The part of the table service ``bench app``'s shadow table reads: one session."""

    def __init__(self, session: Session) -> None:
        self.session = session

    def watch(self, session_id: int) -> Session:
        return self.session


def test_bench_app_refuses_a_scripted_answer_not_offered(monkeypatch: pytest.MonkeyPatch) -> None:
    session = Session(get_game("marauders"), marauders.OPTIONS, seed=marauders.SEED)
    monkeypatch.setattr(marauders.Table, "answer", lambda self, p, s: {"start": {"green": 1}})
    shadow = ShadowTable(Watched(session))
    with pytest.raises(NotOffered) as raised:
        shadow.answers(1)
    assert str(raised.value) == (
        "marauders: the scripted table's answer at step 1 (setup) names options the step "
        "does not offer: start = green"
    )
    assert shadow.lost == 0


def test_bench_app_counts_a_count_left_changed_that_the_table_did_not_answer() -> None:
    """A burst of taps left on a count the table did not touch was confirmed unseen: the
    app's trays parted from the table's and later lanes were another member's."""
    session = Session(get_game("marauders"), marauders.OPTIONS, seed=marauders.SEED)
    shadow = ShadowTable(Watched(session))
    for _ in range(2):  # set-up and spring start, as the table answered
        session.answer(shadow.answers(1)[1])
    prompt, wanted = shadow.answers(1)
    assert prompt.step == "spring-turn" and "trays_now" not in wanted
    trays = {**session.state["trays"]}
    session.answer({**wanted, "trays_now": {**trays, "red": trays["red"] + 5}})  # a burst
    shadow.answers(1)
    assert shadow.differed == 1
    assert shadow.lost == 0


def test_bench_app_counts_nothing_when_the_app_confirmed_the_tables_answer() -> None:
    session = Session(get_game("marauders"), marauders.OPTIONS, seed=marauders.SEED)
    shadow = ShadowTable(Watched(session))
    for _ in range(30):  # the first round's spring and summer, and into the autumn
        _prompt, wanted = shadow.answers(1)
        session.answer(wanted)
    assert (shadow.differed, shadow.lost) == (0, 0)
