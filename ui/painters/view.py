"""The widget that shows a board scene: caption, drawing, and the facts list."""

from __future__ import annotations

from typing import Any

from kivy.properties import DictProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.scrollview import ScrollView
from kivy.uix.widget import Widget

from rules.text import Translator
from ui.app.presenters import tr_msg
from ui.app.widgets import FitLabel
from ui.painters import painter_for

FACT_ROW = 30
#: Beside a drawing, the facts list is at most this high (it scrolls beyond).
FACTS_UNDER_DRAWING = 96


class Drawing(Widget):
    """The canvas a painter draws on; redrawn whenever its size or scene changes."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.scene: dict[str, Any] = {}
        self.tr: Translator = lambda s: s
        self.bind(pos=self.redraw, size=self.redraw)

    def redraw(self, *_: Any) -> None:
        self.canvas.clear()
        if not self.scene or self.width < 10 or self.height < 10:
            return
        painter_for(self.scene.get("kind"))(
            self.canvas, (self.x, self.y, self.width, self.height), self.scene, self.tr
        )


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

    def show(self, scene: dict[str, Any], tr: Translator) -> None:
        self.scene = dict(scene or {})
        self.caption.text = tr_msg(self.scene.get("title"), tr) if self.scene else ""
        self.facts.clear_widgets()
        facts = self.scene.get("facts", []) if self.scene else []
        only_facts = self.scene.get("kind") in (None, "facts")
        for label, value in facts:
            self.facts.add_widget(
                FitLabel(text=tr_msg(label, tr), max_font_size=20, auto_height=True)
            )
            self.facts.add_widget(
                FitLabel(text=tr_msg(value, tr), max_font_size=22, bold=True, auto_height=True)
            )
        if only_facts:  # the facts are the whole picture: they get all the room
            self.facts_scroll.size_hint_y = 1
        else:
            self.facts_scroll.size_hint_y = None
            self.facts_scroll.height = min(len(facts) * FACT_ROW, FACTS_UNDER_DRAWING)
        self.facts_scroll.scroll_y = 1
        self.drawing.size_hint_y = 0.001 if only_facts else 1
        self.drawing.scene = self.scene
        self.drawing.tr = tr
        self.drawing.redraw()
