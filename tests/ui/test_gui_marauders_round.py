"""A Marauders spring round in the real app: by touch, then by GPIO buttons on mock pins.

The buttons are real gpiozero devices on MockFactory pins (``TABLESIDE_GPIO=mock``),
pressed through :class:`hardware.simulate.SimulatedButtons`; their events travel
from gpiozero's threads to the Kivy main thread exactly as on the Pi.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.gui


@pytest.fixture
def gpio_app(open_apps, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("TABLESIDE_GPIO", "mock")
    return open_apps(use_hardware=True)


def buttons_of(app):
    from hardware.config import load_pin_map
    from hardware.simulate import SimulatedButtons

    factory = app.hardware.panel.buttons["confirm"].pin_factory
    return SimulatedButtons(factory, load_pin_map(None))


def settle(app, step_count: int, seconds: float = 3.0, pins=None) -> None:
    """Let the button event reach the main thread and the session move on; with ``pins``
    CONFIRM is pressed again while it shows a field out of view first (look_first.py)."""
    from tests.ui.support.driving import pump
    from ui.app.look_first import looking

    deadline = time.monotonic() + seconds
    while app.controller.service.session.step_count == step_count:
        assert time.monotonic() < deadline, "the button press did not reach the app"
        pump(1)
        if pins is not None and looking(app.controller.error):
            pump(3)
            pins.press("confirm")
    pump(2)


def test_spring_round_by_touch_and_gpio_with_undo(gpio_app) -> None:
    from tests.ui.support.driving import button_with_text, confirm_as_shown, screen, shown, tap

    app = gpio_app
    assert shown(app, "Simulated buttons")
    tap(button_with_text(app, "Prehistory"))
    assert app.manager.current == "setup"
    tap(button_with_text(app, "Start the game"))
    session = app.controller.service.session
    assert session is not None and session.prompt().step == "setup"
    confirm_as_shown(
        app,
        lambda: tap(
            button_with_text(app, "All done")
            if shown(app, "All done")
            else button_with_text(app, "Confirm")
        ),
    )
    assert session.prompt().step == "spring-start"
    assert shown(app, "Spring begins")

    # From here on only the physical buttons are used.
    pins = buttons_of(app)
    before = session.step_count
    pins.press("confirm")
    settle(app, before, pins=pins)
    assert session.prompt().step == "spring-turn"
    assert shown(app, "The tribe's spring action 1")

    # Payments onto the trays come from the touchscreen steppers; CONFIRM decides.
    from tests.ui.support.driving import keyed

    for _ in range(3):
        tap(keyed(app, "news.yellow+"))
    before = session.step_count
    pins.press("confirm")
    settle(app, before, pins=pins)
    # The bot's step: its decision on screen, CONFIRM alone when the table did it.
    shown_decision = session.prompt().decision
    assert session.prompt().step == "spring-action" and shown_decision is not None
    assert shown(app, str(shown_decision.summary))
    before = session.step_count
    pins.press("confirm")
    settle(app, before, pins=pins)
    decision = session.last_decision
    assert decision is not None and decision.kind == "spring"
    assert decision.result["colour"] == "yellow"
    # What the bot did stays on screen as one line under the next step's question
    # (issue 23); a touch opens it with its instructions.
    assert shown(app, f"+ The bot did: {decision.summary}")
    tap(screen(app).ids.previous)
    for instruction in decision.instructions:
        assert shown(app, f"• {instruction}")
    assert app.hardware.lights is not None

    # The step asks: its first field has the focus, UNDO is minus there. NEXT past
    # Confirm takes the focus off; then UNDO (a short press) goes back to the bot's step.
    from tests.ui.support.driving import pump as pump_now

    c = app.controller
    assert c.focused_name() is not None and c.focus is not None
    for _ in range(len(c.focus.stops)):
        was = c.focused_name()
        pins.press("next")
        deadline = time.monotonic() + 3
        while c.focused_name() == was and time.monotonic() < deadline:
            pump_now(1)
        if c.focused_name() is None:
            break
    assert c.focused_name() is None
    before = session.step_count
    pins.press("undo")
    deadline = time.monotonic() + 3
    while session.step_count == before:
        assert time.monotonic() < deadline, "UNDO did not reach the app"
        from tests.ui.support.driving import pump

        pump(1)
    assert session.prompt().step == "spring-action"
    assert shown(app, "The tribe's spring action 1")

    # Confirm again, then step on with CONFIRM through the rest of the spring.
    before = session.step_count
    pins.press("confirm")
    settle(app, before, pins=pins)
    assert session.last_decision is not None and session.last_decision.kind == "spring"
    guard = 0
    while not session.prompt().step.startswith("summer") and guard < 12:
        prompt = session.prompt()
        assert prompt.confirmable, f"{prompt.step} needs typed values"
        before = session.step_count
        pins.press("confirm")
        settle(app, before, pins=pins)
        guard += 1
    assert session.prompt().step == "summer-start"
    # Every step confirmed by a button is in the journal.
    record = app.controller.service.journal.sessions()[0]
    assert record.event_count == len(session.events) >= 5


@pytest.fixture
def camera_app(open_apps, tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """The app with the button box on mock pins and the camera: rendered table pictures."""
    from ui.benchmarks.app import camera_files
    from ui.commands.app import camera_feed

    # Table pictures rendered by vision/table_render.py and a calibration from a rendered one.
    folder, cal = camera_files(tmp_path)
    monkeypatch.setenv("TABLESIDE_GPIO", "mock")
    return open_apps(camera=camera_feed(str(folder), cal), use_hardware=True)


def test_a_whole_marauders_round_by_the_four_buttons_alone(camera_app) -> None:
    """Choose the game, set it up, play spring to round end: only NEXT/CONFIRM/UNDO/BOT."""
    from tests.ui.support.driving import confirm_as_shown, pump

    app = camera_app
    c = app.controller
    pins = buttons_of(app)

    def press(name: str) -> None:
        screen_before = (app.manager.current, c.focused_name(), c.service.session_id)
        steps = c.service.session.step_count if c.service.session else -1
        pins.press(name)
        deadline = time.monotonic() + 3
        while True:  # until the event has reached the main thread and changed something
            pump(1)
            now = (app.manager.current, c.focused_name(), c.service.session_id)
            stepped = c.service.session is not None and c.service.session.step_count != steps
            if now != screen_before or stepped or time.monotonic() > deadline:
                break
        pump(2)

    def focused() -> list:
        return [b for b in app.manager.current_screen.focusables() if b.focused]

    # The game chooser: NEXT walks the buttons, CONFIRM presses the one in focus.
    assert app.manager.current == "choose"
    for _ in range(12):
        pins.press("next")
        pump(3)
        if focused() and getattr(focused()[0], "game_name", None) == "marauders":
            break
    press("confirm")
    assert app.manager.current == "setup"
    for _ in range(20):
        pins.press("next")
        pump(3)
        if focused() and focused()[0].text == "Start the game":
            break
    press("confirm")
    session = c.service.session
    assert session is not None and session.game.name == "marauders"

    seen_camera = False
    changed_by_buttons = False
    guard = 0
    while guard < 40:
        guard += 1
        prompt = session.prompt()
        if prompt.step == "round-end":
            confirm_as_shown(app, lambda: press("confirm"))
            break
        seen_camera = seen_camera or "trays_now" in c.form.from_camera
        counts = next((f for f in prompt.fields if f.kind == "counts" and f.choices), None)
        if counts is not None and not changed_by_buttons:
            # To the first entry of a count (NEXT to the closed field, BOT opens it; the
            # step's first field is open from the start), BOT twice (+2), UNDO once (-1).
            first = counts.choices[0].value
            before = dict(c.form.values[counts.key])
            for _ in range(len(c.focus.stops)):
                if c.focused_name() == f"{counts.key}.{first}":
                    break
                press("bot" if c.focused_name() == counts.key else "next")
            assert c.focused_name() == f"{counts.key}.{first}"
            press("bot")
            press("bot")
            press("undo")
            bounds = [b for b in (counts.maximum, counts.choices[0].limit) if b is not None]
            high = min(bounds) if bounds else 10**6
            expected = min(high, min(high, before[first] + 1) + 1) - 1  # +1, +1, -1, clamped
            assert c.form.values[counts.key][first] == max(0, expected)
            box = app.manager.current_screen.ids.fields.boxes[counts.key]
            assert box.focusable[f"{counts.key}.{first}"].focused  # the ring is where the focus is
            changed_by_buttons = True
        steps = session.step_count
        confirm_as_shown(app, lambda: press("confirm"))  # a default below the fold: seen first
        assert session.step_count == steps + 1, c.text(c.error) if c.error else prompt.step
    assert session.prompt().step == "spring-start" and session.step_count >= 13
    assert changed_by_buttons
    # The camera was read for every step that names a reading; whether it prefills depends
    # on how sure vision is of these rendered pictures (else the players confirm by hand).
    assert c.camera.following and c.camera.frames > 0  # it followed the table
    record = c.service.journal.sessions()[0]
    assert record.event_count == len(session.events) == session.step_count
