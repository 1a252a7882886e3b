"""Drawing the marks of the field being answered over any picture, from its place outlines.

One look for every scene kind: legal places ringed in cyan (the others
dimmed), selected places filled and ringed in yellow with their order number
in a badge, and the button box's focus as a thick white ring around a black
one, drawn last so it shows on every fill, selected or not.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from ui.painters.places import Marks, Place, Point

if TYPE_CHECKING:
    from ui.painters.pen import Pen

LEGAL = (0.35, 0.9, 1.0, 1.0)
DIM = (0.0, 0.0, 0.0, 0.5)
SELECTED = (1.0, 0.85, 0.2, 1.0)
SELECTED_FILL = (1.0, 0.85, 0.2, 0.28)


def grown(place: Place, by: float) -> list[Point]:
    """The outline pushed ``by`` px away from the centre (a ring just outside the place)."""
    cx, cy = place.centre
    out = []
    for x, y in place.outline:
        dx, dy = x - cx, y - cy
        length = max(1e-6, (dx * dx + dy * dy) ** 0.5)
        out.append((x + dx / length * by, y + dy / length * by))
    return out


def draw_marks(pen: Pen, layers: Mapping[str, Sequence[Place]], marks: Marks) -> None:
    """Draw ``marks`` on the places of ``marks.layer`` (nothing without a layer)."""
    if marks.layer is None:
        return
    places = {p.id: p for p in layers.get(marks.layer, ())}
    for place in places.values():
        if place.id not in marks.legal and place.id not in marks.selected:
            pen.polygon(place.outline, DIM)
        elif place.id not in marks.selected:
            pen.outline(grown(place, -2), LEGAL, 2.5)
    for number, ident in enumerate(marks.selected, start=1):
        chosen = places.get(ident)
        if chosen is None:
            continue
        pen.polygon(chosen.outline, SELECTED_FILL)
        pen.outline(grown(chosen, -2.5), SELECTED, 4)
        if marks.numbered:
            _badge(pen, chosen, str(number))
    for ident in (marks.focus or "").split("|"):  # one place, or a row of them "a|b|c"
        focus = places.get(ident)
        if focus is not None:
            pen.outline(grown(focus, 4), (1, 1, 1, 1), 5)
            pen.outline(grown(focus, 0.5), (0, 0, 0, 1), 2.5)


def _badge(pen: Pen, place: Place, number: str) -> None:
    """The order number in a yellow disc at the place's lower right corner (overlay text).

    Names sit at the top of cards and tokens start at the left: that corner is free.
    """
    x, y, w, _ = place.bounds()
    radius = 13.0
    centre = (x + w - radius - 2, y + radius + 2)
    pen.disc(centre, radius, SELECTED, (0, 0, 0, 1))
    label = pen.text(number, centre, 18, 2 * radius, (0, 0, 0, 1), bold=True)
    if label is not None:  # a badge covers what is under it: not part of the overlap check
        pen.labels.remove(label)
        pen.overlays.append(label)
