"""Real key presses and mouse taps into an X11 display, through the XTEST extension.

``tableside bench app`` presses keys and taps buttons of the real app process
the way a person's keyboard and mouse would: the X server delivers them to the
app's window like any other input. It uses libX11 and libXtst through
:mod:`ctypes` (Debian: ``libx11-6``, ``libxtst6``), so nothing is compiled.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import time

#: X keysyms of the keys the app knows (ui/app/keys.py).
KEYSYMS = {
    "space": 0x20,
    "n": ord("n"),
    "u": ord("u"),
    "h": ord("h"),
    "b": ord("b"),
    "s": ord("s"),
    "c": ord("c"),
    "m": ord("m"),
    "backspace": 0xFF08,
    "return": 0xFF0D,
}


class X11Input:
    """Key presses and left-button taps on one X display (``DISPLAY`` by default)."""

    def __init__(self, display: str | None = None) -> None:
        x11 = _load("X11", "libX11.so.6", "libx11-6")
        xtst = _load("Xtst", "libXtst.so.6", "libxtst6")
        x11.XOpenDisplay.restype = ctypes.c_void_p
        x11.XOpenDisplay.argtypes = [ctypes.c_char_p]
        x11.XKeysymToKeycode.argtypes = [ctypes.c_void_p, ctypes.c_ulong]
        x11.XKeysymToKeycode.restype = ctypes.c_ubyte
        x11.XFlush.argtypes = [ctypes.c_void_p]
        x11.XSync.argtypes = [ctypes.c_void_p, ctypes.c_int]
        x11.XCloseDisplay.argtypes = [ctypes.c_void_p]
        xtst.XTestFakeKeyEvent.argtypes = [
            ctypes.c_void_p,
            ctypes.c_uint,
            ctypes.c_int,
            ctypes.c_ulong,
        ]
        xtst.XTestFakeButtonEvent.argtypes = [
            ctypes.c_void_p,
            ctypes.c_uint,
            ctypes.c_int,
            ctypes.c_ulong,
        ]
        xtst.XTestFakeMotionEvent.argtypes = [
            ctypes.c_void_p,
            ctypes.c_int,
            ctypes.c_int,
            ctypes.c_int,
            ctypes.c_ulong,
        ]
        name = (display or os.environ.get("DISPLAY") or "").encode()
        handle = x11.XOpenDisplay(name)
        if not handle:
            raise OSError(f"cannot open X display {name.decode() or '(none)'}")
        self.x11, self.xtst, self.display = x11, xtst, handle

    def key(self, name: str) -> None:
        """Press and release one key (a name of :data:`KEYSYMS`)."""
        code = self.x11.XKeysymToKeycode(self.display, KEYSYMS[name])
        self.xtst.XTestFakeKeyEvent(self.display, code, 1, 0)
        self.xtst.XTestFakeKeyEvent(self.display, code, 0, 0)
        self.x11.XSync(self.display, 0)

    def move(self, x: int, y: int) -> None:
        self.xtst.XTestFakeMotionEvent(self.display, -1, int(x), int(y), 0)
        self.x11.XSync(self.display, 0)

    def tap(self, x: int, y: int) -> None:
        """Move the pointer to screen pixel ``(x, y)`` and click the left button there."""
        self.move(x, y)
        self.xtst.XTestFakeButtonEvent(self.display, 1, 1, 0)
        self.xtst.XTestFakeButtonEvent(self.display, 1, 0, 0)
        self.x11.XSync(self.display, 0)

    def drag(self, x: int, y: int, dy: int) -> None:
        """A finger drag from ``(x, y)`` by ``dy`` pixels (down when positive), as to scroll."""
        self.move(x, y)
        self.xtst.XTestFakeButtonEvent(self.display, 1, 1, 0)
        self.x11.XSync(self.display, 0)
        steps = max(1, abs(dy) // 15)
        for i in range(1, steps + 1):
            time.sleep(0.01)
            self.move(x, y + dy * i // steps)
        time.sleep(0.15)  # the finger rests before lifting: no fling, no kinetic scroll
        self.xtst.XTestFakeButtonEvent(self.display, 1, 0, 0)
        self.x11.XSync(self.display, 0)

    def close(self) -> None:
        self.x11.XCloseDisplay(self.display)


def _load(name: str, fallback: str, package: str = "") -> ctypes.CDLL:
    found = ctypes.util.find_library(name) or fallback
    try:
        return ctypes.CDLL(found)
    except OSError as exc:
        raise OSError(f"lib{name} is missing (Debian: apt-get install {package})") from exc
