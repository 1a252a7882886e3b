"""Autumn: activation order, direction, the 3-line lane search, half the tray back."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules.decision import Decision, Tracer
from rules.games.marauders.catalogue import Board, priority_at, tray_colour
from rules.games.marauders.decide_common import LINES, majority_tray, make_decision
from rules.games.marauders.model import (
    SIDES,
    clockwise_from,
    half_rounded_up,
    label,
)
from rules.text import Msg, msg


def autumn_order(members: Sequence[Mapping[str, Any]], marker: int, example: bool) -> Decision:
    """Activation order: closest to the starting camp first; ties clockwise from the marker.

    Each member has ``id``, ``distance`` (spaces from the starting camp) and
    ``side`` (its direction from the camp, 0-5 like the control board). Members
    on the same space keep the listed order ("it doesn't matter").
    """
    tracer = Tracer()

    def key(m: Mapping[str, Any]) -> tuple[int, int]:
        if m["distance"] == 0:
            return (0, 0)
        return (m["distance"], (m["side"] - marker) % SIDES)

    ordered = sorted(members, key=key)  # stable: same space keeps the given order
    for m in ordered:
        tracer.add(
            "activation",
            f"{m['id']}: {m['distance']} space(s) from the starting camp"
            + (
                f", direction side {m['side']} ({(m['side'] - marker) % SIDES} step(s) clockwise "
                f"from the priority marker)"
                if m["distance"]
                else ", on the starting camp"
            ),
            id=m["id"],
            distance=m["distance"],
            side=m.get("side"),
        )
    ids = [str(m["id"]) for m in ordered]
    tracer.add(
        "activation order",
        "closest first; equal distance: first clockwise from the "
        f"priority marker (side {marker}): {', '.join(ids)}",
        order=ids,
    )
    return make_decision(
        "autumn-order",
        msg("Activation order: {order}", order=", ".join(ids)),
        [msg("Activate the tribe members one by one in this order.")],
        tracer,
        {"order": ids},
        example,
    )


def autumn_direction(
    trays: Mapping[str, int], board: Board, marker: int, tracer: Tracer
) -> int | None:
    """The direction: the tray with the most markers (at least 1), clockwise tie-break."""
    return majority_tray(trays, board, marker, 1, tracer)


def autumn_target(
    board: Board,
    marker: int,
    lane: Sequence[Mapping[str, Any]],
    near_megalith: bool,
    tracer: Tracer,
) -> dict[str, Any]:
    """Search the 3-line lane by priorities clockwise from the marker.

    ``lane`` items: ``priority``, ``distance``, ``line`` (left/centre/right),
    ``occupied`` (megaliths), ``colour`` (action markers). Returns
    ``{"outcome": "move"|"stay"|"lie-down", ...}``.
    """
    main = priority_at(board, marker)
    if main == "megalith" and near_megalith:
        tracer.add(
            "megalith",
            "the megalith is the main priority and the member stands on or next to one: it "
            "stays there and lies down",
        )
        return {"outcome": "stay", "priority": "megalith"}
    for side in clockwise_from(marker):
        priority = priority_at(board, side)
        found = [item for item in lane if item["priority"] == priority]
        if not found:
            tracer.add(
                "lane search", f"no {priority} in the 3-line lane", priority=priority, side=side
            )
            continue
        item = min(
            found, key=lambda i: (i.get("distance") or 0, LINES.index(i.get("line", "centre")))
        )
        same = [i for i in found if i.get("distance") == item.get("distance")]
        extra = (
            f"; {len(same)} at that distance, the {item.get('line', 'centre')} line is first "
            "clockwise"
            if len(same) > 1 and item.get("distance")
            else ""
        )
        away = f"{item['distance']} space(s) away" if item.get("distance") else "(nearest one)"
        tracer.add(
            "lane search",
            f"{priority} found in the lane {away}{extra}",
            priority=priority,
            side=side,
            distance=item["distance"],
            line=item.get("line", "centre"),
        )
        return {"outcome": "move", "priority": priority, "item": dict(item)}
    tracer.add("lane search", "none of its priorities lies in the lane: it lies down")
    return {"outcome": "lie-down"}


def _target_instructions(target: Mapping[str, Any], direction: str) -> list[Msg]:
    priority = target.get("priority")
    if target["outcome"] == "stay":
        return [msg("The member stays at the megalith and lies down.")]
    if target["outcome"] == "lie-down":
        return [msg("The member does not move; lay it down.")]
    item = target["item"]
    if item.get("distance"):
        where = msg(
            "{d} space(s) away toward side {side}, {line} line",
            d=item["distance"],
            side=direction,
            line=item.get("line", "centre"),
        )
    else:
        where = msg(
            "the nearest one toward side {side}; at equal distance the first clockwise",
            side=direction,
        )
    if priority == "campsite":
        return [
            msg("Move the member to the campsite space ({where}).", where=where),
            msg("The tribe builds its next campsite in the building order (no member cost)."),
            msg("The member goes back onto the tribe's player board."),
        ]
    if priority == "megalith":
        if item.get("occupied"):
            return [
                msg(
                    "The megalith ({where}) is occupied: move the member onto the empty space "
                    "next to it, the nearest one clockwise; then lay it down.",
                    where=where,
                )
            ]
        return [msg("Move the member onto the free megalith ({where}); lay it down.", where=where)]
    if priority == "action-marker":
        colour = item.get("colour")
        return [
            msg("Move the member to the action marker ({where}); lay it down.", where=where),
            msg(
                "Put 1 {colour} action marker onto the control board's {colour} tray.",
                colour=label(colour) if colour else msg("matching"),
            ),
        ]
    return [
        msg(
            "Move the member to the {what} ({where}), take it; lay the member down.",
            what=label(priority or ""),
            where=where,
        )
    ]


def autumn_move(
    trays: Mapping[str, int],
    board: Board,
    marker: int,
    lane: Sequence[Mapping[str, Any]] | None,
    near_megalith: bool,
    example: bool,
    member: str = "member",
) -> Decision:
    """One activated member: direction, lane search, lying down, half the tray back."""
    tracer = Tracer()
    side = autumn_direction(trays, board, marker, tracer)
    if side is None:
        tracer.add("autumn", "no tray holds a marker: no direction, the member lies down")
        return make_decision(
            "autumn-move",
            msg("{m}: no direction (all trays empty); it lies down", m=member),
            [msg("Lay the member down where it stands.")],
            tracer,
            {"outcome": "lie-down", "direction": None, "returned": 0},
            example,
        )
    colour = tray_colour(board, side) or ""
    count = trays.get(colour, 0)
    back = half_rounded_up(count)
    instructions = [
        msg(
            "Direction: from the control board's centre toward side {side} (the {colour} tray).",
            side=side,
            colour=label(colour),
        ),
    ]
    if lane is None:
        order = [priority_at(board, s) for s in clockwise_from(marker)]
        tracer.add("lane search", "the lane contents are not known yet", priorities=order)
        result: dict[str, Any] = {"outcome": "search", "priorities": order}
        instructions.append(
            msg(
                "Look along the 3-space-wide lane in that direction for, in this order: {order}. "
                "Go to the nearest of the first kind found (same distance: first clockwise).",
                order=", ".join(str(label(p)) for p in order),
            )
        )
        summary = msg(
            "{m} looks toward side {side} ({colour} tray)",
            m=member,
            side=side,
            colour=label(colour),
        )
    else:
        result = autumn_target(board, marker, lane, near_megalith, tracer)
        instructions.extend(_target_instructions(result, str(side)))
        if result["outcome"] == "move":
            summary = msg(
                "{m} goes toward side {side} to the {what}",
                m=member,
                side=side,
                what=label(result["priority"]),
            )
        else:
            summary = msg("{m} lies down (direction side {side})", m=member, side=side)
    instructions.append(
        msg(
            "Return {n} {colour} marker(s) (half of {count}, rounded up) to the general supply.",
            n=back,
            colour=label(colour),
            count=count,
        )
    )
    tracer.add(
        "return half",
        f"the {colour} tray showed the direction: {back} of its {count} marker(s) go back "
        "(half, rounded up)",
        colour=colour,
        count=count,
        returned=back,
    )
    result.update({"direction": side, "colour": colour, "returned": back})
    found = {
        "move": f"goes to the {result.get('priority')}",
        "stay": "stays at the megalith",
        "lie-down": "finds none of its priorities and lies down",
        "search": "searches the lane by its priorities",
    }[result["outcome"]]
    tracer.add(
        "autumn move",
        f"the {colour} tray holds the most markers ({count}), so it looks toward side {side}; "
        f"it {found}; {back} {colour} marker(s) go back",
        direction=side,
        outcome=result["outcome"],
    )
    return make_decision("autumn-move", summary, instructions, tracer, result, example)
