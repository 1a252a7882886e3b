"""Pressing the buttons without hands: mock pins driven like a person would.

For keyboard stand-ins in the desktop window and for tests. The pins go
through the same gpiozero devices, debounce and hold logic as real buttons,
so holding a key for UNDO opens the menu just as holding the button does::

    keys = SimulatedButtons(factory, pin_map)   # factory: the panel's MockFactory
    keys.down("undo"); ...; keys.up("undo")     # on key down / key up
    keys.press("next")                          # a full press (blocks ~0.1 s)
"""

from __future__ import annotations

import time

from gpiozero.pins.mock import MockFactory, MockPin

from hardware.config import BUTTON_NAMES, PinMap


class SimulatedButtons:
    """Drive the buttons' mock pins: pressed pulls the pin low, as the wiring does."""

    def __init__(self, factory: MockFactory, pin_map: PinMap) -> None:
        if not isinstance(factory, MockFactory):
            raise TypeError("simulated buttons need gpiozero's MockFactory (not real GPIO)")
        self.factory = factory
        self.pin_map = pin_map

    def down(self, name: str) -> None:
        self._pin(name).drive_low()

    def up(self, name: str) -> None:
        self._pin(name).drive_high()

    def press(self, name: str, seconds: float | None = None) -> None:
        """Press and release; ``seconds`` defaults to a short tap (3x the debounce time)."""
        self.down(name)
        time.sleep(3 * self.pin_map.debounce_s if seconds is None else seconds)
        self.up(name)
        time.sleep(2 * self.pin_map.debounce_s)

    def hold(self, name: str) -> None:
        """Press for longer than the hold time (UNDO: open the menu)."""
        self.press(name, self.pin_map.hold_s + 3 * self.pin_map.debounce_s)

    def _pin(self, name: str) -> MockPin:
        if name not in BUTTON_NAMES:
            raise ValueError(
                f"button: unknown '{name}' (expected one of {', '.join(BUTTON_NAMES)})"
            )
        return self.factory.pin(self.pin_map.buttons[name])
