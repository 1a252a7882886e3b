"""The kiosk Kivy config, read by Kivy itself (and by a real Kivy window under Xvfb)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from ui.commands.kiosk import KioskOptions, render_kivy_config

DUMP = """
import json
from kivy.config import Config
print("CONFIG " + json.dumps({s: dict(Config.items(s)) for s in Config.sections()}))
"""

PROBE = """
import json
from kivy.app import App
from kivy.base import EventLoop
from kivy.clock import Clock
from kivy.core.window import Window
from kivy.uix.label import Label

class Probe(App):
    def build(self):
        Clock.schedule_once(self.press_escape, 0.3)
        Clock.schedule_once(self.report, 0.8)
        return Label(text="kiosk")

    def press_escape(self, dt):
        Window.dispatch("on_key_down", 27, 9, None, [])
        Window.dispatch("on_keyboard", 27, 9, None, [])

    def report(self, dt):
        print("PROBE " + json.dumps({
            "providers": [type(p).__name__ for p in EventLoop.input_providers],
            "still_running": EventLoop.status == "started",
            "fullscreen": Window.fullscreen,
            "rotation": Window.rotation,
            "show_cursor": Window.show_cursor,
            "size": list(Window.size),
        }), flush=True)
        self.stop()

Probe().run()
"""


def kivy(code: str, kivy_home: Path, extra_env: dict[str, str] | None = None) -> str:
    env = {
        **os.environ,
        "KIVY_HOME": str(kivy_home),
        "KIVY_NO_ARGS": "1",
        "KIVY_NO_CONSOLELOG": "1",
        **(extra_env or {}),
    }
    env.pop("TABLESIDE_HOME", None)
    script = kivy_home / "probe.py"  # Kivy's App looks for its source file
    script.write_text(code)
    argv = [sys.executable, str(script)]
    if extra_env and extra_env.get("DISPLAY") == "xvfb":
        xvfb = shutil.which("xvfb-run")
        assert xvfb, "xvfb-run is missing: install the packages in scripts/apt-test.txt"
        env.pop("DISPLAY")
        argv = [xvfb, "-a", "-s", "-screen 0 800x480x24", *argv]
    result = subprocess.run(argv, env=env, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr[-3000:]
    return result.stdout


def read_by_kivy(config_text: str, kivy_home: Path) -> dict[str, dict[str, str]]:
    kivy_home.mkdir(parents=True, exist_ok=True)
    if config_text:
        (kivy_home / "config.ini").write_text(config_text)
    out = kivy(DUMP, kivy_home)
    line = next(ln for ln in out.splitlines() if ln.startswith("CONFIG "))
    return json.loads(line.removeprefix("CONFIG "))


@pytest.fixture(scope="module")
def kivy_defaults(tmp_path_factory) -> dict[str, dict[str, str]]:
    """What Kivy writes for a new user: the keys every config must have."""
    return read_by_kivy("", tmp_path_factory.mktemp("kivy-default"))


def test_kivy_reads_the_kiosk_settings(tmp_path: Path, kivy_defaults):
    text = render_kivy_config(KioskOptions(rotation=90))
    config = read_by_kivy(text, tmp_path)
    assert config["kivy"]["exit_on_escape"] == "0"
    assert config["graphics"]["fullscreen"] == "auto"
    assert config["graphics"]["show_cursor"] == "0"
    assert config["graphics"]["rotation"] == "90"
    assert config["graphics"]["allow_screensaver"] == "0"
    # names are typed on Kivy's on-screen keyboard, docked (a kiosk has no keyboard)
    assert config["kivy"]["keyboard_mode"] == "dock"
    assert config["kivy"]["keyboard_layout"] == "qwerty"
    assert config["kivy"]["config_version"] == kivy_defaults["kivy"]["config_version"]
    # exactly one touch route: no mouse, no probesysfs
    assert config["input"] == {"touchscreen": "hidinput,/dev/input/tableside-touch"}
    assert "mouse" in kivy_defaults["input"]  # ...which Kivy would add by default
    # Kivy found nothing to upgrade, so it did not rewrite (and re-add the mouse to) the file
    assert (tmp_path / "config.ini").read_text() == text


def test_kiosk_config_has_every_key_kivy_expects(kivy_defaults):
    """Kivy adds no missing keys to a current-version file: a gap would crash at start."""
    import configparser

    ours = configparser.RawConfigParser()
    ours.read_string(render_kivy_config(KioskOptions()))
    for section, keys in kivy_defaults.items():
        if section == "input":
            continue
        missing = set(keys) - set(ours[section])
        assert not missing, f"[{section}] lacks {sorted(missing)}"


def test_mtdev_route_and_device(tmp_path: Path):
    options = KioskOptions(touch="mtdev", touch_device="/dev/input/event3")
    config = read_by_kivy(render_kivy_config(options), tmp_path)
    assert config["input"] == {"touchscreen": "mtdev,/dev/input/event3"}


@pytest.mark.gui
def test_real_kivy_window_with_the_kiosk_config(tmp_path: Path):
    """A real SDL2 window (on Xvfb instead of KMS/DRM): one input route, Escape ignored."""
    tmp_path.mkdir(exist_ok=True)
    (tmp_path / "config.ini").write_text(render_kivy_config(KioskOptions(rotation=0)))
    out = kivy(PROBE, tmp_path, {"DISPLAY": "xvfb", "KIVY_WINDOW": "sdl2"})
    line = next(ln for ln in out.splitlines() if ln.startswith("PROBE "))
    probe = json.loads(line.removeprefix("PROBE "))
    # Kivy always adds its SDL2 provider, which on Linux ignores SDL's finger events
    # (kivy/core/window/window_sdl2.py); without the "mouse" provider SDL's synthetic
    # mouse events make no touches, so hidinput is the one route touches take.
    assert probe["providers"] == ["SDL2MotionEventProvider", "HIDInputMotionEventProvider"]
    assert probe["still_running"], "Escape closed the kiosk"
    assert probe["fullscreen"] == "auto"
    assert probe["show_cursor"] is False
    assert probe["size"] == [800, 480]
