"""The ``tracks`` scene (referee games): one panel per player with rows and tokens.

The active player's panel is ringed in yellow; each row is ``label  value``;
tokens are chips, greyed out once used.
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
    players = scene.get("players", [])
    if not players:
        return
    gap = 6
    panel_h = (h - gap * (len(players) - 1)) / len(players)
    for index, player in enumerate(players):
        top = y + h - index * (panel_h + gap)
        bottom = top - panel_h
        polygon(
            canvas, [(x, bottom), (x + w, bottom), (x + w, top), (x, top)], (0.2, 0.22, 0.28, 1)
        )
        band = colour(player.get("colour"))
        polygon(canvas, [(x, top - 26), (x + w, top - 26), (x + w, top), (x, top)], band)
        draw_text(
            canvas,
            tr_msg(player.get("name"), tr),
            (x + w / 2, top - 13),
            18,
            w - 8,
            ink_for(band),
            bold=True,
        )
        if player.get("active"):
            with canvas:
                Color(1, 0.85, 0.2, 1)
                Line(rectangle=(x + 1, bottom + 1, w - 2, panel_h - 2), width=3)
        rows = player.get("rows", [])
        tokens = player.get("tokens", [])
        chip_h = 24 if tokens else 0
        room = panel_h - 26 - chip_h - 8  # under the name band, above the token chips
        # Crowded panels put their rows in two columns rather than shrinking the text.
        cols = 2 if len(rows) > 1 and room / len(rows) < 18 else 1
        per_col = -(-len(rows) // cols)
        row_h = min(22.0, room / max(1, per_col))
        font = max(12.0, min(18.0, row_h - 3))
        col_w = w / cols
        for index, (label, value) in enumerate(rows):
            col, line = divmod(index, per_col)
            centre = (x + col_w * (col + 0.5), top - 26 - 4 - row_h / 2 - line * row_h)
            draw_text(canvas, f"{tr_msg(label, tr)}: {tr_msg(value, tr)}", centre, font, col_w - 8)
        if tokens:
            chip_w = min(90, (w - 10) / len(tokens))
            for k, token in enumerate(tokens):
                tx = x + 5 + k * chip_w
                fill = (0.35, 0.35, 0.35, 1) if token.get("used") else (0.9, 0.8, 0.5, 1)
                polygon(
                    canvas,
                    [
                        (tx + 2, bottom + 4),
                        (tx + chip_w - 2, bottom + 4),
                        (tx + chip_w - 2, bottom + 4 + chip_h - 4),
                        (tx + 2, bottom + 4 + chip_h - 4),
                    ],
                    fill,
                )
                label = tr_msg(token.get("text"), tr)
                centre = (tx + chip_w / 2, bottom + 2 + chip_h / 2)
                draw_text(canvas, label, centre, 14, chip_w - 6, ink_for(fill))
