"""The Marauders mode as a step machine: set-up, five rounds of spring/summer/autumn, the end.

Each step is named by ``state["step"]`` and found in :data:`STEPS`, the table
of every step's prompt and advance (one ``steps_*`` module per season over
``steps_common``). Facts steps ask what the assistant cannot know, with
defaults from what it tracks; bot steps show the tribe's decision and are
confirmed alone when the table did what the bot said. Bookkeeping that
follows from an answer (the priority marker moved, tray counts taken from
the table) is shown as notes at the top of the next step.

The printed components (control board, marauder tiles, pricing tile) come
from the set-up option ``"components"`` and are kept in the state
(``state["components"]``), so a saved game replays with exactly its set.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from rules.components import COMPONENTS_OPTION, component_record, is_record
from rules.decision import Decision
from rules.game import Game, State
from rules.games.marauders import catalogue as cat
from rules.games.marauders import steps_autumn, steps_setup, steps_spring, steps_summer
from rules.games.marauders.model import TRIBE, human_names
from rules.games.marauders.steps_common import (
    BY_ASSISTANT,
    ON_BOARD,
    TRIBE_SCORE,
    MarauderStep,
    round_of,
    zero,
)
from rules.machine import Machine, Phase, Position, Where
from rules.prompt import Choice, Field, Prompt
from rules.rng import rng_state
from rules.schema import Spec
from rules.text import N_, Msg, msg

#: Every step of the game: its prompt and what an answer does.
STEPS: dict[str, MarauderStep] = {
    **steps_setup.STEPS,
    **steps_spring.STEPS,
    **steps_summer.STEPS,
    **steps_autumn.STEPS,
}


class Marauders(Game):
    """Prehistory — Marauders mode: the assistant plays the marauder tribe."""

    name = "marauders"
    title = "Prehistory — Marauders mode"
    role = N_("plays the marauder tribe and explains every decision")

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
                maximum=cat.TILE_COUNT,
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
            Field(
                key=TRIBE_SCORE,
                label=msg("Where the tribe's VP are kept"),
                kind="choice",
                default=ON_BOARD,
                choices=(
                    Choice(ON_BOARD, msg("on the score track: we move the tribe's score marker")),
                    Choice(
                        BY_ASSISTANT,
                        msg("the assistant adds them up: we enter its VP at every step"),
                    ),
                ),
            ),
        )

    def coerce_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """As :meth:`Game.coerce_options`; stored options without ``tribe_score`` keep the
        assistant's count.

        Options that carry a component *record* (its ``digest``) were coerced once
        already: they are a journal's, replayed or resumed. Such a game was set up
        before the option existed, when the assistant added the tribe's VP up, and
        it replays exactly as it was played. A new game (no record yet) gets the
        set-up default, the score track.
        """
        if TRIBE_SCORE not in options and is_record(options.get(COMPONENTS_OPTION)):
            options = {**options, TRIBE_SCORE: BY_ASSISTANT}
        return super().coerce_options(options)

    def component_schema(self) -> Spec:
        return cat.COMPONENTS

    def example_components(self) -> Mapping[str, Any]:
        return cat.example_data()

    def new_state(self, options: Mapping[str, Any], seed: int) -> State:
        record = options.get(COMPONENTS_OPTION)
        if record is None:  # options not coerced by a session (a direct call): the example set
            record = component_record(self.name, cat.COMPONENTS, None, self.example_components())
        state: State = {
            "rng": rng_state(seed),
            "players": options["players"],
            "hard_tiles": options["hard_tiles"],
            "draw": options["draw"],
            "ceremony_choice": options["ceremony_choice"],
            TRIBE_SCORE: options[TRIBE_SCORE],
            # The record is read-only: the session shares it between steps.
            COMPONENTS_OPTION: dict(record),
            "board": None,  # None: the component set's board; set when corrected at set-up
            "step": "setup",
            "round": 1,
            "order": [TRIBE, *human_names(options["players"])],
            "trays": zero(),
            "income": zero(),
            "marker": 0,
            "vp": 0,
            "development": 0,
            "tile": None,
            "pile": [],
            "discarded": [],
            "hard": [],
            "spring_done": 0,
            "full": [],
            "summer_index": 0,
            "pillars": None,
            "members": [],
            "seen": {},
            "autumn": {"queue": [], "current": None, "lane": None, "near": False},
            "campsites": 0,
            "paintings": 0,
            "since": None,
            "notes": [],
            "final": None,
        }
        state["marker"] = cat.priority_side(cat.board_of(state), "campsite")
        return state

    def prompt(self, state: State) -> Prompt:
        prompt = MACHINE.prompt(state)
        if prompt.round is None and round_of(state) is not None:
            prompt = replace(prompt, round=round_of(state))
        return prompt

    def advance(self, state: State, answer: Mapping[str, Any]) -> tuple[State, Decision | None]:
        return MACHINE.advance(state, answer, None)

    def position(self, state: State) -> Position:
        return MACHINE.position(state)

    def component_entries(
        self, state: State, answer: Mapping[str, Any]
    ) -> tuple[dict[str, Any], ...]:
        """A tile face the table entered because its set does not list it (``tile-entry``)."""
        if state.get("step") != "tile-entry":
            return ()
        face = {"part": "tiles", "face": int(answer["number"]), "actions": list(answer["symbols"])}
        return (face,)

    def expected_change(self, decision: Decision) -> dict[str, Any] | None:
        """The trays' change the tribe's instructions ask for (:mod:`.expected`)."""
        from rules.games.marauders.expected import expected_change

        return expected_change(decision)

    def decisions(self) -> Mapping[str, Any]:
        from rules.games.marauders.situations import DECISIONS

        return DECISIONS

    def board(self, state: State) -> dict[str, Any]:
        from rules.games.marauders.scene import scene

        return scene(state)

    def status(self, state: State) -> tuple[Msg, ...]:
        from rules.games.marauders.scene import status_lines

        return status_lines(state)


#: The step machine: set-up and the seasons of a round (rules/machine.py).
MACHINE: Machine[None, Decision | None] = Machine(
    [
        Phase("set-up", steps_setup.STEPS),
        Phase("spring", steps_spring.STEPS),
        Phase("summer", steps_summer.STEPS),
        Phase("autumn", steps_autumn.STEPS),
    ],
    where=Where(step="step", round="round", notes="notes"),
)
MACHINE.check()
