"""The base of every screen: a NEXT-button focus in reading order, and scrolling into view.

:class:`AppScreen` is what every screen of :mod:`ui.app.screens` (and the component
screens) is; :func:`scroll_to` brings a widget into its scroll view, and
:func:`reading_place` orders buttons top to bottom, left to right, as if unscrolled,
so NEXT never jumps about after a scroll.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kivy.uix.screenmanager import Screen
from kivy.uix.widget import Widget

from ui.app.widgets import BigButton

if TYPE_CHECKING:
    from ui.app.controller import AppController


class AppScreen(Screen):
    """A screen that renders from the controller and moves a NEXT-button focus."""

    focus_index = -1

    @property
    def controller(self) -> AppController:
        from kivy.app import App

        return App.get_running_app().controller  # type: ignore[no-any-return,union-attr]

    def render(self) -> None:
        """Fill the screen from the controller's current view data."""

    def update_field(self, key: str) -> None:
        """One field's value or the button box's focus changed (screens with fields)."""

    def shown(self) -> None:
        """The app has just made this the current screen (start timers here)."""

    def hidden(self) -> None:
        """The app is leaving this screen or closing (stop timers here)."""

    # -- NEXT / CONFIRM on menu screens ---------------------------------------------

    def focusables(self) -> list[BigButton]:
        """The buttons NEXT visits, in reading order that does not change with scrolling.

        A button inside a scroll view is placed by where it sits in the scrolled
        content (as if scrolled to the top), so scrolling never reorders them: NEXT
        once skipped the set-up screen's difficulty "+" after a scroll.
        """
        found = [
            w
            for w in self.walk(restrict=True)
            if isinstance(w, BigButton) and not w.disabled and w.opacity > 0 and w.width > 1
        ]
        found.sort(key=reading_place)
        return found

    def focus_next(self) -> None:
        buttons = self.focusables()
        current = next((i for i, b in enumerate(buttons) if b.focused), None)
        for button in buttons:
            button.focused = False
        if not buttons:
            return
        self.focus_index = 0 if current is None else (current + 1) % len(buttons)
        buttons[self.focus_index].focused = True
        scroll_to(buttons[self.focus_index])

    def activate_focused(self) -> bool:
        buttons = [b for b in self.focusables() if b.focused]
        if not buttons:
            return False
        buttons[0].trigger_action(duration=0)
        return True

    def reset_focus(self) -> None:
        self.focus_index = -1
        for button in self.focusables():
            button.focused = False


def reading_place(widget: Widget) -> tuple[int, int, int]:
    """Where ``widget`` comes in reading order: top to bottom, left to right, unscrolled.

    Inside a scroll view the place is the scroll view's top, then the widget's
    place from the top of the scrolled content: the same at any scroll position.
    """
    from kivy.uix.scrollview import ScrollView

    x, y = widget.to_window(*widget.center)
    parent = widget.parent
    while parent is not None and parent is not parent.parent:
        if isinstance(parent, ScrollView) and parent.children:
            content = parent.children[0]
            _cx, inside = content.to_widget(x, y)  # the frame the content moves in
            top = parent.to_window(parent.x, parent.top)[1]
            return (-round(top), round(content.top - inside), round(x))
        parent = parent.parent
    return (-round(y), 0, round(x))


def scroll_to(widget: Widget | None, top: bool = False, padding: int = 10) -> None:
    """Scroll the scroll view holding ``widget`` until it is in view (``top``: its top at the
    top of the view, as for a widget taller than the view; ``padding`` px of room kept)."""
    from kivy.uix.scrollview import ScrollView

    if widget is None:
        return
    parent = widget.parent
    while parent is not None and parent is not parent.parent:
        if isinstance(parent, ScrollView):
            if (top or widget.height > parent.height - 20) and parent.children:
                _show_top(parent, widget, padding)  # taller than the view: label and refusal
            else:
                parent.scroll_to(widget, padding=padding, animate=False)
            return
        parent = parent.parent


def _show_top(scroll: Any, widget: Widget, padding: int = 10) -> None:
    """Scroll so that ``widget``'s top (its label, its refusal) is at the top of the view."""
    content = scroll.children[0]
    room = content.height - scroll.height
    if room <= 0:
        return
    top = widget.to_window(widget.x, widget.top)[1]
    view_top = scroll.to_window(scroll.x, scroll.top)[1] - padding
    # Raising scroll_y by d moves the content down by d * room.
    scroll.scroll_y = min(1.0, max(0.0, scroll.scroll_y + (top - view_top) / room))
