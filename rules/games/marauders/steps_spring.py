"""Spring: new tile and income, the tribe's spring actions, the rest of spring.

``spring-start`` -> (``spring-turn`` facts -> ``spring-action`` bot) x the
tile's number -> ``spring-end``. Which actions have every column occupied is
carried over from turn to turn (the columns only fill up during spring) and
starts empty each round.
"""

from __future__ import annotations

from rules.camera import ColourGains
from rules.decision import Decision
from rules.game import State
from rules.games.marauders import catalogue as cat
from rules.games.marauders import logic
from rules.games.marauders.model import MAX_MARKERS, label
from rules.games.marauders.results import spring_of
from rules.games.marauders.steps_actions import action_fields, carry_out, with_action
from rules.games.marauders.steps_common import (
    TO_TILE_ENTRY,
    Answer,
    Step,
    add,
    apply_news,
    by_score,
    check_trays,
    colour_choices,
    example,
    news_fields,
    news_lines,
    next_tile,
    note,
    order_field,
    payer_line,
    read_tile,
    round_phase,
    take,
    tile_fields,
    tile_lines,
    trays_line,
)
from rules.machine import Edge
from rules.prompt import Field, Prompt
from rules.text import msg


def start_prompt(state: State) -> Prompt:
    lines = [
        *tile_lines(state, state.get("drawn")),
        msg("Rotate the tribe's weather tile clockwise by 1 unit."),
        msg("Put the resources it earns onto the trays by colour (enter them below)."),
    ]
    fields = (
        *tile_fields(state),
        Field(
            key="income",
            label=msg("Resources the tribe earns now"),
            kind="counts",
            default=dict(state["income"]),
            maximum=MAX_MARKERS,
            choices=colour_choices(state),
            camera=ColourGains.since(state["trays"]),  # the trays before the income
        ),
        order_field(state, text=msg("Player order this round")),
    )
    return Prompt(
        step="spring-start",
        title=msg("Spring begins: new marauder tile and income"),
        phase=round_phase(state, msg("Spring")),
        lines=tuple(lines),
        fields=fields,
        round=state["round"],
    )


def start_advance(state: State, answer: Answer) -> Decision | None:
    before = list(state["order"])
    state["order"] = list(answer["order"])
    add(state, answer["income"])
    state["income"] = dict(answer["income"])  # the default next spring
    read_tile(state, answer, then="spring-turn")
    # Who pays is only news when the order changed.
    return logic.payer(state["order"]) if state["order"] != before else None


def turn_prompt(state: State) -> Prompt:
    tile = state["tile"]
    k = state["spring_done"] + 1
    lines = [
        payer_line(state),
        trays_line(state),
        msg("Play spring turns in player order until it is the tribe's turn."),
        *news_lines(state),
    ]
    return Prompt(
        step="spring-turn",
        title=msg("The tribe's spring action {k} of {n}", k=k, n=tile["number"]),
        phase=round_phase(state, msg("Spring")),
        lines=tuple(lines),
        fields=news_fields(state),
        confirm_label=msg("Decide"),
        round=state["round"],
    )


def turn_advance(state: State, answer: Answer) -> None:
    apply_news(state, answer)


def spring_decision(state: State) -> Decision:
    """The tribe's spring decision from the tracked trays, with how to carry out the action."""
    decision = logic.spring(
        state["trays"],
        cat.board_of(state),
        state["marker"],
        state["tile"],
        state["full"],
        example(state),
        state["spring_done"] + 1,
    )
    return with_action(decision, state)


def action_prompt(state: State) -> Prompt:
    decision = spring_decision(state)
    return Prompt(
        step="spring-action",
        title=msg(
            "The tribe's spring action {k} of {n}",
            k=state["spring_done"] + 1,
            n=state["tile"]["number"],
        ),
        phase=round_phase(state, msg("Spring")),
        fields=action_fields(state, decision, blockable=True),
        decision=decision,
        confirm_label=msg("Done"),
        round=state["round"],
    )


def action_advance(state: State, answer: Answer) -> Decision | None:
    if check_trays(state, answer):
        return None  # the table's counts: the tribe decides again on them
    decision = spring_decision(state)
    result = spring_of(decision)
    if answer.get("blocked"):
        # "If the actual action's columns are already occupied ... the next tray is chosen"
        state["full"].append(result.action)
        note(
            state,
            msg(
                "Every column next to {action} is occupied: the tribe chooses again.",
                action=label(result.action or ""),
            ),
        )
        return None
    tile = state["tile"]
    if result.outcome == "action":
        # An action result names its tray, colour, action and pay (decide_spring.spring).
        assert result.colour is not None and result.action is not None and result.pay is not None
        take(state, result.colour, sum(result.pay.values()))
        carry_out(state, result.action, answer)
        state["spring_done"] += 1
    else:
        # Reading 4: the fallback VP once, and no further spring actions.
        state["vp"] += result.vp or 0
        state["spring_done"] = tile["number"]
    state["step"] = "spring-turn" if state["spring_done"] < tile["number"] else "spring-end"
    return decision


def end_prompt(state: State) -> Prompt:
    return Prompt(
        step="spring-end",
        title=msg("The players finish spring"),
        phase=round_phase(state, msg("Spring")),
        lines=(
            msg("The tribe has no spring actions left."),
            payer_line(state),
            *news_lines(state),
        ),
        fields=news_fields(
            state,
            by_score(
                state,
                msg("Rest of spring: markers onto the tribe's trays, VP, development"),
                msg("Rest of spring: markers onto the tribe's trays, development points"),
            ),
        ),
        round=state["round"],
    )


def end_advance(state: State, answer: Answer) -> None:
    apply_news(state, answer)
    next_tile(state)


STEPS = {
    "spring-start": Step(start_prompt, start_advance, then=(TO_TILE_ENTRY, Edge("spring-turn"))),
    "spring-turn": Step(turn_prompt, turn_advance, then=(Edge("spring-action"),)),
    "spring-action": Step(action_prompt, action_advance),
    "spring-end": Step(end_prompt, end_advance, then=(Edge("summer-start"),)),
}
