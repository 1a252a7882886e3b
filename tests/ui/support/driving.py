"""Helpers for GUI tests: real touches and key presses into the real window."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kivy.core.window import Window
from kivy.tests.common import UnitTestTouch
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from ui.app.harness import pump
from ui.app.main import TablesideApp

KEYS = {
    "n": ord("n"),
    "enter": 13,
    "space": 32,
    "u": ord("u"),
    "backspace": 8,
    "h": ord("h"),
    "b": ord("b"),
    "escape": 27,
    "s": ord("s"),
    "c": ord("c"),
    "m": ord("m"),
}


def screen(app: TablesideApp) -> Any:
    return app.manager.current_screen


def visible_texts(app: TablesideApp) -> list[str]:
    """Texts of every label on the current screen and the status bar."""
    roots = [screen(app), app.root.ids.status]
    out = []
    for root in roots:
        for widget in root.walk(restrict=True):
            if isinstance(widget, Label) and widget.text and widget.opacity > 0:
                out.append(widget.text)
    return out


def shown(app: TablesideApp, text: str) -> bool:
    return any(text in t for t in visible_texts(app))


def find(app: TablesideApp, match: Callable[[Widget], bool]) -> Widget:
    for widget in screen(app).walk(restrict=True):
        if match(widget):
            return widget
    raise AssertionError(f"no widget matches on screen {app.manager.current}")


def button_with_text(app: TablesideApp, text: str) -> Widget:
    from ui.app.widgets import BigButton

    return find(app, lambda w: isinstance(w, BigButton) and text in w.text and not w.disabled)


def keyed(app: TablesideApp, key: str) -> Widget:
    return find(app, lambda w: getattr(w, "field_key", None) == key)


def tap(widget: Widget) -> None:
    """A finger tap at the widget's centre, dispatched through the window.

    Like a finger, it can only tap what is visible: a widget inside a scroll
    view is scrolled into view first.
    """
    from kivy.uix.scrollview import ScrollView

    pump(1)
    parent = widget.parent
    seen: set[int] = set()  # the Window is its own parent: stop at the top
    while parent is not None and not isinstance(parent, ScrollView) and id(parent) not in seen:
        seen.add(id(parent))
        parent = parent.parent
    if not isinstance(parent, ScrollView):
        parent = None
    # A RecycleView's rows are what is in view (Kivy's Factory loads that class from
    # kivy.uix.recycleview.__init__, a second module object: compare by name).
    if parent is not None and type(parent).__name__ != "RecycleView":
        parent.scroll_to(widget, padding=10, animate=False)
        pump(2)
    x, y = widget.to_window(*widget.center)
    touch = UnitTestTouch(x, y)
    touch.touch_down()
    touch.touch_up()
    pump(3)


def press(key: str) -> None:
    Window.dispatch("on_key_down", KEYS[key], 0, None, [])
    pump(3)


def confirm_as_shown(app: TablesideApp, do: Callable[[], None], most: int = 12) -> int:
    """CONFIRM by ``do`` (a key, a GPIO press, a tap on Confirm) as players do when it first
    shows a field out of view that starts with a value (ui/app/look_first.py): again until
    the step is taken or refused. Returns the presses it took."""
    from ui.app.harness import pump
    from ui.app.look_first import looking

    for presses in range(1, most + 1):
        do()
        pump(3)  # the field scrolled into view is measured as seen
        if not looking(app.controller.error):
            return presses
    raise AssertionError("CONFIRM kept showing fields out of view")


def play_to(app: TablesideApp, scripted: Any, step: str | Callable[[Any], bool]) -> Any:
    """Start a scripted table's game (``ui.benchmarks.tables``) and answer its steps until
    ``step`` is on screen (a step name, or a test of the prompt); a table that follows the
    bot's moves is told them. The session."""
    c = app.controller
    c.choose_game(scripted.GAME)
    c.setup_form.values.update(scripted.OPTIONS)
    c.start_game(seed=scripted.SEED)
    table = scripted.Table()
    session = c.service.session
    observe = getattr(table, "observe", None)
    reached = step if callable(step) else lambda prompt: prompt.step == step
    while not reached(session.prompt()):
        prompt = session.prompt()
        values = table.answer(prompt, session.state)
        c.service.answer(values)
        if observe is not None:
            observe(prompt, values, session.last_decision)
    c._enter_current()
    pump(3)
    return session
