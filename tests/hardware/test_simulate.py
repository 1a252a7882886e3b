"""SimulatedButtons: keyboard stand-ins that go through the real panel on mock pins."""

from __future__ import annotations

import threading

import pytest

from hardware.config import parse_pin_map
from hardware.panel import ButtonPanel
from hardware.simulate import SimulatedButtons


def test_presses_and_hold_reach_the_panel(factory):
    pin_map = parse_pin_map("[timing]\ndebounce_ms = 10\nhold_ms = 200\n")
    events: list[str] = []
    got_all = threading.Event()

    def on_event(event: str) -> None:
        events.append(event)
        if len(events) == 3:
            got_all.set()

    with ButtonPanel(pin_map, on_event, factory):
        keys = SimulatedButtons(factory, pin_map)
        keys.press("next")
        keys.press("undo")
        keys.hold("undo")
        assert got_all.wait(3.0)
    assert events == ["next", "undo", "menu"]


def test_key_down_and_up_is_a_press(factory, pin_map):
    keys = SimulatedButtons(factory, pin_map)
    keys.down("bot")
    assert factory.pin(pin_map.buttons["bot"]).state is False  # pulled low, like the switch
    keys.up("bot")
    assert factory.pin(pin_map.buttons["bot"]).state is True


def test_refuses_real_gpio_and_unknown_buttons(factory, pin_map):
    with pytest.raises(TypeError):
        SimulatedButtons(object(), pin_map)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="unknown 'skip'"):
        SimulatedButtons(factory, pin_map).down("skip")
