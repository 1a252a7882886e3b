"""The ``tracks`` scene (referee games): one panel per player with rows and tokens.

Panels stand side by side when each can be at least :data:`MIN_PANEL_W`
wide, else one above the other. A panel has the player's name on a band of
their colour, then the rows (``Hearts: 7``) flowing like words at 16 px, then
the tokens as chips (greyed once used); each entry stays whole, and when a
panel is full the last one becomes ``+N``. The active player's panel is
ringed in yellow.

Layer ``players``: one place per panel, id as given (else its position).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from rules.text import Translator
from ui.app.presenters import tr_msg
from ui.painters.flow import flow, lines_needed
from ui.painters.places import Box, Layers, Marks, Place, item_id, rectangle
from ui.painters.style import ink_for

if TYPE_CHECKING:
    from ui.painters.pen import Pen

GAP = 6.0
BAND_H = 28.0
MIN_PANEL_W = 150.0
ROW_SIZES = (20, 18, 16)
USED = (0.35, 0.35, 0.35, 1)
UNUSED = (0.9, 0.8, 0.5, 1)


def panel_boxes(scene: Mapping[str, Any], box: Box) -> list[Box]:
    x, y, w, h = box
    n = len(scene.get("players", []))
    if not n:
        return []
    if (w - GAP * (n - 1)) / n >= MIN_PANEL_W:
        pw = (w - GAP * (n - 1)) / n
        return [(x + i * (pw + GAP), y, pw, h) for i in range(n)]
    ph = (h - GAP * (n - 1)) / n
    return [(x, y + h - (i + 1) * ph - i * GAP, w, ph) for i in range(n)]


def layout(scene: Mapping[str, Any], box: Box, layer: str | None = None) -> Layers:
    players = scene.get("players", [])
    return {
        "players": tuple(
            Place("players", item_id(p, i), rectangle(*b), (b[0] + b[2] / 2, b[1] + b[3] / 2))
            for i, (p, b) in enumerate(zip(players, panel_boxes(scene, box), strict=True))
        )
    }


def paint(pen: Pen, box: Box, scene: Mapping[str, Any], tr: Translator, marks: Marks) -> None:
    players = scene.get("players", [])
    for player, (x, y, w, h) in zip(players, panel_boxes(scene, box), strict=True):
        top = y + h
        pen.rect(x, y, w, h, (0.2, 0.22, 0.28, 1))
        band = pen.rgba(player.get("colour"))
        pen.rect(x, top - BAND_H, w, BAND_H, band)
        pen.text(
            tr_msg(player.get("name"), tr),
            (x + w / 2, top - BAND_H / 2),
            18,
            w - 8,
            ink_for(band),
            bold=True,
        )
        if player.get("active"):
            pen.outline(rectangle(x + 1.5, y + 1.5, w - 3, h - 3), (1, 0.85, 0.2, 1), 3)
        rows = [
            f"{tr_msg(label, tr)}: {tr_msg(value, tr)}" for label, value in player.get("rows", [])
        ]
        tokens = list(player.get("tokens", []))
        line_h = pen.measure("Ag", 16)[1]
        token_h = 0.0
        if tokens:  # the tokens get the lines they need (at most half the panel)
            texts = [tr_msg(t.get("text"), tr) for t in tokens]
            token_h = min((h - BAND_H) / 2, line_h * lines_needed(pen, texts, w - 16) + 4)
            chips = [USED if t.get("used") else UNUSED for t in tokens]
            flow(pen, texts, (x + 8, y + 4, w - 16, token_h - 4), chips=chips)
        area_h = h - BAND_H - token_h - 8
        # The largest size at which every row fits (20, 18, else 16 with "+N" if need be).
        size = next(
            (
                s
                for s in ROW_SIZES
                if lines_needed(pen, rows, w - 16, s) * pen.measure("Ag", s)[1] <= area_h
            ),
            ROW_SIZES[-1],
        )
        flow(pen, rows, (x + 8, y + token_h + 4, w - 16, area_h), size=size)
