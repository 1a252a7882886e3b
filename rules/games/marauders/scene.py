"""What the front ends draw and list: the board pictures of each step and the status lines.

Every step shows the ``control-board`` scene (docs/board-scenes.md; its sides
have ids ``"0"``-``"5"`` in the layer ``sides``). Autumn steps add a
``hex-grid`` picture of the map (flat-top hexes, ids as in
:mod:`rules.games.marauders.hexmap`, layer ``hexes``): around the starting
camp with the members on it (``autumn-start``, ``autumn-positions``), or the
current member's 3-line lane (``autumn-member``, ``autumn-move``), so players
tap spaces instead of typing them.
"""

from __future__ import annotations

from typing import Any

from rules.decision import Tracer
from rules.games.marauders import catalogue as cat
from rules.games.marauders import hexmap, logic
from rules.games.marauders.hexmap import CAMP_ID, hex_at, hex_id
from rules.games.marauders.model import COLOURS, ROUNDS, SIDES, label, order_msg, player_msg
from rules.games.marauders.steps_common import by_score, example, payer, picture_order
from rules.text import Msg, msg

#: Colour of the tribe's members on the map pictures.
MEMBER_COLOUR = "orange"


def _highlight(state: dict[str, Any]) -> int | None:
    """The side to light: the chosen action's tray, the summer location, the autumn direction."""
    tile = state.get("tile")
    step = state["step"]
    if tile and step in {"summer-action", "summer-do"}:
        action = cat.pricing_of(state)["actions"][state["summer_index"]]
        return int(tile["actions"].index(action))
    if step in {"spring-action", "autumn-member", "autumn-move"}:
        board = cat.board_of(state)
        if step == "spring-action":
            from rules.games.marauders.steps_spring import spring_decision

            side = spring_decision(state).result.get("side")
            return None if side is None else int(side)
        return logic.autumn_direction(state["trays"], board, state["marker"], Tracer())
    return None


def control_board_scene(state: dict[str, Any]) -> dict[str, Any]:
    """The control board as in docs/board-scenes.md (sides 0-5 clockwise from the top)."""
    tile = state.get("tile")
    board = cat.board_of(state)
    sides = []
    for s in range(SIDES):
        colour = cat.tray_colour(board, s)
        sides.append(
            {
                "id": str(s),
                "side": s,
                # A tray mirrors the "trays_now" field: the picture shows what is entered.
                "tray": None
                if colour is None
                else {
                    "colour": colour,
                    "count": state["trays"][colour],
                    "field": ["trays_now", colour],
                },
                "action": label(tile["actions"][s]).to_json() if tile else None,
                "priority": label(cat.priority_at(board, s)).to_json(),
            }
        )
    centre = msg("{n} actions", n=tile["number"]) if tile else msg("No tile yet")
    return {
        "kind": "control-board",
        "title": msg("Marauder tribe · round {r}", r=state["round"]).to_json(),
        "sides": sides,
        "priority_marker": state["marker"],
        "centre": centre.to_json(),
        "framed_side": 0,
        "highlight_side": _highlight(state),
        "example_data": example(state),
        "facts": [
            [msg("Round").to_json(), f"{state['round']} / {ROUNDS}"],
            # On the score track the assistant knows only the VP its own rules gave
            # (reading 40): labelled as such, never as the tribe's score.
            [
                by_score(
                    state, msg("Tribe VP (tracked)"), msg("Tribe VP its rules gave")
                ).to_json(),
                str(state["vp"]),
            ],
            [msg("Priority marker").to_json(), msg("side {s}", s=state["marker"]).to_json()],
            *_side_facts(state),
        ],
    }


def _side_facts(state: dict[str, Any]) -> list[list[Any]]:
    """One fact per side: tray and count, the tile's action, the priority icon.

    The painter draws trays and counts; the printed symbols are listed here.
    """
    board = cat.board_of(state)
    tile = state.get("tile")
    facts = []
    for side in board["sides"]:
        tray = label(side["tray"]) if side["tray"] else label("none")
        if tile:
            text = msg(
                "Side {n}: {tray} · {action} · {icon}",
                n=side["side"],
                tray=tray,
                action=label(tile["actions"][side["side"]]),
                icon=label(side["priority"]),
            )
        else:
            text = msg(
                "Side {n}: {tray} · {icon}", n=side["side"], tray=tray, icon=label(side["priority"])
            )
        count = str(state["trays"][side["tray"]]) if side["tray"] else ""
        facts.append([text.to_json(), count])
    return facts


def _member_numbers(state: dict[str, Any], only: int | None = None) -> dict[str, str]:
    """Per space with members: the member's number, or how many stand there ("×3")."""
    numbers: dict[str, list[str]] = {}
    for i, space in enumerate(state["members"]):
        if space is not None and (only is None or i == only):
            numbers.setdefault(space, []).append(str(i + 1))
    return {space: ns[0] if len(ns) == 1 else f"×{len(ns)}" for space, ns in numbers.items()}


def camp_map_scene(state: dict[str, Any]) -> dict[str, Any]:
    """The map around the starting camp with the tribe's members (tap a space to move one)."""
    from rules.games.marauders.steps_autumn import map_radius, space_label

    members = [m for m in state["members"] if m is not None]
    radius = map_radius(members)
    # The members are the spaces' labels (one short text per space): chips would
    # run into their neighbours on spaces this small.
    numbers = _member_numbers(state)
    hexes = []
    for h in hexmap.disc(radius):
        space = hex_id(h)
        hexes.append(
            {
                "id": space,
                "q": h[0],
                "r": h[1],
                "label": numbers.get(space, ""),
                "tokens": [],
                "shade": "camp" if space == CAMP_ID else "member" if space in numbers else None,
                "highlight": False,
            }
        )
    far = [
        [msg("Member {n}: {where}", n=i + 1, where=space_label(space)).to_json(), ""]
        for i, space in enumerate(state["members"])
        if space is not None and hexmap.distance(hex_at(space)) > radius
    ]
    return {
        "kind": "hex-grid",
        "orientation": "flat-top",
        "title": msg("The map around the starting camp").to_json(),
        "hexes": hexes,
        "facts": far,
        "example_data": False,
    }


def lane_scene(state: dict[str, Any]) -> dict[str, Any] | None:
    """The current member's 3-line lane, the spaces beside it and where the bot sends it."""
    autumn = state["autumn"]
    index = autumn.get("current")
    if index is None:
        return None
    side = logic.autumn_direction(state["trays"], cat.board_of(state), state["marker"], Tracer())
    if side is None:
        return None
    here = hex_at(state["members"][index])
    lane = hexmap.lane(here, side)
    in_lane = {h: d for d, _, h in lane}
    shown = {here, *in_lane}
    for h in list(in_lane):
        shown.update(hexmap.neighbours(h))
    target = None
    if state["step"] == "autumn-move":
        from rules.games.marauders.steps_autumn import move_decision

        to = move_decision(state).result.get("to")
        target = None if to is None else hex_at(to)
        if target is not None:
            shown.add(target)
    found = {item["at"]: item for item in (autumn.get("lane") or [])}
    tokens = {
        space: [{"text": n, "colour": MEMBER_COLOUR}]
        for space, n in _member_numbers(state, only=index).items()
    }
    hexes = []
    for h in sorted(shown):
        space = hex_id(h)
        item = found.get(space)
        marks = list(tokens.get(space, []))
        if item is not None:
            marks.append({"text": _item_letter(item), "colour": "grey"})
        hexes.append(
            {
                "id": space,
                "q": h[0],
                "r": h[1],
                "label": str(in_lane[h]) if h in in_lane else "",
                "tokens": marks,
                "shade": "lane" if h in in_lane else None,
                "highlight": h == target or (target is None and h == here),
            }
        )
    return {
        "kind": "hex-grid",
        "orientation": "flat-top",
        "title": msg("The lane toward side {side}", side=side).to_json(),
        "hexes": hexes,
        "arrows": [] if target is None else [{"from": hex_id(here), "to": hex_id(target)}],
        "facts": [],
        "example_data": False,
    }


_LETTERS = {
    "campsite": "C",
    "hunting-tile": "H",
    "gathering-tile": "G",
    "fishing-tile": "F",
    "megalith": "M",
    "action-marker": "A",
}


def _item_letter(item: dict[str, Any]) -> str:
    return _LETTERS.get(item["priority"], "?")


def scene(state: dict[str, Any]) -> dict[str, Any]:
    """The picture of the current step: the control board, plus the map in autumn."""
    board = control_board_scene(state)
    step = state["step"]
    extra = None
    if step in {"autumn-start", "autumn-positions"}:
        extra = camp_map_scene(state)
    elif step in {"autumn-member", "autumn-move"}:
        extra = lane_scene(state)
    if extra is None:
        return board
    return {**board, "parts": [extra, board]}


def status_lines(state: dict[str, Any]) -> tuple[Msg, ...]:
    """What the assistant tracks for the tribe, one short line each."""
    tile = state.get("tile")
    board = cat.board_of(state)
    lines = [
        msg("Round {r} of {n}", r=state["round"], n=ROUNDS),
        msg(
            "Trays: {trays}",
            trays=Msg(
                ", ".join("{" + c + "}" for c in picture_order(state)),
                {c: msg("{colour} {n}", colour=label(c), n=state["trays"][c]) for c in COLOURS},
            ),
        ),
        msg(
            "Priority marker: side {s} ({icon})",
            s=state["marker"],
            icon=label(cat.priority_at(board, state["marker"])),
        ),
        msg(
            "Marauder tile: {n} actions, {framed} framed",
            n=tile["number"],
            framed=label(tile["actions"][0]),
        )
        if tile
        else msg("No marauder tile yet"),
        by_score(
            state,
            msg("Tribe VP tracked: {vp}", vp=state["vp"]),
            msg("Tribe VP its rules gave: {vp} (its score is on the score track)", vp=state["vp"]),
        ),
        msg(
            "Player order: {order}; {p} pays onto the control board",
            order=order_msg(state["order"]),
            p=player_msg(payer(state)),
        ),
        msg(
            "Members on the map: {m}; campsites built: {c}; rock paintings: {r}",
            m=len([m for m in state["members"] if m is not None]),
            c=state["campsites"],
            r=state["paintings"],
        ),
    ]
    if example(state):
        lines.append(msg("Uses EXAMPLE component data (not the printed game)."))
    return tuple(lines)
