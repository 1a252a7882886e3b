"""A scene of several pictures (``"parts": [scene, ...]``), stacked top to bottom.

Each part gets the height it needs to stay legible and a share of the rest
by its ``weight`` (default 1) and, when it has a ``title``, a caption line
above its picture. A layer is
looked up in the parts in order: the first part that has it provides it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from rules.text import Translator
from ui.app.presenters import tr_msg
from ui.painters.places import Box, Layers

if TYPE_CHECKING:
    from ui.painters.pen import Pen

GAP = 6.0
CAPTION_H = 24.0


def _needs(part: Mapping[str, Any], width: float) -> float:
    from ui.painters import min_height

    return min_height(part, width) + (CAPTION_H if part.get("title") else 0.0)


def min_height(scene: Mapping[str, Any], width: float) -> float:
    """Every part at its own least height, with captions and gaps."""
    parts = [p for p in scene.get("parts", []) if isinstance(p, Mapping)]
    return sum(_needs(p, width) for p in parts) + GAP * max(0, len(parts) - 1)


def part_boxes(scene: Mapping[str, Any], box: Box) -> list[tuple[Mapping[str, Any], Box, Box]]:
    """``(part, caption box, picture box)`` of every part.

    Each part first gets the height it needs to stay legible, then a share of
    what is left by its ``weight``; when even the least heights do not fit,
    every part gets its least height scaled down alike (and the legibility
    check reports the picture).
    """
    x, y, w, h = box
    parts = [p for p in scene.get("parts", []) if isinstance(p, Mapping)]
    if not parts:
        return []
    weights = [max(0.1, float(p.get("weight", 1))) for p in parts]
    needs = [_needs(p, w) for p in parts]
    room = h - GAP * (len(parts) - 1)
    spare = room - sum(needs)
    if spare >= 0:
        heights = [n + spare * wt / sum(weights) for n, wt in zip(needs, weights, strict=True)]
    else:
        heights = [room * n / sum(needs) for n in needs]
    out = []
    top = y + h
    for part, ph in zip(parts, heights, strict=True):
        caption = CAPTION_H if part.get("title") else 0.0
        out.append((part, (x, top - caption, w, caption), (x, top - ph, w, ph - caption)))
        top -= ph + GAP
    return out


def layout(scene: Mapping[str, Any], box: Box) -> Layers:
    from ui.painters import kind_of, painter_for

    layers: Layers = {}
    for part, _, picture in part_boxes(scene, box):
        for name, places in painter_for(kind_of(part)).layout(part, picture).items():
            layers.setdefault(name, places)
    return layers


def paint(
    pen: Pen, box: Box, scene: Mapping[str, Any], tr: Translator, values: Mapping[str, Any]
) -> None:
    from ui.painters import kind_of, painter_for

    for part, (cx, cy, cw, ch), picture in part_boxes(scene, box):
        if ch:
            pen.text(tr_msg(part.get("title"), tr), (cx + cw / 2, cy + ch / 2), 16, cw, bold=True)
        painter_for(kind_of(part)).paint(pen, picture, part, tr, values)
