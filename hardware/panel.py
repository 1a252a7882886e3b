"""The four phase-stepping buttons as gpiozero devices.

:class:`ButtonPanel` turns presses into the app's events:

========  ===========================================
event     when
========  ===========================================
next      NEXT pressed
confirm   CONFIRM pressed
undo      UNDO pressed and released before the hold time
menu      UNDO held for the hold time (reported while still held): the menu
bot       BOT pressed
========  ===========================================

Debounce and long-press are :class:`hardware.debounce.Debouncer` machines
fed by the buttons' edge callbacks; a small timer thread reports presses and
holds when they become certain. gpiozero's own ``bounce_time`` is not used
(mock pins ignore it, and lgpio's debounce cannot tell a hold from a press).

Threads: ``on_event`` is called on a gpiozero callback thread or on the
panel's timer thread, never on the Kivy main thread. It must return quickly
and must not call back into the panel; the app hands the event over with
``kivy.clock.Clock.schedule_once(lambda dt: app.on_button(event))``.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Mapping

from gpiozero import Button, Factory

from hardware.config import BUTTON_NAMES, PinMap
from hardware.debounce import Debouncer
from hardware.pins import shared_pin_factory

log = logging.getLogger(__name__)

#: (button, debouncer event) -> app event
EVENTS: Mapping[tuple[str, str], str] = {
    ("next", "press"): "next",
    ("confirm", "press"): "confirm",
    ("undo", "press"): "undo",
    ("undo", "hold"): "menu",
    ("bot", "press"): "bot",
}
#: Buttons whose hold means something (the others report on press, without delay).
HOLD_BUTTONS = frozenset({"undo"})


class ButtonPanel:
    """NEXT, CONFIRM, UNDO and BOT; calls ``on_event(name)`` for each clean press or hold.

    ``clock`` (seconds, monotonic) and ``autotick`` exist for tests: with
    ``autotick=False`` no timer thread runs and :meth:`poll` reports what has
    become certain by ``clock()``.
    """

    def __init__(
        self,
        pin_map: PinMap,
        on_event: Callable[[str], None],
        pin_factory: Factory | None = None,
        *,
        clock: Callable[[], float] = time.monotonic,
        autotick: bool = True,
    ) -> None:
        factory = pin_factory if pin_factory is not None else shared_pin_factory()
        self._on_event = on_event
        self._clock = clock
        self._lock = threading.RLock()
        self._wake = threading.Condition(self._lock)
        self._closed = False
        self.buttons: dict[str, Button] = {}
        self._machines: dict[str, Debouncer] = {}
        try:
            for name in BUTTON_NAMES:
                button = Button(
                    pin_map.buttons[name], pull_up=True, bounce_time=None, pin_factory=factory
                )
                self.buttons[name] = button
                hold = pin_map.hold_s if name in HOLD_BUTTONS else None
                self._machines[name] = Debouncer(pin_map.debounce_s, hold, button.is_pressed)
                button.when_pressed = self._callback(name, True)
                button.when_released = self._callback(name, False)
        except BaseException:
            self.close()
            raise
        self._thread: threading.Thread | None = None
        if autotick:
            self._thread = threading.Thread(target=self._tick_loop, name="buttons", daemon=True)
            self._thread.start()

    def poll(self) -> None:
        """Report every press or hold that has become certain by now."""
        with self._lock:
            now = self._clock()
            for name, machine in self._machines.items():
                self._dispatch(name, machine.advance(now))

    def close(self) -> None:
        """Release the pins and stop the timer thread (safe to call twice)."""
        with self._lock:
            self._closed = True
            self._wake.notify_all()
        thread = getattr(self, "_thread", None)
        if thread is not None and thread is not threading.current_thread():
            thread.join(timeout=2)
        for button in self.buttons.values():
            button.close()

    def __enter__(self) -> ButtonPanel:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _callback(self, name: str, pressed: bool) -> Callable[[], None]:
        def on_edge() -> None:
            self._edge(name, pressed)

        return on_edge

    def _edge(self, name: str, pressed: bool) -> None:
        with self._lock:
            if self._closed:
                return
            now = self._clock()
            for other, machine in self._machines.items():  # report what came first
                if other != name:
                    self._dispatch(other, machine.advance(now))
            self._dispatch(name, self._machines[name].edge(now, pressed))
            self._wake.notify_all()

    def _dispatch(self, name: str, events: list[str]) -> None:
        for event in events:
            try:
                self._on_event(EVENTS[name, event])
            except Exception:  # a faulty handler must not kill the GPIO thread
                log.exception("button handler failed for %s", name)

    def _tick_loop(self) -> None:
        with self._lock:
            while not self._closed:
                deadlines = [m.next_deadline() for m in self._machines.values()]
                pending = [d for d in deadlines if d is not None]
                timeout = max(0.0, min(pending) - self._clock()) if pending else None
                self._wake.wait(timeout)
                if not self._closed:
                    self.poll()
