"""The status LED and the tray LEDs.

The status LED is one RGB LED (or three single LEDs on the same three pins),
driven on/off without PWM so any GPIO works. Each status has its own colour
*and* its own rhythm, so players who cannot tell red from green can still
read it:

========  =======  ======================================
status    colour   pattern
========  =======  ======================================
idle      green    steady
waiting   amber    slow blink (1 s on, 1 s off)
thinking  blue     blink (0.4 s on, 0.4 s off)
error     red      fast flash (0.15 s on, 0.15 s off)
differs   magenta  long on, short off (1.2 s on, 0.3 s off)
========  =======  ======================================

Amber is red and green together, magenta red and blue. ``differs``: the
camera sees the table differ from what the bot's instructions said (the
closed loop, ``ui/app/table_check.py``). Blinking runs on a gpiozero background
thread; :meth:`StatusLights.show` may be called from any thread.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from types import MappingProxyType

from gpiozero import LED, RGBLED, Factory

from hardware.config import PinMap
from hardware.pins import shared_pin_factory

Colour = tuple[int, int, int]


@dataclass(frozen=True)
class Pattern:
    """A colour, steady (``on_s`` is ``None``) or blinking ``on_s`` on, ``off_s`` off."""

    colour: Colour
    on_s: float | None = None
    off_s: float | None = None


PATTERNS = MappingProxyType(
    {
        "idle": Pattern((0, 1, 0)),
        "waiting": Pattern((1, 1, 0), 1.0, 1.0),
        "thinking": Pattern((0, 0, 1), 0.4, 0.4),
        "error": Pattern((1, 0, 0), 0.15, 0.15),
        "differs": Pattern((1, 0, 1), 1.2, 0.3),
    }
)
STATUSES = tuple(PATTERNS)


class StatusLights:
    """Shows the game's status on the RGB LED and lights the chosen tray's LED."""

    def __init__(self, pin_map: PinMap, pin_factory: Factory | None = None) -> None:
        factory = pin_factory if pin_factory is not None else shared_pin_factory()
        self._lock = threading.Lock()
        self.status: str | None = None
        self.tray: int | None = None
        self._trays: list[LED] = []
        self._rgb = RGBLED(
            pin_map.status_led["red"],
            pin_map.status_led["green"],
            pin_map.status_led["blue"],
            active_high=pin_map.status_active_high,
            pwm=False,
            pin_factory=factory,
        )
        try:
            for pin in pin_map.tray_leds:
                self._trays.append(
                    LED(pin, active_high=pin_map.tray_active_high, pin_factory=factory)
                )
        except BaseException:
            self.close()
            raise

    @property
    def has_tray_leds(self) -> bool:
        return bool(self._trays)

    def show(self, status: str) -> None:
        """Show ``"idle"``, ``"thinking"``, ``"waiting"``, ``"error"`` or ``"differs"``."""
        if status not in PATTERNS:
            raise ValueError(f"status: unknown '{status}' (expected one of {', '.join(STATUSES)})")
        pattern = PATTERNS[status]
        with self._lock:
            if self._rgb.closed:
                return
            if pattern.on_s is None:
                self._rgb.value = pattern.colour  # also stops any blinking
            else:
                self._rgb.blink(
                    on_time=pattern.on_s,
                    off_time=pattern.off_s,
                    on_color=pattern.colour,
                    off_color=(0, 0, 0),
                )
            self.status = status

    def light_tray(self, side: int | None) -> None:
        """Light the LED of control-board side ``side`` (0-5) alone; ``None`` turns all off.

        Does nothing when the pin map has no tray LEDs.
        """
        if side is not None and (isinstance(side, bool) or side not in range(6)):
            raise ValueError(f"side: must be 0-5 or None, not {side!r}")
        with self._lock:
            for index, led in enumerate(self._trays):
                if index == side:
                    led.on()
                else:
                    led.off()
            self.tray = side

    def close(self) -> None:
        """Turn everything off and release the pins (safe to call twice)."""
        with self._lock:
            for device in (self._rgb, *self._trays):
                if not device.closed:
                    device.off()
                    device.close()
