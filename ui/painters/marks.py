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
    row = (marks.focus or "").split("|")  # one place, or a row of them "a|b|c"
    for ident in row:
        focus = places.get(ident)
        if focus is not None:
            _focus_ring(pen, focus, inside=len(row) > 1 or inner_radius(focus) < ROOMY)


#: Places with less room than this (px from centre to the nearest edge) keep the focus
#: ring inside their own outline, so it never covers a neighbour's number.
ROOMY = 22.0
WHITE, BLACK = (1.0, 1.0, 1.0, 1.0), (0.0, 0.0, 0.0, 1.0)


def inner_radius(place: Place) -> float:
    """The distance from the place's centre to the nearest point of its outline's edges."""
    cx, cy = place.centre
    points = place.outline
    best = float("inf")
    for (x1, y1), (x2, y2) in zip(points, [*points[1:], points[0]], strict=True):
        dx, dy = x2 - x1, y2 - y1
        length2 = dx * dx + dy * dy or 1e-9
        t = max(0.0, min(1.0, ((cx - x1) * dx + (cy - y1) * dy) / length2))
        px, py = x1 + t * dx, y1 + t * dy
        best = min(best, ((cx - px) ** 2 + (cy - py) ** 2) ** 0.5)
    return best


def _focus_ring(pen: Pen, place: Place, *, inside: bool) -> None:
    """The button box's focus: a thick white ring around a black one, just outside the place;
    inside its edge instead on a small place or a row of places (neighbours stay readable)."""
    if inside:
        pen.outline(grown(place, -2.2), WHITE, 2.2)
        pen.outline(grown(place, 0.3), BLACK, 1.2)
    else:
        pen.outline(grown(place, 4), WHITE, 5)
        pen.outline(grown(place, 0.5), BLACK, 2.5)


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
