"""A scene of several pictures (``"parts": [scene, ...]``), stacked top to bottom.

Each part gets the height it needs to stay legible (its painter's
``min_height``) and a share of the rest by its ``weight`` (default 1); a
part whose ``title`` differs from the whole scene's title gets a caption
line above its picture. When the box cannot hold every part legibly, the
part with the layer the step picks from is kept first, then the others in
order while they fit; the parts left out are named in a last line
(``+ Culture panel``) when there is room for it, so the picture stays
legible and what is tapped is always on it. A layer is looked up in the parts in order.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from rules.text import Translator
from ui.app.presenters import tr_msg
from ui.painters.places import Box, Layers, Marks

if TYPE_CHECKING:
    from ui.painters.pen import Pen

GAP = 6.0
CAPTION_H = 24.0
#: The line naming the parts left out of a crowded picture.
LEFT_OUT_H = 22.0

Part = Mapping[str, Any]


def _parts(scene: Part) -> list[Part]:
    return [p for p in scene.get("parts", []) if isinstance(p, Mapping)]


def _caption(part: Part, scene: Part) -> bool:
    return bool(part.get("title")) and part.get("title") != scene.get("title")


def _needs(part: Part, scene: Part, width: float) -> float:
    from ui.painters import min_height

    return min_height(part, width) + (CAPTION_H if _caption(part, scene) else 0.0)


def min_height(scene: Part, width: float) -> float:
    """Every part at its own least height, with captions and gaps."""
    parts = _parts(scene)
    return sum(_needs(p, scene, width) for p in parts) + GAP * max(0, len(parts) - 1)


def _has_layer(part: Part, layer: str | None) -> bool:
    from ui.painters import kind_of, painter_for

    if layer is None:
        return False
    return layer in painter_for(kind_of(part)).layout(part, (0.0, 0.0, 100.0, 100.0))


def shown_parts(scene: Part, box: Box, layer: str | None = None) -> tuple[list[Part], list[Part]]:
    """``(parts drawn, parts left out)``: all of them when they fit, else by priority."""
    parts = _parts(scene)
    _, _, w, h = box
    if min_height(scene, w) <= h:
        return parts, []
    first = [p for p in parts if _has_layer(p, layer)][:1]
    order = first + [p for p in parts if p not in first]
    kept: list[Part] = []
    room = h
    for part in order:
        need = _needs(part, scene, w) + (GAP if kept else 0.0)
        if need <= room or not kept:
            kept.append(part)
            room -= need
    return [p for p in parts if p in kept], [p for p in parts if p not in kept]


def part_boxes(
    scene: Part, box: Box, layer: str | None = None
) -> tuple[list[tuple[Part, Box, Box]], list[Part]]:
    """``(part, caption box, picture box)`` of every part drawn, and the parts left out
    (when there is a line of room to name them).

    Each part drawn first gets the height it needs, then a share of what is
    left by its ``weight``; a part that alone does not fit is scaled down
    (and the legibility check reports the picture).
    """
    x, y, w, h = box
    parts, left_out = shown_parts(scene, box, layer)
    if not parts:
        return [], left_out
    weights = [max(0.1, float(p.get("weight", 1))) for p in parts]
    needs = [_needs(p, scene, w) for p in parts]
    room = h - GAP * (len(parts) - 1)
    named = bool(left_out) and room - sum(needs) >= LEFT_OUT_H
    room -= LEFT_OUT_H if named else 0.0
    spare = room - sum(needs)
    if spare >= 0:
        heights = [n + spare * wt / sum(weights) for n, wt in zip(needs, weights, strict=True)]
    else:
        heights = [room * n / sum(needs) for n in needs]
    out = []
    top = y + h
    for part, ph in zip(parts, heights, strict=True):
        # A caption tells parts apart: a part drawn alone is named by the scene's title.
        caption = CAPTION_H if _caption(part, scene) and len(parts) > 1 else 0.0
        out.append((part, (x, top - caption, w, caption), (x, top - ph, w, ph - caption)))
        top -= ph + GAP
    return out, left_out if named else []


def layout(scene: Part, box: Box, layer: str | None = None) -> Layers:
    from ui.painters import kind_of, painter_for

    layers: Layers = {}
    for part, _, picture in part_boxes(scene, box, layer)[0]:
        for name, places in painter_for(kind_of(part)).layout(part, picture, layer).items():
            layers.setdefault(name, places)
    return layers


def paint(pen: Pen, box: Box, scene: Part, tr: Translator, marks: Marks) -> None:
    from ui.painters import kind_of, painter_for

    drawn, left_out = part_boxes(scene, box, marks.layer)
    for part, (cx, cy, cw, ch), picture in drawn:
        if ch:
            pen.text(tr_msg(part.get("title"), tr), (cx + cw / 2, cy + ch / 2), 16, cw, bold=True)
        painter_for(kind_of(part)).paint(pen, picture, part, tr, marks)
    if left_out:
        names = ", ".join(tr_msg(p.get("title"), tr) for p in left_out if p.get("title"))
        x, y, w, _ = box
        pen.text(
            f"+ {names}" if names else "+",
            (x + w / 2, y + LEFT_OUT_H / 2),
            16,
            w,
            (0.75, 0.8, 0.9, 1),
        )
