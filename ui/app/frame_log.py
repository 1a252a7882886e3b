"""A frame log for ``tableside bench app``: when each frame was drawn, and what is on screen.

Only with ``TABLESIDE_FRAME_LOG=FILE`` in the environment (the benchmark sets
it; players never do). The app then appends one JSON line per event to FILE:

- ``{"ev": "flip", "t": T}`` each time a frame reaches the window;
- ``{"ev": "key", "t": T, "key": K}`` each key the window receives;
- ``{"ev": "settled", "t": T, "last_flip": T0, ...}`` once no frame has been drawn for
  ``QUIET`` seconds after a flip: the screen is complete. It names the screen, the
  step, the form values, the error shown, and where every tappable widget is
  (window pixels, origin top left, as X11 counts), so the benchmark can tap them.

``T`` is :func:`time.monotonic`, the same clock in every process, so the
benchmark measures press-to-frame as ``last_flip - time of the press``. Nothing
is written while frames keep coming: the log never slows what it measures.
"""

from __future__ import annotations

import json
import os
import time
from typing import Any

QUIET = 0.15  # seconds without a new frame: the screen is complete
CHECK_EVERY = 0.05


class FrameLog:
    """Appends frame events of one app to a file (see the module docstring)."""

    def __init__(self, app: Any, path: str) -> None:
        from kivy.clock import Clock
        from kivy.core.window import Window

        self.app = app
        self.out = open(path, "a", buffering=1, encoding="utf-8")  # noqa: SIM115 (lives with the app)
        self.last_flip = 0.0
        self.reported = True
        Window.bind(on_flip=self._flip, on_key_down=self._key)
        self._check = Clock.schedule_interval(self._settle, CHECK_EVERY)

    def _write(self, **event: Any) -> None:
        self.out.write(json.dumps(event, default=str) + "\n")

    def _flip(self, *_args: Any) -> None:
        self.last_flip = time.monotonic()
        self.reported = False
        self._write(ev="flip", t=self.last_flip)

    def _key(self, _window: Any, key: int, *_args: Any) -> None:
        self._write(ev="key", t=time.monotonic(), key=key)

    def _settle(self, _dt: float) -> None:
        now = time.monotonic()
        if self.reported or now - self.last_flip < QUIET:
            return
        self.reported = True
        self._write(ev="settled", t=now, last_flip=self.last_flip, **self.snapshot())

    def snapshot(self) -> dict[str, Any]:
        """The screen as the benchmark needs it: names, values, tappable widgets."""
        from kivy.core.window import Window

        from ui.app.look_first import looking

        c = self.app.controller
        session = c.service.session
        out: dict[str, Any] = {"screen": c.screen, "error": c.text(c.error) if c.error else ""}
        out["look_first"] = looking(c.error)  # CONFIRM showed preset fields out of view
        if c.screen == "setup" and c.setup_form is not None:
            out["values"] = c.setup_form.values
        if session is not None:
            prompt = session.prompt()
            out.update(
                step=prompt.step,
                steps=session.step_count,
                finished=prompt.finished,
                session_id=c.service.session_id,
            )
            form = c.form if c.screen in {"play", "checklist"} else None
            if form is not None:
                out["values"] = form.values
        widgets = []
        screen = self.app.manager.current_screen
        for widget in screen.walk(restrict=True):
            name = getattr(widget, "field_key", None) or _id_of(screen, widget)
            if name is None and getattr(widget, "game_name", None):
                name = f"game:{widget.game_name}"
            if not name or widget.width < 2 or widget.opacity == 0:
                continue
            x, y = widget.to_window(*widget.center)
            widgets.append([str(name), round(x), round(Window.height - y), _clip(widget, x, y)])
        out["widgets"] = widgets
        out["window"] = [Window.left, Window.top, Window.width, Window.height]
        return out

    def close(self) -> None:
        self._check.cancel()
        self.out.close()


def _clip(widget: Any, x: float, y: float) -> list[int] | None:
    """The visible box (left, top, right, bottom; X11 pixels) of the scroll view around
    ``widget``, or ``None`` when it is not in one."""
    from kivy.core.window import Window
    from kivy.uix.scrollview import ScrollView

    parent = widget.parent
    while parent is not None and parent is not parent.parent:
        if isinstance(parent, ScrollView):
            left, bottom = parent.to_window(parent.x, parent.y)
            return [
                round(left),
                round(Window.height - bottom - parent.height),
                round(left + parent.width),
                round(Window.height - bottom),
            ]
        parent = parent.parent
    return None


def _id_of(screen: Any, widget: Any) -> str | None:
    for name, value in screen.ids.items():
        if value.uid == widget.uid:  # ids hold weak proxies: compare Kivy's unique ids
            return f"#{name}"
    return None


def install(app: Any) -> FrameLog | None:
    """Start the frame log when ``TABLESIDE_FRAME_LOG`` is set (the benchmark), else nothing."""
    path = os.environ.get("TABLESIDE_FRAME_LOG")
    return FrameLog(app, path) if path else None
