"""Before Kivy starts: is there a screen, and the Kivy settings for window or kiosk.

Kivy reads its configuration when its window module is first imported, so
:func:`prepare_kivy` must run before any ``kivy.core.window`` import.
"""

from __future__ import annotations

import glob
import logging
import os
from typing import Any

log = logging.getLogger(__name__)

#: Kivy input providers that read one device file (``provider,/dev/input/...``).
TOUCH_PROVIDERS = frozenset({"hidinput", "mtdev"})
#: Touch devices the Kivy config names that are not there (shown in the status bar).
MISSING_TOUCH: list[str] = []


def display_available() -> tuple[bool, str]:
    """``(True, how)`` when a window can open: X11/Wayland, or KMS/DRM without a desktop."""
    if os.environ.get("DISPLAY"):
        return True, f"X11 display {os.environ['DISPLAY']}"
    if os.environ.get("WAYLAND_DISPLAY"):
        return True, f"Wayland display {os.environ['WAYLAND_DISPLAY']}"
    cards = [c for c in glob.glob("/dev/dri/card*") if os.access(c, os.R_OK | os.W_OK)]
    if cards:
        return True, f"KMS/DRM ({cards[0]})"
    return False, "no DISPLAY, no WAYLAND_DISPLAY and no usable /dev/dri/card* (KMS)"


def prepare_kivy(
    kiosk: bool = False,
    size: tuple[int, int] = (800, 480),
    rotation: int = 0,
    show_cursor: bool = True,
) -> None:
    """Environment and Kivy config for the app's window (call before importing Kivy widgets)."""
    os.environ.setdefault("KIVY_NO_ARGS", "1")  # our argparse owns the command line
    os.environ.setdefault("KIVY_LOG_MODE", "PYTHON")  # warnings and errors only, via logging
    os.environ.setdefault("KIVY_CLIPBOARD", "sdl2")  # not xclip/xsel (often missing)
    # Images through SDL2_image only: Kivy would otherwise import Pillow as a fallback
    # loader at start-up (~9 MB resident) for pictures SDL2_image reads anyway.
    os.environ.setdefault("KIVY_IMAGE", "sdl2")
    if kiosk and not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        os.environ.setdefault("SDL_VIDEODRIVER", "kmsdrm")
    from kivy.config import Config

    Config.set("kivy", "log_level", "warning")
    Config.set("kivy", "exit_on_escape", "0" if kiosk else "1")
    Config.set("graphics", "width", str(size[0]))
    Config.set("graphics", "height", str(size[1]))
    Config.set("graphics", "resizable", "0" if kiosk else "1")
    Config.set("graphics", "fullscreen", "auto" if kiosk else "0")
    Config.set("graphics", "rotation", str(rotation if kiosk else 0))
    Config.set("graphics", "show_cursor", "1" if show_cursor or not kiosk else "0")
    # No multisampled window: the 800x480 screen's extra sample buffers cost 12 MB (in
    # the process under a software renderer, in the Pi's shared memory on its GPU), and
    # the screens drawn with and without them were pixel-identical under Xvfb.
    Config.set("graphics", "multisamples", "0")
    if kiosk:
        # Names (the only typed text) are typed on Kivy's on-screen keyboard: a touchscreen
        # kiosk has no keyboard. systemd/kivy-kiosk.ini sets the same keys.
        Config.set("kivy", "keyboard_mode", "dock")
        Config.set("kivy", "keyboard_layout", "qwerty")
    drop_missing_touch(Config)
    if not kiosk:
        # A desktop window: the mouse is one finger (no red multitouch-emulation dots).
        # In the kiosk, the input routes come from the kiosk's Kivy config (systemd/).
        Config.set("input", "mouse", "mouse,disable_multitouch")
    from ui.app.memory import drop_text_surfaces

    drop_text_surfaces()


def drop_missing_touch(config: Any) -> list[str]:
    """Take out of the Kivy config each ``hidinput`` touch device that is not there.

    Kivy's HIDInput provider opens its device on a thread of its own: a missing
    ``/dev/input/tableside-touch`` (panel unplugged, udev rule not installed)
    left a traceback in the log and touch dead with nothing on screen. The
    entry is dropped before Kivy starts (no thread, no traceback), one warning
    line goes to the log, and the path is kept in :data:`MISSING_TOUCH` for the
    status bar, which says what to do (issue 23).
    """
    missing = []
    if not config.has_section("input"):
        return missing
    for name, value in list(config.items("input")):
        provider, _, args = str(value).partition(",")
        path = args.split(",")[0].strip()
        if provider.strip() in TOUCH_PROVIDERS and path and not os.path.exists(path):
            config.remove_option("input", name)
            missing.append(path)
            log.warning("touchscreen %s not found: touch is off, the buttons still work", path)
    MISSING_TOUCH[:] = missing
    return missing
