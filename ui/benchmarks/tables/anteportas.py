"""Ante Portas: one half-year (a round) of a 2-player Raiders game, as the table plays it.

The table keeps its own idea of the Battleground: what it placed, where the
Invaders stand (it places the spawns and moves the troops as the screen says).
In its turns it enlists a Citizen, deploys a Farmer and the Citizen to #7,
builds a Guard Post there, lays a Bounding Mine on #12 and a Trap on #17, and
tells the assistant each change through the guided builder; in the Battle
Phase it does what each card says and answers the questions as the players
would (no Soldier action, Mine first).
"""

from __future__ import annotations

from typing import Any

from rules.prompt import Prompt

GAME = "anteportas"
OPTIONS: dict[str, Any] = {"players": 2, "scenario": "raiders"}
SEED = 7
#: The steps of the measured half-year with this seed: spawn, 12 builder steps, done, 4 troops.
STEPS = 17

#: The table's turns: the menu choice, then the pages it answers (what it did).
TURNS: list[tuple[str, list[dict[str, Any]]]] = [
    ("enlist", [{"units": {"farmer": 0, "citizen": 1}}]),
    ("deploy", [{"units": {"farmer": 1, "citizen": 1}}, {"to": "7"}]),
    ("build", [{"hex": "7", "kind": "guard_post"}]),
    ("mine", [{"hex": "12", "kind": "bounding"}]),
    ("trap", [{"hex": "17"}]),
]


class Table:
    """The people at the table (their own record of the Battleground)."""

    def __init__(self) -> None:
        self.turns = [(name, list(pages)) for name, pages in TURNS]
        self.pages: list[dict[str, Any]] = []
        self.units: dict[int, list[str]] = {2: ["farmer", "farmer"]}

    def answer(self, prompt: Prompt, state: dict[str, Any]) -> dict[str, Any]:
        if prompt.step == "spawn":
            return {}  # the table places the Invaders as the screen says
        if prompt.step == "turns":
            if self.turns:
                name, pages = self.turns.pop(0)
                self.pages = pages
                self._record(name, pages)
                return {"action": name}
            return {}  # done
        if prompt.step == "action":
            keys = {f.key for f in prompt.fields}
            while self.pages:
                page = self.pages.pop(0)
                if set(page) & keys:
                    return {k: v for k, v in page.items() if k in keys}
            return {}
        return {}  # the Battle Phase: the table does what the card says; no Soldier action

    def _record(self, name: str, pages: list[dict[str, Any]]) -> None:
        """The table's own Battleground (only what it needs to know what it did)."""
        if name == "enlist":
            self.units[2].append("citizen")
        elif name == "deploy":
            self.units[2] = ["farmer"]
            self.units[7] = ["farmer", "citizen"]
