"""The ``columns`` scene (Endless Winter action columns): titled columns of coloured items.

Equal items in a column are one chip with their count (``Nomads ×2``); a
highlighted column is ringed in yellow, a blocked one crossed out, the
``marked`` column has a marker triangle under it. Under the columns, the
decision ``arrows`` are drawn as arrows (the big one thick and long, the
small one thin and short, pointing the way they point on the card) beside
the ``strip`` of short texts.

Layer ``columns``: one place per column, id as given (else its position).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from rules.text import Translator
from ui.app.presenters import tr_msg
from ui.painters.flow import flow
from ui.painters.places import Box, Layers, Marks, Place, Point, item_id, rectangle
from ui.painters.style import ink_for

if TYPE_CHECKING:
    from ui.painters.pen import Pen

GAP = 6.0
MARKER_H = 16.0
TITLE_H = 46.0  # two lines of 18 px
CHIP_H = 24.0
DIRECTIONS = {"left": (-1, 0), "right": (1, 0), "up": (0, 1), "down": (0, -1)}


def _bottom_band(scene: Mapping[str, Any]) -> float:
    return 40.0 if scene.get("strip") or scene.get("arrows") else 0.0


def min_height(scene: Mapping[str, Any], width: float) -> float:
    """Titles on two lines, one chip, the marker and the band of arrows and strip."""
    return TITLE_H + CHIP_H + 8 + MARKER_H + _bottom_band(scene)


def _column_boxes(scene: Mapping[str, Any], box: Box) -> list[Box]:
    x, y, w, h = box
    cols = scene.get("columns", [])
    if not cols:
        return []
    col_w = (w - GAP * (len(cols) - 1)) / len(cols)
    bottom = y + _bottom_band(scene) + MARKER_H
    return [(x + i * (col_w + GAP), bottom, col_w, y + h - bottom) for i in range(len(cols))]


def layout(scene: Mapping[str, Any], box: Box, layer: str | None = None) -> Layers:
    cols = scene.get("columns", [])
    return {
        "columns": tuple(
            Place("columns", item_id(col, i), rectangle(*b), (b[0] + b[2] / 2, b[1] + b[3] / 2))
            for i, (col, b) in enumerate(zip(cols, _column_boxes(scene, box), strict=True))
        )
    }


def grouped(items: list[dict[str, Any]], tr: Translator) -> list[tuple[str, str, int]]:
    """``(text, colour, how many)`` for each run of equal items, in order; a text given
    as a message (its JSON form) is drawn in the players' language."""
    out: list[tuple[str, str, int]] = []
    for item in items:
        key = (tr_msg(item.get("text", ""), tr), str(item.get("colour")))
        if out and out[-1][:2] == key:
            out[-1] = (key[0], key[1], out[-1][2] + 1)
        else:
            out.append((key[0], key[1], 1))
    return out


def _chip_lines(pen: Pen, label: str, width: float) -> int:
    """Lines a chip's label needs at 16 px (at most 3): words wrapped, a word wider than
    the chip broken in two ("2× Nômades": "2×", "Nôma-", "des")."""
    lines, used = 0, 0.0
    for word in label.split():
        w = pen.measure(word, 16)[0]
        if w > width:
            lines, used = lines + 2, width
        elif lines and used + pen.measure(" ", 16)[0] + w <= width:
            used += pen.measure(" ", 16)[0] + w
        else:
            lines, used = lines + 1, w
    return max(1, min(3, lines))


def paint(pen: Pen, box: Box, scene: Mapping[str, Any], tr: Translator, marks: Marks) -> None:
    cols = scene.get("columns", [])
    for index, (column, (cx, bottom, col_w, col_h)) in enumerate(
        zip(cols, _column_boxes(scene, box), strict=True)
    ):
        top = bottom + col_h
        pen.rect(cx, bottom, col_w, col_h, (0.2, 0.22, 0.28, 1))
        title = tr_msg(column.get("title"), tr)
        bold = pen.measure(title, 16, bold=True)[0] <= col_w - 6  # bold when it fits a line
        pen.text(title, (cx + col_w / 2, top - TITLE_H / 2), 18, col_w - 6, bold=bold, lines=2)
        item_top = top - TITLE_H - 4
        for text, name, count in grouped(list(column.get("items", [])), tr):
            if item_top - CHIP_H < bottom + 2:
                break
            fill = pen.rgba(name)
            label = text if count == 1 else f"{count}× {text}"
            rows = _chip_lines(pen, label, col_w - 8)
            chip_h = CHIP_H + (rows - 1) * (CHIP_H - 4)
            if item_top - chip_h < bottom + 2:
                break
            pen.rect(cx + 4, item_top - chip_h, col_w - 8, chip_h, fill)
            pen.text(
                label,
                (cx + col_w / 2, item_top - chip_h / 2),
                16,
                col_w - 8,
                ink_for(fill),
                lines=rows,
            )
            item_top -= chip_h + 4
        if column.get("highlight"):
            pen.outline(
                rectangle(cx + 1.5, bottom + 1.5, col_w - 3, col_h - 3), (1, 0.85, 0.2, 1), 3
            )
        if column.get("blocked"):
            red = (0.9, 0.3, 0.3, 1)
            pen.line([(cx + 4, bottom + 4), (cx + col_w - 4, top - TITLE_H)], red, 2.5)
            pen.line([(cx + 4, top - TITLE_H), (cx + col_w - 4, bottom + 4)], red, 2.5)
        if index == scene.get("marked"):
            mx = cx + col_w / 2
            pen.polygon(
                [
                    (mx, bottom - 2),
                    (mx - 10, bottom - MARKER_H + 2),
                    (mx + 10, bottom - MARKER_H + 2),
                ],
                (1, 0.85, 0.2, 1),
            )
    band = _bottom_band(scene)
    if not band:
        return
    x, y, w, _ = box
    arrows = scene.get("arrows") or {}
    used = _arrows(pen, arrows, (x, y, band)) if arrows else 0.0
    strip = [tr_msg(s, tr) for s in scene.get("strip", [])]
    flow(pen, strip, (x + used, y, w - used, band), (0.85, 0.9, 1, 1))


def _arrows(pen: Pen, arrows: Mapping[str, Any], where: tuple[float, float, float]) -> float:
    """The big and the small arrow side by side in a square each; returns the width used."""
    x, y, side = where
    gold = (1, 0.85, 0.2, 1)
    for slot, (which, length, width) in enumerate((("big", 0.42, 5.0), ("small", 0.26, 3.0))):
        direction = DIRECTIONS.get(str(arrows.get(which)))
        if direction is None:
            continue
        centre: Point = (x + side * (slot + 0.5), y + side / 2)
        pen.rect(x + side * slot + 2, y + 2, side - 4, side - 4, (0.25, 0.27, 0.33, 1))
        dx, dy = direction[0] * side * length, direction[1] * side * length
        pen.arrow((centre[0] - dx, centre[1] - dy), (centre[0] + dx, centre[1] + dy), gold, width)
    return 2 * side + 8
