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
            str(player.get("name", "")),
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
        row_y = top - 44
        for label, value in player.get("rows", []):
            draw_text(canvas, f"{tr_msg(label, tr)}: {value}", (x + w / 2, row_y), 18, w - 10)
            row_y -= 22
        tokens = player.get("tokens", [])
        if tokens and row_y - 10 > bottom:
            chip_w = min(90, (w - 10) / len(tokens))
            for k, token in enumerate(tokens):
                tx = x + 5 + k * chip_w
                fill = (0.35, 0.35, 0.35, 1) if token.get("used") else (0.9, 0.8, 0.5, 1)
                polygon(
                    canvas,
                    [
                        (tx + 2, bottom + 4),
                        (tx + chip_w - 2, bottom + 4),
                        (tx + chip_w - 2, bottom + 26),
                        (tx + 2, bottom + 26),
                    ],
                    fill,
                )
                draw_text(
                    canvas,
                    str(token.get("text", "")),
                    (tx + chip_w / 2, bottom + 15),
                    14,
                    chip_w - 6,
                    ink_for(fill),
                )
