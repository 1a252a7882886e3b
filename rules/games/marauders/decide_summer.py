"""Summer: the pillar to take back, and whether the tribe executes an action.

"You should check for the position of the framed symbol from the current
marauder tile is on the central pricing tile. In clockwise direction the
marauder tribe chooses the pillar which contains the most action markers."
Then at every action location: "If it has at least 3 markers next to the
current action's symbol (marauder tile) in the tray, it executes the current
action, then it returns 3 markers to the common supply from that tray."
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules.decision import Decision, Tracer
from rules.games.marauders import counted as C
from rules.games.marauders.catalogue import Board, Pricing, Tile, tray_colour, tray_sides
from rules.games.marauders.decide_common import join, make_decision, settle
from rules.games.marauders.model import SIDES, label
from rules.text import msg

#: "it returns 3 markers to the common supply from that tray"
SUMMER_COST = 3


def summer_walk(pricing: Pricing, framed: str) -> list[str]:
    """The pricing tile's actions clockwise, starting at the framed symbol's action."""
    order: list[str] = pricing["actions"]
    start = order.index(framed)
    return [order[(start + k) % len(order)] for k in range(len(order))]


def summer_pillar(
    pillars: Mapping[str, Sequence[int]],
    pricing: Pricing,
    framed: str,
    example: bool,
    colours: Mapping[str, Sequence[Mapping[str, int] | None]] | None = None,
    board: Board | None = None,
) -> Decision:
    """Summer: the pillar with the most action markers, walking clockwise from the framed action.

    ``pillars`` gives, per action, the marker count on each of its pillars in
    clockwise order. The walk starts at the framed symbol's position on the
    central pricing tile (its own pillars first); the first pillar met with
    the most markers is taken.
    """
    tracer = Tracer()
    walk = summer_walk(pricing, framed)
    sequence = [(a, i, n) for a in walk for i, n in enumerate(pillars.get(a, []))]
    tracer.add(
        "summer walk",
        msg(
            "The framed symbol is {framed}; pillars clockwise from it: {pillars}",
            framed=label(framed),
            pillars=join(
                [
                    msg("{action} {i}: {n}", action=label(a), i=i + 1, n=n)
                    for a, i, n in sequence
                    if n
                ]
            ),
        ),
        walk=walk,
        counts={a: list(pillars.get(a, [])) for a in walk},
    )
    best = max((n for _, _, n in sequence), default=0)
    if best == 0:
        tracer.add("summer pillar", msg("No pillar holds any action marker: nothing to take back"))
        settle(tracer)
        return make_decision(
            "summer-pillar",
            msg("No pillar holds markers: the tribe takes nothing back"),
            [],
            tracer,
            {"outcome": "none"},
            example,
        )
    action, index, count = next(p for p in sequence if p[2] == best)
    tied = [(a, i) for a, i, n in sequence if n == best]
    if len(tied) == 1:
        finding = msg(
            "Pillar {i} at {action} holds the most markers ({n})",
            i=index + 1,
            action=label(action),
            n=best,
        )
    else:
        finding = msg(
            "{k} pillars tie at {n}; pillar {i} at {action} is the first clockwise from {framed}",
            k=len(tied),
            n=best,
            i=index + 1,
            action=label(action),
            framed=label(framed),
        )
    tracer.decide(
        "summer pillar",
        finding,
        action=action,
        pillar=index + 1,
        markers=best,
        tied=[f"{a}#{i + 1}" for a, i in tied],
    )
    result: dict[str, Any] = {
        "outcome": "pillar",
        "action": action,
        "pillar": index + 1,
        "markers": count,
    }
    chosen = colours[action][index] if colours and action in colours else None
    if chosen is not None:
        result["colours"] = {c: n for c, n in chosen.items() if n}
        if board is not None:
            sides = tray_sides(board)
            result["sides"] = {c: sides[c] for c in result["colours"]}
    return make_decision(
        "summer-pillar",
        msg(
            "The tribe takes back the markers of pillar {n} at {action}",
            n=index + 1,
            action=label(action),
        ),
        [
            msg(
                "Take the {markers} from pillar {n} next to {action} "
                "(counting clockwise) and put them into the trays by colour.",
                markers=C.action_markers(count),
                n=index + 1,
                action=label(action),
            )
        ],
        tracer,
        result,
        example,
    )


def summer_action(
    trays: Mapping[str, int], board: Board, tile: Tile, action: str, example: bool
) -> Decision:
    """Summer: execute the current action when its tray holds >= 3 markers; return 3 of them."""
    tracer = Tracer()
    side = tile["actions"].index(action)
    colour = tray_colour(board, side)
    count = trays.get(colour, 0) if colour else 0
    if colour is None:
        tracer.decide(
            "summer action",
            msg(
                "{action} lies next to side {side}, which has no tray: the tribe does not take it",
                action=label(action),
                side=side,
            ),
            side=side,
            colour=None,
            count=0,
        )
    elif count < SUMMER_COST:
        tracer.decide(
            "summer action",
            msg(
                "{action} lies next to the {colour} tray with {markers}: fewer than 3, "
                "the tribe does not take it",
                action=label(action),
                colour=label(colour),
                markers=C.markers(count),
            ),
            side=side,
            colour=colour,
            count=count,
        )
    if colour is None or count < SUMMER_COST:
        return make_decision(
            "summer-action",
            msg("The tribe does not take {action}", action=label(action)),
            [],
            tracer,
            {"outcome": "pass", "action": action, "side": side, "colour": colour, "count": count},
            example,
        )
    tracer.decide(
        "summer action",
        msg(
            "{action} lies next to the {colour} tray with {n} markers (at least 3): the tribe "
            "takes {action} and returns 3 {colour} markers to the supply",
            action=label(action),
            colour=label(colour),
            n=count,
        ),
        side=side,
        colour=colour,
        count=count,
    )
    return make_decision(
        "summer-action",
        msg("The tribe takes {action}", action=label(action)),
        [
            msg(
                "Return 3 {colour} markers from the tray to the common supply.",
                colour=label(colour),
            ),
        ],
        tracer,
        {
            "outcome": "execute",
            "action": action,
            "side": side,
            "colour": colour,
            "count": count,
            "pay": {colour: SUMMER_COST},
        },
        example,
    )


def summer_overview(trays: Mapping[str, int], board: Board, tile: Tile, example: bool) -> Decision:
    """Which actions the tribe could take this summer with the trays as they are now.

    Each side is checked by :func:`summer_action`, the very rule the game applies
    at each action location.
    """
    tracer = Tracer()
    able = []
    for side in range(SIDES):
        action = tile["actions"][side]
        check = summer_action(trays, board, tile, action, example)
        tracer.steps.extend(check.trace)
        if check.result["outcome"] == "execute":
            able.append(action)
    tracer.add(
        "summer overview",
        msg(
            "Actions next to a tray with at least 3 markers: {actions}",
            actions=join([label(a) for a in able]),
        ),
        actions=able,
    )
    settle(tracer)
    summary = (
        msg("The tribe can take: {actions}", actions=join([label(a) for a in able]))
        if able
        else msg("The tribe cannot take any action now")
    )
    return make_decision(
        "summer-actions",
        summary,
        [msg("More actions become possible if the paying player adds markers to the trays.")],
        tracer,
        {"actions": able},
        example,
    )
