"""Painters: one per board-scene kind (docs/board-scenes.md); the picture and its tappable places.

Games never draw: ``Game.board(state)`` returns a *scene* (plain data) and a
painter turns it into Kivy canvas instructions. Everything here works on a
``box = (x, y, width, height)`` in the canvas's coordinates.

The API the screens use
-----------------------
``places(scene, box, layer=None) -> {layer: (Place, ...)}``
    Where every tappable place of every layer lies (pure geometry, no Kivy):
    ``sides`` (control-board trays), ``hexes``, ``columns``, ``players``,
    ``cells`` (card-grid); with ``parts`` a layer is looked up in the parts in
    order. :class:`Place` has ``id``, ``outline`` (polygon), ``centre``,
    ``contains(x, y)`` and ``bounds()``.
``place_at(scene, box, layer, x, y) -> str | None``
    The id of the place of ``layer`` under a tap (or within ``TOUCH_SLOP`` px
    of one), ``None`` off every place. Taps on places that are not legal are
    still reported: the screen says why they cannot be picked.
``marks_for_field(field, value, focus=..., values=...) -> Marks``
    What to mark for the field being answered: its ``places`` layer, the
    legal ids (its choices), the selected ids in order (numbered for
    ``order`` fields), the button box's focus, and the form's values (so items
    that mirror a field, e.g. Marauders' trays, show the counts being entered).
``min_height(scene, width) -> float``
    The least picture height at which the scene stays legible (the hex grid
    needs ~250 px for Ante Portas); :class:`ui.painters.view.SceneView`
    shortens the facts list under the picture to give it that.
``paint(canvas, box, scene, tr, marks) -> Picture``
    Draw the picture and the marks; ``Picture.labels`` / ``overlays`` are
    the text boxes drawn (for :func:`ui.painters.legibility.problems`).

The widget: :class:`ui.painters.view.SceneView` (caption, drawing, facts)
wraps a :class:`ui.painters.view.Drawing`, which redraws only when the scene,
the marks, the language or its size change, and dispatches
``on_place(layer, place_id)`` when a place of the marked layer is tapped::

    view.show(scene, tr, marks_for_field(field, form.values[field.key],
                                         focus=focused_id, values=form.values))
    view.drawing.bind(on_place=lambda _w, layer, ident: controller.tap(layer, ident))

A painter module has ``layout(scene, box, layer) -> Layers`` (pure),
``paint(pen, box, scene, tr, marks)`` and optionally ``min_height(scene,
width)``, drawing through a
:class:`ui.painters.pen.Pen` (text never under 16 px, every text box
recorded). Unknown kinds fall back to the facts painter, which draws nothing:
the facts list beside the picture is the whole picture.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING, Any

from rules.text import Translator
from ui.painters.places import (
    NO_MARKS,
    TOUCH_SLOP,
    Box,
    Layers,
    Marks,
    Place,
    hit,
    marks_for_field,
)

if TYPE_CHECKING:
    from ui.painters.pen import LabelBox

__all__ = [
    "KINDS",
    "NO_MARKS",
    "TOUCH_SLOP",
    "Box",
    "Layers",
    "Marks",
    "Picture",
    "Place",
    "marks_for_field",
    "min_height",
    "paint",
    "painter_for",
    "place_at",
    "places",
]

KINDS = ("control-board", "hex-grid", "columns", "tracks", "card-grid", "parts", "facts")


def painter_for(kind: str | None) -> ModuleType:
    """The painter module of a scene kind (``facts`` for unknown kinds)."""
    from ui.painters import card_grid, columns, control_board, facts, hex_grid, parts, tracks

    painters: dict[str, ModuleType] = {
        "control-board": control_board,
        "hex-grid": hex_grid,
        "columns": columns,
        "tracks": tracks,
        "card-grid": card_grid,
        "parts": parts,
        "facts": facts,
    }
    return painters.get(str(kind), facts)


#: The height a picture needs when its painter does not say (``min_height``).
MIN_HEIGHT = 140.0


def min_height(scene: Mapping[str, Any], width: float) -> float:
    """The least height (px) at which ``scene`` drawn ``width`` wide stays legible.

    Screens give the picture at least this much before other things beside it.
    """
    if not scene:
        return 0.0
    painter = painter_for(kind_of(scene))
    if kind_of(scene) == "facts":
        return 0.0
    needs = getattr(painter, "min_height", None)
    return float(needs(scene, width)) if needs else MIN_HEIGHT


def kind_of(scene: Mapping[str, Any]) -> str:
    """A scene's kind; any scene with ``parts`` is drawn as its parts."""
    return "parts" if scene.get("parts") else str(scene.get("kind"))


def places(scene: Mapping[str, Any], box: Box, layer: str | None = None) -> Layers:
    """Every tappable place of ``scene`` drawn in ``box``, by layer.

    ``layer``: the layer the step picks from (``Marks.layer``); a scene of
    ``parts`` too tall for the box keeps the part with that layer first.
    """
    if not scene:
        return {}
    layers: Layers = painter_for(kind_of(scene)).layout(scene, box, layer)
    return layers


def place_at(scene: Mapping[str, Any], box: Box, layer: str, x: float, y: float) -> str | None:
    """The id of the place of ``layer`` at ``(x, y)`` (a tap), or ``None``."""
    return hit(places(scene, box, layer), layer, x, y)


@dataclass(frozen=True)
class Picture:
    """What one paint drew: the places laid out and the text boxes."""

    layers: Layers
    labels: tuple[LabelBox, ...]
    overlays: tuple[LabelBox, ...]


def paint(
    canvas: Any,
    box: Box,
    scene: Mapping[str, Any],
    tr: Translator,
    marks: Marks = NO_MARKS,
) -> Picture:
    """Draw ``scene`` and ``marks`` inside ``box`` of ``canvas``."""
    from ui.i18n import language_of
    from ui.painters.marks import draw_marks
    from ui.painters.pen import Pen

    pen = Pen(canvas, language_of(tr))
    layers: Layers = {}
    if scene and box[2] >= 10 and box[3] >= 10:
        painter = painter_for(kind_of(scene))
        painter.paint(pen, box, scene, tr, marks)
        layers = painter.layout(scene, box, marks.layer)
        draw_marks(pen, layers, marks)
    return Picture(layers, tuple(pen.labels), tuple(pen.overlays))
