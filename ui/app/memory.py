"""Housekeeping once the screen is at rest: Python's full garbage collection, freed memory back.

Two pauses used to land in the middle of a press:

- **Full collections.** CPython runs a full (oldest-generation) collection on its
  own every so often; with the ~165 000 objects Kivy, the rules and the screens
  hold, each took 150-220 ms and came about every second step (measured: 17 in
  40 Marauders steps), the long tail of the step-change latency. Here the
  collector never starts a full collection by itself (:data:`NO_AUTOMATIC_FULL`);
  the young generations are still collected as usual (a few ms).
  :class:`IdleHousekeeping` runs the full collection once the app has been idle for
  :data:`IDLE_SECONDS`. The first time, it also *freezes* what start-up built
  (``gc.freeze``: never scanned again), so every later full collection looks at
  the objects made since: ~35 ms instead of ~220 ms.
- **The journal's last good copy** (:meth:`ui.service.TableService.at_rest`): copying
  a long journal took 100 ms and more inside every tenth step's press.
- **Freed memory.** Every step builds and drops label textures and widgets;
  glibc's allocator keeps the freed pieces in its heaps, so the resident size
  creeps up by tens of MB that nothing uses. ``malloc_trim(0)`` gives them back
  (not at all where there is no glibc).

Nothing runs during a press; a press arriving during the housekeeping waits for
it (tens of ms).
"""

from __future__ import annotations

import ctypes
import ctypes.util
import gc
from collections.abc import Callable
from typing import Any

IDLE_SECONDS = 2.0
#: The oldest generation's threshold: its count grows by one per middle-generation
#: collection, so at this value CPython never reaches a full collection by itself.
NO_AUTOMATIC_FULL = 1_000_000_000


def _trimmer() -> Any:
    name = ctypes.util.find_library("c")
    if not name:
        return None
    try:
        libc = ctypes.CDLL(name)
        return libc.malloc_trim
    except (OSError, AttributeError):
        return None  # not glibc (musl, macOS): nothing to do


class IdleHousekeeping:
    """``poke()`` after each change; collection and trim run once the app has rested."""

    def __init__(self, at_rest: Callable[[], None] | None = None) -> None:
        from kivy.clock import Clock

        self._at_rest = at_rest
        self._trim = _trimmer()
        self._frozen = False
        young, middle, _oldest = gc.get_threshold()
        gc.set_threshold(young, middle, NO_AUTOMATIC_FULL)
        self._event = Clock.create_trigger(self._run, IDLE_SECONDS)

    def poke(self) -> None:
        self._event.cancel()
        self._event()

    def _run(self, _dt: float) -> None:
        if self._at_rest is not None:
            self._at_rest()
        gc.collect()
        if not self._frozen:
            gc.freeze()  # what start-up built stays: never scanned again
            self._frozen = True
        if self._trim is not None:
            self._trim(0)
