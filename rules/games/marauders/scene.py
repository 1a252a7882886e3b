"""What the front ends draw and list: the ``control-board`` scene and the status lines."""

from __future__ import annotations

from typing import Any

from rules.decision import Tracer
from rules.games.marauders import catalogue as cat
from rules.games.marauders import logic
from rules.games.marauders.model import COLOURS, ROUNDS, SIDES, label, order_text
from rules.text import Msg, msg

_HIGHLIGHT_STEPS = {"action", "autumn-result"}


def _highlight(state: dict[str, Any]) -> int | None:
    """The side to light: the chosen action's tray, the summer location, the autumn direction."""
    tile = state.get("tile")
    pending = state.get("pending") or {}
    step = state["step"]
    if tile and pending.get("action") in tile["actions"]:
        return int(tile["actions"].index(pending["action"]))
    if tile and step == "summer-action":
        action = cat.pricing_of(state)["actions"][state["summer_index"]]
        return int(tile["actions"].index(action))
    if step == "autumn-member":
        return logic.autumn_direction(
            state["trays"], cat.board_of(state), state["marker"], Tracer()
        )
    return None


def control_board_scene(state: dict[str, Any]) -> dict[str, Any]:
    """The control board as in docs/board-scenes.md (sides 0-5 clockwise from the top)."""
    tile = state.get("tile")
    sides = []
    for s in range(SIDES):
        colour = cat.tray_colour(cat.board_of(state), s)
        sides.append(
            {
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
                "priority": label(cat.priority_at(cat.board_of(state), s)).to_json(),
            }
        )
    highlight = _highlight(state)
    centre = (
        msg("Tile {id}: {n} actions", id=tile.get("id") or "?", n=tile["number"])
        if tile
        else msg("No tile yet")
    )
    payer = next(w for w in state["order"] if w != "tribe")
    return {
        "kind": "control-board",
        "title": msg("Marauder tribe · round {r}", r=state["round"]).to_json(),
        "sides": sides,
        "priority_marker": state["marker"],
        "centre": centre.to_json(),
        "framed_side": 0,
        "highlight_side": highlight,
        "example_data": bool(state["board_example"] or (tile and tile.get("example"))),
        "facts": [
            [msg("Round").to_json(), f"{state['round']} / {ROUNDS}"],
            [msg("Tribe VP (tracked)").to_json(), str(state["vp"])],
            [
                msg("Priority marker").to_json(),
                f"side {state['marker']} ({cat.priority_at(cat.board_of(state), state['marker'])})",
            ],
            [msg("Player order").to_json(), order_text(state["order"])],
            [msg("Pays onto the control board").to_json(), f"P{payer}"],
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
        parts = [f"{side['tray']} {state['trays'][side['tray']]}" if side["tray"] else "-"]
        if tile:
            parts.append(tile["actions"][side["side"]])
        parts.append(side["priority"])
        facts.append([msg("Side {n}", n=side["side"]).to_json(), " · ".join(parts)])
    return facts


def status_lines(state: dict[str, Any]) -> tuple[Msg, ...]:
    """What the assistant tracks for the tribe, one short line each."""
    tile = state.get("tile")
    payer = next(w for w in state["order"] if w != "tribe")
    lines = [
        msg("Round {r} of {n}, step: {step}", r=state["round"], n=ROUNDS, step=state["step"]),
        msg(
            "Trays: {trays}",
            trays=", ".join(f"{c} {state['trays'][c]}" for c in COLOURS),
        ),
        msg(
            "Priority marker: side {s} ({icon})",
            s=state["marker"],
            icon=label(cat.priority_at(cat.board_of(state), state["marker"])),
        ),
        msg(
            "Tile: {tile}",
            tile=(
                f"{tile.get('id') or 'entered'} ({tile['number']}): " + ", ".join(tile["actions"])
                if tile
                else "none yet"
            ),
        ),
        msg("Tribe VP tracked: {vp}", vp=state["vp"]),
        msg(
            "Player order: {order}; P{p} pays onto the control board",
            order=order_text(state["order"]),
            p=payer,
        ),
        msg(
            "Members on the map: {m}; campsites built: {c}; rock paintings: {r}",
            m=state["members_on_map"],
            c=state["campsites"],
            r=state["paintings"],
        ),
    ]
    if state["board_example"] or (tile and tile.get("example")):
        lines.append(msg("Uses EXAMPLE component data (not the printed game)."))
    return tuple(lines)
