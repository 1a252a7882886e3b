"""Drive the real app without ``App.run()``: open, pump frames, close (tests, screenshots).

``App.run()`` owns the event loop until the window closes; tests and the
screenshot command instead build the app into the one Kivy window of the
process, pump frames themselves with :func:`pump`, and can open a new app
instance (same journal) after closing the last one.
"""

from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.base import EventLoop
from kivy.core.window import Window

from ui.app.controller import AppController
from ui.app.main import TablesideApp


def pump(frames: int = 3) -> None:
    """Run ``frames`` iterations of Kivy's loop (clock, input, layout, drawing)."""
    EventLoop.ensure_window()
    for _ in range(frames):
        EventLoop.idle()


def open_app(controller: AppController, **kwargs: Any) -> TablesideApp:
    """Build ``TablesideApp`` into the window, dispatch ``on_start`` and lay it out."""
    EventLoop.ensure_window()
    Window.size = (800, 480)
    app = TablesideApp(controller, **kwargs)
    app._run_prepare()  # build, add the root to the window, on_start (as App.run does)
    pump(4)
    return app


def close_app(app: TablesideApp) -> None:
    """Stop the app (``on_stop``), take its widgets off the window, forget it."""
    app.dispatch("on_stop")
    Window.unbind(on_key_down=app._on_key_down)
    for child in list(Window.children):
        Window.remove_widget(child)
    App._running_app = None
    pump(1)
