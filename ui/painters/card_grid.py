"""The ``card-grid`` scene: cards or tiles in rows and columns (Targi's ring, a card display).

Row 0 is the top row, column 0 the left one; cells not listed are empty
table. Each card shows its name (``label``, up to two lines), an optional
line under it (``sub``, when the card has room) and its tokens as chips, all
at 16 px or more: a token's ``shape`` is ``figure`` (a round chip: a playing
piece) or ``tile`` (a square tag with an inner border: a cardboard tile);
``shade`` tints border, inner and empty cards; ``highlight`` rings a card in
yellow.

Layer ``cells``: one place per listed cell, id as given.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from rules.text import Translator
from ui.app.presenters import tr_msg
from ui.painters.flow import flow
from ui.painters.places import Box, Layers, Marks, Place, item_id, live_value, rectangle

if TYPE_CHECKING:
    from ui.painters.pen import Pen

GAP = 4.0
SHADES = {
    "border": (0.36, 0.3, 0.22, 1),
    "inner": (0.22, 0.3, 0.38, 1),
    "empty": (0.16, 0.17, 0.2, 1),
}
PLAIN = (0.26, 0.27, 0.32, 1)


#: A 16-px line is 19 px high; a card keeps 4 px of margin.
LINE_H = 22.0  # one line of TEXT_MIN (18 px) type
#: Cards narrower than this may need three lines for a two-word name ("Animal promocional").
NARROW = 90.0


def name_lines(scene: Mapping[str, Any], width: float) -> int:
    """Lines a card's name may need: two, three on narrow cards."""
    cols = max(1, int(scene.get("cols", 1)))
    return 3 if (width - GAP * (cols - 1)) / cols < NARROW else 2


def min_height(scene: Mapping[str, Any], width: float) -> float:
    """Every row of cards tall enough for its name (two or three lines)."""
    rows = max(1, int(scene.get("rows", 1)))
    return rows * (name_lines(scene, width) * LINE_H + 4) + GAP * (rows - 1)


def cell_box(scene: Mapping[str, Any], box: Box, row: int, col: int) -> Box:
    x, y, w, h = box
    rows = max(1, int(scene.get("rows", 1)))
    cols = max(1, int(scene.get("cols", 1)))
    cw = (w - GAP * (cols - 1)) / cols
    ch = (h - GAP * (rows - 1)) / rows
    return (x + col * (cw + GAP), y + h - (row + 1) * ch - row * GAP, cw, ch)


def layout(scene: Mapping[str, Any], box: Box, layer: str | None = None) -> Layers:
    out = []
    for index, cell in enumerate(scene.get("cells", [])):
        b = cell_box(scene, box, int(cell.get("row", 0)), int(cell.get("col", 0)))
        out.append(
            Place("cells", item_id(cell, index), rectangle(*b), (b[0] + b[2] / 2, b[1] + b[3] / 2))
        )
    return {"cells": tuple(out)}


def live_label(cell: Mapping[str, Any], values: Mapping[str, Any]) -> Any:
    """The cell's name, or the label of the value being entered in the field it mirrors.

    A cell with ``"field"`` (see :func:`ui.painters.places.live_value`) and
    ``"labels"`` (value -> Msg JSON) shows the entered value by its label.
    """
    value = live_value(cell, None, values)
    if value is None:
        return cell.get("label")
    return cell.get("labels", {}).get(str(value), str(value))


def paint(pen: Pen, box: Box, scene: Mapping[str, Any], tr: Translator, marks: Marks) -> None:
    line_h = pen.measure("Ag", 16)[1]
    for cell in scene.get("cells", []):
        x, y, w, h = cell_box(scene, box, int(cell.get("row", 0)), int(cell.get("col", 0)))
        fill = SHADES.get(str(cell.get("shade")), PLAIN)
        pen.rect(x, y, w, h, fill)
        pen.outline(rectangle(x, y, w, h), (0.6, 0.62, 0.66, 1), 1)
        tokens = list(cell.get("tokens", []))
        sub = tr_msg(cell.get("sub"), tr)
        label = tr_msg(live_label(cell, marks.values), tr)
        # From the top: the name (on up to three lines), the sub line when there is room
        # left; the tokens take the bottom line.
        # A margin of 1 px above and below: two lines of 18 px type fit a card of 46 px
        # (Targi's square at 800x480), the name and the figures on it both.
        room = int((h - 2) // line_h)
        token_lines = 1 if tokens and room >= 2 else 0
        lines = max(1, min(3, room - token_lines))
        top = y + h - 1
        if label:
            drawn = pen.text(label, (x + w / 2, 0), 16, w - 4, bold=True, lines=lines, top=top)
            top = (drawn.y if drawn else top - line_h) - 1
        if sub and top - y - 2 - token_lines * line_h >= line_h:
            pen.text(sub, (x + w / 2, 0), 16, w - 6, (0.85, 0.9, 1, 1), top=top)
        if token_lines:
            texts = [tr_msg(t.get("text", ""), tr) for t in tokens]
            flow(
                pen,
                texts,
                (x + 7, y + 1, w - 14, line_h),
                chips=[pen.rgba(t.get("colour")) for t in tokens],
                shapes=[str(t.get("shape", "")) for t in tokens],
            )
        if cell.get("highlight"):
            pen.outline(rectangle(x + 1.5, y + 1.5, w - 3, h - 3), (1, 0.85, 0.2, 1), 3)
