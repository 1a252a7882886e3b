"""A tiny game with printed components, for the component store and the core's component record.

Its box holds numbered tiles, each showing one colour; the rule texts would
not say which, so they are component data (``{"tiles": {"T1": "red", ...}}``).
Each step the bot names the colour of the next tile in a seeded order.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.components import components_of
from rules.decision import Decision, Tracer
from rules.game import Game, State
from rules.machine import copy_state
from rules.prompt import Prompt
from rules.registry import register
from rules.schema import Bool, Map, Obj, Spec, Str
from rules.text import msg

COLOURS = ("red", "blue", "green")
SCHEMA = Obj(
    {
        "tiles": Map(Str(choices=COLOURS), keys=Str(choices=("T1", "T2", "T3")), min_length=3),
        "example": Bool(),
    },
    required=frozenset({"tiles"}),
)


class TileGame(Game):
    name = "tiles"
    title = "Tile test game"

    def setup_fields(self) -> tuple:
        return ()

    def component_schema(self) -> Spec:
        return SCHEMA

    def example_components(self) -> Mapping[str, Any]:
        return {"tiles": {"T1": "red", "T2": "red", "T3": "red"}, "example": True}

    def new_state(self, options: Mapping[str, Any], seed: int) -> State:
        return {"components": dict(options["components"]), "next": 1}

    def prompt(self, state: State) -> Prompt:
        if state["next"] > 3:
            return Prompt(step="over", title=msg("Game over"), phase=msg("End"), finished=True)
        return Prompt(
            step="draw", title=msg("Reveal tile T{n}", n=state["next"]), phase=msg("Play")
        )

    def advance(self, state: State, answer: Mapping[str, Any]) -> tuple[State, Decision | None]:
        state = copy_state(state)  # pure, as every game's advance
        tile = f"T{state['next']}"
        colour = components_of(state)["tiles"][tile]
        tracer = Tracer()
        tracer.decide("tile", msg("tile {t} shows {c}", t=tile, c=colour))
        state["next"] += 1
        decision = Decision(
            game=self.name,
            kind="tile",
            summary=msg("The tile is {c}", c=colour),
            trace=tracer.freeze(),
            example_data=state["components"]["example"],
        )
        return state, decision


def ensure_registered() -> TileGame:
    return register(TileGame())  # type: ignore[return-value]
