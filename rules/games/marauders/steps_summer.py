"""Summer: new tile, taking back a pillar, then every action location in turn."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.decision import Decision
from rules.errors import IllegalInput
from rules.game import State
from rules.games.marauders import catalogue as cat
from rules.games.marauders import logic
from rules.games.marauders.model import label
from rules.games.marauders.steps_common import TableHelpers, colour_choices, paid_field, trays_field
from rules.prompt import Field, Prompt
from rules.text import msg


class SummerSteps(TableHelpers):
    """Summer: new tile, taking back a pillar, then every action location in turn."""

    def _prompt_summer_start(self, state: State) -> Prompt:
        old = state["tile"]
        lines = [
            msg("Discard the spring tile {id}.", id=(old or {}).get("id") or "-"),
            *self._tile_lines(state, state.get("drawn")),
        ]
        return Prompt(
            step="summer-start",
            title=msg("Summer begins: new marauder tile"),
            phase=self._round_phase(state, msg("Summer")),
            lines=tuple(lines),
            fields=self._tile_fields(state),
        )

    def _advance_summer_start(self, state: State, answer: Mapping[str, Any]) -> None:
        if state["tile"]:
            state["discarded"].append(state["tile"]["id"])
        state["tile"] = self._read_tile(state, answer)
        state["summer_index"] = 0
        state["step"] = "summer-pillar"

    def _summer_walk(self, state: State) -> list[str]:
        order = cat.pricing_of(state)["actions"]
        start = order.index(state["tile"]["actions"][0])
        return [order[(start + k) % len(order)] for k in range(len(order))]

    def _prompt_summer_pillar(self, state: State) -> Prompt:
        framed = state["tile"]["actions"][0]
        walk = self._summer_walk(state)
        lines = [
            self._payer_line(state),
            self._trays_line(state),
            msg("It is the tribe's turn to take back action markers."),
            msg(
                "Starting at the {framed} symbol on the central pricing tile and going "
                "clockwise, count the markers on each pillar.",
                framed=label(framed),
            ),
        ]
        fields = [paid_field(), trays_field(state)]
        for action in walk:
            fields.append(
                Field(
                    key="p_" + action,
                    label=msg("Most markers on one pillar at {action}", action=label(action)),
                    kind="int",
                    default=0,
                    minimum=0,
                    maximum=30,
                )
            )
        return Prompt(
            step="summer-pillar",
            title=msg("The tribe takes back action markers"),
            phase=self._round_phase(state, msg("Summer")),
            lines=tuple(lines),
            fields=tuple(fields),
            confirm_label=msg("Decide"),
        )

    def _advance_summer_pillar(self, state: State, answer: Mapping[str, Any]) -> Decision:
        self._apply_table(state, answer)
        pillars = {a: [answer["p_" + a]] for a in self._summer_walk(state)}
        decision = logic.summer_pillar(
            pillars,
            cat.pricing_of(state),
            state["tile"]["actions"][0],
            state["example"] or self._tile_example(state),
        )
        if decision.result["outcome"] == "pillar":
            state["pillar"] = decision.result
            state["step"] = "summer-take"
        else:
            state["step"] = "summer-action"
        return decision

    def _prompt_summer_take(self, state: State) -> Prompt:
        pillar = state["pillar"]
        return Prompt(
            step="summer-take",
            title=msg("Markers taken back from {action}", action=label(pillar["action"])),
            phase=self._round_phase(state, msg("Summer")),
            lines=(
                msg(
                    "Put the {n} marker(s) from the first {action} pillar holding {n} into the "
                    "trays by colour.",
                    n=pillar["markers"],
                    action=label(pillar["action"]),
                ),
            ),
            fields=(
                Field(
                    key="taken",
                    label=msg("Their colours"),
                    kind="counts",
                    default=None,  # must be typed: the assistant cannot know them
                    choices=colour_choices(),
                ),
                Field(
                    key="again",
                    label=msg("Does the tribe take back markers from another pillar now?"),
                    kind="bool",
                    default=False,
                ),
            ),
        )

    def _advance_summer_take(self, state: State, answer: Mapping[str, Any]) -> None:
        expected = state["pillar"]["markers"]
        got = sum(answer["taken"].values())
        if got != expected:
            raise IllegalInput(
                f"the pillar held {expected} marker(s), the colours add up to {got}", "taken"
            )
        self._add(state, answer["taken"])
        state["step"] = "summer-pillar" if answer["again"] else "summer-action"
        state["pillar"] = None

    def _prompt_summer_action(self, state: State) -> Prompt:
        order = cat.pricing_of(state)["actions"]
        action = order[state["summer_index"]]
        tile = state["tile"]
        side = tile["actions"].index(action)
        colour = cat.tray_colour(cat.board_of(state), side)
        return Prompt(
            step="summer-action",
            title=msg(
                "The {action} location ({i} of {n})",
                action=label(action),
                i=state["summer_index"] + 1,
                n=len(order),
            ),
            phase=self._round_phase(state, msg("Summer")),
            lines=(
                msg("Resolve the {action} location as usual.", action=label(action)),
                msg(
                    "The tribe takes it if its {colour} tray (next to {action}) holds at least 3 "
                    "markers; it holds {count} now.",
                    colour=label(colour) if colour else msg("(no)"),
                    action=label(action),
                    count=state["trays"].get(colour, 0) if colour else 0,
                ),
            ),
            fields=(
                paid_field(msg("Paid onto the control board before the tribe's check")),
                trays_field(state),
            ),
            confirm_label=msg("Decide"),
        )

    def _advance_summer_action(self, state: State, answer: Mapping[str, Any]) -> Decision:
        self._apply_table(state, answer)
        action = cat.pricing_of(state)["actions"][state["summer_index"]]
        decision = logic.summer_action(
            state["trays"], cat.board_of(state), state["tile"], action, self._example(state)
        )
        if decision.result["outcome"] == "execute":
            self._take(state, decision.result["colour"], 3)
            state["pending"] = {"action": action, "phase": "summer"}
            state["step"] = "action"
        else:
            self._next_summer_action(state)
        return decision

    def _next_summer_action(self, state: State) -> None:
        state["summer_index"] += 1
        if state["summer_index"] < len(cat.pricing_of(state)["actions"]):
            state["step"] = "summer-action"
        else:
            state["step"] = "autumn-start"
