"""The ``hex-grid`` scene of the Battleground (docs/board-scenes.md, docs/anteportas.md).

The board is flat-top (``"orientation": "flat-top"``; axial ``q`` to the right,
``r`` downwards). Every hex carries its contents as counts by kind, so a
painter draws them as glyphs with numbers at any size::

    "units": {"invaders": {"basic": 2, "elite": 1},
              "soldiers": {"farmer": 1, "farmer_exhausted": 0,
                           "citizen": 1, "citizen_exhausted": 0},
              "tile": "guard_post", "rotation": 1}

``invaders`` is absent on a hex without Invaders, ``tile`` is ``null`` on a hex
without a tile and ``rotation`` is given for Buildings only (60-degree steps
clockwise). The scene's ``"invaders"`` says whether they are Raiders or
Dragons. The painter draws them as glyphs (``ui/painters/unit_glyphs.py``).
"""

from __future__ import annotations

from typing import Any

from rules.games.anteportas.battle import TILE_NAMES, soldier_name
from rules.games.anteportas.kit import Kit
from rules.games.anteportas.sight import manned
from rules.games.anteportas.units import tile_kind
from rules.games.anteportas.words import farmers_citizens, join_msgs, units_msg
from rules.text import Msg, msg


def hex_units(field: dict[str, Any], hex_id: int) -> dict[str, Any]:
    """One hex's contents as counts by kind (the ``units`` of the scene)."""
    s = field["hexes"][str(hex_id)]
    soldiers = {
        key: sum(1 for x in s["soldiers"] if x["kind"] == kind and x["exhausted"] == tired)
        for kind in ("farmer", "citizen")
        for key, tired in ((kind, False), (f"{kind}_exhausted", True))
    }
    out: dict[str, Any] = {"soldiers": soldiers, "tile": None}
    troop = field["troops"].get(str(hex_id))
    if troop:
        out["invaders"] = {"basic": troop["basic"], "elite": troop["elite"]}
    tile = s.get("tile")
    if tile is not None:
        out["tile"] = tile_kind(tile)
        if tile["type"] == "building":
            out["rotation"] = int(tile.get("rotation", 0))
    return out


def hex_words(units: dict[str, Any]) -> Msg | None:
    """What is on a hex in words ("2 Basic, 1 Farmer and Guard Post"), or ``None`` if empty."""
    parts: list[Msg] = []
    if "invaders" in units:
        parts.append(units_msg(units["invaders"]))
    for key, n in units["soldiers"].items():
        if n:
            kind = key.split("_")[0]
            unit = soldier_name(kind, n)
            parts.append(
                msg("{n} {unit} (exhausted)", n=n, unit=unit)
                if key.endswith("exhausted")
                else msg("{n} {unit}", n=n, unit=unit)
            )
    if units["tile"]:
        parts.append(TILE_NAMES[units["tile"]])
    return join_msgs(parts) if parts else None


def board_scene(
    field: dict[str, Any],
    path: list[int],
    highlight: int | None,
    kit: Kit,
    scenario: str,
    coming: bool = False,
) -> dict[str, Any]:
    """Every hex with its units and shade, the current troop highlighted, and a path:
    the move the troop is about to make (``coming``) or else the last one made."""
    board = kit.board
    hexes = []
    facts = []
    for hex_id, (q, r) in sorted(board.hexes.items()):
        units = hex_units(field, hex_id)
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
                "units": units,
                "shade": shade,
                "highlight": hex_id == highlight,
            }
        )
        words = hex_words(units)
        if words is not None:
            facts.append([msg("#{hex}: {what}", hex=hex_id, what=words).to_json(), ""])
    facts.append(
        [
            msg(
                "Sickbay: {people}",
                people=farmers_citizens(field["sickbay"]["farmer"], field["sickbay"]["citizen"]),
            ).to_json(),
            "",
        ]
    )
    if path:
        label = msg("The troop's path") if coming else msg("Last path")
        facts.append([label.to_json(), " -> ".join(f"#{h}" for h in path)])
    return {
        "kind": "hex-grid",
        "orientation": "flat-top",
        "title": msg("Battleground").to_json(),
        "facts": facts,
        "example_data": kit.example,
        "invaders": scenario,
        "hexes": hexes,
        "spawn_point": str(board.spawn_point),
        "path": [str(h) for h in path],
        "arrows": building_arrows(field, kit),
    }


def building_arrows(field: dict[str, Any], kit: Kit) -> list[dict[str, str]]:
    """One arrow per manned Building's arrow, to the first hex it reaches."""
    board, defs = kit.board, kit.defences
    out = []
    for key, s in sorted(field["hexes"].items(), key=lambda kv: int(kv[0])):
        if not manned(s, defs):
            continue
        for direction in defs.building_arrows(s["tile"]):
            ray = board.ray(int(key), direction, 1)
            if ray:
                out.append({"from": key, "to": str(ray[0])})
    return out
