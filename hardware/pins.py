"""Choosing the gpiozero pin factory: real GPIO on a Pi, mock pins anywhere else.

On a Raspberry Pi (Pi 5 included) the factory is gpiozero's
``LGPIOFactory``, which talks to ``/dev/gpiochipN``. gpiozero 2.0.1 as
released in 2024 opened gpiochip4 on every Pi 5, which no longer exists
since Raspberry Pi kernel 6.6.45 renamed the header's RP1 chip to gpiochip0
(gpiozero issue #1166); this project locks gpiozero 2.0.1.post3, whose
``LGPIOFactory`` opens gpiochip4 only where it exists and honours an explicit
``chip`` (see docs/hardware.md).

Anywhere else, or when lgpio is missing or the chip cannot be opened, the
devices run on gpiozero's ``MockFactory`` and the description says so; the
app shows it in its status bar. Choosing never raises.

lgpio creates notification pipes in the current directory when imported,
so the working directory must be writable (the kiosk unit runs in
``/run/tableside``).

``TABLESIDE_GPIO=mock`` forces mock pins; ``TABLESIDE_GPIOCHIP=N`` picks the
gpiochip by number.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Mapping
from functools import cache
from pathlib import Path

from gpiozero import Factory
from gpiozero.pins.mock import MockFactory

from rules.text import Msg, msg

log = logging.getLogger(__name__)


def choose_pin_factory(
    env: Mapping[str, str] | None = None, dev: Path = Path("/dev")
) -> tuple[Factory, Msg]:
    """Return ``(factory, description)``; the description is for the status bar.

    ``env`` and ``dev`` default to the process environment and ``/dev``
    (tests pass their own).
    """
    env = os.environ if env is None else env
    if env.get("TABLESIDE_GPIO", "").lower() == "mock":
        return MockFactory(), msg("Simulated buttons (TABLESIDE_GPIO=mock)")
    if not any(dev.glob("gpiochip*")):
        return MockFactory(), msg("Simulated buttons (no GPIO found)")
    if not _cwd_writable():
        # lgpio creates its notification pipes in the current directory on import.
        log.warning("lgpio needs a writable working directory; this one is not")
        return MockFactory(), msg("Simulated buttons (GPIO needs a writable working directory)")
    chip_text = env.get("TABLESIDE_GPIOCHIP", "").strip()
    try:
        from gpiozero.pins.lgpio import LGPIOFactory

        factory = LGPIOFactory(chip=int(chip_text)) if chip_text else LGPIOFactory()
    except ImportError:
        log.warning("lgpio is not installed; install it with: sudo apt-get install python3-lgpio")
        return MockFactory(), msg("Simulated buttons (lgpio not installed)")
    except Exception as exc:  # any failure to open GPIO must leave the app running
        log.warning("cannot open GPIO with lgpio (%s); using simulated buttons", exc)
        return MockFactory(), msg("Simulated buttons (GPIO unavailable: {reason})", reason=str(exc))
    return factory, msg("GPIO buttons (gpiochip{chip})", chip=factory.chip)


def _cwd_writable() -> bool:
    try:
        return os.access(os.getcwd(), os.W_OK)
    except OSError:  # the working directory was deleted
        return False


@cache
def shared_pin_factory() -> Factory:
    """One factory per process, for devices created without an explicit factory."""
    return choose_pin_factory()[0]
