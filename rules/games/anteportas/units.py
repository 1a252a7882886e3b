"""Units, tiles and their strengths (``data/defences.json``).

A hex's own side is plain JSON::

    {"soldiers": [{"kind": "farmer", "exhausted": false}, {"kind": "citizen", "exhausted": true}],
     "tile": {"type": "building", "kind": "guard_post", "rotation": 0}}

``tile`` is ``null`` or one of ``{"type": "mine", "kind": "pressure|bounding|dummy"}``,
``{"type": "trap"}``, ``{"type": "bomb"}`` or a building (``rotation`` counts 60 degree
steps clockwise from the printed orientation). No hex holds more than one tile.
A troop of Invaders is ``{"basic": n, "elite": m}``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from rules.errors import SituationError
from rules.games.anteportas.board import load_json

SOLDIER_KINDS = ("farmer", "citizen")
TILE_TYPES = ("building", "mine", "trap", "bomb")
CLOCKWISE = ("up", "up-right", "down-right", "down", "down-left", "up-left")


@dataclass(frozen=True)
class Defences:
    """Strengths and building properties; ``example`` when any value is not from the text."""

    invader: dict[str, dict[str, Any]]
    soldier: dict[str, dict[str, Any]]
    mines: dict[str, dict[str, Any]]
    buildings: dict[str, dict[str, Any]]
    components: dict[str, Any]
    example: bool

    def invader_strength(self, kind: str, twice: bool) -> int:
        entry = self.invader[kind]
        return int(entry["twice_as_strong"] if twice else entry["strength"])

    def tile_strength(self, tile: dict[str, Any] | None) -> int:
        """A tile's own strength: buildings and mines as printed, Traps +1, Bombs 0."""
        if tile is None:
            return 0
        if tile["type"] == "mine":
            return int(self.mines[tile["kind"]]["strength"])
        if tile["type"] == "building":
            return int(self.buildings[tile["kind"]]["strength"])
        if tile["type"] == "trap":
            return 1
        return 0

    def building_arrows(self, tile: dict[str, Any]) -> list[str]:
        """The directions a building's arrows point, after its rotation."""
        spec = self.buildings[tile["kind"]]
        turn = int(tile.get("rotation", 0))
        return [CLOCKWISE[(CLOCKWISE.index(d) + turn) % 6] for d in spec["arrows"]]


@lru_cache(maxsize=1)
def defences() -> Defences:
    data = load_json("defences.json")
    return Defences(
        invader=data["invaders"],
        soldier=data["soldiers"],
        mines=data["mines"],
        buildings=data["buildings"],
        components=data["components"],
        example=bool(data.get("example", False)),
    )


def empty_hex() -> dict[str, Any]:
    return {"soldiers": [], "tile": None}


def check_troop(value: Any, field: str) -> dict[str, int]:
    """A troop ``{"basic": n, "elite": m}`` from a situation, checked."""
    if not isinstance(value, dict):
        raise SituationError(field, 'a troop is an object like {"basic": 2, "elite": 0}')
    extra = sorted(set(value) - {"basic", "elite"})
    if extra:
        raise SituationError(f"{field}.{extra[0]}", "unknown key (basic, elite)")
    out = {}
    for key in ("basic", "elite"):
        n = value.get(key, 0)
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise SituationError(f"{field}.{key}", "must be a whole number >= 0")
        out[key] = n
    if out["basic"] + out["elite"] == 0:
        raise SituationError(field, "a troop has at least one Invader")
    return out


def check_side(value: Any, field: str) -> dict[str, Any]:
    """One hex's own units from a situation, checked (see the module docstring)."""
    if not isinstance(value, dict):
        raise SituationError(field, 'must be an object like {"soldiers": [...], "tile": null}')
    extra = sorted(set(value) - {"soldiers", "tile"})
    if extra:
        raise SituationError(f"{field}.{extra[0]}", "unknown key (soldiers, tile)")
    soldiers = value.get("soldiers", [])
    if not isinstance(soldiers, list):
        raise SituationError(f"{field}.soldiers", "must be a list")
    checked: list[dict[str, Any]] = []
    for i, s in enumerate(soldiers):
        where = f"{field}.soldiers[{i}]"
        if isinstance(s, str):
            s = {"kind": s}
        if not isinstance(s, dict) or s.get("kind") not in SOLDIER_KINDS:
            raise SituationError(f"{where}.kind", "must be 'farmer' or 'citizen'")
        exhausted = s.get("exhausted", False)
        if not isinstance(exhausted, bool):
            raise SituationError(f"{where}.exhausted", "must be true or false")
        checked.append({"kind": s["kind"], "exhausted": exhausted})
    tile = value.get("tile")
    return {"soldiers": checked, "tile": check_tile(tile, f"{field}.tile")}


def check_tile(tile: Any, field: str) -> dict[str, Any] | None:
    if tile is None:
        return None
    if not isinstance(tile, dict) or tile.get("type") not in TILE_TYPES:
        raise SituationError(f"{field}.type", f"must be one of {', '.join(TILE_TYPES)}")
    defs = defences()
    kind = tile.get("kind")
    if tile["type"] == "mine":
        if kind not in defs.mines:
            raise SituationError(f"{field}.kind", f"mine kinds: {', '.join(defs.mines)}")
        return {"type": "mine", "kind": kind}
    if tile["type"] == "building":
        if kind not in defs.buildings:
            raise SituationError(f"{field}.kind", f"building kinds: {', '.join(defs.buildings)}")
        rotation = tile.get("rotation", 0)
        if isinstance(rotation, bool) or not isinstance(rotation, int):
            raise SituationError(f"{field}.rotation", "must be a whole number of 60 degree steps")
        return {"type": "building", "kind": kind, "rotation": rotation % 6}
    return {"type": tile["type"]}
