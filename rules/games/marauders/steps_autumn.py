"""Autumn: where the members stand, activation, the lane, where each member goes.

``autumn-start`` (facts: positions on the map around the starting camp,
defaulting to where the assistant tracked them) -> per member, in activation
order: ``autumn-member`` (facts: what lies in its lane, tapped on the lane
picture) -> ``autumn-move`` (bot: where it goes, what it does, the markers
back) -> ``autumn-gain`` (facts, only after it took a tile or an action
marker) -> ... -> ``round-end``.

The assistant tracks every member's space: migration puts members on the
starting camp, a move puts them on the space the bot named, a campsite sends
them back to the player board. So the positions are asked only to correct.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from typing import Any

from rules.decision import Decision, Tracer
from rules.game import State
from rules.games.marauders import catalogue as cat
from rules.games.marauders import counted as C
from rules.games.marauders import hexmap, logic
from rules.games.marauders.decide_common import join
from rules.games.marauders.hexmap import CAMP_ID, LINES, hex_at, hex_id
from rules.games.marauders.model import MAX_MEMBERS, clockwise_from, label
from rules.games.marauders.results import autumn_move_of
from rules.games.marauders.steps_common import (
    Answer,
    Step,
    apply_news,
    by_score,
    example,
    news_fields,
    news_lines,
    payer_line,
    remember,
    round_phase,
    take,
    trays_line,
)
from rules.machine import Edge
from rules.prompt import Choice, Field, Prompt
from rules.text import Msg, msg

#: Lane fields: one per kind of thing on the map, each picked on the lane picture.
LANE_KINDS: tuple[tuple[str, str, bool], ...] = (
    ("campsite", "campsite", False),
    ("hunting-tile", "hunting-tile", False),
    ("gathering-tile", "gathering-tile", False),
    ("fishing-tile", "fishing-tile", False),
    ("megalith", "megalith", False),
    ("megalith-occupied", "megalith", True),
    ("action-marker", "action-marker", False),
)
#: Priorities that leave something to tell afterwards (what the tile or marker gave).
GAINING = {"hunting-tile", "gathering-tile", "fishing-tile", "action-marker"}


def member_name(index: int) -> Msg:
    return msg("Member {n}", n=index + 1)


def space_label(space: str) -> Msg:
    """Where a space lies from the starting camp, in words (the terminal's list)."""
    if space == CAMP_ID:
        return msg("the starting camp")
    d, side, j = hexmap.ring_position(hex_at(space))
    if j == 0:
        return msg("{d} toward side {s}", d=C.spaces(d), s=side)
    return msg(
        "{d} out, {j} clockwise past the line to side {s}", d=C.spaces(d), j=C.steps(j), s=side
    )


#: The farthest the map picture around the camp reaches: on a wider map the spaces get
#: too small to read or tap at 800x480. Members farther out are listed beside it.
PICTURE_RADIUS = 4


def map_radius(spaces: list[str]) -> int:
    """How far the camp map reaches: one ring beyond the farthest member, 3 to 4."""
    far = max((hexmap.distance(hex_at(s)) for s in spaces), default=0)
    return max(3, min(PICTURE_RADIUS, far + 1))


@lru_cache(maxsize=8)
def map_choices(radius: int) -> tuple[Choice, ...]:
    """Every space of the camp map as a choice (the same for every member and step)."""
    return tuple(Choice(hex_id(h), space_label(hex_id(h))) for h in hexmap.disc(radius))


def position_fields(spaces: list[str]) -> list[Field]:
    """One field per member: its space on the camp map (one beyond the map keeps its own)."""
    choices = map_choices(map_radius(spaces))
    shown = {c.value for c in choices}
    return [
        Field(
            key=f"m{i + 1}",
            label=msg("Where member {n} stands", n=i + 1),
            kind="choice",
            default=space,
            choices=choices if space in shown else (*choices, Choice(space, space_label(space))),
            places="hexes",
        )
        for i, space in enumerate(spaces)
    ]


def start_prompt(state: State) -> Prompt:
    members = state["members"]
    # What came in first (the players' answer), then the checks of what the assistant
    # tracked: the members on the map and where they stand.
    fields = [
        *news_fields(
            state,
            by_score(
                state,
                msg("Before the tribe moves: markers onto its trays, VP, development"),
                msg("Before the tribe moves: markers onto its trays, development points"),
            ),
        ),
        Field(
            key="members",
            label=msg("Tribe members standing on the map"),
            kind="int",
            default=len(members),
            minimum=0,
            maximum=MAX_MEMBERS,
        ),
        *position_fields(members),
    ]
    return Prompt(
        step="autumn-start",
        title=msg("The tribe members move"),
        phase=round_phase(state, msg("Autumn")),
        lines=(
            payer_line(state),
            trays_line(state, with_actions=False),
            msg(
                "The map shows where the assistant has the tribe's members; tap a member's "
                "space to correct it."
            ),
            *news_lines(state),
        ),
        fields=tuple(fields),
        confirm_label=msg("Decide"),
        round=state["round"],
    )


def start_advance(state: State, answer: Answer) -> Decision | None:
    apply_news(state, answer)
    count = answer["members"]
    spaces = [answer[f"m{i + 1}"] for i in range(len(state["members"]))]
    if count != len(spaces):
        state["members"] = (spaces + [CAMP_ID] * count)[:count]
        state["step"] = "autumn-positions"
        return None
    state["members"] = spaces
    return start_autumn(state)


def positions_prompt(state: State) -> Prompt:
    return Prompt(
        step="autumn-positions",
        title=msg("Where the tribe members stand"),
        phase=round_phase(state, msg("Autumn")),
        lines=(msg("Tap each member's space on the map around the starting camp."),),
        fields=tuple(position_fields(state["members"])),
        round=state["round"],
    )


def positions_advance(state: State, answer: Answer) -> Decision | None:
    state["members"] = [answer[f"m{i + 1}"] for i in range(len(state["members"]))]
    return start_autumn(state)


def start_autumn(state: State) -> Decision | None:
    """The activation order (closest to the camp first), then the first member."""
    members = [{"id": str(i + 1), "at": hex_at(space)} for i, space in enumerate(state["members"])]
    state["autumn"] = {"queue": [], "current": None, "lane": None, "near": False}
    if not members:
        state["step"] = "round-end"
        return None
    decision = logic.autumn_order(members, state["marker"], example(state, tile=False))
    state["autumn"]["queue"] = [int(i) - 1 for i in decision.result["order"]]
    next_member(state)
    return decision


def next_member(state: State) -> None:
    autumn = state["autumn"]
    autumn.update({"current": None, "lane": None, "near": False})
    if not autumn["queue"]:
        # Members sent back to the player board by a campsite leave the map.
        state["members"] = [m for m in state["members"] if m is not None]
        state["step"] = "round-end"
        return
    autumn["current"] = autumn["queue"].pop(0)
    direction = logic.autumn_direction(
        state["trays"], cat.board_of(state), state["marker"], Tracer()
    )
    state["step"] = "autumn-member" if direction is not None else "autumn-move"


def direction_of(state: State) -> tuple[int | None, Tracer]:
    tracer = Tracer()
    side = logic.autumn_direction(state["trays"], cat.board_of(state), state["marker"], tracer)
    return side, tracer


def lane_spaces(state: State) -> list[tuple[int, int, str]]:
    """``(distance, line, space id)`` of the current member's lane."""
    side, _ = direction_of(state)
    at = hex_at(state["members"][state["autumn"]["current"]])
    return [(d, line, hex_id(h)) for d, line, h in hexmap.lane(at, side or 0)]


def lane_choices(spaces: list[tuple[int, int, str]]) -> tuple[Choice, ...]:
    return tuple(
        Choice(space, msg("{d} away, {line} line", d=d, line=label(LINES[line])))
        for d, line, space in spaces
    )


def lane_field_label(key: str) -> Msg:
    if key == "megalith":
        return msg("Free megaliths in the lane")
    if key == "megalith-occupied":
        return msg("Occupied megaliths in the lane")
    return msg("{what} in the lane", what=label(key))


def member_prompt(state: State) -> Prompt:
    index = state["autumn"]["current"]
    side, tracer = direction_of(state)
    board = cat.board_of(state)
    order = [cat.priority_at(board, s) for s in clockwise_from(state["marker"])]
    lane = lane_spaces(state)
    choices = lane_choices(lane)
    seen = state["seen"]
    spaces = [space for _, _, space in lane]
    by_priority = {key: (key, priority, occupied) for key, priority, occupied in LANE_KINDS}
    fields: list[Field] = []
    for priority in order:
        keys = ["megalith", "megalith-occupied"] if priority == "megalith" else [priority]
        for key in keys:
            fields.append(
                Field(
                    key=key,
                    label=lane_field_label(by_priority[key][0]),
                    kind="multi",
                    default=[space for space in spaces if seen.get(space) == key],
                    choices=choices,
                    places="hexes",
                )
            )
    if cat.priority_at(board, state["marker"]) == "megalith":
        fields.append(
            Field(
                key="near_megalith",
                label=msg("Does the member stand on or next to a megalith?"),
                kind="bool",
                default=False,
            )
        )
    colour = cat.tray_colour(board, side or 0)
    reason = [step.finding for step in tracer.steps[-1:]]  # why this direction
    return Prompt(
        step="autumn-member",
        title=msg(
            "{m} of {n}: what lies in its lane?",
            m=member_name(index),
            n=len([m for m in state["members"] if m is not None]),
        ),
        phase=round_phase(state, msg("Autumn")),
        lines=(
            msg(
                "{m} stands at {where}; it looks toward side {side} (the {colour} tray).",
                m=member_name(index),
                where=space_label(state["members"][index]),
                side=side,
                colour=label(colour or ""),
            ),
            *reason,
            msg(
                "On the lane picture, tap the spaces of the first of these that lies in the "
                "3-space-wide lane, in this order: {order}. The rest may stay empty.",
                order=join([label(p) for p in order]),
            ),
        ),
        fields=tuple(fields),
        confirm_label=msg("Decide"),
        round=state["round"],
    )


def member_advance(state: State, answer: Answer) -> None:
    where = {space: (d, line) for d, line, space in lane_spaces(state)}
    items: list[dict[str, Any]] = []
    for key, priority, occupied in LANE_KINDS:
        for space in answer.get(key, []):
            d, line = where[space]
            item: dict[str, Any] = {
                "priority": priority,
                "distance": d,
                "line": LINES[line],
                "at": space,
            }
            if priority == "megalith":
                item["occupied"] = occupied
            items.append(item)
    state["autumn"]["lane"] = items
    # What the table said about these spaces is remembered for later lanes.
    seen = state["seen"]
    for space in where:
        seen.pop(space, None)
    for key, _, _ in LANE_KINDS:
        for space in answer.get(key, []):
            seen[space] = key
    state["autumn"]["near"] = bool(answer.get("near_megalith", False))


def move_decision(state: State) -> Decision:
    """Where the current member goes (:func:`logic.autumn_move`), with its space on the map."""
    autumn = state["autumn"]
    index = autumn["current"]
    decision = logic.autumn_move(
        state["trays"],
        cat.board_of(state),
        state["marker"],
        autumn["lane"],
        autumn["near"],
        example(state, tile=False),
        member_name(index),
    )
    result = autumn_move_of(decision)
    here: str = state["members"][index]
    to = here
    if result.outcome == "move" and result.item is not None and result.direction is not None:
        item = result.item
        if item["priority"] == "megalith" and item.get("occupied"):
            taken = {hex_at(i["at"]) for i in autumn["lane"]}
            taken |= {hex_at(m) for m in state["members"] if m is not None}
            beside = logic.beside_megalith(
                hex_at(item["at"]), hex_at(here), result.direction, taken
            )
            to = hex_id(beside) if beside is not None else here
        else:
            to = item["at"]
    return replace(decision, result=replace(result, from_=here, to=to))


def move_fields(decision: Decision) -> tuple[Field, ...]:
    """For an occupied megalith: which space next to it the member took (the bot's pick first)."""
    result = autumn_move_of(decision)
    item = result.item or {}
    occupied_megalith = item.get("priority") == "megalith" and item.get("occupied")
    if result.outcome != "move" or not occupied_megalith:
        return ()
    spaces = [hex_id(h) for h in hexmap.neighbours(hex_at(item["at"]))]
    return (
        Field(
            key="to",
            label=msg("The empty space next to the megalith the member took"),
            kind="choice",
            default=result.to if result.to in spaces else spaces[0],
            choices=tuple(Choice(s, space_label(s)) for s in spaces),
            places="hexes",
        ),
    )


def move_prompt(state: State) -> Prompt:
    decision = move_decision(state)
    return Prompt(
        step="autumn-move",
        title=msg("{m} moves", m=member_name(state["autumn"]["current"])),
        phase=round_phase(state, msg("Autumn")),
        fields=move_fields(decision),
        decision=decision,
        confirm_label=msg("Done"),
        round=state["round"],
    )


def move_advance(state: State, answer: Answer) -> Decision:
    decision = move_decision(state)
    result = autumn_move_of(decision)
    index = state["autumn"]["current"]
    if result.colour:
        take(state, result.colour, result.returned)
    priority = result.priority if result.outcome == "move" else None
    state["members"][index] = answer.get("to", result.to)
    if priority is not None and result.item is not None:
        target = result.item["at"]
        if priority == "megalith":
            state["seen"][target] = "megalith-occupied"
        else:
            state["seen"].pop(target, None)  # taken, or built on
    if priority == "campsite":
        # "every time when it builds a campsite, the tribe member goes back onto its player board"
        state["campsites"] += 1
        state["members"][index] = None
    if priority in GAINING:
        remember(state, took=priority)
    if priority in GAINING and state["autumn"]["queue"]:
        # What it took may change the next member's direction: asked at once.
        state["step"] = "autumn-gain"
    else:
        next_member(state)  # the last member's gain is asked at the end of the round
    return decision


def gain_prompt(state: State) -> Prompt:
    took = state["since"]["took"]
    return Prompt(
        step="autumn-gain",
        title=msg("What the tribe member took"),
        phase=round_phase(state, msg("Autumn")),
        lines=tuple(news_lines(state)),
        fields=news_fields(state, msg("What the {what} gave the tribe", what=label(took))),
        round=state["round"],
    )


def gain_advance(state: State, answer: Answer) -> None:
    apply_news(state, answer)
    next_member(state)


STEPS = {
    "autumn-start": Step(start_prompt, start_advance),
    "autumn-positions": Step(positions_prompt, positions_advance),
    "autumn-member": Step(member_prompt, member_advance, then=(Edge("autumn-move"),)),
    "autumn-move": Step(move_prompt, move_advance),
    "autumn-gain": Step(gain_prompt, gain_advance),
}
