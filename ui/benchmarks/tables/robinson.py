"""A scripted Robinson versus table: set-up and one round for two players.

The real table (kept here, independent of the game's state): the example
scenario's camps (red on space 10, island tile 8, a beach; blue on space
12, tile 1, a beach); red is dealt axe and pistol, blue biscuits and
blanket. The event card shows the book: nobody has food yet, so both take a
wound. Red gathers wood on the own camp's space, blue explores space 5, red
raises the roof, blue hunts (losing 2 hearts). Blue finds island tile 3 on
space 5. The weather costs red a heart. At night red eats the food produced
on tile 8 and loses 1 heart (no shelter); blue has no food and loses 2 + 1.
Then, in player order, neither moves the camp.
"""

from __future__ import annotations

from typing import Any

from rules.game import State
from rules.prompt import Prompt

GAME = "robinson"
OPTIONS: dict[str, Any] = {"players": 2, "first": "red"}
SEED = 1
STEPS = 21  # set-up and one round


class Table:
    """The people at the table: what they did, answered only where the screen's default differs."""

    def __init__(self) -> None:
        self.items = {"red": ["axe", "pistol"], "blue": ["biscuits", "blanket"]}
        self.actions = ["gather:wood", "explore", "camp:roof", "hunt"]
        self.spaces = {"explore": "5"}  # gathering: the own camp's space is the only choice
        self.hearts = {"red": 8, "blue": 8}  # after the book's wounds

    def answer(self, prompt: Prompt, state: State) -> dict[str, Any]:
        step = prompt.step
        if step == "setup":
            return {"items": self.items[state["queue"][0]]}
        if step == "event":
            return {"icon": "book"}
        if step == "placement":
            return {"action": self.actions.pop(0)}
        if step == "target":
            space = self.spaces.get(state["pending_action"])
            return {"space": space} if space else {}
        if step == "resolve":
            spot = state["queue"][0]["spot"]
            if spot == "hunt":
                after = dict(prompt.fields[0].default)
                self.hearts["blue"] -= 2
                return {"after": after | {"hearts": self.hearts["blue"]}}
            if spot.startswith("explore"):
                return {"tile": "3"}
            return {}
        if step == "weather":
            return {"hearts": {"red": 1, "blue": 0}}
        return {}  # the rest (camps, wounds, night, camp moves): as the screen says
