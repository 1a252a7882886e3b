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


def _field(data: dict[str, Any], key: str, where: str) -> Any:
    if key not in data:
        raise SituationError(f"{where}.{key}" if where else key, "is missing")
    return data[key]


def _point(value: Any, where: str) -> tuple[float, float]:
    if (
        not isinstance(value, list | tuple)
        or len(value) != 2
        or not all(isinstance(v, int | float) for v in value)
    ):
        raise SituationError(where, f"must be [x, y] in millimetres, not {value!r}")
    return (float(value[0]), float(value[1]))


def _number(data: dict[str, Any], key: str, where: str, positive: bool = True) -> float:
    value = _field(data, key, where)
    if not isinstance(value, int | float) or (positive and value <= 0):
        raise SituationError(f"{where}.{key}", f"must be a positive number, not {value!r}")
    return float(value)


def parse_board(data: Any, source: str = "board") -> Board:
    """Check a board JSON object and build a :class:`Board`; errors name the field."""
    if not isinstance(data, dict):
        raise SituationError(source, "a board file must hold a JSON object")
    name = _field(data, "name", "")
    kind = _field(data, "kind", "")
    if kind not in ("control-board", "hex-grid", "square-grid"):
        raise SituationError(
            "kind", f"must be control-board, hex-grid or square-grid, not {kind!r}"
        )
    size = _point(_field(data, "size_mm", ""), "size_mm")
    fiducials = []
    for i, f in enumerate(_field(data, "fiducials", "")):
        where = f"fiducials[{i}]"
        fid = _field(f, "id", where)
        if not isinstance(fid, int) or fid < 0:
            raise SituationError(f"{where}.id", f"must be a marker number >= 0, not {fid!r}")
        fiducials.append(
            Fiducial(
                fid,
                _point(_field(f, "centre_mm", where), f"{where}.centre_mm"),
                _number(f, "size_mm", where),
                _number(f, "margin_mm", where),
            )
        )
    if len(fiducials) < 3:
        raise SituationError("fiducials", "a board needs at least 3 fiducials (better 6-8)")
    ids = [f.id for f in fiducials]
    if len(set(ids)) != len(ids):
        raise SituationError("fiducials", "fiducial ids must be unique")
    trays = []
    for i, t in enumerate(data.get("trays", [])):
        where = f"trays[{i}]"
        side = _field(t, "side", where)
        if side not in range(6):
            raise SituationError(f"{where}.side", f"must be 0-5, not {side!r}")
        colour = t.get("colour")
        if colour is not None and colour not in COLOURS:
            raise SituationError(f"{where}.colour", f"must be one of {', '.join(COLOURS)} or null")
        poly = tuple(
            _point(p, f"{where}.polygon_mm[{j}]")
            for j, p in enumerate(_field(t, "polygon_mm", where))
        )
        if len(poly) < 3:
            raise SituationError(f"{where}.polygon_mm", "a tray needs at least 3 corners")
        trays.append(Tray(side, colour, poly))
    if kind == "control-board" and len(trays) != 6:
        raise SituationError("trays", f"a control board has 6 trays, this one {len(trays)}")
    grids = []
    for i, g in enumerate(data.get("token_grids", [])):
        where = f"token_grids[{i}]"
        gtype = _field(g, "type", where)
        step = _field(g, "rotation_step_deg", where)
        if step not in (60, 90):
            raise SituationError(f"{where}.rotation_step_deg", "must be 60 or 90")
        if gtype == "single":
            grids.append(
                Grid(
                    g.get("name", "centre"),
                    gtype,
                    step,
                    _point(_field(g, "centre_mm", where), f"{where}.centre_mm"),
                    _number(g, "radius_mm", where),
                )
            )
        elif gtype == "square":
            grids.append(
                Grid(
                    g.get("name", "grid"),
                    gtype,
                    step,
                    _point(_field(g, "origin_mm", where), f"{where}.origin_mm"),
                    _number(g, "cell_mm", where),
                    int(_number(g, "columns", where)),
                    int(_number(g, "rows", where)),
                )
            )
        elif gtype == "hex":
            orientation = g.get("orientation", "pointy")
            if orientation not in ("pointy", "flat"):
                raise SituationError(f"{where}.orientation", "must be pointy or flat")
            cells = tuple(_field(g, "cells", where))
            for j, c in enumerate(cells):
                for key in ("id", "q", "r"):
                    _field(c, key, f"{where}.cells[{j}]")
            grids.append(
                Grid(
                    g.get("name", "hexes"),
                    gtype,
                    step,
                    _point(_field(g, "origin_mm", where), f"{where}.origin_mm"),
                    _number(g, "size_mm", where),
                    cells=cells,
                    orientation=orientation,
                )
            )
        else:
            raise SituationError(f"{where}.type", f"must be hex, square or single, not {gtype!r}")
    centre = (
        _point(data["hexagon"]["centre_mm"], "hexagon.centre_mm")
        if "hexagon" in data
        else (size[0] / 2, size[1] / 2)
    )
    return Board(
        name=str(name),
        kind=kind,
        size=size,
        dictionary=str(data.get("dictionary", "DICT_4X4_100")),
        fiducials=tuple(fiducials),
        trays=tuple(trays),
        grids=tuple(grids),
        centre=centre,
        example=bool(data.get("example", False)),
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


def parse_tokens(data: Any) -> TokenCatalogue:
    if not isinstance(data, dict):
        raise SituationError("tokens", "a token catalogue must be a JSON object")
    tokens = {}
    for i, t in enumerate(_field(data, "tokens", "")):
        where = f"tokens[{i}]"
        tid = _field(t, "id", where)
        if not isinstance(tid, int):
            raise SituationError(f"{where}.id", "must be a marker number")
        tokens[tid] = TokenKind(tid, str(_field(t, "name", where)), str(t.get("kind", "token")))
    return TokenCatalogue(
        str(data.get("dictionary", "DICT_4X4_100")),
        _number(data, "size_mm", ""),
        _number(data, "margin_mm", ""),
        tokens,
        bool(data.get("example", False)),
        data,
    )


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
