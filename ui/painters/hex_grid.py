"""The ``hex-grid`` scene (Ante Portas battleground): hexes in axial coordinates.

Pointy-top unless the scene says ``"orientation": "flat-top"`` (columns of hexes).

Each hex shows its number and what stands on it, at 16 px or more: a hex
with ``units`` (or ``teams``) as glyphs with counts
(:mod:`ui.painters.unit_glyphs`: red discs for Invaders, blue squares for
Soldiers, a brown tag for the tile), its tile also as a brown frame with a
notch at the edge the tile's top faces; any other hex its ``tokens`` as
chips with their texts in bold. ``shade`` tints the hex (:data:`SHADES`),
``highlight`` rings it, ``path`` is a thick line through the hex centres
ending in an arrow head, and ``arrows`` are arrows from hex to hex.

Layer ``hexes``: one place per hex, id as given.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from rules.text import Translator
from ui.painters.places import Box, Layers, Marks, Place, Point, item_id
from ui.painters.style import ink_for
from ui.painters.unit_glyphs import (
    DRAGONS,
    RAIDERS,
    TILE,
    draw_row,
    glyphs_for,
    has_units,
    row_width,
    tile_of,
)

if TYPE_CHECKING:
    from ui.painters.pen import Pen

SQRT3 = math.sqrt(3)
#: Hex tints by ``shade`` (docs/board-scenes.md): the Ante Portas Spawn Area and bottom row,
#: a Marauders lane, camp and the spaces with members, a Robinson island space explored or not.
SHADES = {
    "spawn": (0.45, 0.2, 0.2, 1),
    "bottom": (0.2, 0.3, 0.45, 1),
    "lane": (0.5, 0.42, 0.16, 1),
    "camp": (0.42, 0.24, 0.5, 1),
    "member": (0.2, 0.4, 0.45, 1),
    "explored": (0.42, 0.5, 0.26, 1),
    "unexplored": (0.17, 0.19, 0.22, 1),
}
PLAIN = (0.25, 0.3, 0.25, 1)
#: The notch that shows which edge a Building's top faces.
NOTCH = (0.95, 0.62, 0.25, 1)


#: A hex may be drawn this much wider than tall (or taller than wide) to use a box's room.
MAX_STRETCH = 1.7


def layout_centres(
    hexes: list[dict[str, Any]], box: Box, flat: bool = False
) -> tuple[tuple[float, float], dict[str, Point]]:
    """Hex size in x and y (centre to corner) and the screen centre of every hex id.

    The grid fills ``box``: when the box is wider (or taller) than the grid,
    the hexes are stretched that way, up to :data:`MAX_STRETCH`, so the
    room goes to the texts rather than to empty margins.
    """
    if not hexes:
        return (0.0, 0.0), {}
    keys = [item_id(hx, i) for i, hx in enumerate(hexes)]
    if flat:
        raw = [(1.5 * hx["q"], SQRT3 * (hx["r"] + hx["q"] / 2)) for hx in hexes]
        half_w, half_h = 1.0, SQRT3 / 2
    else:
        raw = [(SQRT3 * (hx["q"] + hx["r"] / 2), 1.5 * hx["r"]) for hx in hexes]
        half_w, half_h = SQRT3 / 2, 1.0
    xs = [p[0] for p in raw]
    ys = [p[1] for p in raw]
    span_x = max(xs) - min(xs) + 2 * half_w
    span_y = max(ys) - min(ys) + 2 * half_h
    x, y, w, h = box
    fit_x, fit_y = w / span_x, h / span_y
    size_x = min(fit_x, fit_y * MAX_STRETCH)
    size_y = min(fit_y, fit_x * MAX_STRETCH)
    left = x + (w - span_x * size_x) / 2 + half_w * size_x
    top = y + h - (h - span_y * size_y) / 2 - half_h * size_y
    centres = {
        key: (left + (px - min(xs)) * size_x, top - (py - min(ys)) * size_y)
        for key, (px, py) in zip(keys, raw, strict=True)
    }
    return (size_x, size_y), centres


#: Below this hex size (centre to corner, px, vertically) a number and a unit chip do not
#: fit side by side; a hex with only a number needs :data:`MIN_BARE_HEX_Y`.
MIN_HEX_Y = 22.0
MIN_BARE_HEX_Y = 14.0


def min_height(scene: Mapping[str, Any], width: float) -> float:
    """The picture height that keeps every hex's number and units at 16 px."""
    hexes = list(scene.get("hexes", []))
    if not hexes:
        return 0.0
    flat = scene.get("orientation") == "flat-top"
    (_, sy), centres = layout_centres(hexes, (0, 0, 1000, 1000), flat)
    ys = [c[1] for c in centres.values()]
    span_y = (max(ys) - min(ys)) / sy + (SQRT3 if flat else 2.0)
    filled = any(hx.get("tokens") or has_units(hx) for hx in hexes)
    return span_y * (MIN_HEX_Y if filled else MIN_BARE_HEX_Y)


def corners(centre: Point, size: tuple[float, float], flat: bool = False) -> tuple[Point, ...]:
    turn = 0 if flat else 30
    return tuple(
        (
            centre[0] + size[0] * math.cos(math.radians(60 * k + turn)),
            centre[1] + size[1] * math.sin(math.radians(60 * k + turn)),
        )
        for k in range(6)
    )


def layout(scene: Mapping[str, Any], box: Box, layer: str | None = None) -> Layers:
    hexes = list(scene.get("hexes", []))
    flat = scene.get("orientation") == "flat-top"
    size, centres = layout_centres(hexes, box, flat)
    return {
        "hexes": tuple(
            Place("hexes", key, corners(centre, size, flat), centre)
            for key, centre in centres.items()
        )
    }


def paint(pen: Pen, box: Box, scene: Mapping[str, Any], tr: Translator, marks: Marks) -> None:
    hexes = list(scene.get("hexes", []))
    flat = scene.get("orientation") == "flat-top"
    (sx, sy), centres = layout_centres(hexes, box, flat)
    if not sx:
        return
    # Room inside a hex: across the middle (flat-top 2*size wide, pointy-top sqrt(3)*size)
    # and from the centre to the top edge; texts keep a margin from the edges.
    across = (2.0 if flat else SQRT3) * sx
    half_h = (SQRT3 / 2 if flat else 1.0) * sy
    line_h = pen.measure("Ag", 16)[1]
    stacked = 2 * half_h * 0.9 >= 2 * line_h + 2
    for index, hx in enumerate(hexes):
        centre = centres[item_id(hx, index)]
        points = corners(centre, (sx * 0.96, sy * 0.96), flat)
        pen.polygon([centre, *points, points[0]], SHADES.get(str(hx.get("shade")), PLAIN))
        pen.outline(points, (0.7, 0.75, 0.7, 1), 1.0)
        _tile_frame(pen, hx, centre, (sx, sy), flat)
        if hx.get("highlight"):
            pen.outline(corners(centre, (sx * 0.86, sy * 0.86), flat), (1, 0.85, 0.2, 1), 3)
    # The path and arrows go under the texts, so no number is hidden.
    path = [centres[str(k)] for k in scene.get("path", []) if str(k) in centres]
    if len(path) >= 2:
        pen.line(path[:-1], (1, 0.85, 0.2, 1), 3)
        pen.arrow(path[-2], path[-1], (1, 0.85, 0.2, 1), 3)
    for item in scene.get("arrows", []):
        start, end = centres.get(str(item.get("from"))), centres.get(str(item.get("to")))
        if start and end:
            pen.arrow(start, _short_of(start, end, min(sx, sy) * 0.35), (1, 0.55, 0.3, 1), 3.5)

    invader = DRAGONS if scene.get("invaders") == "dragons" else RAIDERS
    for index, hx in enumerate(hexes):
        centre = centres[item_id(hx, index)]
        tokens = list(hx.get("tokens", []))
        label = str(hx.get("label", ""))
        glyphs = has_units(hx)
        if not tokens and not glyphs:
            _label(pen, label, centre, across * 0.7)
        elif stacked:  # the number above the units
            _label(pen, label, (centre[0], centre[1] + line_h / 2 + 1), across * 0.5)
            below = (centre[0], centre[1] - line_h / 2 - 1)
            if glyphs:
                draw_row(pen, glyphs_for(pen, hx, invader, across * 0.75), below)
            else:
                _chips(pen, tokens, below, across * 0.75, line_h)
        else:  # a flat hex: the number left of the units
            number_w = pen.measure(label, 16)[0]
            chips_w = across * 0.78 - number_w - 6
            if glyphs:
                row = glyphs_for(pen, hx, invader, chips_w)
                chips_w = min(chips_w, row_width(pen, row))
            left = centre[0] - (number_w + 6 + chips_w) / 2
            _label(pen, label, (left + number_w / 2, centre[1]), number_w + 1)
            right = (left + number_w + 6 + chips_w / 2, centre[1])
            if glyphs:
                draw_row(pen, row, right)
            else:
                _chips(pen, tokens, right, chips_w, line_h)


def _edge_angle(rotation: int, flat: bool) -> float:
    """The direction (degrees) of the edge a tile's top faces, turned ``rotation`` x 60
    degrees clockwise from the top edge (flat-top; pointy-top hexes start at the upper right)."""
    return (90.0 if flat else 60.0) - 60.0 * rotation


def _tile_frame(
    pen: Pen, hx: Mapping[str, Any], centre: Point, size: tuple[float, float], flat: bool
) -> None:
    """A tile on the hex: a brown frame inside its edge; a Building's notch shows its turn."""
    kind, rotation, team = tile_of(hx)
    if kind is None:
        return
    sx, sy = size
    pen.outline(corners(centre, (sx * 0.8, sy * 0.8), flat), team or TILE, 2.5)
    if rotation is None:
        return
    angle = math.radians(_edge_angle(rotation, flat))
    # A wedge from inside the frame out to the edge's middle (flat-top: the inner radius is
    # sqrt(3)/2 of the corner radius).
    reach = SQRT3 / 2 * 0.96
    tip = (centre[0] + math.cos(angle) * sx * reach, centre[1] + math.sin(angle) * sy * reach)
    back = (
        centre[0] + math.cos(angle) * sx * (reach - 0.4),
        centre[1] + math.sin(angle) * sy * (reach - 0.4),
    )
    side = angle + math.pi / 2
    half = min(sx, sy) * 0.32
    base_a = (back[0] + math.cos(side) * half, back[1] + math.sin(side) * half)
    base_b = (back[0] - math.cos(side) * half, back[1] - math.sin(side) * half)
    pen.polygon([tip, base_a, base_b], NOTCH)


def _label(pen: Pen, text: str, centre: Point, width: float) -> None:
    pen.text(text, centre, 16, width, (0.92, 0.95, 0.92, 1))


def _chips(pen: Pen, tokens: list[dict[str, Any]], centre: Point, width: float, h: float) -> None:
    """Units as chips side by side, each with its text (a count and a letter) in bold."""
    texts = [str(t.get("text", "")) for t in tokens]
    sizes = [pen.measure(text, 16, bold=True) for text in texts]
    gap = 3.0
    total = sum(w + 6 for w, _ in sizes) + gap * (len(tokens) - 1)
    if total > width:  # too many chips side by side: one chip with them all
        texts = [" ".join(texts)]
        tokens = [tokens[0]]
        sizes = [pen.measure(texts[0], 16, bold=True)]
        total = sizes[0][0] + 6
    x = centre[0] - total / 2
    for token, text, (w, th) in zip(tokens, texts, sizes, strict=True):
        fill = pen.rgba(token.get("colour"))
        chip_h = min(h, th + 2)
        pen.rect(x, centre[1] - chip_h / 2, w + 6, chip_h, fill)
        pen.text(
            text, (x + (w + 6) / 2, centre[1]), 16, max(width, w + 6), ink_for(fill), bold=True
        )
        x += w + 6 + gap


def _short_of(start: Point, end: Point, by: float) -> Point:
    """``end`` moved ``by`` px back towards ``start`` (an arrow head that does not hide a label)."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = math.hypot(dx, dy)
    if length <= by:
        return end
    return (end[0] - dx / length * by, end[1] - dy / length * by)
