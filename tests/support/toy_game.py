"""A tiny game for testing the core: the bot draws tokens from a seeded bag.

Each step the players confirm how many tokens they add (0-5); the bot then
draws one tile digitally from a seeded shuffle. Five steps end the game.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.decision import Decision, Tracer
from rules.game import Game, State
from rules.machine import copy_state
from rules.prompt import Field, Prompt
from rules.rng import rng_state, shuffled
from rules.text import msg


class ToyGame(Game):
    name = "toy"
    title = "Toy game"
    role = "test double for the core"

    def setup_fields(self) -> tuple[Field, ...]:
        return (
            Field(key="length", label=msg("Steps"), kind="int", default=5, minimum=1, maximum=1000),
        )

    def new_state(self, options: Mapping[str, Any], seed: int) -> State:
        state: State = {"rng": rng_state(seed), "total": 0, "step": 0, "drawn": []}
        state["bag"] = shuffled(state, list(range(1000)))
        state["length"] = options["length"]
        return state

    def prompt(self, state: State) -> Prompt:
        if state["step"] >= state["length"]:
            return Prompt(step="end", title=msg("Game over"), phase=msg("End"), finished=True)
        return Prompt(
            step="add",
            title=msg("Step {n}", n=state["step"] + 1),
            phase=msg("Play"),
            fields=(
                Field(
                    key="add",
                    label=msg("Tokens added"),
                    kind="int",
                    default=1,
                    minimum=0,
                    maximum=5,
                ),
            ),
        )

    def advance(self, state: State, answer: Mapping[str, Any]) -> tuple[State, Decision | None]:
        state = copy_state(state)  # pure, as every game's advance
        tracer = Tracer()
        state["total"] += answer["add"]
        tile = state["bag"].pop()
        state["drawn"].append(tile)
        state["step"] += 1
        tracer.add("draw", f"drew tile {tile}", tile=tile)
        return state, Decision(
            game="toy", kind="draw", summary=msg("Draw tile {t}", t=tile), trace=tracer.freeze()
        )
