"""UNDO held has one name from the hardware to the screen (issue 25 item 6): ``menu``.

The panel's events reach the app's table of button actions unchanged (the bridge
renames nothing), and every event the panel can send has an action there.
"""

from __future__ import annotations

from hardware.panel import EVENTS
from ui.app import hardware_bridge
from ui.app.buttons import BUTTONS
from ui.app.keys import BUTTON_EVENTS, event_for_key


def test_undo_held_is_the_menu_everywhere() -> None:
    assert EVENTS[("undo", "hold")] == "menu"
    assert event_for_key(ord("m")) == "menu"
    assert "menu" in BUTTON_EVENTS and "history" not in BUTTON_EVENTS


def test_every_panel_event_has_an_action_under_its_own_name() -> None:
    assert set(EVENTS.values()) == set(BUTTON_EVENTS)
    assert set(BUTTON_EVENTS) <= set(BUTTONS)
    assert "BOX_EVENTS" not in vars(hardware_bridge)  # no renaming on the way
