"""Autumn: activation order, direction, the 3-line lane search, half the tray back.

"At first the tribe members closest to the starting camp are activated on the
map. In the case of tie, it chooses the first in clockwise order from those
that are at the same distance." Each activated member looks toward the tray
with the most markers (at least 1), searches a 3-line-wide lane in that
direction for its priorities, clockwise from the priority marker, goes to the
nearest target of the first priority found ("If there are more in the same
distance, it chooses the first in clockwise order"), lies down, and "half of
the markers from the tray that showed direction go back into the general
supply (rounded up)".
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules.decision import Decision, Tracer
from rules.games.marauders import counted as C
from rules.games.marauders.catalogue import Board, priority_at, tray_colour, tray_sides
from rules.games.marauders.decide_common import join, majority_tray, make_decision, settle
from rules.games.marauders.hexmap import LINES, Hex, clockwise_key, distance, hex_id, neighbours
from rules.games.marauders.model import SIDES, clockwise_from, half_rounded_up, label
from rules.games.marauders.results import AutumnMove, TrayMarker
from rules.text import Msg, msg, msgn, verbatim


def activation_key(at: Hex, marker: int) -> tuple[int, Any]:
    """Closest to the starting camp first; equal distance: first clockwise from the marker."""
    return distance(at), clockwise_key(at, marker)


def autumn_order(members: Sequence[Mapping[str, Any]], marker: int, example: bool) -> Decision:
    """Activation order of the members on the map.

    Each member has an ``id`` and ``at`` (its space as a hex, see
    :mod:`rules.games.marauders.hexmap`). Members on the same space keep the
    given order ("it doesn't matter which one is activated first").
    """
    tracer = Tracer()
    ordered = sorted(members, key=lambda m: activation_key(m["at"], marker))
    for m in ordered:
        d = distance(m["at"])
        if d == 0:
            finding = msg("Member {id}: on the starting camp", id=m["id"])
        else:
            finding = msg(
                "Member {id}: {d} from the starting camp, {turn} "
                "clockwise from the priority marker (side {marker})",
                id=m["id"],
                d=C.spaces(d),
                turn=_sixths(_turn_text(clockwise_key(m["at"], marker))),
                marker=marker,
            )
        tracer.add("activation", finding, id=m["id"], distance=d, space=hex_id(m["at"]))
    ids = [str(m["id"]) for m in ordered]
    tracer.decide(
        "activation order",
        msg(
            "Closest first; at equal distance the first clockwise from the priority marker: "
            "{order}",
            order=join([verbatim(i) for i in ids]),
        ),
        order=ids,
    )
    return make_decision(
        "autumn-order",
        msg("Activation order: {order}", order=join([verbatim(i) for i in ids])),
        [msg("Activate the tribe members one by one in this order.")],
        tracer,
        {"order": ids},
        example,
    )


def _turn_text(turn: Any) -> str:
    """A clockwise turn in sixths as a short number (``2``, ``2.5``, ``2.33``)."""
    value = float(turn)
    return f"{value:g}" if value == int(value) or len(f"{value:g}") <= 4 else f"{value:.2f}"


def _sixths(turn: str) -> Msg:
    """ "1 sixth of a turn", "2.5 sixths of a turn" (a fraction takes the plural form)."""
    return msgn("{t} sixth of a turn", "{t} sixths of a turn", t=turn, n=1 if turn == "1" else 2)


def autumn_direction(
    trays: Mapping[str, int], board: Board, marker: int, tracer: Tracer
) -> int | None:
    """The direction: the tray with the most markers (at least 1), clockwise tie-break."""
    return majority_tray(trays, board, marker, 1, tracer)


def lane_order_key(item: Mapping[str, Any]) -> tuple[int, int]:
    """Nearest first; at the same distance left, centre, right (turning clockwise)."""
    return int(item["distance"]), LINES.index(item["line"])


def beside_megalith(
    megalith: Hex, member: Hex, direction: int, taken: set[Hex] | frozenset[Hex]
) -> Hex | None:
    """The empty space next to an occupied megalith the member steps onto.

    "It steps onto an adjacent empty space nearest to it (clockwise)": the
    spaces next to the megalith not in ``taken``, nearest to the member; at
    equal distance the first met turning clockwise from the direction.
    """
    candidates = [
        (distance(space, member), (side - direction) % SIDES, space)
        for side, space in enumerate(neighbours(megalith))
        if space not in taken
    ]
    return min(candidates)[2] if candidates else None


def autumn_target(
    board: Board,
    marker: int,
    lane: Sequence[Mapping[str, Any]],
    near_megalith: bool,
    tracer: Tracer,
) -> dict[str, Any]:
    """Search the 3-line lane by priorities clockwise from the marker.

    ``lane`` items: ``priority``, ``distance``, ``line`` (left/centre/right),
    ``occupied`` (megaliths), ``colour`` (action markers), optionally ``at``
    (the space id). Returns ``{"outcome": "move"|"stay"|"lie-down", ...}``;
    the trace step that settles it is marked decisive.

    Megalith: "If there is a free megalith in the indicated direction, it moves
    there. If it is already occupied, it steps onto an adjacent empty space":
    a free megalith anywhere in the lane wins over an occupied one, however
    near; only when every megalith in the lane is occupied does the nearest
    occupied one count.
    """
    main = priority_at(board, marker)
    if main == "megalith" and near_megalith:
        tracer.decide(
            "megalith",
            msg(
                "The megalith is the main priority and the member stands on or next to one: "
                "it stays there and lies down"
            ),
        )
        return {"outcome": "stay", "priority": "megalith"}
    for side in clockwise_from(marker):
        priority = priority_at(board, side)
        found = sorted((item for item in lane if item["priority"] == priority), key=lane_order_key)
        if not found:
            tracer.add(
                "lane search",
                msg("No {what} in the 3-line lane", what=label(priority)),
                priority=priority,
                side=side,
            )
            continue
        if priority == "megalith":
            free = [item for item in found if not item.get("occupied")]
            if free:
                if len(free) < len(found):
                    tracer.add(
                        "free megalith",
                        msgn(
                            "{n} occupied megalith in the lane does not count while a free one "
                            "lies in the direction",
                            "{n} occupied megaliths in the lane do not count while a free one "
                            "lies in the direction",
                            n=len(found) - len(free),
                        ),
                    )
                found = free
        item = found[0]
        same = [i for i in found if i["distance"] == item["distance"]]
        if len(same) > 1:
            finding = msg(
                "Found in the lane: {what}, {d} away; {k} at that distance, the {line} "
                "line is first clockwise",
                what=label(priority),
                d=C.spaces(item["distance"]),
                k=len(same),
                line=label(item["line"]),
            )
        else:
            finding = msg(
                "Found in the lane: {what}, {d} away ({line} line)",
                what=label(priority),
                d=C.spaces(item["distance"]),
                line=label(item["line"]),
            )
        tracer.decide(
            "lane search",
            finding,
            priority=priority,
            side=side,
            distance=item["distance"],
            line=item["line"],
        )
        return {"outcome": "move", "priority": priority, "item": dict(item)}
    tracer.decide("lane search", msg("None of its priorities lies in the lane: it lies down"))
    return {"outcome": "lie-down"}


def _where(item: Mapping[str, Any], side: int) -> Msg:
    return msg(
        "{d} away toward side {side}, {line} line",
        d=C.spaces(item["distance"]),
        side=side,
        line=label(item["line"]),
    )


def _target_instructions(target: Mapping[str, Any], direction: int) -> list[Msg]:
    priority = target.get("priority")
    if target["outcome"] == "stay":
        return [msg("The member stays at the megalith and lies down.")]
    if target["outcome"] == "lie-down":
        return [msg("The member does not move; lay it down.")]
    item = target["item"]
    where = _where(item, direction)
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
                    "next to it nearest to the member (equal: first clockwise); lay it down.",
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
            )
            if colour
            else msg("Put the action marker onto the control board's tray of its colour."),
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
    member: Msg | None = None,
) -> Decision:
    """One activated member: direction, lane search, lying down, half the tray back.

    Without ``lane`` (its contents not known yet) the decision gives the
    direction and the order of the search in words.
    """
    who = member if member is not None else msg("The member")
    tracer = Tracer()
    side = autumn_direction(trays, board, marker, tracer)
    if side is None:
        tracer.add("autumn", msg("No tray holds a marker: no direction, the member lies down"))
        settle(tracer)
        return make_decision(
            "autumn-move",
            msg("{m}: no direction (all trays empty); it lies down", m=who),
            [msg("Lay the member down where it stands.")],
            tracer,
            AutumnMove(outcome="lie-down", direction=None, colour=None, returned=0),
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
        tracer.add(
            "lane search",
            msg(
                "Search order, clockwise from the priority marker: {order}",
                order=join([label(p) for p in order]),
            ),
            priorities=order,
        )
        settle(tracer, 0)
        target: dict[str, Any] = {"outcome": "search", "priorities": tuple(order)}
        instructions.append(
            msg(
                "Look along the 3-space-wide lane in that direction for, in this order: {order}. "
                "Go to the nearest of the first kind found (same distance: first clockwise).",
                order=join([label(p) for p in order]),
            )
        )
        summary = msg(
            "{m} looks toward side {side} ({colour} tray)", m=who, side=side, colour=label(colour)
        )
    else:
        target = autumn_target(board, marker, lane, near_megalith, tracer)
        instructions.extend(_target_instructions(target, side))
        if target["outcome"] == "move":
            summary = msg(
                "{m} goes toward side {side} to the {what}",
                m=who,
                side=side,
                what=label(target["priority"]),
            )
        elif target["outcome"] == "stay":
            summary = msg("{m} stays at the megalith and lies down", m=who)
        else:
            summary = msg("{m} lies down (direction side {side})", m=who, side=side)
    instructions.append(
        msgn(
            "Return {n} {colour} marker (half of {count}, rounded up) to the general supply.",
            "Return {n} {colour} markers (half of {count}, rounded up) to the general supply.",
            n=back,
            colour=label(colour),
            count=count,
        )
    )
    tracer.add(
        "return half",
        msgn(
            "The {colour} tray showed the direction: {n} of its {count} markers goes back "
            "(half, rounded up)",
            "The {colour} tray showed the direction: {n} of its {count} markers go back "
            "(half, rounded up)",
            colour=label(colour),
            n=back,
            count=count,
        ),
        colour=colour,
        count=count,
        returned=back,
    )
    taken = (
        target.get("item", {}).get("colour") if target.get("priority") == "action-marker" else None
    )
    result = AutumnMove(
        **target,
        direction=side,
        colour=colour,
        returned=back,
        # "It takes 1 action marker in the shown colour onto the control board."
        marker=TrayMarker(colour=taken, side=tray_sides(board)[taken]) if taken else None,
    )
    return make_decision("autumn-move", summary, instructions, tracer, result, example)
