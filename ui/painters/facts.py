"""The ``facts`` scene: nothing to draw; the facts list beside the picture is the picture."""

from __future__ import annotations

from typing import Any

from rules.text import Translator
from ui.painters import Box


def paint(canvas: Any, box: Box, scene: dict[str, Any], tr: Translator) -> None:
    """Draw nothing: :class:`ui.painters.view.SceneView` lists the facts itself."""
