"""The tribe carries out an action (spring or summer): one bot step, one press.

The season's decision (which tray, which action, what to pay) and the
action's own rule (which fish, tile or card; the next rock painting; two
members onto the starting camp) are shown together on one screen. What the
tribe got from it is asked by the next facts step.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from rules.decision import Decision
from rules.game import State
from rules.games.marauders import logic
from rules.games.marauders.decide_actions import MIGRANTS
from rules.games.marauders.hexmap import CAMP_ID
from rules.games.marauders.model import MAX_MEMBERS, label
from rules.games.marauders.results import Spring
from rules.games.marauders.steps_common import Answer, remember, trays_field
from rules.prompt import Field
from rules.text import msg


def migrants(state: State) -> int:
    """Members that can migrate now: "2 members onto the starting camp if possible".
    The text prints no supply; the map holds at most :data:`MAX_MEMBERS` (reading 35), so a
    map that full takes fewer (the players lower it when their supply is short)."""
    return max(0, min(MIGRANTS, MAX_MEMBERS - len(state["members"])))


def action_rule(state: State, action: str) -> Decision:
    """How the tribe carries out ``action`` here, by :func:`logic.action_choice` (the one rule)."""
    tile = state["tile"]
    return logic.action_choice(
        action,
        None,
        tile["number"],
        False,
        players_choose_ties=state["ceremony_choice"],
        painted=state["paintings"],
        framed=tile["actions"][0],
    )


def with_action(decision: Decision, state: State) -> Decision:
    """The season's decision followed by how the tribe carries out its action.

    The "Why" line stays the season's decisive step; the action rule's trace
    follows it, and its result is kept under ``"carry_out"``.
    """
    action = decision.result.get("action")
    if decision.result.get("outcome") not in {"action", "execute"} or not action:
        return decision
    rule = action_rule(state, action)
    trace = decision.trace + tuple(replace(step, decisive=False) for step in rule.trace)
    return replace(
        decision,
        instructions=(
            *decision.instructions,
            msg("Then the tribe carries out {action}:", action=label(action)),
            *rule.instructions,
        ),
        trace=trace,
        result=with_carry_out(decision.result, rule.result),
    )


def with_carry_out(result: Mapping[str, Any], carried: Mapping[str, Any]) -> Mapping[str, Any]:
    """The season's result with the action rule's result under ``carry_out``."""
    if isinstance(result, Spring):
        return replace(result, carry_out=carried)
    return {**result, "carry_out": carried}


def action_fields(state: State, decision: Decision, blockable: bool = False) -> tuple[Field, ...]:
    """What a bot step asks back, each defaulting to what the bot said (CONFIRM when done).

    - the tray check (the camera prefills it): counts that differ replace the
      tracked ones and the bot decides again;
    - spring (``blockable``): whether every column next to the chosen action
      is occupied after all, so the tribe chooses the next tray;
    - migration: how many members could move onto the starting camp.
    """
    action = decision.result.get("action")
    acts = decision.result.get("outcome") in {"action", "execute"}
    fields: list[Field] = []
    if acts and blockable and action:
        fields.append(
            Field(
                key="blocked",
                label=msg(
                    "Every column next to {action} is occupied (the tribe chooses again)",
                    action=label(action),
                ),
                kind="bool",
                default=False,
            )
        )
    if acts and action == "migration":
        fields.append(
            Field(
                key="moved",
                label=msg("Tribe members moved onto the starting camp (2 if possible)"),
                kind="int",
                default=migrants(state),
                minimum=0,
                maximum=migrants(state),
            )
        )
    fields.append(trays_field(state))
    return tuple(fields)


def carry_out(state: State, action: str, answer: Answer) -> None:
    """Track what the action does that the assistant can know; the rest comes as news."""
    if action == "rock-painting":
        state["paintings"] += 1
    if action == "migration":
        state["members"].extend([CAMP_ID] * int(answer.get("moved", migrants(state))))
    remember(state, action=action)
