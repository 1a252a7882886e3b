"""The widget that shows a board scene: caption, drawing, and the facts list.

:class:`Drawing` paints in its own coordinates (a ``Translate`` follows the
widget's position), so moving it redraws nothing; it repaints only when the
scene, the marks, the language or its size change. A tap on a place of the
marked layer dispatches ``on_place(layer, place_id)``.
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

from kivy.graphics import Canvas, PopMatrix, PushMatrix, Translate
from kivy.properties import DictProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.scrollview import ScrollView
from kivy.uix.widget import Widget

from rules.text import Translator
from ui.app.presenters import tr_msg
from ui.app.widgets import FitLabel
from ui.painters import NO_MARKS, Marks, Picture, min_height, paint
from ui.painters.places import bound_fields, hit, live_fact

FACT_ROW = 30
#: Beside a drawing, the facts list is at most this high (it scrolls beyond).
FACTS_UNDER_DRAWING = 96


class Drawing(Widget):
    """The canvas a painter draws on; repainted only when what it shows changes."""

    __events__ = ("on_place",)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.scene: dict[str, Any] = {}
        self.tr: Translator = lambda s: s
        self.marks: Marks = NO_MARKS
        #: What the last paint drew (places and text boxes), in the widget's own coordinates.
        self.picture = Picture({}, (), ())
        #: How many times the picture was actually painted (the cache skips the rest).
        self.paints = 0
        self._painted: tuple[Any, ...] | None = None
        self._scene_key = ""
        self._shift = Translate(0, 0)
        self._group = Canvas()  # the picture, in the widget's own coordinates
        for instruction in (PushMatrix(), self._shift, self._group, PopMatrix()):
            self.canvas.add(instruction)
        self.bind(pos=self._move, size=self.redraw)

    def show(self, scene: dict[str, Any], tr: Translator, marks: Marks = NO_MARKS) -> None:
        self.scene = scene
        self._scene_key = json.dumps(scene, sort_keys=True, default=str)
        self.tr = tr
        # Only the values of fields the scene mirrors matter: other steppers repaint nothing.
        mirrored = bound_fields(scene)
        self.marks = replace(marks, values={k: v for k, v in marks.values.items() if k in mirrored})
        self.redraw()

    def _move(self, *_: Any) -> None:
        self._shift.xy = (self.x, self.y)

    def redraw(self, *_: Any) -> None:
        key = (
            self._scene_key,
            self.marks.key(),
            self.marks.values_key(),
            self.tr,  # the language: bound gettext methods compare equal per catalogue
            round(self.width),
            round(self.height),
        )
        self._move()
        if key == self._painted or self.width < 10 or self.height < 10:
            return  # unchanged, or folded away for a while: its drawing kept for its return
        self._painted = key
        self._group.clear()
        self.picture = Picture({}, (), ())
        if not self.scene or self.width < 10 or self.height < 10:
            return
        self.paints += 1
        self.picture = paint(
            self._group, (0, 0, self.width, self.height), self.scene, self.tr, self.marks
        )

    def picture_box(self) -> tuple[float, float, float, float]:
        """The picture's box in its own coordinates (the legibility check's frame)."""
        return (0.0, 0.0, float(self.width), float(self.height))

    def on_touch_down(self, touch: Any) -> bool:
        layer = self.marks.layer
        if layer is None or not self.collide_point(*touch.pos):
            return bool(super().on_touch_down(touch))
        ident = hit(self.picture.layers, layer, touch.x - self.x, touch.y - self.y)
        if ident is None:
            return bool(super().on_touch_down(touch))
        self.dispatch("on_place", layer, ident)
        return True

    def on_place(self, layer: str, place_id: str) -> None:
        """A place of the marked layer was tapped (bind to it; legal or not)."""


class SceneView(BoxLayout):
    """Caption on top, the painter's drawing, then the scene's facts (label: value)."""

    scene = DictProperty({})

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("orientation", "vertical")
        kwargs.setdefault("spacing", 2)
        super().__init__(**kwargs)
        self.caption = FitLabel(size_hint_y=None, height=30, max_font_size=20, bold=True)
        self.drawing = Drawing()
        self.facts = GridLayout(cols=2, size_hint_y=None, spacing=(6, 2))
        self.facts.bind(minimum_height=self.facts.setter("height"))
        self.facts_scroll = ScrollView(do_scroll_x=False, size_hint_y=None, height=0, bar_width=6)
        self.facts_scroll.add_widget(self.facts)
        for widget in (self.caption, self.drawing, self.facts_scroll):
            self.add_widget(widget)
        self._facts_key: tuple[Any, ...] | None = None
        self._facts_count = 0
        self.bind(size=self._share)

    def show(self, scene: dict[str, Any], tr: Translator, marks: Marks = NO_MARKS) -> None:
        self.scene = dict(scene or {})
        self.caption.text = tr_msg(self.scene.get("title"), tr) if self.scene else ""
        facts = [
            (fact[0], live_fact(fact[2], fact[1], marks.values) if len(fact) > 2 else fact[1])
            for fact in (self.scene.get("facts", []) if self.scene else [])
        ]
        only_facts = self.scene.get("kind") in (None, "facts") and not self.scene.get("parts")
        facts_key = (json.dumps(facts, default=str), tr, only_facts)
        if facts_key != self._facts_key:  # rebuilding the labels is the slow part
            self._facts_key = facts_key
            self.facts.clear_widgets()
            for label, value in facts:
                self.facts.add_widget(
                    FitLabel(text=tr_msg(label, tr), max_font_size=20, auto_height=True)
                )
                self.facts.add_widget(
                    FitLabel(text=tr_msg(value, tr), max_font_size=22, bold=True, auto_height=True)
                )
            self._facts_count = len(facts)
            self.facts_scroll.scroll_y = 1
        self.drawing.size_hint_y = 0.001 if only_facts else 1
        self._share()
        self.drawing.show(self.scene, tr, marks)

    def _share(self, *_: Any) -> None:
        """Give the drawing the height it needs to stay legible; the facts get the rest."""
        if self.drawing.size_hint_y != 1:  # the facts are the whole picture: all the room
            self.facts_scroll.size_hint_y = 1
            return
        self.facts_scroll.size_hint_y = None
        room = self.height - self.caption.height - 2 * self.spacing
        spare = room - min_height(self.scene, self.width)
        wanted = min(self._facts_count * FACT_ROW, FACTS_UNDER_DRAWING)
        self.facts_scroll.height = max(0.0, min(wanted, spare))
