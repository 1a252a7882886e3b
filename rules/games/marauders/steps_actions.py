"""Carrying out an action (spring or summer): the choice rule, then what the tribe gained."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.decision import Decision, Tracer
from rules.game import State
from rules.games.marauders import logic, parsing
from rules.games.marauders.model import TRIBE, label
from rules.games.marauders.steps_common import TableHelpers, income_fields
from rules.prompt import Field, Prompt
from rules.text import msg


class ActionSteps(TableHelpers):
    """Carrying out an action (spring or summer): the choice rule, then what the tribe gained."""

    def _action_decision(self, state: State) -> Decision:
        pending = state["pending"]
        action = pending["action"]
        tile = state["tile"]
        if action == "rock-painting":
            return logic.action_choice(
                action, [], tile["number"], False, painted=state["paintings"]
            )
        if action == "migration":
            return logic.action_choice(action, [], tile["number"], False)
        tracer = Tracer()
        framed = tile["actions"][0]
        order_rule = msg("VP > action marker > resource > development point")
        if action == "fishing":
            summary = msg("The tribe takes the fish that gives it the most steps")
            steps = [
                msg("Take the fish giving the most steps (equal fish: any of them)."),
                msg("Move the tribe up the fishing track as usual."),
            ]
            rule = "the fish with the most steps; equal values do not matter"
        elif action == "gathering":
            summary = msg("The tribe takes the gathering tile with the largest income")
            steps = [
                msg("Take the gathering tile with the largest income ({order}).", order=order_rule),
                msg(
                    "Tie: the first tile clockwise from the framed symbol ({framed}) on the "
                    "central pricing tile.",
                    framed=label(framed),
                ),
            ]
            rule = f"largest income; tie: first clockwise from {framed} on the pricing tile"
        else:
            what = msg("card")
            summary = msg(
                "The tribe takes the {action} card with the largest income", action=label(action)
            )
            steps = [
                msg(
                    "Take the {what} with the highest income now and at game end ({order}).",
                    what=what,
                    order=order_rule,
                ),
                msg("Tie: the one closer to the bottom of the game board."),
            ]
            rule = "largest income; tie: closer to the bottom of the board"
            if action == "ceremony":
                if state["ceremony_choice"]:
                    steps[1] = msg("Tie (variant): the players choose which card the tribe takes.")
                    rule = "largest income; tie: the players choose (variant)"
                steps.append(
                    msg(
                        "If no card gives VP at this moment, the tribe also scores {vp} VP "
                        "(answer below).",
                        vp=tile["number"],
                    )
                )
                steps.append(msg("Move the player order marker as usual."))
        tracer.add(
            "action choice",
            f"{action}: {rule} (VP > action marker > resource > development point)",
            action=action,
        )
        return Decision(
            game=logic.GAME,
            kind="action-choice",
            summary=summary,
            instructions=tuple(steps),
            trace=tracer.freeze(),
            result={"action": action},
            example_data=False,
        )

    def _prompt_action(self, state: State) -> Prompt:
        pending = state["pending"]
        action = pending["action"]
        fields: list[Field] = []
        if action == "migration":
            fields.append(
                Field(
                    key="moved",
                    label=msg("Tribe members moved onto the starting camp"),
                    kind="int",
                    default=2,
                    minimum=0,
                    maximum=2,
                )
            )
        if action == "ceremony":
            fields.append(
                Field(
                    key="any_vp",
                    label=msg("Did any card give VP at that moment?"),
                    kind="bool",
                    default=True,
                )
            )
        fields.extend(income_fields(state))
        if action == "ceremony":
            fields.append(
                Field(
                    key="order",
                    label=msg("Player order after moving the order marker"),
                    kind="text",
                    default=" ".join("tribe" if w == TRIBE else w for w in state["order"]),
                )
            )
        season = msg("Spring") if pending["phase"] == "spring" else msg("Summer")
        return Prompt(
            step="action",
            title=msg("The tribe carries out {action}", action=label(action)),
            phase=self._round_phase(state, season),
            lines=(),
            fields=tuple(fields),
            decision=self._action_decision(state),
        )

    def _advance_action(self, state: State, answer: Mapping[str, Any]) -> Decision:
        pending = state["pending"]
        action = pending["action"]
        decision = self._action_decision(state)
        tile = state["tile"]
        self._add(state, answer["gained"])
        state["vp"] += answer["vp"]
        tracer = Tracer()
        tracer.add(
            "income",
            f"gained {dict((c, n) for c, n in answer['gained'].items() if n)}, "
            f"{answer['vp']} VP, {answer['dev']} development point(s)",
        )
        if action == "rock-painting":
            state["paintings"] += 1
        if action == "migration":
            state["members_on_map"] += answer["moved"]
        if action == "ceremony":
            if not answer["any_vp"]:
                state["vp"] += tile["number"]
                tracer.add("ceremony fallback", f"no card gave VP: +{tile['number']} VP")
                self._note(
                    state,
                    msg(
                        "No ceremony card gave VP: the tribe scores {vp} VP more.",
                        vp=tile["number"],
                    ),
                )
            state["order"] = parsing.order(answer["order"], state["players"])
        self._move_marker(state, answer["dev"])
        state["pending"] = None
        if pending["phase"] == "spring":
            state["spring_done"] += 1
            state["step"] = "spring-turn" if state["spring_done"] < tile["number"] else "spring-end"
        else:
            self._next_summer_action(state)
        return Decision(
            game=logic.GAME,
            kind="action-income",
            summary=decision.summary,
            instructions=decision.instructions,
            trace=decision.trace + tracer.freeze(),
            result={"action": action, **dict(answer)},
            example_data=decision.example_data,
        )
