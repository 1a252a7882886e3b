"""Autumn: activation, direction, the lane search, what a member took."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.decision import Decision
from rules.game import State
from rules.games.marauders import catalogue as cat
from rules.games.marauders import logic, parsing
from rules.games.marauders.model import COLOURS, PRIORITIES, label
from rules.games.marauders.steps_common import (
    TableHelpers,
    colour_choices,
    income_fields,
    paid_field,
    trays_field,
    zero,
)
from rules.prompt import Choice, Field, Prompt
from rules.text import msg


class AutumnSteps(TableHelpers):
    """Autumn: activation, direction, the lane search, what a member took."""

    def _prompt_autumn_start(self, state: State) -> Prompt:
        marker = state["marker"]
        return Prompt(
            step="autumn-start",
            title=msg("The tribe members move"),
            phase=self._round_phase(state, msg("Autumn")),
            lines=(
                self._payer_line(state),
                self._trays_line(state, with_actions=False),
                msg(
                    "Activation order: the tribe members closest to the starting camp first; at "
                    "equal distance the first clockwise from the priority marker's direction "
                    "(side {m}); on the same space, any order.",
                    m=marker,
                ),
            ),
            fields=(
                Field(
                    key="members",
                    label=msg("Tribe members standing on the map (to activate)"),
                    kind="int",
                    default=state["members_on_map"],
                    minimum=0,
                    maximum=20,
                ),
                Field(
                    key="positions",
                    label=msg(
                        "Optional: where they stand, as distance@side from the starting camp"
                    ),
                    kind="text",
                    default="",
                    help=msg(
                        "e.g. '0 0 2@1 2@4': two on the camp, two 2 spaces away toward sides 1 "
                        "and 4. Leave empty to apply the rule yourselves."
                    ),
                ),
                paid_field(msg("Paid onto the control board before the tribe moves")),
                trays_field(state),
            ),
        )

    def _advance_autumn_start(self, state: State, answer: Mapping[str, Any]) -> Decision | None:
        self._apply_table(state, answer)
        members = parsing.positions(answer["positions"])
        total = len(members) if members else answer["members"]
        decision = None
        order: list[str] = []
        if members:
            decision = logic.autumn_order(members, state["marker"], False)
            order = decision.result["order"]
            where = {m["id"]: m for m in members}
            order = [
                f"{i} ({where[i]['distance']}@{where[i]['side']})"
                if where[i]["distance"]
                else f"{i} (on the camp)"
                for i in order
            ]
        state["members_on_map"] = total
        state["autumn"] = {"total": total, "done": 0, "order": order}
        state["step"] = "autumn-member" if total else "round-end"
        return decision

    def _prompt_autumn_member(self, state: State) -> Prompt:
        autumn = state["autumn"]
        order = autumn.get("order") or []
        member = (
            msg("Member {m}", m=order[autumn["done"]])
            if autumn["done"] < len(order)
            else msg("Member {i}", i=autumn["done"] + 1)
        )
        decision = logic.autumn_move(
            state["trays"],
            cat.board_of(state),
            state["marker"],
            None,
            False,
            self._example(state, tile=False),
            str(member),
        )
        fields: list[Field] = []
        if decision.result.get("direction") is not None:
            fields.append(
                Field(
                    key="lane",
                    label=msg(
                        "What lies in the 3-space-wide lane toward side {s}? (all that apply)",
                        s=decision.result["direction"],
                    ),
                    kind="multi",
                    default=[],
                    choices=(
                        *(Choice(p, label(p)) for p in PRIORITIES if p != "megalith"),
                        Choice("megalith", msg("free megalith")),
                        Choice("megalith-occupied", msg("occupied megalith")),
                    ),
                )
            )
            if cat.priority_at(cat.board_of(state), state["marker"]) == "megalith":
                fields.append(
                    Field(
                        key="near_megalith",
                        label=msg("Does the member stand on or next to a megalith?"),
                        kind="bool",
                        default=False,
                    )
                )
        return Prompt(
            step="autumn-member",
            title=msg("Activate tribe member {i} of {n}", i=autumn["done"] + 1, n=autumn["total"]),
            phase=self._round_phase(state, msg("Autumn")),
            lines=(
                self._trays_line(state, with_actions=False),
                msg("Pick the member by the activation order (closest to the starting camp)."),
            ),
            fields=tuple(fields),
            decision=decision,
            confirm_label=msg("Decide"),
        )

    def _advance_autumn_member(self, state: State, answer: Mapping[str, Any]) -> Decision:
        lane = []
        for kind in answer.get("lane", []):
            item: dict[str, Any] = {
                "priority": "megalith" if kind.startswith("megalith") else kind,
                "distance": None,
                "line": "centre",
            }
            if kind == "megalith-occupied":
                item["occupied"] = True
            lane.append(item)
        order = state["autumn"].get("order") or []
        done = state["autumn"]["done"]
        member = f"Member {order[done]}" if done < len(order) else f"Member {done + 1}"
        decision = logic.autumn_move(
            state["trays"],
            cat.board_of(state),
            state["marker"],
            lane,
            bool(answer.get("near_megalith", False)),
            self._example(state, tile=False),
            member,
        )
        result = decision.result
        if result.get("colour"):
            self._take(state, result["colour"], result["returned"])
        state["autumn"]["done"] += 1
        priority = result.get("priority") if result["outcome"] == "move" else None
        if priority == "campsite":
            state["campsites"] += 1
            state["members_on_map"] = max(0, state["members_on_map"] - 1)
        if priority in {"hunting-tile", "gathering-tile", "fishing-tile", "action-marker"}:
            state["pending"] = {"priority": priority}
            state["step"] = "autumn-result"
        else:
            self._next_member(state)
        return decision

    def _next_member(self, state: State) -> None:
        autumn = state["autumn"]
        state["step"] = "autumn-member" if autumn["done"] < autumn["total"] else "round-end"

    def _prompt_autumn_result(self, state: State) -> Prompt:
        pending = state["pending"]
        fields: list[Field] = list(income_fields(state))
        if pending.get("priority") == "action-marker":
            fields.insert(
                0,
                Field(
                    key="marker_colour",
                    label=msg("Colour of the action marker taken"),
                    kind="choice",
                    default=COLOURS[0],
                    choices=colour_choices(),
                ),
            )
            fields[1] = Field(
                key="gained",
                label=msg("Other markers/resources gained (the action marker is counted already)"),
                kind="counts",
                default=zero(),
                choices=colour_choices(),
            )
        # No trays_now check here: the gain entered in this step changes the trays
        # too; the next step of the tribe carries the check again.
        fields.append(paid_field(msg("Paid onto the control board since then")))
        return Prompt(
            step="autumn-result",
            title=msg("What the tribe member took"),
            phase=self._round_phase(state, msg("Autumn")),
            lines=(
                msg(
                    "Enter what the tribe gained from the {what}.", what=label(pending["priority"])
                ),
            ),
            fields=tuple(fields),
        )

    def _advance_autumn_result(self, state: State, answer: Mapping[str, Any]) -> None:
        if "marker_colour" in answer:
            state["trays"][answer["marker_colour"]] += 1
        self._add(state, answer["gained"])
        self._apply_table(state, answer)
        state["vp"] += answer["vp"]
        self._move_marker(state, answer["dev"])
        state["pending"] = None
        self._next_member(state)
