"""The Marauders mode as a step machine: set-up, five rounds of spring/summer/autumn, the end.

Each step is named by ``state["step"]``. Steps that need facts from the table
(payments onto the control board, occupied columns, lane contents) ask for
them with defaults, so Enter mostly suffices; the bot then decides with
:mod:`rules.games.marauders.logic` and the decision is journalled. Bookkeeping
that follows from an answer (move the priority marker, markers back to the
supply) is shown as notes at the top of the next step.

Each step has a ``_prompt_<step>`` and an ``_advance_<step>`` method; they live
in one mixin per season (``steps_setup``, ``steps_spring``, ``steps_actions``,
``steps_summer``, ``steps_autumn``) over the shared ``steps_common`` helpers.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from rules.decision import Decision
from rules.game import Game, State
from rules.games.marauders import catalogue as cat
from rules.games.marauders.model import TRIBE
from rules.games.marauders.steps_actions import ActionSteps
from rules.games.marauders.steps_autumn import AutumnSteps
from rules.games.marauders.steps_common import zero
from rules.games.marauders.steps_setup import SetupSteps
from rules.games.marauders.steps_spring import SpringSteps
from rules.games.marauders.steps_summer import SummerSteps
from rules.prompt import Choice, Field, Prompt
from rules.rng import rng_state
from rules.text import Msg, msg


class Marauders(SetupSteps, SpringSteps, ActionSteps, SummerSteps, AutumnSteps, Game):
    """Prehistory — Marauders mode: the assistant plays the marauder tribe."""

    name = "marauders"
    title = "Prehistory — Marauders mode"
    role = "plays the marauder tribe and explains every decision"

    def setup_fields(self) -> tuple[Field, ...]:
        return (
            Field(
                key="players",
                label=msg("Number of players"),
                kind="int",
                default=1,
                minimum=1,
                maximum=3,
            ),
            Field(
                key="hard_tiles",
                label=msg("Marauder tiles turned to their 3 side (0 = easy, 12 = hardest)"),
                kind="int",
                default=0,
                minimum=0,
                maximum=12,
            ),
            Field(
                key="draw",
                label=msg("Marauder tiles"),
                kind="choice",
                default="digital",
                choices=(
                    Choice("digital", msg("the assistant draws them (seeded shuffle)")),
                    Choice("physical", msg("we draw the real tiles and enter them")),
                ),
            ),
            Field(
                key="ceremony_choice",
                label=msg("Players choose the tribe's card in ceremony ties (variant)"),
                kind="bool",
                default=False,
            ),
        )

    def new_state(self, options: Mapping[str, Any], seed: int) -> State:
        catalogue = cat.default()
        state: State = {
            "rng": rng_state(seed),
            "players": options["players"],
            "hard_tiles": options["hard_tiles"],
            "draw": options["draw"],
            "ceremony_choice": options["ceremony_choice"],
            "example": catalogue["example"],
            "board": None,  # None: the catalogue's board (saves copying it every step)
            "board_example": catalogue["example"],
            "step": "setup",
            "round": 1,
            "order": [TRIBE, *[str(n) for n in range(1, options["players"] + 1)]],
            "trays": zero(),
            "marker": cat.priority_side(catalogue["control_board"], "campsite"),
            "vp": 0,
            "development": 0,
            "tile": None,
            "pile": [],
            "discarded": [],
            "hard": [],
            "spring_done": 0,
            "summer_index": 0,
            "pillar": None,
            "autumn": {"total": 0, "done": 0},
            "members_on_map": 0,
            "campsites": 0,
            "paintings": 0,
            "pending": None,
            "notes": [],
            "final": None,
        }
        return state

    def prompt(self, state: State) -> Prompt:
        step = state["step"]
        builder = getattr(self, "_prompt_" + step.replace("-", "_"))
        prompt: Prompt = builder(state)
        notes = self._notes(state)
        if notes:
            prompt = replace(prompt, lines=(*notes, *prompt.lines))
        return prompt

    def advance(self, state: State, answer: Mapping[str, Any]) -> tuple[State, Decision | None]:
        step = state["step"]
        state["notes"] = []
        handler = getattr(self, "_advance_" + step.replace("-", "_"))
        decision: Decision | None = handler(state, answer)
        return state, decision

    def decisions(self) -> Mapping[str, Any]:
        from rules.games.marauders.situations import DECISIONS

        return DECISIONS

    def board(self, state: State) -> dict[str, Any]:
        from rules.games.marauders.scene import control_board_scene

        return control_board_scene(state)

    def status(self, state: State) -> tuple[Msg, ...]:
        from rules.games.marauders.scene import status_lines

        return status_lines(state)
