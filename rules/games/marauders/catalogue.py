"""Printed component data: the control board, the marauder tiles, the central pricing tile.

The rule text does not print these, so they are data with a schema
(:data:`COMPONENTS`, documented in docs/marauders.md, "Components"). The
shipped ``data/components.json`` is EXAMPLE data (``"example": true``). The
set a game is played with is chosen at set-up and kept in the game's options
and state as a record (:mod:`rules.components`); game code reads it only from
the state (:func:`board_of`, :func:`pricing_of`, :func:`tiles_of`), so a
saved game replays with exactly the set it was played with. Situations
(``tableside decide``) may carry a whole ``components`` object, checked by
the same schema. Reading the packaged example file is the only file access.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from importlib import resources
from typing import Any

from rules.components import COMPONENTS_OPTION, components_of
from rules.errors import SituationError
from rules.games.marauders.model import ACTIONS, COLOURS, PRIORITIES, SIDES
from rules.schema import Bool, Int, List, Maybe, Obj, Str

#: The numbers printed in the middle of a marauder tile: "the sides with number 2 on
#: them" (easier) and "their number 3 sides" (harder).
FACES = (2, 3)
#: "12 Marauder tiles".
TILE_COUNT = 12
#: Columns (pillars) next to one action on the central pricing tile: a generous bound.
MAX_COLUMNS = 9

Board = dict[str, Any]
Tile = dict[str, Any]
Pricing = dict[str, Any]

SIDE = Int(0, SIDES - 1)
#: Six distinct action symbols, clockwise from the framed one (a tile or the pricing tile).
SIX_ACTIONS = List(Str(ACTIONS), min_length=SIDES, max_length=SIDES, unique=True)


def _check_board(board: dict[str, Any], path: str) -> None:
    """Every colour has exactly one tray; every priority icon lies on one side."""
    sides = board["sides"]
    trays: dict[str, int] = {}
    icons: dict[str, int] = {}
    for i, entry in enumerate(sides):
        where = f"{path}.sides[{i}]" if path else f"sides[{i}]"
        tray = entry["tray"]
        if tray is not None:
            if tray in trays:
                raise SituationError(
                    f"{where}.tray", f"the {tray} tray is already on side {trays[tray]}"
                )
            trays[tray] = entry["side"]
        icon = entry["priority"]
        if icon in icons:
            raise SituationError(
                f"{where}.priority", f"the {icon} icon is already on side {icons[icon]}"
            )
        icons[icon] = entry["side"]
    missing = [c for c in COLOURS if c not in trays]
    if missing:
        raise SituationError(
            f"{path}.sides" if path else "sides",
            f"every colour needs its tray; missing: {', '.join(missing)}",
        )
    sides.sort(key=lambda s: s["side"])


def _check_tiles_differ(tiles: list[dict[str, Any]], path: str) -> None:
    """Two tiles with both faces alike could not be told apart by their symbols."""
    seen: dict[tuple[tuple[str, ...], ...], int] = {}
    for i, tile in enumerate(tiles):
        faces = tuple(tuple(tile["faces"][str(face)]) for face in FACES)
        if faces in seen:
            where = f"{path}.tiles[{i}]" if path else f"tiles[{i}]"
            raise SituationError(
                where, f"shows the same symbols as tile {seen[faces]} on both sides"
            )
        seen[faces] = i


CONTROL_BOARD = Obj(
    {
        "sides": List(
            Obj({"side": SIDE, "tray": Maybe(Str(COLOURS)), "priority": Str(PRIORITIES)}),
            min_length=SIDES,
            max_length=SIDES,
            key=lambda s: s["side"],
        )
    },
    check_whole=_check_board,
)

PRICING_TILE = Obj(
    {
        "actions": SIX_ACTIONS,
        "columns": Obj({a: Int(1, MAX_COLUMNS) for a in ACTIONS}),
    }
)

MARAUDER_TILE = Obj(
    {
        "id": Str(max_length=40),
        "faces": Obj({str(face): SIX_ACTIONS for face in FACES}),
    }
)

#: A whole component set: what the players enter once (schema in docs/marauders.md).
COMPONENTS = Obj(
    {
        "example": Bool(),
        "control_board": CONTROL_BOARD,
        "pricing_tile": PRICING_TILE,
        "tiles": List(
            MARAUDER_TILE, min_length=TILE_COUNT, max_length=TILE_COUNT, key=lambda t: t["id"]
        ),
    },
    required=frozenset({"control_board", "pricing_tile", "tiles"}),
    defaults={"example": False},
    check_whole=lambda data, path: _check_tiles_differ(data["tiles"], path),
)


def _check_tile(tile: dict[str, Any], path: str) -> None:
    if ("actions" in tile) == ("id" in tile and "face" in tile):
        raise SituationError(
            path or "tile",
            'give either {"id", "face"} (a tile of the components) or '
            '{"actions", "number"} (the physical tile\'s symbols)',
        )
    if "actions" in tile and "number" not in tile:
        raise SituationError(f"{path}.number" if path else "number", "is missing")
    if "face" in tile and "number" in tile:
        raise SituationError(f"{path}.number", "a tile by id takes its number from its face")


#: A situation's current tile: one of the components by id and face, or the symbols typed in.
SITUATION_TILE = Obj(
    {
        "id": Str(max_length=40),
        "face": Int(FACES[0], FACES[-1]),
        "actions": SIX_ACTIONS,
        "number": Int(FACES[0], FACES[-1]),
    },
    required=frozenset(),
    check_whole=_check_tile,
)


def example_data() -> dict[str, Any]:
    """The packaged EXAMPLE component set, checked by :data:`COMPONENTS`."""
    text = resources.files("rules.games.marauders").joinpath("data/components.json")
    data: dict[str, Any] = COMPONENTS.check(json.loads(text.read_text("utf-8")))
    return data


# -- reading a checked board ----------------------------------------------------------------


def tray_colour(board: Board, side: int) -> str | None:
    colour: str | None = board["sides"][side]["tray"]
    return colour


def tray_sides(board: Board) -> dict[str, int]:
    """Colour -> side for every tray on the board."""
    return {s["tray"]: s["side"] for s in board["sides"] if s["tray"] is not None}


def priority_at(board: Board, side: int) -> str:
    icon: str = board["sides"][side]["priority"]
    return icon


def priority_side(board: Board, priority: str) -> int:
    for s in board["sides"]:
        if s["priority"] == priority:
            side: int = s["side"]
            return side
    raise KeyError(priority)


def make_tile(tile_id: str | None, face: int, actions: list[str]) -> Tile:
    """A tile as the rules use it: symbols clockwise from the framed one (side 0 when drawn)."""
    return {"id": tile_id, "face": face, "number": face, "actions": list(actions)}


def tile_faces(data: Mapping[str, Any]) -> dict[str, dict[str, list[str]]]:
    """Tile id -> face ("2"/"3") -> the six symbols clockwise from the framed one."""
    return {t["id"]: dict(t["faces"]) for t in data["tiles"]}


def tile_from(data: Mapping[str, Any], tile: Mapping[str, Any], path: str = "tile") -> Tile:
    """A checked :data:`SITUATION_TILE` as the rules use it (the id must be in ``data``)."""
    if "actions" in tile:
        return make_tile(tile.get("id"), tile["number"], tile["actions"])
    faces = tile_faces(data)
    if tile["id"] not in faces:
        known = ", ".join(faces)
        raise SituationError(f"{path}.id", f"unknown tile '{tile['id']}' (known: {known})")
    return make_tile(tile["id"], tile["face"], faces[tile["id"]][str(tile["face"])])


# -- the components a game state uses ---------------------------------------------------------


def data_of(state: Mapping[str, Any]) -> Mapping[str, Any]:
    """The component data the game was set up with (from its state; never changed)."""
    return components_of(state)


def is_example(state: Mapping[str, Any]) -> bool:
    """True when the game's component set is the shipped EXAMPLE data."""
    return bool(state[COMPONENTS_OPTION]["example"])


def board_of(state: Mapping[str, Any]) -> Board:
    """The game's control board: the one corrected at set-up, else the component set's."""
    board: Board = state.get("board") or data_of(state)["control_board"]
    return board


def board_is_example(state: Mapping[str, Any]) -> bool:
    """True when the control board in use is EXAMPLE data (not corrected at set-up)."""
    return state.get("board") is None and is_example(state)


def pricing_of(state: Mapping[str, Any]) -> Pricing:
    """The central pricing tile of the game's component set."""
    pricing: Pricing = data_of(state)["pricing_tile"]
    return pricing


def tiles_of(state: Mapping[str, Any]) -> dict[str, dict[str, list[str]]]:
    """The marauder tiles of the game's component set, by id."""
    return tile_faces(data_of(state))
