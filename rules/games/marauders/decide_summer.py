"""Summer: the pillar to take back, and whether the tribe executes an action."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules.decision import Decision, Tracer
from rules.games.marauders.catalogue import Board, Pricing, Tile, tray_colour
from rules.games.marauders.decide_common import make_decision
from rules.games.marauders.model import (
    SIDES,
    label,
)
from rules.text import join_english, msg


def summer_pillar(
    pillars: Mapping[str, Sequence[int]],
    pricing: Pricing,
    framed: str,
    example: bool,
    colours: Mapping[str, Sequence[Mapping[str, int] | None]] | None = None,
) -> Decision:
    """Summer: the pillar with the most action markers, walking clockwise from the framed action.

    ``pillars`` gives, per action, the marker count on each of its pillars in
    clockwise order. The walk starts at the framed symbol's position on the
    central pricing tile (its own pillars first).
    """
    tracer = Tracer()
    order = pricing["actions"]
    start = order.index(framed)
    walk = [order[(start + k) % len(order)] for k in range(len(order))]
    sequence = [(a, i, n) for a in walk for i, n in enumerate(pillars.get(a, []))]
    tracer.add(
        "summer walk",
        f"the framed symbol is {framed}; pillars clockwise from it: "
        + ", ".join(f"{a}#{i + 1}={n}" for a, i, n in sequence),
        walk=walk,
        counts={a: list(pillars.get(a, [])) for a in walk},
    )
    best = max((n for _, _, n in sequence), default=0)
    if best == 0:
        tracer.add("summer pillar", "no pillar holds any action marker: nothing to take back")
        return make_decision(
            "summer-pillar",
            msg("No pillar holds markers: the tribe takes nothing back"),
            [],
            tracer,
            {"outcome": "none"},
            example,
        )
    action, index, count = next(p for p in sequence if p[2] == best)
    tied = [f"{a}#{i + 1}" for a, i, n in sequence if n == best]
    finding = (
        f"{action} pillar {index + 1} holds the most markers ({best})"
        if len(tied) == 1
        else f"{join_english(tied)} tie at {best}; {action} pillar {index + 1} is the first "
        f"clockwise from {framed}"
    )
    tracer.add("summer pillar", finding, action=action, pillar=index + 1, markers=best, tied=tied)
    return make_decision(
        "summer-pillar",
        msg(
            "The tribe takes back the markers of pillar {n} at {action}",
            n=index + 1,
            action=label(action),
        ),
        [
            msg(
                "Take the {count} action marker(s) from pillar {n} next to {action} "
                "(counting clockwise) and put them into the trays by colour.",
                count=count,
                n=index + 1,
                action=label(action),
            )
        ],
        tracer,
        {
            "outcome": "pillar",
            "action": action,
            "pillar": index + 1,
            "markers": count,
            **_pillar_colours(colours, action, index),
        },
        example,
    )


def _pillar_colours(
    colours: Mapping[str, Sequence[Mapping[str, int] | None]] | None, action: str, index: int
) -> dict[str, Any]:
    """``{"colours": {...}}`` when the situation told the chosen pillar's colours."""
    chosen = colours[action][index] if colours and action in colours else None
    if chosen is None:
        return {}
    return {"colours": {c: n for c, n in chosen.items() if n}}


def summer_action(
    trays: Mapping[str, int], board: Board, tile: Tile, action: str, example: bool
) -> Decision:
    """Summer: execute the current action when its tray holds >= 3 markers; return 3 of them."""
    tracer = Tracer()
    side = tile["actions"].index(action)
    colour = tray_colour(board, side)
    count = trays.get(colour, 0) if colour else 0
    if colour is None or count < 3:
        tracer.add(
            "summer action",
            f"{action} is next to side {side} ({colour or 'no'} tray, {count} marker(s)): "
            "fewer than 3, the tribe does not take it",
            side=side,
            colour=colour,
            count=count,
        )
        return make_decision(
            "summer-action",
            msg("The tribe does not take {action}", action=label(action)),
            [],
            tracer,
            {"outcome": "pass", "action": action, "side": side, "colour": colour, "count": count},
            example,
        )
    tracer.add(
        "summer action",
        f"{action} is next to the {colour} tray with {count} markers (at least 3): the tribe "
        f"takes {action} and returns 3 {colour} markers to the supply",
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
            msg("Then the tribe carries out {action}.", action=label(action)),
        ],
        tracer,
        {
            "outcome": "execute",
            "action": action,
            "side": side,
            "colour": colour,
            "count": count,
            "pay": {colour: 3},
        },
        example,
    )


def summer_overview(trays: Mapping[str, int], board: Board, tile: Tile, example: bool) -> Decision:
    """Which actions the tribe could take this summer with the trays as they are now."""
    tracer = Tracer()
    able = []
    for side in range(SIDES):
        action = tile["actions"][side]
        colour = tray_colour(board, side)
        count = trays.get(colour, 0) if colour else 0
        ok = count >= 3
        tracer.add(
            "summer check",
            f"side {side}: {action} next to {colour or 'no'} tray ({count}) -> "
            + ("can take it" if ok else "cannot"),
            side=side,
            action=action,
            colour=colour,
            count=count,
        )
        if ok:
            able.append(action)
    names = [label(a) for a in able]
    summary = (
        msg("The tribe can take: {actions}", actions=", ".join(str(n) for n in names))
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
