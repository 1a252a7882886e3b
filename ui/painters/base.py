"""Drawing helpers shared by the painters: text textures that fit a width, shapes."""

from __future__ import annotations

import math
from typing import Any

from kivy.core.text import Label as CoreLabel
from kivy.graphics import Color, Ellipse, Line, Mesh, Rectangle

from ui.app.widgets import colour

TEXT_MIN = 14  # annotations inside a drawing may go this small when space is short


def text_texture(text: str, size: float, max_width: float, bold: bool = False) -> Any:
    """A texture of ``text`` at ``size`` px, shrunk (not below ``TEXT_MIN``) to fit ``max_width``.

    Asked for less than ``TEXT_MIN`` (a crowded panel), it uses the size asked for.
    """
    floor = min(TEXT_MIN, size)
    while True:
        label = CoreLabel(text=text, font_size=size, bold=bold)
        label.refresh()
        texture = label.texture
        if texture is None:
            return None
        if texture.width <= max_width:
            return texture
        if size <= floor:  # still too wide: cut it with an ellipsis rather than overflow
            label = CoreLabel(
                text=text, font_size=size, bold=bold, text_size=(max_width, None), shorten=True
            )
            label.refresh()
            return label.texture
        size -= 2


def draw_text(
    canvas: Any,
    text: str,
    centre: tuple[float, float],
    size: float = 20,
    max_width: float = 200,
    rgba: tuple[float, float, float, float] = (1, 1, 1, 1),
    bold: bool = False,
    wrap: bool = False,
) -> None:
    """Draw ``text`` centred on ``centre`` (``wrap``: on several lines within ``max_width``)."""
    if not text:
        return
    if wrap:
        label = CoreLabel(
            text=text, font_size=size, bold=bold, text_size=(max_width, None), halign="center"
        )
        label.refresh()
        texture = label.texture
    else:
        texture = text_texture(text, size, max_width, bold)
    if texture is None:
        return
    w, h = texture.size
    with canvas:
        Color(*rgba)
        Rectangle(texture=texture, pos=(centre[0] - w / 2, centre[1] - h / 2), size=(w, h))


def ink_for(fill: tuple[float, float, float, float]) -> tuple[float, float, float, float]:
    """Black or white text, whichever reads better on ``fill``."""
    r, g, b, _ = fill
    return (0.05, 0.05, 0.05, 1) if 0.3 * r + 0.59 * g + 0.11 * b > 0.55 else (1, 1, 1, 1)


def polygon(canvas: Any, points: list[tuple[float, float]], rgba: tuple[float, ...]) -> None:
    """A filled convex polygon (a triangle fan)."""
    vertices: list[float] = []
    for x, y in points:
        vertices.extend([x, y, 0, 0])
    with canvas:
        Color(*rgba)
        Mesh(vertices=vertices, indices=list(range(len(points))), mode="triangle_fan")


def outline(
    canvas: Any, points: list[tuple[float, float]], rgba: tuple[float, ...], width: float = 1.2
) -> None:
    flat = [c for p in points for c in p]
    with canvas:
        Color(*rgba)
        Line(points=flat, close=True, width=width)


def disc(canvas: Any, centre: tuple[float, float], radius: float, name: str) -> None:
    fill = colour(name)
    with canvas:
        Color(*fill)
        Ellipse(pos=(centre[0] - radius, centre[1] - radius), size=(2 * radius, 2 * radius))
        Color(0, 0, 0, 0.8)
        Line(circle=(centre[0], centre[1], radius), width=1.2)


def arrow(
    canvas: Any,
    start: tuple[float, float],
    end: tuple[float, float],
    rgba: tuple[float, ...] = (1, 0.85, 0.2, 1),
    width: float = 3,
) -> None:
    """A line from ``start`` to ``end`` with a head at ``end``."""
    angle = math.atan2(end[1] - start[1], end[0] - start[0])
    head = 12
    left = (end[0] - head * math.cos(angle - 0.5), end[1] - head * math.sin(angle - 0.5))
    right = (end[0] - head * math.cos(angle + 0.5), end[1] - head * math.sin(angle + 0.5))
    with canvas:
        Color(*rgba)
        Line(points=[*start, *end], width=width)
    polygon(canvas, [end, left, right], rgba)
