"""Short texts laid out like words in a paragraph: left to right, then the next line.

Used for a player's rows (``Hearts: 9``), tokens and a strip of card
actions: each entry stays whole at 16 px or more (one too wide for a line
wraps onto two lines of its own); when the box is full the last entry that
fits becomes ``+N`` (how many are not shown), so nothing is drawn on top of
anything and nothing is cut mid-word.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ui.painters.places import Box
from ui.painters.style import RGBA, TEXT_MIN, ink_for

if TYPE_CHECKING:
    from ui.painters.pen import Pen

GAP_X = 14.0


@dataclass
class Line:
    """Entries on one line; a ``double`` line holds one wrapped entry and is two lines high."""

    entries: list[int] = field(default_factory=list)
    double: bool = False

    @property
    def height(self) -> int:
        return 2 if self.double else 1


def lines_of(pen: Pen, entries: Sequence[str], width: float, size: float) -> list[Line]:
    """How ``entries`` break into lines ``width`` wide."""
    lines: list[Line] = []
    used = 0.0
    for index, entry in enumerate(entries):
        natural = pen.measure(entry, size)[0]
        if natural > width:
            lines.append(Line([index], double=True))
        elif not lines or lines[-1].double or used + GAP_X + natural > width:
            lines.append(Line([index]))
            used = natural
        else:
            lines[-1].entries.append(index)
            used += GAP_X + natural
    return lines


def lines_needed(pen: Pen, entries: Sequence[str], width: float, size: float = TEXT_MIN) -> int:
    return sum(line.height for line in lines_of(pen, entries, width, size))


def flow(
    pen: Pen,
    entries: Sequence[str],
    box: Box,
    rgba: RGBA = (1, 1, 1, 1),
    size: float = TEXT_MIN,
    chips: Sequence[RGBA] | None = None,
    shapes: Sequence[str] | None = None,
) -> int:
    """Draw ``entries`` in ``box`` (top-left first); return how many were drawn in full.

    ``chips``: a background per entry (the text then takes black or white ink);
    ``shapes`` per chip: ``figure`` (round ends, a playing piece), ``tile``
    (square with a dark inner border, a cardboard tile) or plain.
    """
    x0, y0, w, h = box
    if not entries:
        return 0
    line_h = pen.measure("Ag", size)[1]
    room = max(1, int((h + 1) // line_h))
    lines = lines_of(pen, entries, w, size)
    hidden = 0
    if sum(line.height for line in lines) > room:
        more_w = pen.measure(f"+{len(entries)}", size)[0] + GAP_X
        kept: list[Line] = []
        for line in lines:
            if sum(k.height for k in kept) + line.height > room:
                break
            kept.append(line)
        # Make room for "+N" at the end of the last line kept.
        while kept:
            last = kept[-1]
            width = sum(pen.measure(entries[i], size)[0] + GAP_X for i in last.entries)
            if not last.double and width + more_w <= w:
                break
            last.entries.pop()
            if not last.entries:
                kept.pop()
                if sum(k.height for k in kept) < room:  # the freed line takes "+N"
                    kept.append(Line())
                    break
        lines = kept
        hidden = len(entries) - sum(len(line.entries) for line in lines)
    top = y0 + h
    x = x0
    for line in lines:
        x = x0
        height = line_h * line.height
        for i in line.entries:
            width = min(pen.measure(entries[i], size)[0], w)
            centre = (x + width / 2, top - height / 2)
            if chips:
                _chip(pen, (x - 4, centre[1] - height / 2, width + 8, height), chips[i], shapes, i)
            ink = ink_for(chips[i]) if chips else rgba
            pen.text(entries[i], centre, size, width + 1, ink, lines=line.height, halign="left")
            x += width + GAP_X
        top -= height
    if hidden and lines:
        more = f"+{hidden}"
        mw = pen.measure(more, size)[0]
        last_top = top + line_h * lines[-1].height
        pen.text(more, (x + mw / 2, last_top - line_h / 2), size, mw + 1, rgba)
    return len(entries) - hidden


def _chip(pen: Pen, box: Box, fill: RGBA, shapes: Sequence[str] | None, index: int) -> None:
    x, y, w, h = box
    shape = shapes[index] if shapes and index < len(shapes) else ""
    if shape == "figure":
        pen.rounded(x, y, w, h, fill, min(w, h) / 2)
    elif shape == "tile":  # square corners and a printed edge in the text's ink
        pen.rect(x, y, w, h, fill)
        pen.outline(
            [(x + 1, y + 1), (x + w - 1, y + 1), (x + w - 1, y + h - 1), (x + 1, y + h - 1)],
            ink_for(fill),
            1,
        )
    else:
        pen.rect(x, y, w, h, fill)
