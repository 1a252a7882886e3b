"""The ``control-board`` scene (Prehistory marauders): a hexagon with a tray on each side.

Sides are numbered 0-5 clockwise from the top side. Each tray shows its
colour and marker count; the chosen tray (``highlight_side``) is lit with a
thick yellow ring, the framed side has a white frame, the priority marker is
a small white disc next to its side, and the centre shows the tile text.
"""

from __future__ import annotations

import math
from typing import Any

from kivy.graphics import Color, Line

from rules.text import Translator
from ui.app.presenters import tr_msg
from ui.app.widgets import colour
from ui.painters import Box
from ui.painters.base import disc, draw_text, ink_for, outline, polygon


def side_angle(side: int) -> float:
    """Angle (radians, maths convention) from the centre to the middle of ``side``."""
    return math.radians(90 - 60 * side)


def paint(canvas: Any, box: Box, scene: dict[str, Any], tr: Translator) -> None:
    x, y, w, h = box
    cx, cy = x + w / 2, y + h / 2
    radius = min(w, h) / 2 - 4
    inner = radius * 0.55  # the board hexagon; trays sit between it and ``radius``
    corners = [
        (
            cx + inner / math.cos(math.radians(30)) * math.cos(math.radians(120 - 60 * k)),
            cy + inner / math.cos(math.radians(30)) * math.sin(math.radians(120 - 60 * k)),
        )
        for k in range(6)
    ]
    polygon(canvas, [(cx, cy), *corners, corners[0]], (0.3, 0.25, 0.2, 1))
    outline(canvas, corners, (0.8, 0.7, 0.5, 1), 1.5)
    tray_r = (radius - inner) * 0.62
    for side in scene.get("sides", []):
        number = int(side.get("side", 0))
        angle = side_angle(number)
        mx, my = (
            cx + (inner + tray_r + 2) * math.cos(angle),
            cy + (inner + tray_r + 2) * math.sin(angle),
        )
        tray = side.get("tray")
        if number == scene.get("highlight_side"):
            with canvas:
                Color(1, 0.85, 0.2, 1)
                Line(circle=(mx, my, tray_r + 5), width=4)
        if number == scene.get("framed_side"):
            with canvas:
                Color(1, 1, 1, 1)
                Line(
                    rectangle=(mx - tray_r - 8, my - tray_r - 8, 2 * tray_r + 16, 2 * tray_r + 16),
                    width=1.5,
                )
        if tray:
            fill = colour(tray.get("colour"))
            disc(canvas, (mx, my), tray_r, str(tray.get("colour")))
            draw_text(
                canvas,
                str(tray.get("count", "")),
                (mx, my),
                24,
                tray_r * 2,
                ink_for(fill),
                bold=True,
            )
        else:
            with canvas:
                Color(0.5, 0.5, 0.5, 1)
                Line(circle=(mx, my, tray_r), width=1.2, dash_length=4, dash_offset=4)
        action = tr_msg(side.get("action"), tr)
        ax, ay = cx + inner * 0.72 * math.cos(angle), cy + inner * 0.72 * math.sin(angle)
        draw_text(canvas, action, (ax, ay), 16, inner * 0.9, (0.95, 0.9, 0.8, 1))
        if number == scene.get("priority_marker"):
            px = cx + (inner + 2) * math.cos(angle + 0.45)
            py = cy + (inner + 2) * math.sin(angle + 0.45)
            disc(canvas, (px, py), 9, "white")
    draw_text(
        canvas, tr_msg(scene.get("centre"), tr), (cx, cy), 18, inner * 1.3, (1, 1, 1, 1), bold=True
    )
