"""The players' components in the real app (800x480, Xvfb): enter by touch, import from a stick."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

pytestmark = pytest.mark.gui


@pytest.fixture
def make_app(open_apps, tmp_path: Path):
    """The app on a journal in tmp_path (its components beside it); closed afterwards."""
    from tests.support.tile_game import ensure_registered

    ensure_registered()
    return lambda box=tmp_path / "box": open_apps(
        journal=box / "journal.sqlite3", settings_path=None
    )


def test_tiles_entered_by_touch_from_the_set_up_screen(make_app) -> None:
    from tests.ui.support.driving import (
        button_with_text,
        confirm_as_shown,
        find,
        keyed,
        screen,
        shown,
        tap,
    )

    app = make_app()
    # By its name: other tests register "Tile test game that learns" in the same process.
    tap(find(app, lambda w: getattr(w, "game_name", None) == "tiles"))
    assert app.manager.current == "setup"
    assert shown(app, "EXAMPLE data: the bot would decide on made-up components.")
    assert shown(app, "Missing from your box: Tiles.")
    tap(keyed(app, "components=tiles"))
    assert app.manager.current == "play" and shown(app, "Tile test game")
    tap(button_with_text(app, "Go"))  # the menu's default: Tiles
    assert shown(app, "Check these against your box and correct what differs.")
    tap(keyed(app, "T1=blue"))
    tap(keyed(app, "T2=green"))
    confirm_as_shown(app, lambda: tap(button_with_text(app, "Confirm")))
    assert shown(app, "Everything is entered: save to use these components.")
    tap(button_with_text(app, "Go"))  # the default now: Save these components
    assert shown(app, "Your own components are saved: new games use them.")
    tap(button_with_text(app, "Done"))
    assert app.manager.current == "setup"  # back where the editor was opened
    assert shown(app, "Components: your own set")
    assert not shown(app, "EXAMPLE data")
    tap(button_with_text(app, "Start the game"))
    tap(button_with_text(app, "Confirm"))
    assert shown(app, "The tile is blue")
    assert app.root.ids.example.text == ""  # no EXAMPLE DATA badge
    assert screen(app).name == "play"


def test_import_from_a_usb_stick_in_settings(make_app, tmp_path, monkeypatch) -> None:
    from tests.ui.support.driving import button_with_text, keyed, shown, tap
    from ui.component_store import ComponentStore

    stick = tmp_path / "stick"
    stick.mkdir()
    other_box = ComponentStore(tmp_path / "other" / "components")
    other_box.save("tiles", {"tiles": {"T1": "green", "T2": "green", "T3": "blue"}})
    other_box.export("tiles", stick)
    monkeypatch.setenv("TABLESIDE_USB_ROOTS", str(stick))

    app = make_app()
    app.controller.show("settings")
    tap(button_with_text(app, "Your tiles and cards"))
    assert app.manager.current == "components"
    assert shown(app, "Tile test game") and shown(app, "EXAMPLE data")
    tap(button_with_text(app, "Import from USB stick"))
    assert app.manager.current == "usb"
    wait_read(app)
    assert shown(app, "tiles.tableside.json")
    assert shown(app, "This box uses EXAMPLE data for it now.")
    tap(keyed(app, "import=0"))
    if app.manager.current == "confirm":  # the app asks first where it has a confirmation screen
        tap(button_with_text(app, "Import"))
    wait_read(app)
    assert shown(app, "Imported: Tile test game now uses your own components.")
    assert shown(app, "Already this box's set.")
    assert app.controller.service.components.load("tiles").data["tiles"]["T1"] == "green"
    tap(button_with_text(app, "Back"))
    assert app.manager.current == "components" and shown(app, "Components: your own set")


def wait_read(app, seconds: float = 30.0) -> None:
    """Pump frames until the USB screen has read the sticks (the reading runs on a thread)."""
    import time

    from ui.app.harness import pump

    end = time.monotonic() + seconds
    while app.controller.usb_progress is not None and time.monotonic() < end:
        pump(1)
        time.sleep(0.01)
    pump(3)
    assert app.controller.usb_progress is None, "the USB stick was not read in time"


def test_hostile_files_on_a_stick_are_refused_on_screen_and_the_app_stays(
    make_app, tmp_path, monkeypatch
) -> None:
    """A 5,000-digit number made the app exit and a 50 MB file blocked it 8.7 s (issue 24)."""
    import threading

    from tests.ui.support.driving import button_with_text, shown, tap
    from ui.app.harness import pump
    from ui.component_store import ComponentStore

    stick = tmp_path / "stick"
    stick.mkdir()
    head = '{"format": "tableside-components", "version": 1, "game": "tiles", "data": '
    (stick / "digits.tableside.json").write_text(head + '{"n": ' + "7" * 5000 + "}}")
    with (stick / "huge.tableside.json").open("wb") as out:
        out.truncate(50 * 1024 * 1024)
    other = ComponentStore(tmp_path / "other" / "components")
    other.save("tiles", {"tiles": {"T1": "green", "T2": "green", "T3": "blue"}})
    other.export("tiles", stick)
    monkeypatch.setenv("TABLESIDE_USB_ROOTS", str(stick))
    shots = Path(os.environ.get("TABLESIDE_SHOTS", tmp_path / "shots"))
    shots.mkdir(parents=True, exist_ok=True)

    app = make_app()
    saved = app.controller.service.components.status("tiles").own
    # Hold the reading on its thread so the progress can be seen (and photographed).
    gate = threading.Event()
    real = app.controller.in_background

    def held(work, done):
        def slow():
            gate.wait(30)
            return work()

        real(slow, done)

    app.controller.in_background = held
    app.controller.show("components")
    tap(button_with_text(app, "Import from USB stick"))
    pump(3)
    assert app.manager.current == "usb" and shown(app, "Reading the USB stick...")
    app.root.export_to_png(str(shots / "usb-reading.png"))
    gate.set()
    wait_read(app)
    app.root.export_to_png(str(shots / "usb-refused.png"))
    assert shown(app, "digits.tableside.json") and shown(app, "huge.tableside.json")
    assert shown(app, "tiles.tableside.json")
    texts = " ".join(visible(app))
    assert "has a number of 5000 characters (at most 100)" in texts
    assert "is too large (50.0 MiB; at most 1.0 MiB): not read" in texts
    assert app.controller.service.components.status("tiles").own == saved  # nothing kept


def visible(app) -> list[str]:
    from tests.ui.support.driving import visible_texts

    return visible_texts(app)


def test_a_stick_that_is_not_fat_or_exfat_is_refused_on_screen(
    make_app, tmp_path, monkeypatch
) -> None:
    from tests.ui.support.driving import button_with_text, shown, tap
    from ui.usb import Refused

    empty = tmp_path / "nothing-mounted"
    empty.mkdir()
    monkeypatch.setenv("TABLESIDE_USB_ROOTS", str(empty))
    monkeypatch.setattr(
        "ui.app.component_actions.refused", lambda: [Refused(device="sda1", fs_type="ext4")]
    )
    app = make_app()
    app.controller.show("components")
    tap(button_with_text(app, "Import from USB stick"))
    wait_read(app)
    assert shown(
        app,
        "The USB stick sda1 is formatted as ext4 and is not read: "
        "use a stick formatted as FAT or exFAT.",
    )
