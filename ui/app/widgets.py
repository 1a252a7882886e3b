"""Widgets that only render: labels that fit their box, big buttons, steppers.

Sizes are in pixels for the 800x480 touchscreen: body text at least
``BODY`` px, headlines at least ``HEADLINE`` px, touch targets at least
``TOUCH`` px. A :class:`FitLabel` wraps its text to its width and shrinks
its font (never below its ``min_font_size``) until the text fits its height;
:func:`clipped_labels` finds any label whose text still does not fit.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from kivy.graphics import Color, InstructionGroup, Line
from kivy.properties import BooleanProperty, ListProperty, NumericProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.label import Label
from kivy.uix.scrollview import ScrollView
from kivy.uix.widget import Widget

BODY = 22
SMALL = 20  # the smallest text anywhere
HEADLINE = 30
TOUCH = 64

COLOURS: dict[str, tuple[float, float, float, float]] = {
    "red": (0.85, 0.2, 0.18, 1),
    "yellow": (0.98, 0.8, 0.15, 1),
    "blue": (0.2, 0.45, 0.9, 1),
    "brown": (0.55, 0.35, 0.2, 1),
    "white": (0.95, 0.95, 0.95, 1),
    "black": (0.1, 0.1, 0.1, 1),
    "green": (0.25, 0.7, 0.3, 1),
    "grey": (0.55, 0.55, 0.55, 1),
    "orange": (0.95, 0.55, 0.15, 1),
    "purple": (0.6, 0.3, 0.75, 1),
}


def colour(name: str | None, default: str = "grey") -> tuple[float, float, float, float]:
    """RGBA for a scene colour name (unknown names are grey)."""
    return COLOURS.get(str(name or default), COLOURS[default])


class FitLabel(Label):
    """A label that wraps to its width and shrinks its font to fit its height.

    ``max_font_size`` is the size it wants; it steps down to ``min_font_size``
    when the text needs more room. With ``auto_height`` the label grows to
    its text instead (for content inside a scroll view).
    """

    max_font_size = NumericProperty(BODY)
    min_font_size = NumericProperty(SMALL)
    auto_height = BooleanProperty(False)
    #: With ``auto_height``: never shorter than this (a button stays finger-sized).
    min_height = NumericProperty(0)

    def __init__(self, **kwargs: object) -> None:
        self._fitted: tuple[object, ...] | None = None
        kwargs.setdefault("halign", "left")
        kwargs.setdefault("valign", "middle")
        super().__init__(**kwargs)
        self.bind(
            size=self._fit,
            text=self._fit,
            max_font_size=self._fit,
            min_font_size=self._fit,
            padding=self._fit,
        )
        if self.auto_height:
            self.size_hint_y = None
        self._fit()

    def on_auto_height(self, _instance: object, value: bool) -> None:
        """Set in a .kv rule (applied after ``__init__``): grow to the text from now on."""
        if value:
            self.size_hint_y = None
            if hasattr(self, "_label"):  # not while Label.__init__ still builds it
                self._fitted = None
                self._fit()

    def _fit(self, *_: object) -> None:
        key = (
            self.width,
            None if self.auto_height else self.height,
            self.text,
            self.max_font_size,
            self.min_font_size,
            tuple(self.padding),
        )
        if key == self._fitted:
            return  # nothing that matters changed (layout passes repeat sizes)
        self._fitted = key
        self.text_size = (self.width, None)
        looks = (*key, self.markup, self.bold, self.italic, self.font_name)
        known = _FITS.get(looks)
        if known is None:
            known = _FITS[looks] = self._search_font_size()
            if len(_FITS) > _FITS_KEPT:
                del _FITS[next(iter(_FITS))]  # the oldest fit
        size, text_height = known
        self.font_size = size
        if self.auto_height:
            # An empty label takes no room (sections of a screen that have nothing now).
            self.height = max(self.min_height, text_height if self.text else 0)

    def _search_font_size(self) -> tuple[float, float]:
        """The largest font size that fits, stepping down 2 px; with the text's height."""
        # Kivy lays text out in text_size minus the padding; the texture includes the padding.
        width = max(1, self.width - self.padding[0] - self.padding[2])
        size = self.max_font_size
        self.font_size = size
        self.texture_update()
        while size > self.min_font_size and (
            longest_word(self) > width
            or (not self.auto_height and self.texture_size[1] > self.height)
        ):
            size = max(self.min_font_size, size - 2)
            self.font_size = size
            self.texture_update()
        return size, self.texture_size[1]


#: Fitted ``(font size, text height)`` by everything a fit depends on. A screen
#: repeats texts in boxes of one size (eight lists of the same 61 tiles, the same
#: tile names every autumn), and laying a text out at each font size to fit it
#: cost more than building the widgets: each text and box is fitted once.
_FITS: dict[tuple[object, ...], tuple[float, float]] = {}
_FITS_KEPT = 4096


def list_button(title: str, detail: str = "", min_height: float = 80) -> BigButton:
    """A wide two-line button of a list (a game, a saved game): bold title, then its detail."""
    return BigButton(
        text=f"[b]{title}[/b]\n{detail}" if detail else f"[b]{title}[/b]",
        markup=True,
        auto_height=True,
        min_height=min_height,
        halign="left",
        max_font_size=22,
        padding=(16, 6),
    )


class FocusRing:
    """The button box's focus ring: a white ring outside a black one, while ``focused``.

    It shows on a plain, a pressed, a selected (green) and a disabled button alike.
    The ring's instructions exist only while the widget is focused: a thick
    :class:`~kivy.graphics.Line` that is not opaque is drawn by Kivy through the
    stencil buffer, and a software renderer (llvmpipe under Xvfb, a Pi without
    its GPU driver) pays about 0.8 ms for each such line even when it is fully
    transparent. Two invisible rings on every button made each frame of the play
    screen cost some 40 ms.
    """

    focused = BooleanProperty(False)
    #: How far the outer (white) and inner (black) rings stand outside the widget, px.
    ring_outset: tuple[float, float] = (5.0, 1.0)

    def on_focused(self, _widget: object, focused: bool) -> None:
        widget: Any = self
        ring: InstructionGroup | None = getattr(self, "_ring", None)
        if focused and ring is None:
            ring = InstructionGroup()
            self._ring = ring
            widget.canvas.after.add(ring)
            widget.bind(pos=self._place_ring, size=self._place_ring)
            self._place_ring()
        elif not focused and ring is not None:
            widget.canvas.after.remove(ring)
            widget.unbind(pos=self._place_ring, size=self._place_ring)
            self._ring = None

    def _place_ring(self, *_args: object) -> None:
        widget: Any = self
        ring: InstructionGroup | None = getattr(self, "_ring", None)
        if ring is None:
            return
        ring.clear()
        x, y, w, h = widget.x, widget.y, widget.width, widget.height
        outer, inner = self.ring_outset
        ring.add(Color(1, 1, 1, 1))
        ring.add(Line(rounded_rectangle=_ring(x, y, w, h, outer, 12), width=3))
        ring.add(Color(0, 0, 0, 1))
        ring.add(Line(rounded_rectangle=_ring(x, y, w, h, inner, 10), width=2))


def _ring(
    x: float, y: float, w: float, h: float, outset: float, radius: float
) -> tuple[float, ...]:
    return (x - outset, y - outset, w + 2 * outset, h + 2 * outset, radius)


class BigButton(FocusRing, ButtonBehavior, FitLabel):
    """A finger-sized button; ``focused`` draws the ring the NEXT button moves."""

    selected = BooleanProperty(False)
    tint = ListProperty([0.22, 0.27, 0.35, 1])

    def __init__(self, **kwargs: object) -> None:
        kwargs.setdefault("halign", "center")
        kwargs.setdefault("max_font_size", 24)
        kwargs.setdefault("padding", (10, 4))
        kwargs.setdefault("min_height", TOUCH)
        # The pressed colour lasts as long as the finger is down, no longer: Kivy's default
        # (0.035 s) kept it after a quick tap and drew one more frame 35 ms after the
        # answer (a stepper's new number) was already on screen.
        kwargs.setdefault("min_state_time", 0)
        super().__init__(**kwargs)


_MARKUP = re.compile(r"\[/?[a-z]+(=[^\]]*)?\]")


def longest_word(label: Label) -> float:
    """Width in px of the widest word of ``label`` at its current font (markup removed).

    Kivy breaks a word that is wider than the label in the middle; a label whose
    longest word is wider than its text width is therefore broken or clipped.
    """
    text = _MARKUP.sub("", label.text) if label.markup else label.text
    words = set(text.split())
    if not words:
        return 0.0
    core = label._label  # the core text provider, configured with the label's font
    widest = max(core.get_extents(word)[0] for word in words)
    return widest * (1.08 if label.markup or label.bold else 1.0)


def walk_visible(root: Widget) -> Iterator[Widget]:
    """Every widget under ``root`` that is drawn (not in a hidden, zero-size branch)."""
    stack = [root]
    while stack:
        widget = stack.pop()
        if widget.opacity == 0 or (widget.disabled and widget.opacity == 0):
            continue
        yield widget
        stack.extend(widget.children)


def clipped_labels(root: Widget, tolerance: float = 1.0) -> list[Label]:
    """Labels whose rendered text is larger than their box (clipped or overflowing).

    A label inside a scroll view may be taller than the view (players scroll),
    but never wider than its own box. Empty labels are ignored.
    """
    bad = []
    for widget in walk_visible(root):
        if not isinstance(widget, Label) or not widget.text.strip():
            continue
        if widget.width < 2 or widget.height < 2:
            continue  # not laid out (hidden)
        widget.texture_update()
        tw, th = widget.texture_size
        too_big = tw > widget.width + tolerance or th > widget.height + tolerance
        pad = widget.padding[0] + widget.padding[2]
        if too_big or longest_word(widget) > widget.width - pad + tolerance:
            bad.append(widget)
    return bad


#: No text on any screen is smaller than this type size (px at 800x480): 18 px type is the
#: smallest whose letters span 16 px, capital top to descender ("Ag"; the board pictures'
#: ``TEXT_MIN`` is the same, tests/ui/test_text_height.py measures both).
MIN_TEXT = 18


def small_labels(root: Widget, minimum: float = MIN_TEXT) -> list[Label]:
    """Visible labels with text drawn smaller than ``minimum`` px."""
    return [
        w
        for w in walk_visible(root)
        if isinstance(w, Label) and w.text.strip() and w.width >= 2 and w.font_size < minimum - 0.5
    ]


def overlapping_labels(root: Widget) -> list[tuple[Label, Label]]:
    """Pairs of visible labels whose boxes overlap on screen (text drawn over text).

    Labels inside a button are the button (a BigButton is itself a label), and
    labels inside a scroll view are compared only with labels of the same view.
    """
    boxes = []
    for w in walk_visible(root):
        if not isinstance(w, Label) or not w.text.strip() or w.width < 2 or w.height < 2:
            continue
        x, y = w.to_window(w.x, w.y)
        boxes.append((w, (x, y, x + w.width, y + w.height), _scroll_of(w)))
    found = []
    for i, (a, (ax0, ay0, ax1, ay1), sa) in enumerate(boxes):
        for b, (bx0, by0, bx1, by1), sb in boxes[i + 1 :]:
            if sa is not sb or a in b.walk() or b in a.walk():
                continue
            if min(ax1, bx1) - max(ax0, bx0) > 2 and min(ay1, by1) - max(ay0, by0) > 2:
                found.append((a, b))
    return found


def text_right(label: Label) -> float:
    """Where ``label``'s widest line of text ends, in its parent's coordinates.

    A label draws its texture centred on itself; with a text width set the
    texture is that wide and each line sits in it by ``halign``.
    """
    label.texture_update()
    width = label.texture_size[0]
    left = label.center_x - width / 2
    if label.text_size[0] is None:
        return left + width - label.padding[2]
    lines = getattr(label._label, "_cached_lines", None) or []
    widest = max((line.w for line in lines), default=width)
    if label.halign == "right":
        return left + width - label.padding[2]
    if label.halign == "center":
        return left + width / 2 + widest / 2
    return left + label.padding[0] + widest


def under_scroll_bar(root: Widget, tolerance: float = 1.0) -> list[Label]:
    """Labels whose text reaches under a scroll view's bar while it shows: it hides letters.

    A vertical scroll view draws its bar over the right-hand ``bar_width`` pixels of
    its content (plus ``bar_margin`` from the edge) whenever the content is taller
    than the view, so the content keeps that strip free with its right padding.
    """
    bad = []
    for widget in walk_visible(root):
        if not isinstance(widget, Label) or not widget.text.strip() or widget.width < 2:
            continue
        scroll = _scroll_of(widget)
        if scroll is None or not scroll.do_scroll_y or not scroll.children:
            continue
        if scroll.children[0].height <= scroll.height:
            continue  # everything fits: no bar is drawn
        bar = scroll.right - scroll.bar_width - scroll.bar_margin
        bar_left, _y = scroll.to_window(bar, scroll.y)
        right, _y = widget.to_window(text_right(widget), widget.y)
        if right > bar_left + tolerance:
            bad.append(widget)
    return bad


def _scroll_of(widget: Widget) -> Widget | None:
    parent = widget.parent
    while parent is not None and parent is not parent.parent:
        if isinstance(parent, ScrollView):
            return parent
        parent = parent.parent
    return None


def outside_parent(root: Widget) -> list[Widget]:
    """Widgets that stick out of the window (overlapping the screen edge)."""
    from kivy.core.window import Window

    bad = []
    for widget in walk_visible(root):
        if widget.width < 2 or widget.height < 2 or _in_scroll(widget):
            continue
        x, y = widget.to_window(widget.x, widget.y)
        if (
            x < -1
            or y < -1
            or x + widget.width > Window.width + 1
            or y + widget.height > Window.height + 1
        ):
            bad.append(widget)
    return bad


def _in_scroll(widget: Widget) -> bool:
    return _scroll_of(widget) is not None


def stencil_lines(root: Widget) -> list[tuple[Widget, float, float]]:
    """Thick lines drawn not opaque: ``(widget, width, alpha)`` for each under ``root``.

    Kivy draws a :class:`~kivy.graphics.Line` wider than 1 px whose colour is not
    opaque through the stencil buffer (to blend its joints once); a software
    renderer pays about 1 ms for each, even fully transparent, so a screen with a
    few dozen of them draws every frame tens of ms late. Screens should have none.
    """
    found: list[tuple[Widget, float, float]] = []

    def visit(widget: Widget, group: Any, alpha: float) -> float:
        children = {id(child.canvas) for child in widget.children}
        for instruction in group.children:
            if isinstance(instruction, Color):
                alpha = instruction.a
            elif isinstance(instruction, Line):
                if instruction.width != 1 and alpha < 1:
                    found.append((widget, float(instruction.width), float(alpha)))
            elif isinstance(instruction, InstructionGroup) and id(instruction) not in children:
                alpha = visit(widget, instruction, alpha)  # (a child's canvas is the child's)
        return alpha

    for widget in walk_visible(root):
        alpha = 1.0
        for group in (widget.canvas.before, widget.canvas, widget.canvas.after):
            if group is not None:
                alpha = visit(widget, group, alpha)
    return found
