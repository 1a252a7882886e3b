"""The ``control-board`` scene (Prehistory marauders): a hexagon with a tray on each side.

Sides are numbered 0-5 clockwise from the top side. Each tray is a disc of
its colour with its marker count in large type (the count being entered when
the tray mirrors a field, so picture and steppers agree); the chosen tray
(``highlight_side``) has a thick yellow ring, the framed side a white square,
the priority marker is a white disc on the board edge of its side, and the
centre shows the tile text (beside the board when the box is wide and low).
The printed action and priority symbols of each side are left to the facts
list: at 800x480 they would be too small to read.

Layer ``sides``: one place per tray (id ``"0"``..``"5"``).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from rules.text import Translator
from ui.app.presenters import tr_msg
from ui.painters.places import Box, Layers, Marks, Place, Point, item_id, live_value, regular
from ui.painters.style import ink_for

if TYPE_CHECKING:
    from ui.painters.pen import Pen


def side_angle(side: int) -> float:
    """Angle (radians, maths convention) from the centre to the middle of ``side``."""
    return math.radians(90 - 60 * side)


#: A box this much wider than tall puts the tile text beside the board, not in its centre.
WIDE = 1.6


@dataclass(frozen=True)
class Geometry:
    centre: Point
    big_r: float
    inner: float  # apothem of the board hexagon
    corner_r: float
    tray_r: float
    trays: dict[int, Point]
    text_box: Box | None  # where the tile text goes when it is beside the board


def geometry(box: Box) -> Geometry:
    x, y, w, h = box
    text_box: Box | None = None
    if w >= WIDE * h:  # the board in a square on the left, the tile text on the right
        text_box = (x + h + 8, y, w - h - 8, h)
        w = h
    cx, cy = x + w / 2, y + h / 2
    big_r = min(w, h) / 2
    tray_r = max(16.0, big_r * 0.22)
    inner = big_r - 2 * tray_r - big_r * 0.04
    dist = inner + tray_r + big_r * 0.03
    trays = {
        s: (cx + dist * math.cos(side_angle(s)), cy + dist * math.sin(side_angle(s)))
        for s in range(6)
    }
    corner_r = inner / math.cos(math.radians(30))
    return Geometry((cx, cy), big_r, inner, corner_r, tray_r, trays, text_box)


def min_height(scene: Mapping[str, Any], width: float) -> float:
    """Room for 16-px counts in the trays, and for the tile text in the centre (or beside)."""
    beside = 130.0
    return beside if width >= WIDE * beside else 190.0


def layout(scene: Mapping[str, Any], box: Box, layer: str | None = None) -> Layers:
    g = geometry(box)
    out = []
    for index, side in enumerate(scene.get("sides", [])):
        number = int(side.get("side", index))
        centre = g.trays[number % 6]
        ident = item_id(side, number)
        out.append(Place("sides", ident, regular(centre, g.tray_r + 2, 24), centre))
    return {"sides": tuple(out)}


def paint(pen: Pen, box: Box, scene: Mapping[str, Any], tr: Translator, marks: Marks) -> None:
    g = geometry(box)
    cx, cy = g.centre
    corners = [
        (
            cx + g.corner_r * math.cos(math.radians(120 - 60 * k)),
            cy + g.corner_r * math.sin(math.radians(120 - 60 * k)),
        )
        for k in range(6)
    ]
    pen.polygon([g.centre, *corners, corners[0]], (0.3, 0.25, 0.2, 1))
    pen.outline(corners, (0.8, 0.7, 0.5, 1), 1.5)
    for side in scene.get("sides", []):
        number = int(side.get("side", 0)) % 6
        mx, my = g.trays[number]
        r = g.tray_r
        tray = side.get("tray")
        if number == scene.get("framed_side"):
            pen.outline(
                [
                    (mx - r - 4, my - r - 4),
                    (mx + r + 4, my - r - 4),
                    (mx + r + 4, my + r + 4),
                    (mx - r - 4, my + r + 4),
                ],
                (1, 1, 1, 1),
                1.5,
            )
        if number == scene.get("highlight_side"):
            pen.ring((mx, my), r + 2, (1, 0.85, 0.2, 1), 4)
        if tray:
            fill = pen.rgba(tray.get("colour"))
            pen.disc((mx, my), r, fill)
            count = live_value(tray, tray.get("count", ""), marks.values)
            pen.text(str(count), (mx, my), max(20, r), 2 * r - 4, ink_for(fill), bold=True)
        else:
            pen.ring((mx, my), r * 0.8, (0.5, 0.5, 0.5, 1), 1.2)
        if number == scene.get("priority_marker"):
            angle = side_angle(number)
            px = cx + g.inner * 0.82 * math.cos(angle)
            py = cy + g.inner * 0.82 * math.sin(angle)
            pen.disc((px, py), max(5.0, g.big_r * 0.06), (1, 1, 1, 1))
    centre = tr_msg(scene.get("centre"), tr)
    if g.text_box is None:
        pen.text(centre, g.centre, 18, g.corner_r * 1.7, (1, 1, 1, 1), lines=3)
    else:
        tx, ty, tw, th = g.text_box
        lines = max(1, int(th // pen.measure("Ag", 18)[1]))
        pen.text(centre, (tx + tw / 2, ty + th / 2), 20, tw, (1, 1, 1, 1), lines=lines)
