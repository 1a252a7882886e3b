"""Ante Portas: one half-year (a round) of a 2-player Raiders game, as a table plays it (BEFORE)."""

from __future__ import annotations

from typing import Any

from rules.prompt import Prompt

GAME = "anteportas"
OPTIONS: dict[str, Any] = {"players": 2, "scenario": "raiders"}
SEED = 7
STEPS = 60

TURNS = [
    "set 2 F F C",
    "set 2 F; set 7 F C",
    "set 7 F C guard_post",
    "set 12 bounding",
    "set 17 trap",
]


class Table:
    def __init__(self) -> None:
        self.turns = list(TURNS)
        self.done = False

    def answer(self, prompt: Prompt, state: dict[str, Any]) -> dict[str, Any]:
        if prompt.step == "turns":
            if self.turns:
                return {"change": self.turns.pop(0)}
            self.done = True
            return {}
        if prompt.step == "spawn" and self.done:
            raise StopIteration
        return {}
