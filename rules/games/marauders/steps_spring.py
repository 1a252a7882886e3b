"""Spring: new tile and income, the tribe's spring actions, the rest of spring."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.decision import Decision
from rules.game import State
from rules.games.marauders import catalogue as cat
from rules.games.marauders import logic, parsing
from rules.games.marauders.model import ACTIONS, TRIBE, label
from rules.games.marauders.steps_common import (
    TableHelpers,
    colour_choices,
    paid_field,
    trays_field,
    zero,
)
from rules.prompt import Choice, Field, Prompt
from rules.text import msg


class SpringSteps(TableHelpers):
    """Spring: new tile and income, the tribe's spring actions, the rest of spring."""

    def _prompt_spring_start(self, state: State) -> Prompt:
        lines = [
            *self._tile_lines(state, state.get("drawn")),
            msg("Rotate the tribe's weather tile clockwise by 1 unit."),
            msg("Put the resources it earns onto the trays by colour (enter them below)."),
        ]
        fields = (
            *self._tile_fields(state),
            Field(
                key="income",
                label=msg("Resources the tribe earns now"),
                kind="counts",
                default=zero(),
                choices=colour_choices(),
            ),
            Field(
                key="order",
                label=msg("Player order this round"),
                kind="text",
                default=" ".join("tribe" if w == TRIBE else w for w in state["order"]),
            ),
        )
        return Prompt(
            step="spring-start",
            title=msg("Spring begins: new marauder tile and income"),
            phase=self._round_phase(state, msg("Spring")),
            lines=tuple(lines),
            fields=fields,
        )

    def _advance_spring_start(self, state: State, answer: Mapping[str, Any]) -> Decision | None:
        if state["tile"]:
            state["discarded"].append(state["tile"]["id"])
        state["tile"] = self._read_tile(state, answer)
        before = state["order"]
        state["order"] = parsing.order(answer["order"], state["players"])
        self._add(state, answer["income"])
        state["step"] = "spring-turn"
        # Who pays is only news when the order changed.
        return logic.payer(state["order"]) if state["order"] != before else None

    def _prompt_spring_turn(self, state: State) -> Prompt:
        tile = state["tile"]
        k = state["spring_done"] + 1
        lines = [
            self._payer_line(state),
            self._trays_line(state),
            msg("Play spring turns in player order until it is the tribe's turn."),
        ]
        fields = (
            paid_field(),
            trays_field(state),
            Field(
                key="full",
                label=msg("Actions whose columns are all occupied"),
                kind="multi",
                default=[],
                choices=tuple(Choice(a, label(a)) for a in ACTIONS),
            ),
        )
        return Prompt(
            step="spring-turn",
            title=msg("The tribe's spring action {k} of {n}", k=k, n=tile["number"]),
            phase=self._round_phase(state, msg("Spring")),
            lines=tuple(lines),
            fields=fields,
            confirm_label=msg("Decide"),
        )

    def _advance_spring_turn(self, state: State, answer: Mapping[str, Any]) -> Decision:
        self._apply_table(state, answer)
        tile = state["tile"]
        decision = logic.spring(
            state["trays"],
            cat.board_of(state),
            state["marker"],
            tile,
            answer["full"],
            self._example(state),
            state["spring_done"] + 1,
        )
        result = decision.result
        if result["outcome"] == "action":
            self._take(state, result["colour"], 2)
            state["pending"] = {"action": result["action"], "phase": "spring"}
            state["step"] = "action"
        else:
            state["vp"] += result["vp"]
            state["step"] = "spring-end"
        return decision

    def _prompt_spring_end(self, state: State) -> Prompt:
        return Prompt(
            step="spring-end",
            title=msg("The players finish spring"),
            phase=self._round_phase(state, msg("Spring")),
            lines=(
                msg("The tribe has no spring actions left."),
                self._payer_line(state),
            ),
            fields=(
                paid_field(msg("Paid onto the control board for the rest of spring")),
                trays_field(state),
            ),
        )

    def _advance_spring_end(self, state: State, answer: Mapping[str, Any]) -> None:
        self._apply_table(state, answer)
        state["step"] = "summer-start"
        self._next_tile_from_pile(state)
