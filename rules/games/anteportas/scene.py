"""The ``hex-grid`` scene of the Battleground (docs/board-scenes.md).

The board is flat-top (``"orientation": "flat-top"``, an extra key the painters
read; axial ``q`` to the right, ``r`` downwards as in the vocabulary).
"""

from __future__ import annotations

from typing import Any

from rules.games.anteportas.board import battleground
from rules.games.anteportas.sight import manned
from rules.games.anteportas.units import defences
from rules.text import msg

TILE_CODES = {
    "guard_post": "GP",
    "guard_tower": "GT",
    "trench": "Tr",
    "bunker": "Bu",
    "catapult": "Ca",
    "howitzer": "Hw",
    "pressure": "PM",
    "bounding": "BM",
    "dummy": "DM",
    "trap": "Trap",
    "bomb": "Bomb",
}


def _troop_text(troop: dict[str, int]) -> str:
    parts = []
    if troop["basic"]:
        parts.append(f"{troop['basic']}B")
    if troop["elite"]:
        parts.append(f"{troop['elite']}E")
    return " ".join(parts)


def board_scene(
    field: dict[str, Any], path: list[int], highlight: int | None, example: bool
) -> dict[str, Any]:
    """Every hex with its troop, Soldiers (lower case: exhausted) and tile; the last path."""
    board = battleground()
    hexes = []
    facts = []
    for hex_id, (q, r) in sorted(board.hexes.items()):
        s = field["hexes"][str(hex_id)]
        tokens = []
        troop = field["troops"].get(str(hex_id))
        if troop:
            tokens.append({"text": _troop_text(troop), "colour": "red"})
        soldiers = "".join(
            (x["kind"][0].lower() if x["exhausted"] else x["kind"][0].upper())
            for x in s["soldiers"]
        )
        if soldiers:
            tokens.append({"text": soldiers, "colour": "blue"})
        tile = s.get("tile")
        if tile is not None:
            code = TILE_CODES[tile.get("kind") or tile["type"]]
            if tile["type"] == "building" and tile.get("rotation"):
                code += f"~{tile['rotation']}"
            tokens.append({"text": code, "colour": "brown"})
        shade = None
        if hex_id in board.spawn_area:
            shade = "spawn"
        elif hex_id in board.bottom_row:
            shade = "bottom"
        hexes.append(
            {
                "id": str(hex_id),
                "q": q,
                "r": r,
                "label": str(hex_id),
                "tokens": tokens,
                "shade": shade,
                "highlight": hex_id == highlight,
            }
        )
        if tokens:
            facts.append([msg("#{hex}", hex=hex_id).to_json(), " ".join(t["text"] for t in tokens)])
    facts.append(
        [
            msg("Sickbay").to_json(),
            f"{field['sickbay']['farmer']} F, {field['sickbay']['citizen']} C",
        ]
    )
    if path:
        facts.append([msg("Last path").to_json(), " -> ".join(f"#{h}" for h in path)])
    return {
        "kind": "hex-grid",
        "orientation": "flat-top",
        "title": msg("Battleground").to_json(),
        "facts": facts,
        "example_data": example,
        "hexes": hexes,
        "spawn_point": str(board.spawn_point),
        "path": [str(h) for h in path],
        "arrows": building_arrows(field),
    }


def building_arrows(field: dict[str, Any]) -> list[dict[str, str]]:
    """One arrow per manned Building's arrow, to the first hex it reaches."""
    board, defs = battleground(), defences()
    out = []
    for key, s in sorted(field["hexes"].items(), key=lambda kv: int(kv[0])):
        if not manned(s):
            continue
        for direction in defs.building_arrows(s["tile"]):
            ray = board.ray(int(key), direction, 1)
            if ray:
                out.append({"from": key, "to": str(ray[0])})
    return out
