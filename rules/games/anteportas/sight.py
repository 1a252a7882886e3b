"""Line of sight, and which Buildings can take a Soldier action on which hex.

In sight are your Spawn Point (#2), every hex with your Units, and every hex a
*manned* Building reaches along its arrows (a Building manned by the wrong kind
of Soldier, or not at all, only sees its own hex). Invaders block sight: a hex
with Invaders is in sight, the hexes behind it along that arrow are not.
Catapults and Howitzers may fire over the Invaders' heads (Indirect Fire) at
every hex their arrows reach.

A Building allows at most as many Soldier actions as it shows Workers until its
Soldiers are set upright; each action exhausts one upright Soldier of the kind
that mans it (:func:`capacity`).
"""

from __future__ import annotations

from typing import Any

from rules.games.anteportas.kit import Kit
from rules.games.anteportas.units import Defences

Field = dict[str, Any]


def manned(s: dict[str, Any], defs: Defences) -> bool:
    """True when the hex's Building holds at least one Soldier of the right kind."""
    tile = s.get("tile")
    if tile is None or tile["type"] != "building":
        return False
    wanted = defs.buildings[tile["kind"]]["soldier"]
    return any(x["kind"] == wanted for x in s["soldiers"])


def capacity(s: dict[str, Any], defs: Defences) -> int:
    """Soldier actions the Building on this hex can still take (0 without a Building).

    Each needs an upright Soldier of the kind that mans it; all exhausted
    Soldiers on the Building count against its Workers.
    """
    tile = s.get("tile")
    if tile is None or tile["type"] != "building":
        return 0
    spec = defs.buildings[tile["kind"]]
    upright = sum(1 for x in s["soldiers"] if x["kind"] == spec["soldier"] and not x["exhausted"])
    tired = sum(1 for x in s["soldiers"] if x["exhausted"])
    return max(0, min(upright, int(spec["workers"]) - tired))


def building_reach(
    field: Field, hex_id: int, kit: Kit, *, over_invaders: bool = False
) -> list[int]:
    """The hexes the Building on ``hex_id`` reaches along its arrows, in arrow order."""
    board, defs = kit.board, kit.defences
    tile = field["hexes"][str(hex_id)]["tile"]
    spec = defs.buildings[tile["kind"]]
    out: list[int] = []
    for direction in defs.building_arrows(tile):
        for h in board.ray(hex_id, direction, int(spec["reach"])):
            out.append(h)
            if not over_invaders and str(h) in field["troops"]:
                break
    return out


def in_sight(field: Field, kit: Kit, spawn_point: int | None = None) -> set[int]:
    """Every hex in sight of your side (``spawn_point`` defaults to the board's)."""
    seen = {kit.board.spawn_point if spawn_point is None else spawn_point}
    for key, s in field["hexes"].items():
        hex_id = int(key)
        if s["soldiers"] or s.get("tile") is not None:
            seen.add(hex_id)
        if manned(s, kit.defences):
            seen.update(building_reach(field, hex_id, kit))
    return seen


def actors(field: Field, target: int, action: str, kit: Kit) -> dict[int, int]:
    """Building hexes that can take ``action`` on ``target`` now, with how many Soldiers each.

    ``gunfire`` covers Gunfire and Indirect Fire (Catapults and Howitzers fire
    over the Invaders' heads); a Building never fires on its own hex.
    """
    defs = kit.defences
    out: dict[int, int] = {}
    for key, s in sorted(field["hexes"].items(), key=lambda kv: int(kv[0])):
        hex_id = int(key)
        tile = s["tile"]
        if tile is None or tile["type"] != "building" or not manned(s, defs):
            continue
        spec = defs.buildings[tile["kind"]]
        indirect = "indirect_fire" in spec["actions"]
        if action == "gunfire":
            if hex_id == target or not (indirect or "gunfire" in spec["actions"]):
                continue
        elif action not in spec["actions"]:
            continue
        room = capacity(s, defs)
        if room and target in building_reach(field, hex_id, kit, over_invaders=indirect):
            out[hex_id] = room
    return out


def fires_indirectly(tile: dict[str, Any], defs: Defences) -> bool:
    return "indirect_fire" in defs.buildings[tile["kind"]]["actions"]
