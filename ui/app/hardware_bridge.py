"""The buttons and LEDs, when the hardware package is there; graceful without it.

Uses exactly: ``hardware.pins.choose_pin_factory() -> (factory, description)``,
``hardware.config.load_pin_map(path | None)``,
``hardware.panel.ButtonPanel(pin_map, on_event, pin_factory=...)`` with the
events ``next``, ``confirm``, ``undo``, ``menu`` (UNDO held), ``bot``
(the names :data:`ui.app.buttons.BUTTONS` acts on, unchanged),
``hardware.lights.StatusLights(pin_map, pin_factory=...)`` with
``show(state)``, ``light_tray(side | None)``, ``close()``, and
``hardware.watchdog.Watchdog`` with ``ready()``, ``ping()``, ``stopping()``.
Button events arrive on gpiozero threads and are handed to the Kivy main
thread (:mod:`ui.app.handoff`).
"""

from __future__ import annotations

import importlib
import logging
from collections.abc import Callable
from typing import Any

from rules.text import Msg
from ui.app.handoff import on_main_thread
from ui.i18n import _

log = logging.getLogger(__name__)


class HardwareBridge:
    """Buttons, status LED, tray LEDs and the systemd watchdog, each optional."""

    def __init__(self, deliver: Callable[[str], None], pin_map_path: str | None = None) -> None:
        self.panel: Any = None
        self.lights: Any = None
        self.description: Msg = _("Buttons: keyboard only")
        self._last_status: str | None = None
        self._last_tray: object = object()
        try:
            pins = importlib.import_module("hardware.pins")
            config = importlib.import_module("hardware.config")
            panel = importlib.import_module("hardware.panel")
            lights = importlib.import_module("hardware.lights")
        except ImportError:
            return  # the hardware package is not installed: keyboard stand-ins only
        try:
            factory, description = pins.choose_pin_factory()
            pin_map = config.load_pin_map(pin_map_path or None)
            self.panel = panel.ButtonPanel(
                pin_map,
                on_main_thread(deliver),
                pin_factory=factory,
            )
            self.lights = lights.StatusLights(pin_map, pin_factory=factory)
            self.description = description  # a Msg: says "buttons" itself, translated late
        except Exception as exc:  # a wiring or config problem must not stop the app
            log.warning("buttons and lights unavailable: %s", exc)
            self.description = _("Buttons: unavailable ({reason})", reason=str(exc))

    def show(self, status: str) -> None:
        """``idle`` | ``thinking`` | ``waiting`` | ``error`` | ``differs`` on the status LED
        (only on change)."""
        if self.lights is None or status == self._last_status:
            return
        self._last_status = status
        try:
            self.lights.show(status)
        except Exception as exc:  # pragma: no cover - hardware failure
            log.warning("status LED: %s", exc)

    def light_tray(self, side: int | None) -> None:
        if self.lights is None or side == self._last_tray:
            return
        self._last_tray = side
        try:
            self.lights.light_tray(side)
        except Exception as exc:  # pragma: no cover - hardware failure
            log.warning("tray LEDs: %s", exc)

    def close(self) -> None:
        for device in (self.panel, self.lights):
            close = getattr(device, "close", None)
            if close is not None:
                try:
                    close()
                except Exception as exc:  # pragma: no cover
                    log.warning("closing %s: %s", device, exc)


def make_watchdog() -> Any:
    """The systemd watchdog notifier, or None without the hardware package."""
    try:
        watchdog = importlib.import_module("hardware.watchdog")
    except ImportError:
        return None
    return watchdog.Watchdog()
