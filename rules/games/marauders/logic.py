"""The marauder tribe's decisions as pure functions over validated values.

Each function takes plain values (tray counts by colour, a validated control
board, a tile, the priority marker's side) and returns a
:class:`rules.decision.Decision` whose ``trace`` records every count compared,
every clockwise walk from the priority marker, every skip and fallback. The
step machine (``game.py``) and ``tableside decide`` (``situations.py``) both
call these, so play and the JSON interface can never disagree.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules.decision import Decision, Tracer
from rules.games.marauders.catalogue import Board, Pricing, Tile, priority_at, tray_colour
from rules.games.marauders.model import (
    ACTIONS,
    SIDES,
    TRIBE,
    clockwise_from,
    half_rounded_up,
    income_key,
    label,
    order_text,
)
from rules.text import Msg, join_english, msg

GAME = "marauders"
LINES = ("left", "centre", "right")  # clockwise order across a lane, seen from the member


def _decision(
    kind: str,
    summary: Msg,
    instructions: Sequence[Msg],
    tracer: Tracer,
    result: dict[str, Any],
    example: bool,
) -> Decision:
    return Decision(GAME, kind, summary, tuple(instructions), tracer.freeze(), result, example)


# -- the majority rule shared by spring and autumn -------------------------------------------


def majority_tray(
    trays: Mapping[str, int],
    board: Board,
    marker: int,
    minimum: int,
    tracer: Tracer,
    excluded: Sequence[int] = (),
) -> int | None:
    """The side whose tray holds the most markers (at least ``minimum``).

    Ties go to the first tray met turning clockwise from the priority marker
    (the marker's own side first). ``excluded`` sides are not considered.
    """
    counts = {
        s["side"]: trays.get(s["tray"], 0)
        for s in board["sides"]
        if s["tray"] is not None and s["side"] not in excluded
    }
    listing = ", ".join(f"{tray_colour(board, side)} {n}" for side, n in sorted(counts.items()))
    eligible = {side: n for side, n in counts.items() if n >= minimum}
    if not eligible:
        tracer.add(
            "majority",
            f"no tray holds at least {minimum} marker(s) ({listing or 'no trays left'})",
            counts={tray_colour(board, s): n for s, n in counts.items()},
            minimum=minimum,
        )
        return None
    best = max(eligible.values())
    tied = sorted(side for side, n in eligible.items() if n == best)
    if len(tied) == 1:
        side = tied[0]
        tracer.add(
            "majority",
            f"the {tray_colour(board, side)} tray holds the most markers ({best}; {listing})",
            counts={tray_colour(board, s): n for s, n in counts.items()},
            chosen=tray_colour(board, side),
            side=side,
        )
        return side
    walk = clockwise_from(marker)
    side = next(s for s in walk if s in tied)
    passed = walk[: walk.index(side)]
    tracer.add(
        "clockwise tie-break",
        f"{join_english([tray_colour(board, s) or '' for s in tied])} tie at {best} "
        f"({listing}); turning "
        f"clockwise from the priority marker (side {marker}) the {tray_colour(board, side)} "
        f"tray (side {side}) comes first",
        counts={tray_colour(board, s): n for s, n in counts.items()},
        tied=[tray_colour(board, s) for s in tied],
        walk=walk,
        passed=passed,
        chosen=tray_colour(board, side),
        side=side,
    )
    return side


# -- player order ----------------------------------------------------------------------------


def payer(order: Sequence[str], example: bool = False) -> Decision:
    """Who pays expenses onto the control board: the best-placed human in player order."""
    tracer = Tracer()
    humans = [who for who in order if who != TRIBE]
    first = humans[0]
    tracer.add(
        "payer",
        f"player order is {order_text(order)}; the first human in it is P{first}, "
        f"so P{first} pays expenses onto the control board",
        order=list(order),
        payer=first,
    )
    return _decision(
        "payer",
        msg("Player {p} pays expenses onto the control board", p=first),
        [
            msg(
                "Player {p} pays action expenses onto the control board trays by colour "
                "(the extra resource still goes onto the game board).",
                p=first,
            ),
            msg("Everyone else pays into the common supply as usual."),
        ],
        tracer,
        {"payer": first, "order": list(order)},
        example,
    )


# -- spring ----------------------------------------------------------------------------------


def spring(
    trays: Mapping[str, int],
    board: Board,
    marker: int,
    tile: Tile,
    full_actions: Sequence[str],
    example: bool,
    action_number: int = 1,
) -> Decision:
    """Spring: the action next to the fullest tray (>= 2), skipping actions with no empty column."""
    tracer = Tracer()
    tracer.add(
        "spring",
        f"action {action_number} of {tile['number']} on tile {tile.get('id') or 'entered'}; "
        f"priority marker on side {marker}",
        trays=dict(trays),
        full_actions=list(full_actions),
    )
    skipped: list[dict[str, Any]] = []
    excluded: list[int] = []
    while True:
        side = majority_tray(trays, board, marker, 2, tracer, excluded)
        if side is None:
            break
        action = tile["actions"][side]
        colour = tray_colour(board, side)
        if action in full_actions:
            tracer.add(
                "skip",
                f"every column next to {action} is occupied; the next tray is chosen by the "
                "same majority rule",
                side=side,
                action=action,
            )
            skipped.append({"side": side, "colour": colour, "action": action})
            excluded.append(side)
            continue
        tracer.add(
            "spring action",
            f"the {colour} tray is next to the {action} symbol: pay 1 {colour} marker to the "
            f"supply and 1 onto an empty column next to {action}",
            side=side,
            action=action,
            colour=colour,
        )
        return _decision(
            "spring",
            msg("The tribe takes the {action} action", action=label(action)),
            [
                msg(
                    "Move 1 {colour} marker from the tray to the general supply.",
                    colour=label(colour),
                ),
                msg(
                    "Move 1 {colour} marker onto an empty column next to the {action} symbol.",
                    colour=label(colour),
                    action=label(action),
                ),
                msg("Then the tribe carries out {action}.", action=label(action)),
            ],
            tracer,
            {
                "outcome": "action",
                "side": side,
                "colour": colour,
                "action": action,
                "skipped": skipped,
                "pay": {colour: 2},
            },
            example,
        )
    vp = tile["number"]
    tracer.add(
        "spring fallback",
        f"no tray fits (fewer than 2 markers or every column taken): the tribe scores {vp} VP, "
        "the number in the middle of the tile",
        vp=vp,
    )
    return _decision(
        "spring",
        msg("The tribe cannot act: it scores {vp} VP", vp=vp),
        [msg("Move the marauder tribe's score marker {vp} VP forward.", vp=vp)],
        tracer,
        {"outcome": "vp", "vp": vp, "skipped": skipped},
        example,
    )


# -- summer ----------------------------------------------------------------------------------


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
        return _decision(
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
    return _decision(
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
    if not colours or action not in colours or colours[action][index] is None:
        return {}
    return {"colours": {c: n for c, n in colours[action][index].items() if n}}


def priority_steps(board: Board, marker: int, points: int, example: bool) -> Decision:
    """Development points: the priority marker moves that many steps clockwise."""
    tracer = Tracer()
    walk = [(marker + k) % SIDES for k in range(points + 1)]
    after = walk[-1]
    icon = priority_at(board, after)
    tracer.add(
        "development points",
        f"the tribe collects no development points; {points} point(s) move the priority marker "
        f"{points} step(s) clockwise: side {marker} -> side {after} ({icon})",
        walk=walk,
        before=marker,
        after=after,
        priority=icon,
    )
    return _decision(
        "priority-steps",
        msg("Priority marker to side {s} ({icon})", s=after, icon=label(icon)),
        [
            msg(
                "Move the priority marker {n} step(s) clockwise, to the {icon} icon.",
                n=points,
                icon=label(icon),
            )
        ],
        tracer,
        {"before": marker, "after": after, "priority": icon},
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
    if colour is None or count < 3:
        tracer.add(
            "summer action",
            f"{action} is next to side {side} ({colour or 'no'} tray, {count} marker(s)): "
            "fewer than 3, the tribe does not take it",
            side=side,
            colour=colour,
            count=count,
        )
        return _decision(
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
    return _decision(
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
    return _decision(
        "summer-actions",
        summary,
        [msg("More actions become possible if the paying player adds markers to the trays.")],
        tracer,
        {"actions": able},
        example,
    )


# -- autumn ----------------------------------------------------------------------------------


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
    return _decision(
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
        return _decision(
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
    return _decision("autumn-move", summary, instructions, tracer, result, example)


# -- the actions' own choices ----------------------------------------------------------------


def _offer_name(offer: Mapping[str, Any], index: int) -> str:
    return str(offer.get("id", f"offer {index + 1}"))


def choose_best(
    action: str,
    offers: Sequence[Mapping[str, Any]],
    tracer: Tracer,
) -> tuple[list[int], int]:
    """Indices tied for the best income and the one the tie-break picks.

    Fishing compares ``steps``; the others compare ``income`` by VP > action
    marker > resource > development point. Ties: gathering takes the first
    clockwise from the framed symbol (``clockwise``, 0 = at it); hunting and
    ceremony take the one closer to the bottom of the board (``row``, 1 =
    bottom row); fishing takes the first listed (the text says it does not matter).
    """
    if action == "fishing":
        keys = [(int(o.get("steps", 0)),) for o in offers]
        what = "steps on the fishing track"
    else:
        keys = [income_key(o.get("income", {})) for o in offers]
        what = "income as (VP, action markers, resources, development points)"
    best = max(keys)
    tied = [i for i, k in enumerate(keys) if k == best]
    tracer.add(
        "largest income",
        f"compared {what}: "
        + ", ".join(f"{_offer_name(o, i)}={list(keys[i])}" for i, o in enumerate(offers)),
        best=list(best),
        tied=[_offer_name(offers[i], i) for i in tied],
    )
    if len(tied) == 1:
        return tied, tied[0]
    if action == "gathering":
        pick = min(tied, key=lambda i: int(offers[i].get("clockwise", 0)))
        rule = "first clockwise from the framed symbol on the pricing tile"
    elif action in {"hunting", "ceremony"}:
        pick = min(tied, key=lambda i: int(offers[i].get("row", 0)))
        rule = "closer to the bottom of the game board"
    else:
        pick = tied[0]
        rule = "equal values: it does not matter which; the first listed"
    tracer.add(
        "tie-break",
        f"{len(tied)} tie; {rule}: {_offer_name(offers[pick], pick)}",
        chosen=_offer_name(offers[pick], pick),
    )
    return tied, pick


def action_choice(
    action: str,
    offers: Sequence[Mapping[str, Any]],
    tile_number: int,
    example: bool,
    any_vp_now: bool | None = None,
    players_choose_ties: bool = False,
    painted: int = 0,
    row_length: int | None = None,
    members_on_board: int | None = None,
) -> Decision:
    """What the tribe takes when it carries out an action (the text's per-action rules)."""
    tracer = Tracer()
    if action == "rock-painting":
        number = painted + 1
        if row_length:
            row, section = divmod(painted, row_length)
            where = msg("row {r}, section {s} from the left", r=row + 1, s=section + 1)
            result: dict[str, Any] = {"row": row + 1, "section": section + 1}
        else:
            where = msg("the next section of the current row (left to right, top row first)")
            result = {"painting": number}
        tracer.add(
            "rock painting",
            f"paints left to right, row by row from the top; {painted} section(s) painted so "
            f"far, so this is section {number}",
            painted=painted,
            **result,
        )
        return _decision(
            "action-choice",
            msg("The tribe paints {where}", where=where),
            [msg("Paint {where} for the tribe.", where=where)],
            tracer,
            {"action": action, **result},
            example,
        )
    if action == "migration":
        moved = 2 if members_on_board is None else min(2, members_on_board)
        tracer.add(
            "migration",
            f"2 tribe members move onto the starting camp if possible; {moved} can",
            moved=moved,
        )
        return _decision(
            "action-choice",
            msg("{n} tribe member(s) move onto the starting camp", n=moved),
            [msg("Put {n} tribe member(s) onto the starting camp.", n=moved)],
            tracer,
            {"action": action, "moved": moved},
            example,
        )
    if not offers:
        raise ValueError("offers needed")
    tied, pick = choose_best(action, offers, tracer)
    chosen = _offer_name(offers[pick], pick)
    result = {"action": action, "chosen": chosen, "tied": [_offer_name(offers[i], i) for i in tied]}
    instructions = [msg("The tribe takes {item}.", item=chosen)]
    summary = msg("The tribe takes {item}", item=chosen)
    if action == "ceremony":
        if players_choose_ties and len(tied) > 1:
            names = [_offer_name(offers[i], i) for i in tied]
            tracer.add(
                "players' choice", "variant: the players choose among the tied cards", tied=names
            )
            summary = msg("Players choose the tribe's card among: {cards}", cards=", ".join(names))
            instructions = [msg("Choose which of {cards} the tribe takes.", cards=", ".join(names))]
            result["players_choose"] = names
        if any_vp_now is None:
            any_vp_now = any(int(o.get("income", {}).get("vp", 0)) > 0 for o in offers)
        if not any_vp_now:
            tracer.add(
                "ceremony fallback",
                f"no card gives VP at this moment: the tribe also scores {tile_number} VP",
                vp=tile_number,
            )
            instructions.append(
                msg("No card gives VP now: the tribe also scores {vp} VP.", vp=tile_number)
            )
            result["bonus_vp"] = tile_number
        else:
            result["bonus_vp"] = 0
        instructions.append(msg("Move the player order marker as usual."))
    return _decision("action-choice", summary, instructions, tracer, result, example)


# -- end of the game -------------------------------------------------------------------------


def final_result(tribe_vp: int, players: Mapping[str, int], example: bool = False) -> Decision:
    """Victory for every player above the tribe; failure for everyone behind it."""
    tracer = Tracer()
    beat = {p: vp for p, vp in players.items() if vp > tribe_vp}
    for p, vp in players.items():
        verdict = (
            "more than" if vp > tribe_vp else ("as many as" if vp == tribe_vp else "fewer than")
        )
        tracer.add(
            "victory check",
            f"P{p} has {vp} VP, {verdict} the tribe's {tribe_vp} VP",
            player=p,
            vp=vp,
            tribe=tribe_vp,
        )
    result: dict[str, Any] = {
        "tribe_vp": tribe_vp,
        "players": dict(players),
        "victory": bool(beat),
        "winners": sorted(beat),
        "lost": sorted(p for p, vp in players.items() if vp < tribe_vp),
        "tied": sorted(p for p, vp in players.items() if vp == tribe_vp),
    }
    if not beat:
        summary = msg("Failure: no player beat the marauder tribe's {vp} VP", vp=tribe_vp)
        instructions = [msg("The task needs more VP than the tribe; nobody managed it.")]
    else:
        top = max(beat.values())
        leaders = sorted(p for p, vp in beat.items() if vp == top)
        result["outright"] = leaders
        if len(beat) > 1:
            tracer.add(
                "outright winner",
                f"more than one player succeeded; most VP: "
                f"{', '.join('P' + p for p in leaders)} with {top}",
                leaders=leaders,
            )
        summary = msg(
            "Victory! {who} beat the marauder tribe", who=", ".join(f"P{p}" for p in sorted(beat))
        )
        instructions = [
            msg(
                "Outright winner (most VP): {who}; break ties as usual.",
                who=", ".join(f"P{p}" for p in leaders),
            )
        ]
        if result["lost"]:
            instructions.append(
                msg(
                    "Lost (behind the tribe): {who}", who=", ".join(f"P{p}" for p in result["lost"])
                )
            )
    return _decision("final", summary, instructions, tracer, result, example)


ALL_ACTIONS = ACTIONS
