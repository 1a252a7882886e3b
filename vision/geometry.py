"""Board geometry: where fiducials, trays and grids lie on a board, in board millimetres.

Boards are data (``vision/data/*.json``, schema in docs/vision.md), never code.
Board coordinates: origin at the board's top-left corner, ``x`` to the right,
``y`` downwards, millimetres. "Up" (north) is ``-y``; angles are measured
clockwise from north, so the control board's side ``k`` faces ``k * 60`` degrees.

Grids place tokens:

* ``hex``: pointy-top hexes in axial coordinates (``q`` to the right, ``r``
  downwards, as in docs/board-scenes.md); ``size_mm`` is the corner radius.
  ``orientation: "flat"`` gives flat-top hexes (``q`` columns to the right,
  ``r`` downwards), the convention of the Ante Portas battleground file
  (``rules.games.anteportas.board.Battleground.centre``).
* ``square``: ``columns`` x ``rows`` cells of ``cell_mm`` from ``origin_mm``.
* ``single``: one spot (e.g. the marauder tile on the control board's centre),
  used only for its rotation.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from rules.errors import SituationError
from rules.schema import Bool, Int, List, Maybe, Num, Obj, OneOf, Str

COLOURS: tuple[str, ...] = ("red", "yellow", "blue", "brown", "white")
"""Marker colours the Prehistory text names, in the order they are reported."""

SQRT3 = math.sqrt(3.0)


@dataclass(frozen=True)
class Fiducial:
    """An ArUco sticker: black square of ``size_mm`` with a white margin of ``margin_mm``."""

    id: int
    centre: tuple[float, float]
    size: float
    margin: float

    def corners(self) -> list[tuple[float, float]]:
        """Corners in ArUco order (top-left, top-right, bottom-right, bottom-left), unrotated."""
        x, y, h = self.centre[0], self.centre[1], self.size / 2
        return [(x - h, y - h), (x + h, y - h), (x + h, y + h), (x - h, y + h)]


@dataclass(frozen=True)
class Tray:
    side: int
    colour: str | None
    polygon: tuple[tuple[float, float], ...]

    def centroid(self) -> tuple[float, float]:
        xs = [p[0] for p in self.polygon]
        ys = [p[1] for p in self.polygon]
        return (sum(xs) / len(xs), sum(ys) / len(ys))


@dataclass(frozen=True)
class Cell:
    """A grid cell a token lies on; ``key``: ``{"q","r"}``, ``{"column","row"}`` or ``{}``."""

    grid: str
    id: str
    key: dict[str, int]
    centre: tuple[float, float]


@dataclass(frozen=True, eq=False)
class Grid:
    name: str
    type: str
    rotation_step: int
    origin: tuple[float, float]
    size: float
    columns: int = 0
    rows: int = 0
    cells: tuple[dict[str, Any], ...] = ()
    orientation: str = "pointy"

    def locate(self, x: float, y: float) -> tuple[Cell, float] | None:
        """The cell under board point ``(x, y)`` and the distance to its centre in cell sizes."""
        dx, dy = x - self.origin[0], y - self.origin[1]
        if self.type == "single":
            dist = math.hypot(dx, dy) / self.size
            return (Cell(self.name, self.name, {}, self.origin), dist) if dist <= 1 else None
        if self.type == "square":
            col, row = math.floor(dx / self.size), math.floor(dy / self.size)
            if not (0 <= col < self.columns and 0 <= row < self.rows):
                return None
            cx = self.origin[0] + (col + 0.5) * self.size
            cy = self.origin[1] + (row + 0.5) * self.size
            cell_id = f"{chr(ord('A') + col)}{row + 1}"
            dist = math.hypot(x - cx, y - cy) / self.size
            return Cell(self.name, cell_id, {"column": col, "row": row}, (cx, cy)), dist
        if self.orientation == "flat":
            q, r = axial_round((2 / 3 * dx) / self.size, (SQRT3 / 3 * dy - dx / 3) / self.size)
        else:
            q, r = axial_round((SQRT3 / 3 * dx - dy / 3) / self.size, (2 / 3 * dy) / self.size)
        for cell in self.cells:
            if cell["q"] == q and cell["r"] == r:
                cx, cy = self.hex_centre(q, r)
                dist = math.hypot(x - cx, y - cy) / self.size
                return Cell(self.name, str(cell["id"]), {"q": q, "r": r}, (cx, cy)), dist
        return None

    def hex_centre(self, q: int, r: int) -> tuple[float, float]:
        if self.orientation == "flat":
            return (
                self.origin[0] + self.size * 1.5 * q,
                self.origin[1] + self.size * SQRT3 * (r + q / 2),
            )
        return (
            self.origin[0] + self.size * SQRT3 * (q + r / 2),
            self.origin[1] + self.size * 1.5 * r,
        )

    def cell_centres(self) -> list[tuple[str, dict[str, int], tuple[float, float]]]:
        """Every cell: ``(id, key, centre)`` (used by the renderer and the kit)."""
        if self.type == "single":
            return [(self.name, {}, self.origin)]
        if self.type == "square":
            return [
                (
                    f"{chr(ord('A') + c)}{r + 1}",
                    {"column": c, "row": r},
                    (
                        self.origin[0] + (c + 0.5) * self.size,
                        self.origin[1] + (r + 0.5) * self.size,
                    ),
                )
                for r in range(self.rows)
                for c in range(self.columns)
            ]
        return [
            (str(c["id"]), {"q": c["q"], "r": c["r"]}, self.hex_centre(c["q"], c["r"]))
            for c in self.cells
        ]


def axial_round(qf: float, rf: float) -> tuple[int, int]:
    """Round fractional axial coordinates to the nearest hex (via cube coordinates)."""
    sf = -qf - rf
    q, r, s = round(qf), round(rf), round(sf)
    dq, dr, ds = abs(q - qf), abs(r - rf), abs(s - sf)
    if dq > dr and dq > ds:
        q = -r - s
    elif dr > ds:
        r = -q - s
    return int(q), int(r)


@dataclass(frozen=True, eq=False)
class Board:
    """One physical board: its fiducials, trays (control board) and token grids."""

    name: str
    kind: str
    size: tuple[float, float]
    dictionary: str
    fiducials: tuple[Fiducial, ...]
    trays: tuple[Tray, ...]
    grids: tuple[Grid, ...]
    centre: tuple[float, float]
    example: bool
    raw: dict[str, Any]

    @property
    def fiducial_ids(self) -> frozenset[int]:
        return frozenset(f.id for f in self.fiducials)

    def side_of(self, x: float, y: float) -> tuple[int, float]:
        """Control-board side (0-5 clockwise from the top) a point lies beside, and how
        squarely (1 = on the side's middle, 0 = on a corner between two sides)."""
        angle = compass_angle(x - self.centre[0], y - self.centre[1])
        side = round(angle / 60) % 6
        off = abs(((angle - side * 60 + 180) % 360) - 180)
        return side, 1 - off / 30


def compass_angle(dx: float, dy: float) -> float:
    """Angle of vector ``(dx, dy)`` in board coordinates, degrees clockwise from north."""
    return math.degrees(math.atan2(dx, -dy)) % 360


#: ``[x, y]`` in millimetres.
POINT = List(Num(), min_length=2, max_length=2)


def _board_whole(board: dict[str, Any], path: str) -> None:
    if board["kind"] == "control-board" and len(board["trays"]) != 6:
        raise SituationError(
            "trays", f"a control board has 6 trays, this one {len(board['trays'])}"
        )


def _grid_whole(grid: dict[str, Any], path: str) -> None:
    """A token grid's type says which of its fields it needs."""
    if grid["rotation_step_deg"] not in (60, 90):
        raise SituationError(f"{path}.rotation_step_deg", "must be 60 or 90")
    needs = {
        "single": ("centre_mm", "radius_mm"),
        "square": ("origin_mm", "cell_mm", "columns", "rows"),
        "hex": ("origin_mm", "size_mm", "cells"),
    }[grid["type"]]
    for key in needs:
        if key not in grid:
            raise SituationError(f"{path}.{key}", "is missing")


#: A board file (``vision/data/*.example.json``), checked by :mod:`rules.schema`.
BOARD = Obj(
    {
        "name": Str(),
        "kind": Str(choices=("control-board", "hex-grid", "square-grid")),
        "size_mm": POINT,
        "dictionary": Str(),
        "example": Bool(),
        "fiducials": List(
            Obj(
                {
                    "id": Int(0),
                    "centre_mm": POINT,
                    "size_mm": Num(positive=True),
                    "margin_mm": Num(positive=True),
                }
            ),
            min_length=3,
            key=lambda f: f["id"],
        ),
        "trays": List(
            Obj(
                {
                    "side": Int(0, 5),
                    "colour": Maybe(Str(choices=COLOURS)),
                    "polygon_mm": List(POINT, min_length=3),
                },
                required=frozenset({"side", "polygon_mm"}),
                defaults={"colour": None},
            )
        ),
        "token_grids": List(
            Obj(
                {
                    "name": Str(),
                    "type": Str(choices=("hex", "square", "single")),
                    "rotation_step_deg": Int(),
                    "centre_mm": POINT,
                    "radius_mm": Num(positive=True),
                    "origin_mm": POINT,
                    "cell_mm": Num(positive=True),
                    "columns": Int(1),
                    "rows": Int(1),
                    "size_mm": Num(positive=True),
                    "orientation": Str(choices=("pointy", "flat")),
                    "cells": List(
                        Obj({"id": OneOf((Str(), Int(None))), "q": Int(None), "r": Int(None)})
                    ),
                },
                required=frozenset({"type", "rotation_step_deg"}),
                check_whole=_grid_whole,
            )
        ),
        "hexagon": Obj({"centre_mm": POINT, "polygon_mm": List(POINT, min_length=3)}),
        "priority_ring_mm": POINT,
    },
    required=frozenset({"name", "kind", "size_mm", "fiducials"}),
    defaults={"trays": [], "token_grids": [], "dictionary": "DICT_4X4_100", "example": False},
    check_whole=_board_whole,
)


def _xy(point: list[float]) -> tuple[float, float]:
    return (point[0], point[1])


def parse_board(data: Any, source: str = "board") -> Board:
    """Check a board JSON object (:data:`BOARD`) and build a :class:`Board`; errors name
    the field."""
    if not isinstance(data, dict):
        raise SituationError(source, "a board file must hold a JSON object")
    b = BOARD.check(data)
    grids = []
    for g in b["token_grids"]:
        gtype, step = g["type"], g["rotation_step_deg"]
        if gtype == "single":
            grid = Grid(g.get("name", "centre"), gtype, step, _xy(g["centre_mm"]), g["radius_mm"])
        elif gtype == "square":
            grid = Grid(
                g.get("name", "grid"),
                gtype,
                step,
                _xy(g["origin_mm"]),
                g["cell_mm"],
                g["columns"],
                g["rows"],
            )
        else:
            grid = Grid(
                g.get("name", "hexes"),
                gtype,
                step,
                _xy(g["origin_mm"]),
                g["size_mm"],
                cells=tuple(g["cells"]),
                orientation=g.get("orientation", "pointy"),
            )
        grids.append(grid)
    size = _xy(b["size_mm"])
    return Board(
        name=b["name"],
        kind=b["kind"],
        size=size,
        dictionary=b["dictionary"],
        fiducials=tuple(
            Fiducial(f["id"], _xy(f["centre_mm"]), f["size_mm"], f["margin_mm"])
            for f in b["fiducials"]
        ),
        trays=tuple(
            Tray(t["side"], t["colour"], tuple(_xy(p) for p in t["polygon_mm"])) for t in b["trays"]
        ),
        grids=tuple(grids),
        centre=_xy(b["hexagon"]["centre_mm"]) if "hexagon" in b else (size[0] / 2, size[1] / 2),
        example=b["example"],
        raw=data,
    )


@dataclass(frozen=True)
class TokenKind:
    id: int
    name: str
    kind: str


@dataclass(frozen=True, eq=False)
class TokenCatalogue:
    """Which sticker id sits on which component (``vision/data/tokens.example.json``)."""

    dictionary: str
    size: float
    margin: float
    tokens: dict[int, TokenKind]
    example: bool
    raw: dict[str, Any]


#: A token catalogue (``vision/data/tokens.example.json``), checked by :mod:`rules.schema`.
TOKENS = Obj(
    {
        "dictionary": Str(),
        "size_mm": Num(positive=True),
        "margin_mm": Num(positive=True),
        "example": Bool(),
        "tokens": List(
            Obj(
                {"id": Int(0), "name": Str(), "kind": Str()},
                required=frozenset({"id", "name"}),
                defaults={"kind": "token"},
            ),
            key=lambda t: t["id"],
        ),
    },
    required=frozenset({"size_mm", "margin_mm", "tokens"}),
    defaults={"dictionary": "DICT_4X4_100", "example": False},
)


def parse_tokens(data: Any) -> TokenCatalogue:
    """Check a token catalogue (:data:`TOKENS`) and build it; errors name the field."""
    if not isinstance(data, dict):
        raise SituationError("tokens", "a token catalogue must be a JSON object")
    t = TOKENS.check(data)
    tokens = {k["id"]: TokenKind(k["id"], k["name"], k["kind"]) for k in t["tokens"]}
    return TokenCatalogue(t["dictionary"], t["size_mm"], t["margin_mm"], tokens, t["example"], data)


EXAMPLE_BOARDS = ("control-board", "hex-grid", "square-grid")
"""The boards shipped as files (``vision/data/<name>.example.json``)."""

_MADE: dict[str, Callable[[], Board]] = {}
"""Boards made by code, by name (:func:`register_board`)."""


def register_board(name: str, make: Callable[[], Board]) -> None:
    """Make the board ``name`` known to :func:`load_board`, built by ``make()``: a game's
    own board (Ante Portas's battleground, from its rules' board file) is registered by
    the module that draws it for the camera, above this one, so no vision module below
    it needs to know any game."""
    _MADE[name] = make


def board_names() -> tuple[str, ...]:
    """Every board :func:`load_board` knows by name: the shipped files and those made."""
    return (*EXAMPLE_BOARDS, *_MADE)


def _data_text(name: str) -> str:
    return resources.files("vision").joinpath("data", name).read_text("utf-8")


def load_board(name_or_path: str | Path) -> Board:
    """A board from a file path, a shipped example by short name (``control-board``), or
    a board made by code and registered by name (:func:`register_board`)."""
    make = _MADE.get(str(name_or_path))
    if make is not None:
        return make()
    text = _read(name_or_path, lambda n: f"{n}.example.json", board_names())
    return parse_board(_loads(text, str(name_or_path)), str(name_or_path))


def load_tokens(path: str | Path | None = None) -> TokenCatalogue:
    """The token catalogue from ``path``, or the shipped example."""
    text = _data_text("tokens.example.json") if path is None else _read(path, str, ())
    return parse_tokens(_loads(text, str(path or "tokens.example.json")))


def _read(name_or_path: str | Path, example_file: Any, examples: tuple[str, ...]) -> str:
    if str(name_or_path) in examples:
        return _data_text(example_file(str(name_or_path)))
    try:
        return Path(name_or_path).read_text("utf-8")
    except OSError as exc:
        known = f" (or one of the examples: {', '.join(examples)})" if examples else ""
        raise SituationError(str(name_or_path), f"cannot read: {exc.strerror}{known}") from exc


def _loads(text: str, where: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise SituationError(where, f"not valid JSON (line {exc.lineno}: {exc.msg})") from exc
