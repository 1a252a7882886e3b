"""A scripted Targi table: the secret choice, one round with every tile, a tied game end.

The real table (kept here, independent of the game's state): blue starts and
keeps joker, Targi and tribe-marker tile; white keeps Targi, tribe-marker and
renounce tile. Round 1: the robber on a1 (the first card), blue's Targi on
b1, a3, e2, white's on d1, e4, a4; blue lays the Targi tile on c5; with the
robber on a corner nobody can use the tribe-marker tile. White lays a tribe
card and renounces its text, blue lays one and spends the joker as salt;
then the game is scored (the benchmark's game is one round long): blue 20,
white 18 + 2 = 20, a tie the table leaves shared.
"""

from __future__ import annotations

from typing import Any

from rules.game import State
from rules.prompt import Prompt

GAME = "targi"
OPTIONS: dict[str, Any] = {"start": "blue"}
SEED = 1
STEPS = 40


class Table:
    """The people at the table: what they did, answered only where the screen's default differs."""

    def __init__(self) -> None:
        self.back = {"blue": "renounce", "white": "joker"}  # the tile each puts back in the box
        self.targi = {"blue": ["b1", "a3", "e2"], "white": ["d1", "e4", "a4"]}
        self.targi_tile = {"blue": ["c5"], "white": []}
        self.events = ["renounce:white", "card:blue", "game-end"]
        self.joker = {"card:blue": "blue:salt"}  # spent while blue lays the card
        self.points = {"blue": 20, "white": 18}

    def answer(self, prompt: Prompt, state: State) -> dict[str, Any]:
        step = prompt.step
        if step == "secret":
            return {"back": self.back[state["queue"][0]]}
        if step == "targi":
            return {"targi": self.targi[state["queue"][0]]}
        if step == "targi-tile":
            card = self.targi_tile[state["queue"][0]]
            return {"card": card} if card else {}
        if step == "actions":
            event = self.events.pop(0)
            out: dict[str, Any] = {"event": event}
            if event in self.joker:
                out["joker"] = self.joker[event]
            return out
        if step == "scoring":
            return {"points": self.points}
        return {}  # the robber on a1, blue starting, the tie shared: the defaults
