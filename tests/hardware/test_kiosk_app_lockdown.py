"""The kiosk inside the app: no Kivy settings panel (F1), no path to type, no file that hangs it."""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path

import pytest

from ui.paths import PIN_MAP_MAX_BYTES, pin_map_choices, pin_map_to_load


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("TABLESIDE_HOME", str(tmp_path))
    config = tmp_path / "config"
    config.mkdir()
    (config / "pins.toml").write_text("[buttons]\nnext = 17\n")
    (config / "spare.toml").write_text("[buttons]\nnext = 26\n")
    os.mkfifo(config / "trap.toml")  # a FIFO: reading it would block for ever
    (config / "notes.txt").write_text("not a pin map")
    return config


def test_kiosk_offers_only_regular_pin_map_files(home: Path):
    assert [p.name for p in pin_map_choices()] == ["pins.toml", "spare.toml"]


def test_which_pin_map_is_loaded(home: Path, tmp_path: Path):
    elsewhere = tmp_path / "mine.toml"
    elsewhere.write_text("[buttons]\n")
    big = tmp_path / "big.toml"
    big.write_bytes(b"#" * (PIN_MAP_MAX_BYTES + 1))
    assert pin_map_to_load("") == home / "pins.toml"  # the installer's
    assert pin_map_to_load(str(home / "spare.toml"), kiosk=True) == home / "spare.toml"
    assert pin_map_to_load(str(elsewhere)) == elsewhere  # a desktop may point anywhere
    assert pin_map_to_load(str(elsewhere), kiosk=True) == home / "pins.toml"  # a kiosk may not
    assert pin_map_to_load(str(home / "trap.toml")) == home / "pins.toml"  # never opened
    assert pin_map_to_load("/dev/zero") == home / "pins.toml"
    assert pin_map_to_load(str(big)) == home / "pins.toml"
    missing = tmp_path / "missing.toml"  # the loader reports a missing file itself
    assert pin_map_to_load(str(missing)) == missing
    (home / "pins.toml").unlink()
    assert pin_map_to_load("") is None  # the hardware package's defaults


def test_a_fifo_named_as_pin_map_does_not_block(home: Path):
    done = threading.Event()

    def load() -> None:
        pin_map_to_load(str(home / "trap.toml"), kiosk=False)
        done.set()

    threading.Thread(target=load, daemon=True).start()
    start = time.monotonic()
    assert done.wait(5), "reading the FIFO blocked"
    assert time.monotonic() - start < 5


@pytest.fixture
def kiosk_app(kivy_window, home: Path, tmp_path: Path):
    from kivy.app import App

    from ui.app.controller import AppController
    from ui.app.harness import close_app, open_app
    from ui.app.settings import Settings
    from ui.service import TableService

    service = TableService(tmp_path / "journal.sqlite3")
    controller = AppController(service, Settings(), settings_path=tmp_path / "settings.json")
    app = open_app(controller, use_hardware=False, kiosk=True)
    yield app
    if App.get_running_app() is app:
        close_app(app)
    service.close()


@pytest.mark.gui
def test_f1_does_not_open_kivys_settings_panel(kiosk_app):
    from kivy.core.window import Window
    from kivy.uix.settings import Settings as KivySettings

    from ui.app.harness import pump

    before = kiosk_app.manager.current
    Window.dispatch("on_keyboard", 282, 0, None, [])  # F1
    pump(3)
    assert kiosk_app._app_settings is None
    shown = [w for child in Window.children for w in child.walk()]
    assert not any(isinstance(w, KivySettings) for w in shown)
    assert kiosk_app.manager.current == before


@pytest.mark.gui
def test_kiosk_settings_has_nothing_to_type_in(kiosk_app, home: Path):
    from kivy.uix.textinput import TextInput

    from tests.ui.support.driving import button_with_text, shown, tap

    kiosk_app.controller.show("settings")
    screen = kiosk_app.manager.current_screen
    assert not [w for w in screen.walk(restrict=True) if isinstance(w, TextInput)]
    assert shown(kiosk_app, "Pin map file for the buttons and lights")
    automatic = button_with_text(kiosk_app, "Automatic")
    assert automatic.selected
    tap(button_with_text(kiosk_app, "spare.toml"))
    assert kiosk_app.controller.settings.pin_map == str(home / "spare.toml")
    assert button_with_text(kiosk_app, "spare.toml").selected
    with pytest.raises(AssertionError):
        button_with_text(kiosk_app, "trap.toml")  # a FIFO is never offered
