"""The ``control-board`` scene (Prehistory marauders): a hexagon with a tray on each side.

Sides are numbered 0-5 clockwise from the top side. Each tray shows its
colour and marker count; the chosen tray (``highlight_side``) is lit with a
thick yellow ring, the framed side has a white frame, the priority marker is
a white disc on the board edge of its side, and the centre shows the tile
text. The printed action and priority symbols of each side are left to the
facts list: at 800x480 they would be too small to read.
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
    big_r = min(w, h) / 2
    inner = big_r * 0.5  # apothem of the board hexagon
    tray_r = big_r * 0.22
    dist = inner + tray_r + big_r * 0.04  # centre to each tray
    corner_r = inner / math.cos(math.radians(30))
    corners = [
        (
            cx + corner_r * math.cos(math.radians(120 - 60 * k)),
            cy + corner_r * math.sin(math.radians(120 - 60 * k)),
        )
        for k in range(6)
    ]
    polygon(canvas, [(cx, cy), *corners, corners[0]], (0.3, 0.25, 0.2, 1))
    outline(canvas, corners, (0.8, 0.7, 0.5, 1), 1.5)
    for side in scene.get("sides", []):
        number = int(side.get("side", 0))
        angle = side_angle(number)
        mx, my = cx + dist * math.cos(angle), cy + dist * math.sin(angle)
        tray = side.get("tray")
        if number == scene.get("framed_side"):
            with canvas:
                Color(1, 1, 1, 1)
                Line(
                    rectangle=(mx - tray_r - 3, my - tray_r - 3, 2 * tray_r + 6, 2 * tray_r + 6),
                    width=1.5,
                )
        if number == scene.get("highlight_side"):
            with canvas:
                Color(1, 0.85, 0.2, 1)
                Line(circle=(mx, my, tray_r + 2), width=4)
        if tray:
            fill = colour(tray.get("colour"))
            disc(canvas, (mx, my), tray_r, str(tray.get("colour")))
            count = str(tray.get("count", ""))
            draw_text(canvas, count, (mx, my), 24, tray_r * 2, ink_for(fill), bold=True)
        else:
            with canvas:
                Color(0.5, 0.5, 0.5, 1)
                Line(circle=(mx, my, tray_r * 0.8), width=1.2)
        if number == scene.get("priority_marker"):
            # The priority marker: a white disc on the board edge of its side.
            px, py = cx + inner * 0.8 * math.cos(angle), cy + inner * 0.8 * math.sin(angle)
            disc(canvas, (px, py), big_r * 0.07, "white")
    centre = tr_msg(scene.get("centre"), tr)
    draw_text(canvas, centre, (cx, cy), 16, corner_r * 1.6, (1, 1, 1, 1), bold=True, wrap=True)
