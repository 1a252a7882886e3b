"""The ``columns`` scene (Endless Winter action columns): titled columns of coloured items.

A highlighted column is ringed in yellow, a blocked one is crossed out, the
``marked`` column carries a marker triangle under it, ``arrows`` are shown
as a line of text and ``strip`` as a row of short texts under the columns.
"""

from __future__ import annotations

from typing import Any

from kivy.graphics import Color, Line

from rules.text import Translator
from ui.app.presenters import tr_msg
from ui.app.widgets import colour
from ui.painters import Box
from ui.painters.base import draw_text, ink_for, polygon


def paint(canvas: Any, box: Box, scene: dict[str, Any], tr: Translator) -> None:
    x, y, w, h = box
    cols = scene.get("columns", [])
    strip = [tr_msg(s, tr) for s in scene.get("strip", [])]
    strip_h = 26 if strip else 0
    marker_h = 16
    if not cols:
        return
    gap = 6
    col_w = (w - gap * (len(cols) - 1)) / len(cols)
    top = y + h
    bottom = y + strip_h + marker_h
    for index, column in enumerate(cols):
        cx = x + index * (col_w + gap)
        fill = (0.2, 0.22, 0.28, 1)
        polygon(canvas, [(cx, bottom), (cx + col_w, bottom), (cx + col_w, top), (cx, top)], fill)
        draw_text(
            canvas,
            tr_msg(column.get("title"), tr),
            (cx + col_w / 2, top - 14),
            18,
            col_w - 4,
            (1, 1, 1, 1),
            bold=True,
        )
        item_y = top - 34
        for item in column.get("items", []):
            fill_item = colour(item.get("colour"))
            polygon(
                canvas,
                [
                    (cx + 4, item_y - 24),
                    (cx + col_w - 4, item_y - 24),
                    (cx + col_w - 4, item_y),
                    (cx + 4, item_y),
                ],
                fill_item,
            )
            draw_text(
                canvas,
                str(item.get("text", "")),
                (cx + col_w / 2, item_y - 12),
                16,
                col_w - 10,
                ink_for(fill_item),
            )
            item_y -= 28
        if column.get("highlight"):
            with canvas:
                Color(1, 0.85, 0.2, 1)
                Line(rectangle=(cx + 1, bottom + 1, col_w - 2, top - bottom - 2), width=3)
        if column.get("blocked"):
            with canvas:
                Color(0.9, 0.3, 0.3, 0.9)
                Line(points=[cx + 4, bottom + 4, cx + col_w - 4, top - 30], width=2.5)
                Line(points=[cx + 4, top - 30, cx + col_w - 4, bottom + 4], width=2.5)
        if index == scene.get("marked"):
            mx = cx + col_w / 2
            polygon(
                canvas,
                [
                    (mx, bottom - 2),
                    (mx - 10, bottom - marker_h + 2),
                    (mx + 10, bottom - marker_h + 2),
                ],
                (1, 0.85, 0.2, 1),
            )
    arrows = scene.get("arrows") or {}
    if arrows:
        text = "  ".join(f"{k}: {v}" for k, v in arrows.items())
        draw_text(canvas, text, (x + w / 2, top - h / 2), 14, w - 8, (0.85, 0.9, 1, 0.6))
    if strip:
        draw_text(
            canvas, " | ".join(strip), (x + w / 2, y + strip_h / 2), 16, w - 4, (0.85, 0.9, 1, 1)
        )
