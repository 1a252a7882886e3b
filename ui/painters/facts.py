"""The ``facts`` scene: nothing to draw; the facts list beside the picture is the picture."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from rules.text import Translator
from ui.painters.places import Box, Layers, Marks

if TYPE_CHECKING:
    from ui.painters.pen import Pen


def layout(scene: Mapping[str, Any], box: Box, layer: str | None = None) -> Layers:
    return {}


def paint(pen: Pen, box: Box, scene: Mapping[str, Any], tr: Translator, marks: Marks) -> None:
    """Draw nothing: :class:`ui.painters.view.SceneView` lists the facts itself."""
