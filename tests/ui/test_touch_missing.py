"""A missing touch device is said on screen, and Kivy's HIDInput traceback never reaches
the log (issue 23, item 9)."""

from __future__ import annotations

import configparser
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from ui.commands.kiosk import KioskOptions, render_kivy_config

PROBE = """
import json, logging, sys
logging.basicConfig(stream=sys.stderr)
from ui.app.display import MISSING_TOUCH, prepare_kivy
prepare_kivy(kiosk=True)
from kivy.app import App
from kivy.base import EventLoop
from kivy.clock import Clock
from kivy.uix.label import Label

class Probe(App):
    def build(self):
        Clock.schedule_once(self.report, 0.8)
        return Label(text="kiosk")

    def report(self, dt):
        print("PROBE " + json.dumps({
            "providers": [type(p).__name__ for p in EventLoop.input_providers],
            "missing": MISSING_TOUCH,
        }), flush=True)
        self.stop()

Probe().run()
"""


def test_a_touch_device_that_is_not_there_is_dropped_from_the_config() -> None:
    from ui.app.display import drop_missing_touch

    config = configparser.ConfigParser()
    config.read_string(
        "[input]\ntouchscreen = hidinput,/dev/input/no-such-touch\n"
        "other = mtdev,/dev/null\nmouse = mouse\n"
    )
    assert drop_missing_touch(config) == ["/dev/input/no-such-touch"]
    assert dict(config.items("input")) == {"other": "mtdev,/dev/null", "mouse": "mouse"}


@pytest.mark.gui
def test_the_kiosk_without_its_touchscreen_logs_no_traceback(tmp_path: Path) -> None:
    """The kiosk's own Kivy config on a box whose panel is missing: a real Kivy window."""
    assert not os.path.exists("/dev/input/tableside-touch")
    (tmp_path / "config.ini").write_text(render_kivy_config(KioskOptions(rotation=0)))
    script = tmp_path / "probe.py"
    script.write_text(PROBE)
    env = {**os.environ, "KIVY_HOME": str(tmp_path), "KIVY_NO_ARGS": "1", "KIVY_WINDOW": "sdl2"}
    env["PYTHONPATH"] = str(Path(__file__).resolve().parents[2])
    env.pop("DISPLAY", None)
    xvfb = shutil.which("xvfb-run")
    assert xvfb, "xvfb-run is missing: install the packages in scripts/apt-test.txt"
    argv = [xvfb, "-a", "-s", "-screen 0 800x480x24", sys.executable, str(script)]
    result = subprocess.run(argv, env=env, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr[-3000:]
    line = next(ln for ln in result.stdout.splitlines() if ln.startswith("PROBE "))
    probe = json.loads(line.removeprefix("PROBE "))
    assert probe["missing"] == ["/dev/input/tableside-touch"]
    assert "HIDInputMotionEventProvider" not in probe["providers"]
    assert "Traceback" not in result.stderr, result.stderr[-3000:]
    assert "touchscreen /dev/input/tableside-touch not found" in result.stderr


@pytest.mark.gui
def test_the_status_bar_says_touch_is_off_and_what_to_do(kivy_window, tmp_path: Path) -> None:
    from tests.ui.support.driving import shown
    from ui.app import display
    from ui.app.controller import AppController
    from ui.app.harness import close_app, open_app
    from ui.app.settings import Settings
    from ui.app.widgets import clipped_labels, small_labels
    from ui.service import TableService

    shots = os.environ.get("TABLESIDE_SHOTS")
    for lang, words in (("en", "use the buttons"), ("de", "Tasten"), ("pt", "botões")):
        display.MISSING_TOUCH[:] = ["/dev/input/tableside-touch"]
        service = TableService(tmp_path / f"{lang}.sqlite3")
        app = open_app(AppController(service, Settings(language=lang)), use_hardware=False)
        try:
            assert shown(app, words)
            status = app.root.ids.status
            assert not clipped_labels(status) and not small_labels(status)
            if shots:
                app.root_window.screenshot(str(Path(shots) / f"touch-missing-{lang}.png"))
        finally:
            display.MISSING_TOUCH[:] = []
            close_app(app)
            service.close()
