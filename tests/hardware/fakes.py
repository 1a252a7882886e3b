"""Test doubles for time (the only fake the hardware tests need)."""

from __future__ import annotations


class FakeClock:
    """A settable monotonic clock for tests that drive the panel without a timer thread."""

    def __init__(self, t: float = 100.0) -> None:
        self.t = t

    def __call__(self) -> float:
        return self.t
