"""Give freed memory back to the system once the screen is at rest.

Every step builds and drops label textures and widgets; glibc's allocator keeps
the freed pieces in its heaps, so the resident size creeps up by tens of MB
that nothing uses (measured: 240 MB after 30 Marauders steps, 206 MB after
``malloc_trim``). :class:`IdleTrim` calls ``malloc_trim(0)`` once the app has
been idle for :data:`IDLE_SECONDS` after a change: never during a press (it
takes some 10-50 ms), and not at all where there is no glibc.
"""

from __future__ import annotations

import ctypes
import ctypes.util
from typing import Any

IDLE_SECONDS = 2.0


def _trimmer() -> Any:
    name = ctypes.util.find_library("c")
    if not name:
        return None
    try:
        libc = ctypes.CDLL(name)
        return libc.malloc_trim
    except (OSError, AttributeError):
        return None  # not glibc (musl, macOS): nothing to do


class IdleTrim:
    """``poke()`` after each change; the trim runs once the app has rested."""

    def __init__(self) -> None:
        from kivy.clock import Clock

        self._trim = _trimmer()
        self._event = Clock.create_trigger(self._run, IDLE_SECONDS) if self._trim else None

    def poke(self) -> None:
        if self._event is not None:
            self._event.cancel()
            self._event()

    def _run(self, _dt: float) -> None:
        if self._trim is not None:
            self._trim(0)
