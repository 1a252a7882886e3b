"""Hand work from other threads (gpiozero callbacks) to the Kivy main thread.

Kivy widgets may only be touched on the main thread. gpiozero calls button
handlers on its own threads, so every hardware event goes through
:func:`on_main_thread`, which schedules the call with
``kivy.clock.Clock.schedule_once`` (safe to call from any thread).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def on_main_thread(func: Callable[..., Any]) -> Callable[..., None]:
    """A wrapper that, called from any thread, runs ``func`` on the next Kivy frame."""
    from kivy.clock import Clock

    def schedule(*args: Any) -> None:
        Clock.schedule_once(lambda _dt: func(*args), 0)

    return schedule
