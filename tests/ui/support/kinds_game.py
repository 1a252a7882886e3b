"""A test game with one step asking every field kind of rules.prompt (and a place field).

Step 1 asks: markers (counts, red at most 2), moved (int 0-5), where (choice of
the scene's ``sides`` places), keep (multi, 1 to 2), order (order of all three),
attacked (bool) and name (text, a name). Step 2 asks nothing; then the game ends.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.decision import Decision, Tracer
from rules.game import Game, State
from rules.machine import copy_state
from rules.prompt import Choice, Field, Prompt
from rules.registry import all_games, register
from rules.text import msg

PEOPLE = (Choice("ann", msg("Ann")), Choice("bo", msg("Bo")), Choice("cy", msg("Cy")))


def kinds_fields() -> tuple[Field, ...]:
    return (
        Field(
            key="markers",
            label=msg("Markers in the tray"),
            kind="counts",
            default={"red": 1, "blue": 0},
            maximum=9,
            choices=(Choice("red", msg("red"), limit=2), Choice("blue", msg("blue"))),
        ),
        Field(key="moved", label=msg("Spaces moved"), kind="int", minimum=0, maximum=5),
        Field(
            key="where",
            label=msg("Which side"),
            kind="choice",
            choices=tuple(Choice(str(i), msg("Side {n}", n=i + 1)) for i in range(3)),
            places="sides",
        ),
        Field(
            key="keep",
            label=msg("Who keeps a card"),
            kind="multi",
            minimum=1,
            maximum=2,
            choices=PEOPLE,
        ),
        Field(key="order", label=msg("Player order"), kind="order", choices=PEOPLE),
        Field(key="attacked", label=msg("Attacked?"), kind="bool"),
        Field(key="name", label=msg("Name of the tribe"), kind="text"),
    )


class KindsGame(Game):
    name = "kinds"
    title = "Field kinds test game"
    role = "asks every kind of field"

    def setup_fields(self) -> tuple[Field, ...]:
        return ()

    def new_state(self, options: Mapping[str, Any], seed: int) -> State:
        return {"step": 0, "answers": {}}

    def prompt(self, state: State) -> Prompt:
        if state["step"] == 0:
            return Prompt(
                step="ask",
                title=msg("Tell the assistant"),
                phase=msg("Spring"),
                fields=kinds_fields(),
                round=1,
            )
        if state["step"] == 1:
            tracer = Tracer()
            tracer.add("count", msg("{counts} counted", counts={"red": 2, "blue": 0}))
            tracer.decide("pick", msg("Ann goes first ({who})", who=["ann", "bo"]))
            decision = Decision(
                game=self.name, kind="k", summary=msg("Ann goes first"), trace=tracer.freeze()
            )
            return Prompt(
                step="done", title=msg("Done"), phase=msg("Summer"), decision=decision, round=2
            )
        return Prompt(step="end", title=msg("Game over"), phase=msg("End"), finished=True)

    def advance(self, state: State, answer: Mapping[str, Any]) -> tuple[State, Decision | None]:
        state = copy_state(state)  # pure, as every game's advance
        if state["step"] == 0:
            state["answers"] = dict(answer)
        state["step"] += 1
        return state, None

    def board(self, state: State) -> dict[str, Any]:
        return {
            "kind": "control-board",
            "title": {"t": "Control board"},
            "sides": [
                {"side": i, "id": str(i), "tray": {"colour": "red", "count": i}} for i in range(6)
            ],
            "priority_marker": 0,
            "facts": [],
        }


def ensure_kinds() -> KindsGame:
    found = all_games().get("kinds")
    if isinstance(found, KindsGame):
        return found
    return register(KindsGame())  # type: ignore[return-value]
