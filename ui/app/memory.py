"""Memory the app gives back, and pauses it keeps out of a press.

- **Full collections.** CPython's automatic full (oldest-generation) collections
  came about every second step (17 in 40 Marauders steps) and took 150-220 ms
  inside a press: the long tail of the step-change latency. Most of that time is
  not the search but freeing the last screen's widgets and textures (a software
  renderer finishes the frame in flight before a texture goes). So the collector
  never starts a full collection by itself (:data:`NO_AUTOMATIC_FULL`; the young
  generations are collected as usual, a few ms), :meth:`IdleHousekeeping.poke`
  *freezes* what start-up built once the first screen is up (``gc.freeze``: never
  searched again), and a full collection runs :data:`COLLECT_AFTER` seconds after
  each new screen, once its frame is drawn, while the players read it.
- **The journal's last good copy** (:meth:`ui.service.TableService.at_rest`):
  copying a long journal took 100 ms and more inside every tenth step's press; it
  waits until the app has been idle for :data:`IDLE_SECONDS`.
- **Freed memory.** Every step builds and drops label textures and widgets. glibc
  keeps freed pieces in its heaps: :func:`tune_malloc` (called before Kivy starts)
  lets blocks of :data:`MMAP_FROM` bytes and more (texture pixels) come from
  their own mappings, which go back to the system the moment they are freed
  (glibc's default raises that limit as big blocks are freed, so texture pixels
  ended up fragmenting the heap), and caps the per-thread heaps at
  :data:`ARENAS` (the renderer's and OpenCV's threads each made one). At rest,
  ``malloc_trim(0)`` returns what is left free. Where there is no glibc, nothing.
- **Each label's pixels once.** Kivy's SDL2 text provider draws a label's text into
  an SDL surface, copies its pixels for the texture and keeps the surface for the
  label's life: every text on screen sat in memory twice (12 MB after 40 Marauders
  steps). :func:`drop_text_surfaces` lets the surface go once its pixels are copied;
  a label that changes draws a new one anyway.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import gc
from collections.abc import Callable
from typing import Any

IDLE_SECONDS = 2.0
COLLECT_AFTER = 0.1
#: The oldest generation's threshold: its count grows by one per middle-generation
#: collection, so at this value CPython never reaches a full collection by itself.
NO_AUTOMATIC_FULL = 1_000_000_000
MMAP_FROM = 128 * 1024
ARENAS = 2
_M_MMAP_THRESHOLD = -3  # glibc's mallopt parameters (malloc.h)
_M_ARENA_MAX = -8


def _libc() -> Any:
    name = ctypes.util.find_library("c")
    if not name:
        return None
    try:
        libc = ctypes.CDLL(name)
        libc.malloc_trim, libc.mallopt  # noqa: B018 (glibc only: musl and macOS have neither)
    except (OSError, AttributeError):
        return None
    return libc


def tune_malloc() -> bool:
    """Big blocks in their own mappings, at most :data:`ARENAS` heaps (before threads start)."""
    libc = _libc()
    if libc is None:
        return False
    return bool(libc.mallopt(_M_MMAP_THRESHOLD, MMAP_FROM)) and bool(
        libc.mallopt(_M_ARENA_MAX, ARENAS)
    )


def drop_text_surfaces() -> bool:
    """Kivy's SDL2 labels keep no surface after their texture has the pixels (see above).

    ``False`` where Kivy draws text with another provider (nothing to drop).
    """
    try:
        from kivy.core.text.text_sdl2 import LabelSDL2
    except ImportError:
        return False

    def _render_end(label: Any) -> Any:
        data = label._surface.get_data()  # a copy of the pixels, for the texture
        label._surface = None
        return data

    LabelSDL2._render_end = _render_end
    return True


class IdleHousekeeping:
    """``poke()`` after each change (``new_screen`` after a step or screen change)."""

    def __init__(self, at_rest: Callable[[], None] | None = None) -> None:
        from kivy.clock import Clock

        self._at_rest = at_rest
        libc = _libc()
        self._trim = libc.malloc_trim if libc is not None else None
        self._frozen = False
        self._thresholds = gc.get_threshold()
        young, middle, _oldest = self._thresholds
        gc.set_threshold(young, middle, NO_AUTOMATIC_FULL)
        self._event = Clock.create_trigger(self._run, IDLE_SECONDS)
        self._collect = Clock.create_trigger(lambda _dt: gc.collect(), COLLECT_AFTER)

    def poke(self, new_screen: bool = True) -> None:
        if not self._frozen:
            gc.freeze()  # what start-up built (the first screen included) is never searched again
            self._frozen = True
        elif new_screen:
            self._collect.cancel()
            self._collect()
        self._event.cancel()
        self._event()

    def stop(self) -> None:
        """The app stops: the collector as it was (tests open many apps in one process)."""
        self._event.cancel()
        self._collect.cancel()
        gc.set_threshold(*self._thresholds)
        gc.unfreeze()

    def _run(self, _dt: float) -> None:
        if self._at_rest is not None:
            self._at_rest()
        gc.collect()
        if self._trim is not None:
            self._trim(0)
