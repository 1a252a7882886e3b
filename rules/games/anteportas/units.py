"""Units, tiles and their Strengths (component data ``defences``), and how a hex is written.

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
from typing import Any

from rules.errors import SituationError
from rules.schema import Bool, Int, List, Map, Maybe, Obj, Spec, Str

SOLDIER_KINDS = ("farmer", "citizen")
INVADER_KINDS = ("basic", "elite")
TILE_TYPES = ("building", "mine", "trap", "bomb")
MINE_KINDS = ("pressure", "bounding", "dummy")
BUILDING_KINDS = ("guard_post", "guard_tower", "trench", "bunker", "catapult", "howitzer")
ACTIONS = ("replace", "knockback", "fire_bomb", "gunfire", "indirect_fire")
CLOCKWISE = ("up", "up-right", "down-right", "down", "down-left", "up-left")
GOODS = ("food", "dollars", "tools", "wood", "clay", "ore")

_FROM = Str()
_STRENGTH = Int(0, 20)
_COST = Map(Int(0, 20), keys=Str(choices=GOODS))
_PER_SOLDIER_COST = Obj({"farmer": _COST, "citizen": _COST})

DEFENCES_SPEC = Obj(
    {
        "schema": Str(choices=("anteportas-defences/1",)),
        "example": Bool(),
        "source": Str(),
        "invaders": Obj(
            {
                "basic": Obj(
                    {"strength": _STRENGTH, "twice_as_strong": _STRENGTH, "from": _FROM},
                    required=frozenset({"strength", "twice_as_strong"}),
                ),
                "elite": Obj(
                    {
                        "strength": _STRENGTH,
                        "twice_as_strong": _STRENGTH,
                        "absorbs_below": _STRENGTH,
                        "from": _FROM,
                    },
                    required=frozenset({"strength", "twice_as_strong"}),
                ),
            }
        ),
        "soldiers": Obj(
            {
                kind: Obj(
                    {"strength": _STRENGTH, "absorbs_up_to": _STRENGTH, "from": _FROM},
                    required=frozenset({"strength"}),
                )
                for kind in SOLDIER_KINDS
            }
        ),
        "mines": Obj(
            {
                kind: Obj(
                    {"strength": _STRENGTH, "air_defence": Bool(), "from": _FROM},
                    required=frozenset({"strength", "air_defence"}),
                )
                for kind in MINE_KINDS
            }
        ),
        "components": Obj(
            {
                "from": _FROM,
                "limits": List(
                    Obj(
                        {
                            "kinds": List(
                                Str(choices=(*MINE_KINDS, *BUILDING_KINDS, "trap", "bomb")),
                                min_length=1,
                                unique=True,
                            ),
                            "tiles": Int(0, 99),
                        }
                    )
                ),
                "invaders": Obj(
                    {"basic": Int(0, 99), "elite": Int(0, 99), "from": _FROM},
                    required=frozenset(INVADER_KINDS),
                ),
                "colonists": Obj(
                    {"farmer": Int(0, 99), "citizen": Int(0, 99), "from": _FROM},
                    required=frozenset(SOLDIER_KINDS),
                ),
            },
            required=frozenset({"limits", "invaders", "colonists"}),
        ),
        "costs": Obj(
            {
                "from": _FROM,
                "trap": _COST,
                "bomb": _COST,
                "heal": _PER_SOLDIER_COST,
                "upright": _PER_SOLDIER_COST,
                "mines": Obj({kind: _COST for kind in MINE_KINDS}),
            },
            required=frozenset({"trap", "bomb", "heal", "upright", "mines"}),
        ),
        "buildings": Obj(
            {
                kind: Obj(
                    {
                        "strength": _STRENGTH,
                        "soldier": Str(choices=SOLDIER_KINDS),
                        "workers": Int(0, 9),
                        "arrows": List(Str(choices=CLOCKWISE), unique=True),
                        "reach": Int(0, 9),
                        "damage": Int(0, 20),
                        "absorbs_up_to": _STRENGTH,
                        "actions": List(Str(choices=ACTIONS), unique=True),
                        "mobile": Bool(),
                        "from": _FROM,
                    },
                    required=frozenset(
                        {"strength", "soldier", "workers", "arrows", "reach", "actions", "mobile"}
                    ),
                    defaults={"damage": 0},
                )
                for kind in BUILDING_KINDS
            }
        ),
    },
    required=frozenset({"invaders", "soldiers", "mines", "components", "costs", "buildings"}),
    defaults={"example": False},
)


@dataclass(frozen=True, kw_only=True)
class Defences:
    """Strengths, building properties, box limits and costs (checked by :data:`DEFENCES_SPEC`)."""

    invader: dict[str, dict[str, Any]]
    soldier: dict[str, dict[str, Any]]
    mines: dict[str, dict[str, Any]]
    buildings: dict[str, dict[str, Any]]
    components: dict[str, Any]
    costs: dict[str, Any]

    @staticmethod
    def from_data(data: dict[str, Any]) -> Defences:
        return Defences(
            invader=data["invaders"],
            soldier=data["soldiers"],
            mines=data["mines"],
            buildings=data["buildings"],
            components=data["components"],
            costs=data["costs"],
        )

    def invader_strength(self, kind: str, twice: bool) -> int:
        entry = self.invader[kind]
        return int(entry["twice_as_strong"] if twice else entry["strength"])

    def soldier_strength(self, kind: str) -> int:
        return int(self.soldier[kind]["strength"])

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

    def box(self, kind: str) -> int:
        """How many Invaders (basic/elite) or Colonists (farmer/citizen) the box holds."""
        group = "invaders" if kind in INVADER_KINDS else "colonists"
        return int(self.components[group][kind])


def tile_kind(tile: dict[str, Any]) -> str:
    """``guard_post``, ``bounding``, ``trap``, ``bomb``: what a tile is, in one word."""
    return str(tile.get("kind") or tile["type"])


def empty_hex() -> dict[str, Any]:
    return {"soldiers": [], "tile": None}


# -- situation pieces (tableside decide) ------------------------------------------------------


_SOLDIER_OBJ = Obj(
    {"kind": Str(choices=SOLDIER_KINDS), "exhausted": Bool()},
    required=frozenset({"kind"}),
    defaults={"exhausted": False},
)


class SoldierSpec(Spec):
    """A Soldier: ``"farmer"`` or ``{"kind": "citizen", "exhausted": true}``."""

    def check(self, value: Any, path: str = "") -> dict[str, Any]:
        if isinstance(value, str):
            value = {"kind": Str(choices=SOLDIER_KINDS).check(value, path)}
        checked: dict[str, Any] = _SOLDIER_OBJ.check(value, path)
        return checked

    def describe(self) -> str:
        return "farmer, citizen or {kind, exhausted}"


def _tile_whole(tile: dict[str, Any], path: str) -> None:
    kind = tile.get("kind")
    if tile["type"] == "mine" and kind not in MINE_KINDS:
        raise SituationError(f"{path}.kind", f"a mine is one of: {', '.join(MINE_KINDS)}")
    if tile["type"] == "building" and kind not in BUILDING_KINDS:
        raise SituationError(f"{path}.kind", f"a building is one of: {', '.join(BUILDING_KINDS)}")
    if tile["type"] in ("trap", "bomb") and kind is not None:
        raise SituationError(f"{path}.kind", f"a {tile['type']} has no kind")
    if tile["type"] != "building":
        if "rotation" in tile:
            raise SituationError(f"{path}.rotation", "only buildings are rotated")
    else:
        tile.setdefault("rotation", 0)


TILE_SPEC = Obj(
    {
        "type": Str(choices=TILE_TYPES),
        "kind": Str(choices=(*MINE_KINDS, *BUILDING_KINDS)),
        "rotation": Int(0, 5),
    },
    required=frozenset({"type"}),
    check_whole=_tile_whole,
)


def side_spec(max_soldiers: int) -> Obj:
    """One hex's own Units in a situation, at most ``max_soldiers`` Soldiers."""
    return Obj(
        {
            "soldiers": List(SoldierSpec(), max_length=max_soldiers),
            "tile": Maybe(TILE_SPEC),
        },
        required=frozenset(),
        defaults={"soldiers": [], "tile": None},
    )


def _some_invader(troop: dict[str, Any], path: str) -> None:
    if troop["basic"] + troop["elite"] == 0:
        raise SituationError(path, "a troop has at least one Invader")


def troop_spec(max_basic: int, max_elite: int) -> Obj:
    """A troop ``{"basic": n, "elite": m}`` (a missing kind is 0), bounded by the box."""
    return Obj(
        {"basic": Int(0, max_basic), "elite": Int(0, max_elite)},
        required=frozenset(),
        defaults={"basic": 0, "elite": 0},
        check_whole=_some_invader,
    )
