"""The ``hex-grid`` scene (Ante Portas battleground): hexes in axial coordinates.

Pointy-top unless the scene says ``"orientation": "flat-top"`` (columns of hexes).

Each hex shows its label and tokens (coloured chips with short text);
``shade`` tints spawn and bottom rows, ``highlight`` rings a hex, ``path`` is
drawn as a thick line through the hex centres and ``arrows`` as arrows.
"""

from __future__ import annotations

import math
from typing import Any

from kivy.graphics import Color, Line

from rules.text import Translator
from ui.app.widgets import colour
from ui.painters import Box
from ui.painters.base import arrow, draw_text, ink_for, outline, polygon

SQRT3 = math.sqrt(3)
SHADES = {"spawn": (0.45, 0.2, 0.2, 1), "bottom": (0.2, 0.3, 0.45, 1)}


def layout(
    hexes: list[dict[str, Any]], box: Box, flat: bool = False
) -> tuple[float, dict[str, tuple[float, float]]]:
    """Hex size and the screen centre of every hex id, fitted into ``box``."""
    if not hexes:
        return 0.0, {}
    if flat:
        raw = {str(hx["id"]): (1.5 * hx["q"], SQRT3 * (hx["r"] + hx["q"] / 2)) for hx in hexes}
        half_w, half_h = 1.0, SQRT3 / 2
    else:
        raw = {str(hx["id"]): (SQRT3 * (hx["q"] + hx["r"] / 2), 1.5 * hx["r"]) for hx in hexes}
        half_w, half_h = SQRT3 / 2, 1.0
    xs = [p[0] for p in raw.values()]
    ys = [p[1] for p in raw.values()]
    span_x = max(xs) - min(xs) + 2 * half_w
    span_y = max(ys) - min(ys) + 2 * half_h
    x, y, w, h = box
    size = min(w / span_x, h / span_y)
    left = x + (w - span_x * size) / 2 + half_w * size
    top = y + h - (h - span_y * size) / 2 - half_h * size
    centres = {
        key: (left + (px - min(xs)) * size, top - (py - min(ys)) * size)
        for key, (px, py) in raw.items()
    }
    return size, centres


def corners(
    centre: tuple[float, float], size: float, flat: bool = False
) -> list[tuple[float, float]]:
    turn = 0 if flat else 30
    return [
        (
            centre[0] + size * math.cos(math.radians(60 * k + turn)),
            centre[1] + size * math.sin(math.radians(60 * k + turn)),
        )
        for k in range(6)
    ]


def paint(canvas: Any, box: Box, scene: dict[str, Any], tr: Translator) -> None:
    hexes = scene.get("hexes", [])
    flat = scene.get("orientation") == "flat-top"
    size, centres = layout(hexes, box, flat)
    if not size:
        return
    for hx in hexes:
        centre = centres[str(hx["id"])]
        points = corners(centre, size * 0.96, flat)
        fill = SHADES.get(str(hx.get("shade")), (0.25, 0.3, 0.25, 1))
        polygon(canvas, [centre, *points, points[0]], fill)
        outline(canvas, points, (0.7, 0.75, 0.7, 1), 1.0)
        if hx.get("highlight"):
            outline(canvas, corners(centre, size * 0.88, flat), (1, 0.85, 0.2, 1), 2.5)
        tokens = hx.get("tokens", [])
        label_y = centre[1] + size * 0.45 if tokens else centre[1]
        draw_text(
            canvas,
            str(hx.get("label", "")),
            (centre[0], label_y),
            14,
            size * 1.5,
            (0.85, 0.9, 0.85, 1),
        )
        for index, token in enumerate(tokens[:3]):
            tx = centre[0] + (index - (len(tokens[:3]) - 1) / 2) * size * 0.7
            ty = centre[1] - size * 0.2
            fill_token = colour(token.get("colour"))
            polygon(
                canvas,
                [
                    (tx - size * 0.32, ty - size * 0.25),
                    (tx + size * 0.32, ty - size * 0.25),
                    (tx + size * 0.32, ty + size * 0.25),
                    (tx - size * 0.32, ty + size * 0.25),
                ],
                fill_token,
            )
            draw_text(
                canvas,
                str(token.get("text", "")),
                (tx, ty),
                14,
                size * 0.64,
                ink_for(fill_token),
                bold=True,
            )
    path = [centres[str(k)] for k in scene.get("path", []) if str(k) in centres]
    if len(path) >= 2:
        with canvas:
            Color(1, 0.85, 0.2, 0.85)
            Line(points=[c for p in path[:-1] for c in p], width=3)
        arrow(canvas, path[-2], path[-1])
    for item in scene.get("arrows", []):
        start, end = centres.get(str(item.get("from"))), centres.get(str(item.get("to")))
        if start and end:
            arrow(canvas, start, end, (1, 0.5, 0.3, 1))
