""" "Call staff" in the real app (Xvfb, 800x480): the menu's button and BOT held on the
button box (gpiozero mock pins), in English, German and Portuguese, with screenshots."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from tests.ui.test_call_staff import Link

pytestmark = pytest.mark.gui

SHOTS = Path(__file__).resolve().parents[2] / "build" / "screenshots" / "call-staff"


def checked_shot(app, name: str) -> None:
    """Save the window as a PNG and fail on clipped, tiny or overlapping text."""
    from ui.app.harness import pump
    from ui.app.widgets import clipped_labels, overlapping_labels, small_labels

    pump(3)
    root = app.root
    assert [w.text for w in clipped_labels(root)] == []
    assert [w.text for w in small_labels(root)] == []
    assert [(a.text, b.text) for a, b in overlapping_labels(root)] == []
    SHOTS.mkdir(parents=True, exist_ok=True)
    root.export_to_png(str(SHOTS / f"{name}.png"))


def staff_line(app) -> str:
    return app.root.ids.staff.text


@pytest.mark.parametrize(
    ("lang", "call", "called", "received", "here"),
    [
        ("en", "Call staff", "Staff called", "Call received", "Staff is here"),
        ("de", "Personal rufen", "Personal gerufen", "Ruf angekommen", "Personal ist da"),
        ("pt", "Chamar a equipe", "Equipe chamada", "Chamado recebido", "A equipe chegou"),
    ],
)
def test_the_menu_calls_staff_and_shows_the_answer(
    kivy_window, tmp_path: Path, lang, call, called, received, here
):
    from tests.ui.support.driving import button_with_text, tap
    from tests.ui.support.walk_app import play_until
    from ui.app.controller import AppController
    from ui.app.harness import close_app, open_app, pump
    from ui.app.settings import Settings
    from ui.service import TableService

    service = TableService(tmp_path / "j.sqlite3")
    controller = AppController(service, Settings(language=lang))
    link = Link()
    controller.staff.link = link
    app = open_app(controller, use_hardware=False)
    try:
        play_until(app, "marauders", lambda: app.manager.current == "play")
        assert staff_line(app) == ""
        controller.show("menu")
        pump(3)
        tap(button_with_text(app, call))
        pump(3)
        assert len(link.sent) == 1
        assert staff_line(app) == called
        checked_shot(app, f"{lang}-1-called")
        link.answer(link.sent[0])  # the keeper's call-received...
        controller.staff.check()  # ...told by the client (ui/app/fleet_status.py)
        pump(3)
        assert staff_line(app) == received
        controller.back()
        pump(3)
        assert app.manager.current == "play"
        assert staff_line(app) == received  # the status bar keeps it on the play screen
        checked_shot(app, f"{lang}-2-received-play")
        controller.show("menu")
        pump(3)
        tap(button_with_text(app, here))
        pump(3)
        assert staff_line(app) == ""
        assert controller.staff.since is None
        assert button_with_text(app, call) is not None
    finally:
        close_app(app)
        service.close()


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "No staff connection: ask at the counter"),
        ("de", "Keine Verbindung zum Personal: bitte an der Theke fragen"),
        ("pt", "Sem conexão com a equipe: pergunte no balcão"),
    ],
)
def test_without_a_hub_the_box_says_so(kivy_window, tmp_path: Path, lang, words):
    from tests.ui.support.driving import button_with_text, tap
    from tests.ui.support.walk_app import play_until
    from ui.app.controller import AppController
    from ui.app.harness import close_app, open_app, pump
    from ui.app.settings import Settings
    from ui.service import TableService

    service = TableService(tmp_path / "j.sqlite3")
    controller = AppController(service, Settings(language=lang))
    app = open_app(controller, use_hardware=False)
    try:
        play_until(app, "marauders", lambda: app.manager.current == "play")
        controller.show("menu")
        pump(3)
        tap(button_with_text(app, controller.text(controller.staff.button_label)))
        assert staff_line(app) == words
        assert controller.staff.since is None
        checked_shot(app, f"{lang}-3-no-hub")
    finally:
        close_app(app)
        service.close()


def test_holding_bot_on_the_button_box_calls_staff(kivy_window, tmp_path: Path):
    from ui.app.controller import AppController
    from ui.app.harness import close_app, open_app, pump
    from ui.app.settings import Settings
    from ui.service import TableService

    service = TableService(tmp_path / "j.sqlite3")
    controller = AppController(service, Settings(language="en"))
    link = Link()
    controller.staff.link = link
    app = open_app(controller, use_hardware=True)  # gpiozero's mock pins off a Pi
    try:
        panel = app.hardware.panel if app.hardware is not None else None
        assert panel is not None, "the button box did not start on mock pins"
        bot = panel.buttons["bot"].pin
        screen_before = controller.screen
        bot.drive_low()
        deadline = time.monotonic() + 5
        while not link.sent and time.monotonic() < deadline:
            pump(1)
            time.sleep(0.02)
        bot.drive_high()
        pump(3)
        assert len(link.sent) == 1
        assert staff_line(app) == "Staff called"
        assert controller.screen == screen_before  # a hold is not also a BOT press
        bot.drive_low()  # a short press stays BOT, and calls no one
        time.sleep(0.1)
        bot.drive_high()
        time.sleep(0.1)
        pump(3)
        assert len(link.sent) == 1
    finally:
        close_app(app)
        service.close()
