"""Debounce and long-press for one button, as a pure state machine.

A mechanical button does not switch cleanly: for a few milliseconds after
each press and release the contacts bounce, and the GPIO sees a burst of
edges. This machine is fed the raw edges as ``(time, pressed)`` and decides
what the player actually did. It never reads a clock itself, so tests feed
it synthetic bouncing sequences and get exact answers.

The rules (``debounce`` and ``hold`` are durations in seconds):

- A *run* is the time between two raw edges, during which the level is
  constant. The button's settled level only changes when a run of the other
  level lasts at least ``debounce``; shorter runs are bounce or noise and are
  ignored. The change is dated at the *start* of that run.
- Without a hold time (NEXT, CONFIRM, BOT) each settled press yields
  ``"press"``, reported once it has lasted ``debounce``.
- With a hold time (UNDO) a settled press yields ``"hold"`` if it lasted at
  least ``hold`` (from its settled start to its settled release start),
  reported as soon as that is certain, so the player sees the menu open
  while still holding; otherwise it yields ``"press"`` on release.
- A button already pressed when the machine starts (stuck or held at boot)
  yields nothing until it has been released and pressed again.

Only the *timing* of reports depends on when :meth:`Debouncer.advance` is
called; the sequence of events depends on the edges alone. Call
:meth:`advance` at :meth:`next_deadline` to report holds and presses without
waiting for the next edge (``hardware.panel`` does this on a timer thread).
"""

from __future__ import annotations

import math
from typing import Literal

Event = Literal["press", "hold"]


class Debouncer:
    """Turns one button's raw edges into ``"press"`` and ``"hold"`` events."""

    def __init__(self, debounce: float, hold: float | None = None, pressed: bool = False) -> None:
        if debounce < 0:
            raise ValueError("debounce must not be negative")
        if hold is not None and hold <= debounce:
            raise ValueError("hold must be longer than debounce")
        self.debounce = debounce
        self.hold = hold
        self._raw = pressed  # level of the latest run
        self._raw_since = -math.inf  # start of the latest run
        self._stable = pressed  # settled level
        self._press_start = -math.inf  # start of the settled press
        self._done = pressed  # this press already reported (or held at start)
        self._now = -math.inf

    @property
    def pressed(self) -> bool:
        """The settled level (as of the last edge or advance)."""
        return self._stable

    def edge(self, t: float, pressed: bool) -> list[Event]:
        """Record a raw edge at time ``t``; returns events that became certain before it."""
        events = self.advance(t)
        if pressed != self._raw:
            self._raw = pressed
            self._raw_since = self._now
        return events

    def advance(self, t: float) -> list[Event]:
        """Let time pass to ``t`` with no edge; returns the events now certain."""
        self._now = max(self._now, t)
        now = self._now
        events: list[Event] = []
        if self._raw != self._stable and now - self._raw_since >= self.debounce:
            if self._stable:  # a release settles
                if not self._done and self._long_enough(self._raw_since):
                    events.append("hold")
                elif not self._done:
                    events.append("press")
                self._stable = False
            else:  # a press settles
                self._stable = True
                self._press_start = self._raw_since
                self._done = self.hold is None
                if self.hold is None:
                    events.append("press")
        if self._hold_certain(now):
            self._done = True
            events.append("hold")
        return events

    def next_deadline(self) -> float | None:
        """The earliest time at which :meth:`advance` could report something new."""
        if self._raw != self._stable:
            return _after(self._raw_since, self.debounce)
        if self._stable and not self._done and self.hold is not None:
            return _after(self._press_start, self.hold)
        return None

    def _long_enough(self, end: float) -> bool:
        return self.hold is not None and end - self._press_start >= self.hold

    def _hold_certain(self, now: float) -> bool:
        """Held past the hold time, with no release pending that began before it."""
        if not self._stable or self._done or not self._long_enough(now):
            return False
        return self._raw or self._long_enough(self._raw_since)


def _after(start: float, duration: float) -> float:
    """The first float ``t`` with ``t - start >= duration`` (rounding can make ``start +
    duration`` fall one step short, and a timer waiting for it would spin)."""
    t = start + duration
    while t - start < duration:
        t = math.nextafter(t, math.inf)
    return t
