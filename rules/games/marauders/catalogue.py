"""Printed component data: the control board, the marauder tiles, the central pricing tile.

The rule text does not print these, so they are data (``data/components.json``,
schema in docs/marauders.md). The shipped file is EXAMPLE data (``"example":
true``); a user file with the real components replaces it, either inline in a
situation file (``tableside decide``) or, for play, handed over by the front
end with :func:`use_components` (it reads the file named by the environment
variable ``TABLESIDE_MARAUDERS_COMPONENTS``). Reading the packaged example
file is the only file access here.

Every validator raises :class:`rules.errors.SituationError` naming the field path.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from importlib import resources
from typing import Any

from rules.errors import SituationError
from rules.games.marauders.model import ACTIONS, COLOURS, PRIORITIES, SIDES

FACES = (2, 3)

Board = dict[str, Any]
Tile = dict[str, Any]
Pricing = dict[str, Any]


def _obj(value: Any, path: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise SituationError(path, "must be a JSON object")
    return value


def _list(value: Any, path: str) -> list[Any]:
    if not isinstance(value, list):
        raise SituationError(path, "must be a JSON list")
    return value


def whole(value: Any, path: str, low: int | None = 0, high: int | None = None) -> int:
    """A whole number within bounds (bool is not a number here)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise SituationError(path, f"must be a whole number, not {json.dumps(value)}")
    if low is not None and value < low:
        raise SituationError(path, f"{value} is below the minimum {low}")
    if high is not None and value > high:
        raise SituationError(path, f"{value} is above the maximum {high}")
    return value


def term(value: Any, path: str, known: tuple[str, ...], what: str) -> str:
    if not isinstance(value, str) or value not in known:
        raise SituationError(
            path, f"unknown {what} {json.dumps(value)} (known: {', '.join(known)})"
        )
    return value


def side_number(value: Any, path: str) -> int:
    return whole(value, path, 0, SIDES - 1)


def control_board(raw: Any, path: str = "control_board") -> Board:
    """Six sides, each with at most one tray (a colour, or null) and one priority icon."""
    sides_raw = _list(_obj(raw, path).get("sides"), f"{path}.sides")
    if len(sides_raw) != SIDES:
        raise SituationError(f"{path}.sides", f"needs {SIDES} sides, got {len(sides_raw)}")
    sides: dict[int, dict[str, Any]] = {}
    tray_sides: dict[str, int] = {}
    priority_sides: dict[str, int] = {}
    for i, entry in enumerate(sides_raw):
        where = f"{path}.sides[{i}]"
        item = _obj(entry, where)
        side = side_number(item.get("side"), f"{where}.side")
        if side in sides:
            raise SituationError(f"{where}.side", f"side {side} is listed twice")
        tray = item.get("tray")
        if isinstance(tray, list):
            raise SituationError(f"{where}.tray", "one side holds at most one tray")
        if tray is not None:
            tray = term(tray, f"{where}.tray", COLOURS, "colour")
            if tray in tray_sides:
                raise SituationError(
                    f"{where}.tray", f"the {tray} tray is already on side {tray_sides[tray]}"
                )
            tray_sides[tray] = side
        priority = term(item.get("priority"), f"{where}.priority", PRIORITIES, "priority")
        if priority in priority_sides:
            raise SituationError(
                f"{where}.priority",
                f"the {priority} icon is already on side {priority_sides[priority]}",
            )
        priority_sides[priority] = side
        sides[side] = {"side": side, "tray": tray, "priority": priority}
    missing = [c for c in COLOURS if c not in tray_sides]
    if missing:
        raise SituationError(
            f"{path}.sides", f"every colour needs its tray; missing: {', '.join(missing)}"
        )
    return {"sides": [sides[s] for s in range(SIDES)]}


def tile_actions(raw: Any, path: str) -> list[str]:
    """Six distinct action symbols, clockwise from the framed one."""
    actions = _list(raw, path)
    if len(actions) != SIDES:
        raise SituationError(path, f"a tile shows {SIDES} action symbols, got {len(actions)}")
    seen: list[str] = []
    for i, a in enumerate(actions):
        action = term(a, f"{path}[{i}]", ACTIONS, "action")
        if action in seen:
            raise SituationError(f"{path}[{i}]", f"{action} is already shown on this tile")
        seen.append(action)
    return seen


def pricing_tile(raw: Any, path: str = "pricing_tile") -> Pricing:
    """The central pricing tile: its six actions clockwise, and the columns (pillars) per action."""
    item = _obj(raw, path)
    actions = tile_actions(item.get("actions"), f"{path}.actions")
    columns_raw = _obj(item.get("columns"), f"{path}.columns")
    columns = {}
    for action in ACTIONS:
        if action not in columns_raw:
            raise SituationError(f"{path}.columns.{action}", "missing")
        columns[action] = whole(columns_raw[action], f"{path}.columns.{action}", 1, 9)
    for key in columns_raw:
        term(key, f"{path}.columns.{key}", ACTIONS, "action")
    return {"actions": actions, "columns": columns}


def catalogue(raw: Any, path: str = "") -> dict[str, Any]:
    """A whole components file: control board, pricing tile and the 12 marauder tiles."""
    pre = f"{path}." if path else ""
    item = _obj(raw, path or "components")
    tiles_raw = _list(item.get("tiles"), f"{pre}tiles")
    tiles: dict[str, dict[str, list[str]]] = {}
    for i, entry in enumerate(tiles_raw):
        where = f"{pre}tiles[{i}]"
        tile = _obj(entry, where)
        tid = tile.get("id")
        if not isinstance(tid, str) or not tid:
            raise SituationError(f"{where}.id", "needs a name such as M01")
        if tid in tiles:
            raise SituationError(f"{where}.id", f"tile {tid} is listed twice")
        faces = _obj(tile.get("faces"), f"{where}.faces")
        tiles[tid] = {}
        for face in FACES:
            if str(face) not in faces:
                raise SituationError(f"{where}.faces.{face}", "each tile has a 2 side and a 3 side")
            tiles[tid][str(face)] = tile_actions(faces[str(face)], f"{where}.faces.{face}")
    if not tiles:
        raise SituationError(f"{pre}tiles", "at least one marauder tile is needed")
    return {
        "example": bool(item.get("example", False)),
        "control_board": control_board(item.get("control_board"), f"{pre}control_board"),
        "pricing_tile": pricing_tile(item.get("pricing_tile"), f"{pre}pricing_tile"),
        "tiles": tiles,
    }


def make_tile(tile_id: str | None, face: int, actions: list[str]) -> Tile:
    """A tile as the rules use it: symbols clockwise from the framed one (side 0 when drawn)."""
    return {"id": tile_id, "face": face, "number": face, "actions": list(actions)}


def tile_from(cat: Mapping[str, Any], raw: Any, path: str = "tile") -> tuple[Tile, bool]:
    """A situation's tile: ``{"id", "face"}`` from the catalogue, or ``{"actions", "number"}``.

    Returns the tile and whether catalogue (possibly example) data was used.
    """
    item = _obj(raw, path)
    if "actions" in item:
        if item.get("id") is not None and not isinstance(item.get("id"), str):
            raise SituationError(f"{path}.id", "must be a name such as M01")
        actions = tile_actions(item["actions"], f"{path}.actions")
        number = whole(item.get("number"), f"{path}.number", 1, 9)
        return make_tile(item.get("id"), number, actions), False
    tid = item.get("id")
    if not isinstance(tid, str) or tid not in cat["tiles"]:
        known = ", ".join(cat["tiles"])
        raise SituationError(f"{path}.id", f"unknown tile {json.dumps(tid)} (known: {known})")
    face = whole(item.get("face"), f"{path}.face", 2, 3)
    return make_tile(tid, face, cat["tiles"][tid][str(face)]), True


_cache: dict[str, Any] = {}


def builtin() -> dict[str, Any]:
    """The packaged EXAMPLE catalogue (validated once)."""
    if "builtin" not in _cache:
        text = resources.files("rules.games.marauders").joinpath("data/components.json")
        _cache["builtin"] = catalogue(json.loads(text.read_text("utf-8")))
    return _cache["builtin"]


def use_components(raw: Mapping[str, Any] | None, source: str = "components") -> None:
    """Use the players' own component data (validated here), or ``None`` for the example.

    The front end reads the file (``TABLESIDE_MARAUDERS_COMPONENTS``, see
    :mod:`ui.components`) and hands its content over: the core stays free of I/O.
    """
    if raw is None:
        _cache.pop("user", None)
        return
    _cache["user"] = catalogue(raw, source)


def default() -> dict[str, Any]:
    """The players' own components if given (:func:`use_components`), else the example."""
    return _cache.get("user") or builtin()


# -- reading a validated board ----------------------------------------------------------


def tray_colour(board: Board, side: int) -> str | None:
    return board["sides"][side]["tray"]


def tray_sides(board: Board) -> dict[str, int]:
    """Colour -> side for every tray on the board."""
    return {s["tray"]: s["side"] for s in board["sides"] if s["tray"] is not None}


def priority_at(board: Board, side: int) -> str:
    return board["sides"][side]["priority"]


def priority_side(board: Board, priority: str) -> int:
    for s in board["sides"]:
        if s["priority"] == priority:
            return s["side"]
    raise KeyError(priority)


# -- the components a game state uses ---------------------------------------------------


def board_of(state: Mapping[str, Any]) -> Board:
    """The game's control board: the one typed in at set-up, else the catalogue's."""
    return state.get("board") or default()["control_board"]


def pricing_of(state: Mapping[str, Any]) -> Pricing:
    """The central pricing tile (from the catalogue; the state does not copy it)."""
    return default()["pricing_tile"]
