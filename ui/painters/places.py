"""Tappable places of a board picture: where each one is, which one a tap hits, what to mark.

A *place* is one item of a scene layer (docs/board-scenes.md, "Tappable
places"): a tray side, a hex, a column, a player panel, a card. Painters lay
their places out as polygons in screen coordinates (:class:`Place`); the same
layout is used to draw the picture, to draw the marks of the field being
answered (:class:`Marks`) and to find the place under a finger
(:func:`hit`). Pure geometry: no Kivy here, so it is tested without a window.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rules.prompt import Field

Box = tuple[float, float, float, float]
Point = tuple[float, float]
#: A finger is wider than a hex edge: a tap this close (px) outside a place still picks it.
TOUCH_SLOP = 14.0


@dataclass(frozen=True)
class Place:
    """One tappable item of a layer: its id, outline polygon and centre (screen px)."""

    layer: str
    id: str
    outline: tuple[Point, ...]
    centre: Point

    def contains(self, x: float, y: float) -> bool:
        return point_in_polygon((x, y), self.outline)

    def distance(self, x: float, y: float) -> float:
        """0 inside, else the distance from ``(x, y)`` to the nearest edge."""
        if self.contains(x, y):
            return 0.0
        points = self.outline
        return min(
            _segment_distance((x, y), points[i], points[(i + 1) % len(points)])
            for i in range(len(points))
        )

    def bounds(self) -> Box:
        xs = [p[0] for p in self.outline]
        ys = [p[1] for p in self.outline]
        return (min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))


#: Places of a picture by layer name, in the scene's order.
Layers = dict[str, tuple[Place, ...]]


@dataclass(frozen=True, kw_only=True)
class Marks:
    """What the field being answered adds to the picture.

    - ``layer``: the scene layer the field picks from (``Field.places``);
    - ``legal``: ids the players may pick now (ringed); other places of the
      layer are dimmed and a tap on them is the front end's to refuse;
    - ``selected``: ids picked so far, in order; ``numbered`` draws 1, 2, 3…
      on them (an ``order`` field);
    - ``focus``: the id the button box's NEXT has reached, or a row of ids
      joined by ``|`` (a black-and-white double ring on each, visible on any
      fill and together with the other marks);
    - ``values``: the form's values being entered, by field key: items that
      mirror a field (``"field": [key, entry]`` in the scene) show these
      instead of the tracked count, so picture and steppers agree.
    """

    layer: str | None = None
    legal: frozenset[str] = frozenset()
    selected: tuple[str, ...] = ()
    numbered: bool = False
    focus: str | None = None
    values: Mapping[str, Any] = field(default_factory=dict)

    def key(self) -> str:
        """A stable text of everything drawn from the marks (for the redraw cache)."""
        return json.dumps(
            [self.layer, sorted(self.legal), self.selected, self.numbered, self.focus],
            default=str,
        )

    def values_key(self) -> str:
        return json.dumps(self.values, sort_keys=True, default=str)


NO_MARKS = Marks()


def marks_for_field(
    field: Field | None,
    value: Any,
    *,
    focus: str | None = None,
    values: Mapping[str, Any] | None = None,
) -> Marks:
    """The marks for the form's current ``field`` (``None``: only the live ``values``)."""
    if field is None or not field.places:
        return Marks(values=dict(values or {}))
    if isinstance(value, list | tuple):
        selected = tuple(str(v) for v in value)
    else:
        selected = () if value is None else (str(value),)
    return Marks(
        layer=field.places,
        legal=frozenset(c.value for c in field.choices),
        selected=selected,
        numbered=field.spec.ordered,
        focus=focus,
        values=dict(values or {}),
    )


def hit(layers: Mapping[str, Sequence[Place]], layer: str, x: float, y: float) -> str | None:
    """The id of the place of ``layer`` under ``(x, y)``, or within :data:`TOUCH_SLOP` of it.

    Inside wins; among near misses the nearest edge wins; ``None`` off every place.
    """
    best: tuple[float, str] | None = None
    for place in layers.get(layer, ()):
        d = place.distance(x, y)
        if d == 0.0:
            return place.id
        if d <= TOUCH_SLOP and (best is None or d < best[0]):
            best = (d, place.id)
    return best[1] if best else None


def live_value(item: Mapping[str, Any], fallback: Any, values: Mapping[str, Any]) -> Any:
    """What a scene item shows: the entered value of the field it mirrors, else ``fallback``.

    ``item["field"]`` is ``[key]`` (an ``int`` or ``choice`` field), ``[key,
    entry]`` (one entry of a ``counts`` field) or ``[key, n]`` with a number
    ``n`` (the ``n``-th value picked so far in an ``order`` or ``multi`` field).
    """
    return bound_value(item.get("field"), fallback, values)


def bound_value(binding: Any, fallback: Any, values: Mapping[str, Any]) -> Any:
    """The value a ``"field"`` binding (see :func:`live_value`) names, else ``fallback``."""
    if not isinstance(binding, list | tuple) or not binding:
        return fallback
    value = values.get(str(binding[0]))
    if value is None:
        return fallback
    if len(binding) > 1:
        entry = binding[1]
        if isinstance(value, list | tuple) and isinstance(entry, int):
            return value[entry] if 0 <= entry < len(value) else fallback
        if not isinstance(value, Mapping) or str(entry) not in value:
            return fallback
        return value[str(entry)]
    return value


def live_fact(live: Mapping[str, Any], fallback: Any, values: Mapping[str, Any]) -> Any:
    """The value a fact row shows while a step asks the field it mirrors.

    ``live`` is ``{"fields": [binding, ...], "labels": {value: Msg JSON}}``:
    the values the bindings name, each shown by its label, joined with " · ";
    ``fallback`` (the row's own value) while none of them has a value yet.
    """
    labels = live.get("labels", {})
    shown = [
        labels.get(str(v), str(v))
        for v in (bound_value(b, None, values) for b in live.get("fields", []))
        if v is not None
    ]
    if not shown:
        return fallback
    if len(shown) == 1:
        return shown[0]
    names = [f"v{i}" for i in range(len(shown))]
    return {
        "t": " · ".join("{" + n + "}" for n in names),
        "p": dict(zip(names, shown, strict=True)),
    }


def bound_fields(scene: Any) -> set[str]:
    """The field keys the items of ``scene`` mirror (every ``"field": [key, ...]`` in it)."""
    found: set[str] = set()
    if isinstance(scene, Mapping):
        binding = scene.get("field")
        if isinstance(binding, list | tuple) and binding:
            found.add(str(binding[0]))
        for value in scene.values():
            found |= bound_fields(value)
    elif isinstance(scene, list | tuple):
        for value in scene:
            found |= bound_fields(value)
    return found


def item_id(item: Mapping[str, Any], index: int, key: str = "id") -> str:
    """An item's ``id`` as a string (older scenes without ids: its position)."""
    value = item.get(key)
    return str(index if value is None else value)


# -- geometry ----------------------------------------------------------------------------


def rectangle(x: float, y: float, w: float, h: float) -> tuple[Point, ...]:
    return ((x, y), (x + w, y), (x + w, y + h), (x, y + h))


def regular(centre: Point, radius: float, sides: int, turn_deg: float = 0) -> tuple[Point, ...]:
    """Corners of a regular polygon (a circle as ``sides=24``), counter-clockwise."""
    return tuple(
        (
            centre[0] + radius * math.cos(math.radians(turn_deg + 360 * k / sides)),
            centre[1] + radius * math.sin(math.radians(turn_deg + 360 * k / sides)),
        )
        for k in range(sides)
    )


def point_in_polygon(point: Point, polygon: Sequence[Point]) -> bool:
    """Even-odd rule; points on an edge count as inside."""
    x, y = point
    inside = False
    n = len(polygon)
    for i in range(n):
        (x1, y1), (x2, y2) = polygon[i], polygon[(i + 1) % n]
        if _segment_distance(point, (x1, y1), (x2, y2)) < 1e-9:
            return True
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def _segment_distance(p: Point, a: Point, b: Point) -> float:
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / length2))
    return math.hypot(p[0] - (ax + t * dx), p[1] - (ay + t * dy))


def shrink(box: Box, by: float) -> Box:
    x, y, w, h = box
    return (x + by, y + by, max(0.0, w - 2 * by), max(0.0, h - 2 * by))
