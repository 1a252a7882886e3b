"""A scripted Robinson table (TODAY's fields, for the 'before' figure)."""

from __future__ import annotations

from typing import Any

from rules.game import State
from rules.prompt import Prompt

GAME = "robinson"
OPTIONS: dict[str, Any] = {"players": 2, "first": "red"}
SEED = 1
STEPS = 16  # set-up and one round


class Table:
    def __init__(self) -> None:
        self.setup = {
            "red": ("10", "beach", ["axe", "pistol"]),
            "blue": ("11", "hills", ["biscuits", "blanket"]),
        }
        self.placements = [("gather", "10 wood"), ("explore", "5"), ("roof", ""), ("hunt", "")]

    def answer(self, prompt: Prompt, state: State) -> dict[str, Any]:
        step = prompt.step
        if step == "setup":
            camp, terrain, items = self.setup[state["queue"][0]]
            return {"camp": camp, "terrain": terrain, "items": items}
        if step == "event":
            # the book effect: both have no food, so both take a wound
            return {"icon": "book", "changes": "red hearts -1, blue hearts -1"}
        if step == "placement":
            action, target = self.placements.pop(0)
            return {"action": action, "target": target} if target else {"action": action}
        if step == "resolve":
            spot = state["queue"][0]["spot"]
            if spot == "hunt":
                return {"changes": "blue hearts -2"}
            if spot.startswith("explore"):
                return {"terrain": "plains"}
            return {}
        if step == "weather":
            return {"hearts": {"red": 1, "blue": 0}}
        if step == "night":
            # no food: each loses 2 hearts for hunger and 1 for sleeping without shelter
            return {"hearts": 3}
        return {}
