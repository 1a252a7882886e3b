"""Short texts laid out like words in a paragraph: left to right, then the next line.

Used for a player's rows (``Hearts: 9``), tokens and a strip of card
actions: each entry stays whole at 16 px or more (one too wide for a line
wraps onto two lines of its own); when the box is full the last entry that
fits becomes ``+N`` (how many are not shown), so nothing is drawn on top of
anything and nothing is cut mid-word.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ui.painters.places import Box
from ui.painters.style import RGBA, TEXT_MIN, ink_for

if TYPE_CHECKING:
    from ui.painters.pen import Pen

GAP_X = 14.0


def rows_of(pen: Pen, entries: Sequence[str], width: float, size: float) -> list[list[int]]:
    """Entry indexes per line; an entry wider than ``width`` is alone on a double line."""
    lines: list[list[int]] = []
    used = width + 1  # start a new line at the first entry
    for index, entry in enumerate(entries):
        natural = pen.measure(entry, size)[0]
        if natural > width:
            lines.append([index])
            lines.append([])  # its second line
            used = width + 1
            continue
        if not lines or used + GAP_X + natural > width:
            lines.append([index])
            used = natural
        else:
            lines[-1].append(index)
            used += GAP_X + natural
    return lines


def lines_needed(pen: Pen, entries: Sequence[str], width: float, size: float = TEXT_MIN) -> int:
    return len(rows_of(pen, entries, width, size))


def flow(
    pen: Pen,
    entries: Sequence[str],
    box: Box,
    rgba: RGBA = (1, 1, 1, 1),
    size: float = TEXT_MIN,
    chips: Sequence[RGBA] | None = None,
) -> int:
    """Draw ``entries`` in ``box`` (top-left first); return how many were drawn in full.

    ``chips``: a background per entry (the text then takes black or white ink).
    """
    x0, y0, w, h = box
    if not entries:
        return 0
    line_h = pen.measure("Ag", size)[1]
    lines = rows_of(pen, entries, w, size)
    fit = max(1, int((h + 1) // line_h))
    if len(lines) > fit:
        lines = lines[:fit]
        if lines and not lines[-1] and len(lines) >= 2:  # half a wrapped entry
            lines = lines[:-2]
        # the last entry shown makes room for "+N"
        while lines and not lines[-1]:
            lines.pop()
        if lines:
            lines[-1] = lines[-1][:-1]
    shown = [i for line in lines for i in line]
    hidden = len(entries) - len(shown)
    top = y0 + h
    for number, line in enumerate(lines):
        x = x0
        for i in line:
            double = number + 1 < len(lines) and not lines[number + 1] and len(line) == 1
            width = min(pen.measure(entries[i], size)[0], w)
            height = line_h * (2 if double else 1)
            centre = (x + width / 2, top - number * line_h - height / 2)
            if chips:
                pen.rect(x - 4, centre[1] - height / 2, width + 8, height, chips[i])
            ink = ink_for(chips[i]) if chips else rgba
            pen.text(entries[i], centre, size, width + 1, ink, lines=2 if double else 1)
            x += width + GAP_X
    if hidden:
        more = f"+{hidden}"
        number = max(0, len(lines) - 1)
        x = x0
        if lines and lines[-1]:
            x = x0 + sum(min(pen.measure(entries[i], size)[0], w) + GAP_X for i in lines[-1])
        if x + pen.measure(more, size)[0] > x0 + w:
            number, x = number + 1, x0
        if top - (number + 1) * line_h >= y0 - 1:
            mw = pen.measure(more, size)[0]
            pen.text(more, (x + mw / 2, top - number * line_h - line_h / 2), size, mw + 1, rgba)
    return len(shown)
