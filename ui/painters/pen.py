"""The pen painters draw with: Kivy canvas shapes, and text that is never under 16 px.

Every text a painter draws goes through :meth:`Pen.text`, which fits it
(shrinking from the size asked for down to :data:`TEXT_MIN`, then wrapping
onto the lines allowed) and records the box it covers as a
:class:`LabelBox`. The legibility check (:mod:`ui.painters.legibility`)
reads those boxes: a picture is legible when no label is under 16 px, cut
short, outside the picture or on top of another label. Text textures are
cached, so redrawing a picture whose texts did not change renders no text.
"""

from __future__ import annotations

import math
import re
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from kivy.core.text import Label as CoreLabel
from kivy.graphics import Color, Ellipse, Line, Mesh, Rectangle, RoundedRectangle

from ui.app.widgets import colour
from ui.painters.places import Point
from ui.painters.style import RGBA, TEXT_MIN, WHITE
from ui.painters.syllables import breaks

_CACHE_SIZE = 600
#: A disc's edge. Opaque: Kivy draws a thick line that is not opaque through the stencil
#: buffer, which costs a software renderer ~1 ms a line (ui.app.widgets.FocusRing).
EDGE: RGBA = (0.1, 0.1, 0.1, 1)


@dataclass(frozen=True)
class LabelBox:
    """Where a text was drawn: its box (screen px), font size, and whether it was cut short."""

    text: str
    x: float
    y: float
    width: float
    height: float
    size: float
    truncated: bool = False

    def overlaps(self, other: LabelBox, tolerance: float = 1.0) -> bool:
        dx = min(self.x + self.width, other.x + other.width) - max(self.x, other.x)
        dy = min(self.y + self.height, other.y + other.height) - max(self.y, other.y)
        return dx > tolerance and dy > tolerance


_textures: OrderedDict[tuple[Any, ...], Any] = OrderedDict()


def _texture(
    text: str,
    size: float,
    bold: bool,
    wrap_width: float | None,
    halign: str = "center",
    *,
    keep: bool = True,
) -> Any:
    """A rendered text: one line, or wrapped within ``wrap_width`` (``halign``).

    Drawn texts are cached (``keep``); a trial rendering that may not be drawn is not.
    """
    key = (text, size, bold, wrap_width, halign)
    texture = _textures.get(key)
    if texture is not None:
        _textures.move_to_end(key)
        return texture
    options: dict[str, Any] = {"text": text, "font_size": size, "bold": bold}
    if wrap_width is not None:
        options.update(text_size=(wrap_width, None), halign=halign)
    label = CoreLabel(**options)
    label.refresh()
    texture = label.texture
    if texture is not None and keep:
        _keep(key, texture)
    return texture


def _keep(key: tuple[Any, ...], texture: Any) -> None:
    _textures[key] = texture
    if len(_textures) > _CACHE_SIZE:
        _textures.popitem(last=False)


def _shortened(text: str, size: float, bold: bool, width: float) -> Any:
    label = CoreLabel(text=text, font_size=size, bold=bold, text_size=(width, None), shorten=True)
    label.refresh()
    return label.texture


@lru_cache(maxsize=4096)
def _extent(text: str, size: float, bold: bool) -> tuple[float, float]:
    """The size of ``text`` on one line, measured by the font without rendering a texture
    (the same size as the texture :func:`_texture` would render)."""
    width, height = _measurer(size, bold).get_extents(text)
    return float(width), float(height)


@lru_cache(maxsize=64)
def _measurer(size: float, bold: bool) -> Any:
    return CoreLabel(font_size=size, bold=bold)


def hyphenated(text: str, fits: Callable[[str], bool], language: str = "en") -> str:
    """``text`` with every word too wide for a line broken with hyphens into pieces that fit.

    Long compounds ("Weiterziehen", "Entdeckungsreise") would otherwise be cut
    short; a break inside the word keeps every letter on screen. Words break
    between syllables (:mod:`ui.painters.syllables`: "Arbeits-kraft", not
    "Arbeitskr-aft") or after a hyphen they already have, at the last break whose
    first part still fits; a word with no such break is cut where it must, no
    piece shorter than three letters ("Nomade-n" would read badly).
    """
    out = []
    for word in text.split(" "):
        while len(word) >= 6 and not fits(word):
            first, rest = _syllable_break(word, fits, language)
            if not first:
                break
            out.append(first if first.endswith("-") else first + "-")
            word = rest
        out.append(word)
    return " ".join(out)


def _cuts(word: str, language: str) -> list[int]:
    """Where ``word`` may break: between syllables of its letter runs, after its hyphens."""
    cuts = [i + 1 for i, ch in enumerate(word[:-1]) if ch == "-"]
    for run in re.finditer(r"[^\W\d_]+", word):
        cuts.extend(run.start() + p for p in breaks(run.group(), language))
    return sorted(set(cuts))


def _syllable_break(word: str, fits: Callable[[str], bool], language: str) -> tuple[str, str]:
    """``(first part, rest)`` of ``word`` broken where the first part fits; ``("", word)``."""
    for cut in reversed(_cuts(word, language)):  # the longest first part first
        first, rest = word[:cut], word[cut:]
        shown = first if first.endswith("-") else first + "-"
        if len(first) >= 2 and len(rest) >= 2 and fits(shown):
            return first, rest
    cut = len(word) - 3
    while cut > 3 and not fits(word[:cut] + "-"):
        cut -= 1
    if not fits(word[:cut] + "-"):
        return "", word
    return word[:cut], word[cut:]


class Pen:
    """Draws on one canvas and records the text boxes it drew."""

    def __init__(self, canvas: Any, language: str = "en") -> None:
        self.canvas = canvas
        #: The language of the texts, for breaking long words between syllables.
        self.language = language
        #: Texts of the picture: checked for size, place and overlap with each other.
        self.labels: list[LabelBox] = []
        #: Texts on their own opaque badge over the picture: checked for size and place only.
        self.overlays: list[LabelBox] = []

    # -- text ------------------------------------------------------------------------

    def text(
        self,
        text: str,
        centre: Point,
        size: float = 20,
        max_width: float = 200,
        rgba: RGBA = WHITE,
        *,
        bold: bool = False,
        lines: int = 1,
        halign: str = "center",
        top: float | None = None,
    ) -> LabelBox | None:
        """Draw ``text`` centred on ``centre`` within ``max_width``, in at most ``lines`` lines.

        Wrapped lines are aligned by ``halign`` (``"center"`` or ``"left"``);
        with ``top`` the text hangs from that height instead of centring on
        ``centre[1]`` (a name of one, two or three lines under a card's edge).

        It tries ``size`` and smaller sizes down to :data:`TEXT_MIN` on one line,
        then (``lines`` > 1) wrapped, then not bold; what still does not fit is
        cut with an ellipsis and recorded as ``truncated`` (the legibility check
        reports it).
        """
        if not text:
            return None
        size = max(float(size), TEXT_MIN)
        texture, truncated = self._fit(text, size, max_width, bold, lines, halign)
        if truncated and bold:  # bold is style; every letter on screen matters more
            texture, truncated = self._fit(text, size, max_width, False, lines, halign)
        if texture is None:
            return None
        w, h = texture.size
        x, y = centre[0] - w / 2, (centre[1] - h / 2) if top is None else top - h
        with self.canvas:
            Color(*rgba)
            Rectangle(texture=texture, pos=(x, y), size=(w, h))
        box = LabelBox(text, x, y, w, h, size if not truncated else TEXT_MIN, truncated)
        self.labels.append(box)
        return box

    def _fit(
        self, text: str, size: float, max_width: float, bold: bool, lines: int, halign: str
    ) -> tuple[Any, bool]:
        candidates = [size]
        while candidates[-1] - 2 >= TEXT_MIN:
            candidates.append(candidates[-1] - 2)
        if candidates[-1] > TEXT_MIN:
            candidates.append(TEXT_MIN)
        for candidate in candidates:
            if _extent(text, candidate, bold)[0] <= max_width:
                return _texture(text, candidate, bold, None), False
        if lines > 1 and max_width > 0:
            for candidate in candidates:

                def fits(word: str, at: float = candidate) -> bool:
                    return _extent(word, at, bold)[0] <= max_width

                words = hyphenated(text, fits, self.language)
                key = (words, candidate, bold, max_width, halign)
                texture = _texture(*key, keep=False)
                one_line = _extent("Ag", candidate, bold)[1]
                if texture is not None and texture.height <= one_line * lines + 1:
                    _keep(key, texture)
                    return texture, False
        return _shortened(text, TEXT_MIN, bold, max(1.0, max_width)), True

    def measure(self, text: str, size: float, bold: bool = False) -> tuple[float, float]:
        """The size of ``text`` on one line at ``size`` px (no drawing)."""
        return _extent(text, max(float(size), TEXT_MIN), bold) if text else (0.0, 0.0)

    # -- shapes ----------------------------------------------------------------------

    @staticmethod
    def rgba(name: str | None) -> RGBA:
        """RGBA of a scene colour name (docs/board-scenes.md; unknown names are grey)."""
        return colour(name)

    def polygon(self, points: tuple[Point, ...] | list[Point], rgba: RGBA) -> None:
        """A filled convex polygon."""
        vertices: list[float] = []
        for x, y in points:
            vertices.extend([x, y, 0, 0])
        with self.canvas:
            Color(*rgba)
            Mesh(vertices=vertices, indices=list(range(len(points))), mode="triangle_fan")

    def rect(self, x: float, y: float, w: float, h: float, rgba: RGBA) -> None:
        with self.canvas:
            Color(*rgba)
            Rectangle(pos=(x, y), size=(w, h))

    def rounded(self, x: float, y: float, w: float, h: float, rgba: RGBA, radius: float) -> None:
        """A filled rectangle with round corners (``radius`` = h / 2: a pill, or a disc)."""
        with self.canvas:
            Color(*rgba)
            RoundedRectangle(pos=(x, y), size=(w, h), radius=[radius])

    def outline(
        self, points: tuple[Point, ...] | list[Point], rgba: RGBA, width: float = 1.2
    ) -> None:
        flat = [c for p in points for c in p]
        with self.canvas:
            Color(*rgba)
            Line(points=flat, close=True, width=width)

    def line(self, points: list[Point], rgba: RGBA, width: float = 2) -> None:
        with self.canvas:
            Color(*rgba)
            Line(points=[c for p in points for c in p], width=width)

    def disc(self, centre: Point, radius: float, rgba: RGBA, edge: RGBA | None = None) -> None:
        with self.canvas:
            Color(*rgba)
            Ellipse(pos=(centre[0] - radius, centre[1] - radius), size=(2 * radius, 2 * radius))
            Color(*(edge or EDGE))
            Line(circle=(centre[0], centre[1], radius), width=1.2)

    def ring(self, centre: Point, radius: float, rgba: RGBA, width: float = 2) -> None:
        with self.canvas:
            Color(*rgba)
            Line(circle=(centre[0], centre[1], radius), width=width)

    def arrow(
        self, start: Point, end: Point, rgba: RGBA = (1, 0.85, 0.2, 1), width: float = 3
    ) -> None:
        """A shaft from ``start`` to ``end`` with a filled head at ``end`` (head ~ 4x width)."""
        angle = math.atan2(end[1] - start[1], end[0] - start[0])
        head = max(12.0, 4.5 * width)
        base = (end[0] - head * 0.8 * math.cos(angle), end[1] - head * 0.8 * math.sin(angle))
        left = (end[0] - head * math.cos(angle - 0.45), end[1] - head * math.sin(angle - 0.45))
        right = (end[0] - head * math.cos(angle + 0.45), end[1] - head * math.sin(angle + 0.45))
        self.line([start, base], rgba, width)
        self.polygon([end, left, right], rgba)
