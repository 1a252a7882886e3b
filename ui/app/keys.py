"""Keyboard stand-ins for the physical buttons (documented in docs/ui.md).

=================  =========
key                button
=================  =========
N, Right, Tab      NEXT
Space, Enter       CONFIRM
U, Backspace       UNDO (press)
M                  UNDO held: the menu
B                  BOT
H                  the history (no button: the menu's first entry)
S                  settings (no button)
C                  camera screen (no button)
=================  =========
"""

from __future__ import annotations

#: Kivy key codes (``Window.on_key_down``'s ``key``) and the button event each stands for.
KEY_EVENTS: dict[int, str] = {
    ord("n"): "next",
    275: "next",  # Right arrow
    9: "next",  # Tab
    32: "confirm",  # Space
    13: "confirm",  # Enter
    271: "confirm",  # keypad Enter
    ord("u"): "undo",
    8: "undo",  # Backspace
    ord("h"): "history",
    ord("b"): "bot",
    ord("m"): "menu",
    ord("s"): "settings",
    ord("c"): "camera",
}

#: The events the hardware button panel sends (``menu``: UNDO held).
BUTTON_EVENTS = ("next", "confirm", "undo", "bot", "menu")


def event_for_key(key: int) -> str | None:
    """The button event a key stands for, or None."""
    return KEY_EVENTS.get(key)
