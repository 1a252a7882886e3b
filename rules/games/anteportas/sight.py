"""Line of sight: which hexes you may act on.

In sight are your Spawn Point (#2), every hex with your Units, and every hex a
*manned* Building reaches along its arrows (a Building manned by the wrong kind
of Soldier, or not at all, only sees its own hex). Invaders block sight: a hex
with Invaders is in sight, the hexes behind it along that arrow are not.
Catapults and Howitzers may fire over the Invaders' heads (Indirect Fire) at
every hex their arrows reach.
"""

from __future__ import annotations

from typing import Any

from rules.games.anteportas.board import battleground
from rules.games.anteportas.units import defences

Field = dict[str, Any]


def manned(s: dict[str, Any]) -> bool:
    """True when the hex's Building holds at least one Soldier of the right kind."""
    tile = s.get("tile")
    if tile is None or tile["type"] != "building":
        return False
    wanted = defences().buildings[tile["kind"]]["soldier"]
    return any(x["kind"] == wanted for x in s["soldiers"])


def building_reach(field: Field, hex_id: int, *, over_invaders: bool = False) -> list[int]:
    """The hexes the Building on ``hex_id`` reaches along its arrows, in arrow order."""
    board, defs = battleground(), defences()
    tile = field["hexes"][str(hex_id)]["tile"]
    spec = defs.buildings[tile["kind"]]
    out: list[int] = []
    for direction in defs.building_arrows(tile):
        for h in board.ray(hex_id, direction, int(spec["reach"])):
            out.append(h)
            if not over_invaders and str(h) in field["troops"]:
                break
    return out


def in_sight(field: Field, spawn_point: int | None = None) -> set[int]:
    """Every hex in sight of your side (``spawn_point`` defaults to #2)."""
    board = battleground()
    seen = {board.spawn_point if spawn_point is None else spawn_point}
    for key, s in field["hexes"].items():
        hex_id = int(key)
        if s["soldiers"] or s.get("tile") is not None:
            seen.add(hex_id)
        if manned(s):
            seen.update(building_reach(field, hex_id))
    return seen
