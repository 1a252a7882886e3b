"""Summer: new tile, taking back a pillar, then every action location in turn.

``summer-start`` -> ``summer-pillar`` (facts: the fullest pillar of each
action) -> ``summer-take`` (bot) -> per action location ``summer-action``
(facts; the tribe's check) -> ``summer-do`` (bot, when it takes the action).
"""

from __future__ import annotations

from rules.decision import Decision
from rules.game import State
from rules.games.marauders import catalogue as cat
from rules.games.marauders import logic
from rules.games.marauders.decide_summer import SUMMER_COST
from rules.games.marauders.model import MAX_PILLAR, label
from rules.games.marauders.steps_actions import action_fields, carry_out, with_action
from rules.games.marauders.steps_common import (
    TO_TILE_ENTRY,
    Answer,
    Step,
    apply_news,
    by_score,
    ceremony_pending,
    check_trays,
    example,
    news_fields,
    news_lines,
    payer_line,
    read_tile,
    remember,
    round_phase,
    take,
    tile_fields,
    tile_lines,
    trays_line,
)
from rules.machine import Edge
from rules.prompt import Choice, Field, Prompt
from rules.text import msg


def start_prompt(state: State) -> Prompt:
    old = state["tile"]
    lines = [
        msg("Discard the spring tile."),
        *tile_lines(state, state.get("drawn")),
    ]
    if old is None:
        lines = lines[1:]
    return Prompt(
        step="summer-start",
        title=msg("Summer begins: new marauder tile"),
        phase=round_phase(state, msg("Summer")),
        lines=tuple(lines),
        fields=tile_fields(state),
        round=state["round"],
    )


def start_advance(state: State, answer: Answer) -> None:
    state["summer_index"] = 0
    read_tile(state, answer, then="summer-pillar")


def walk(state: State) -> list[str]:
    return logic.summer_walk(cat.pricing_of(state), state["tile"]["actions"][0])


def pillar_prompt(state: State) -> Prompt:
    framed = state["tile"]["actions"][0]
    order = walk(state)
    lines = [
        payer_line(state),
        trays_line(state),
        msg("It is the tribe's turn to take back action markers."),
        msg(
            "Starting at the {framed} symbol on the central pricing tile and going clockwise, "
            "count the markers on each pillar; enter the most on one pillar per action.",
            framed=label(framed),
        ),
        *news_lines(state),
    ]
    pillars = Field(
        key="pillars",
        label=msg("Most action markers on one pillar, per action"),
        kind="counts",
        default=dict.fromkeys(order, 0),
        maximum=MAX_PILLAR,
        choices=tuple(Choice(a, label(a)) for a in order),
    )
    return Prompt(
        step="summer-pillar",
        title=msg("The tribe takes back action markers"),
        phase=round_phase(state, msg("Summer")),
        lines=tuple(lines),
        fields=(pillars, *news_fields(state)),
        confirm_label=msg("Decide"),
        round=state["round"],
    )


def pillar_advance(state: State, answer: Answer) -> Decision | None:
    apply_news(state, answer)
    state["pillars"] = dict(answer["pillars"])
    decision = pillar_decision(state)
    if decision.result["outcome"] == "none":
        state["pillars"] = None
        enter_location(state)
        return decision
    state["step"] = "summer-take"
    return None


def pillar_decision(state: State) -> Decision:
    pillars = {a: [n] for a, n in state["pillars"].items()}
    return logic.summer_pillar(
        pillars,
        cat.pricing_of(state),
        state["tile"]["actions"][0],
        cat.is_example(state) or example(state),
    )


def take_prompt(state: State) -> Prompt:
    return Prompt(
        step="summer-take",
        title=msg("The tribe takes back action markers"),
        phase=round_phase(state, msg("Summer")),
        fields=(
            Field(
                key="again",
                label=msg(
                    "Is it the tribe's turn to take back markers again, from another pillar?"
                ),
                kind="bool",
                default=False,
            ),
        ),
        decision=pillar_decision(state),
        confirm_label=msg("Done"),
        round=state["round"],
    )


def take_advance(state: State, answer: Answer) -> Decision:
    decision = pillar_decision(state)
    remember(state, pillar=decision.result["markers"])
    state["pillars"] = None
    if answer["again"]:
        state["step"] = "summer-pillar"
    else:
        enter_location(state)
    return decision


def location(state: State) -> str:
    action: str = cat.pricing_of(state)["actions"][state["summer_index"]]
    return action


def action_prompt(state: State) -> Prompt:
    order = cat.pricing_of(state)["actions"]
    action = location(state)
    tile = state["tile"]
    colour = cat.tray_colour(cat.board_of(state), tile["actions"].index(action))
    return Prompt(
        step="summer-action",
        title=msg(
            "The {action} location ({i} of {n})",
            action=label(action),
            i=state["summer_index"] + 1,
            n=len(order),
        ),
        phase=round_phase(state, msg("Summer")),
        lines=(
            msg("Resolve the {action} location as usual.", action=label(action)),
            msg(
                "The tribe takes it if its {colour} tray (next to {action}) holds at least 3 "
                "markers; it holds {count} now.",
                colour=label(colour),
                action=label(action),
                count=state["trays"].get(colour, 0),
            )
            if colour
            else msg(
                "No tray of the tribe is next to {action}: the tribe does not take it.",
                action=label(action),
            ),
            *news_lines(state),
        ),
        fields=news_fields(
            state,
            by_score(
                state,
                msg("Before the tribe's check: markers onto its trays, VP, development"),
                msg("Before the tribe's check: markers onto its trays, development points"),
            ),
        ),
        confirm_label=msg("Decide"),
        round=state["round"],
    )


def action_decision(state: State) -> Decision:
    decision = logic.summer_action(
        state["trays"], cat.board_of(state), state["tile"], location(state), example(state)
    )
    return with_action(decision, state)


def action_advance(state: State, answer: Answer) -> Decision | None:
    apply_news(state, answer)
    decision = action_decision(state)
    if decision.result["outcome"] == "execute":
        state["step"] = "summer-do"
        return None
    next_location(state)
    return decision


def do_prompt(state: State) -> Prompt:
    decision = action_decision(state)
    return Prompt(
        step="summer-do",
        title=msg("The tribe takes {action}", action=label(location(state))),
        phase=round_phase(state, msg("Summer")),
        fields=action_fields(state, decision),
        decision=decision,
        confirm_label=msg("Done"),
        round=state["round"],
    )


def do_advance(state: State, answer: Answer) -> Decision | None:
    if check_trays(state, answer):
        # The table's counts: the check is made again on them.
        decision = action_decision(state)
        if decision.result["outcome"] == "execute":
            return None
        next_location(state)
        return decision
    decision = action_decision(state)
    result = decision.result
    take(state, result["colour"], sum(result["pay"].values()))
    carry_out(state, result["action"], answer)
    next_location(state)
    return decision


def next_location(state: State) -> None:
    state["summer_index"] += 1
    enter_location(state)


def enter_location(state: State) -> None:
    """The next action location; its facts step is skipped when the check cannot fail.

    Markers only come onto the trays between the tribe's steps, so a tray
    that already holds 3 markers will hold at least 3 at the check: the tribe
    takes the action whatever the players paid, and what came in is asked at
    the next facts step (not after a ceremony, whose VP and order are asked
    at once).
    """
    if state["summer_index"] >= len(cat.pricing_of(state)["actions"]):
        state["step"] = "autumn-start"
        return
    tile = state["tile"]
    colour = cat.tray_colour(cat.board_of(state), tile["actions"].index(location(state)))
    certain = colour is not None and state["trays"][colour] >= SUMMER_COST
    state["step"] = "summer-do" if certain and not ceremony_pending(state) else "summer-action"


STEPS = {
    "summer-start": Step(start_prompt, start_advance, then=(TO_TILE_ENTRY, Edge("summer-pillar"))),
    "summer-pillar": Step(pillar_prompt, pillar_advance),
    "summer-take": Step(take_prompt, take_advance),
    "summer-action": Step(action_prompt, action_advance),
    "summer-do": Step(do_prompt, do_advance),
}
