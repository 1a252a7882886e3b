"""``tableside hardware check`` against gpiozero mock pins driven like a person at the box."""

from __future__ import annotations

import re
import threading
import time
from pathlib import Path

import pytest
from gpiozero import Button
from gpiozero.pins.mock import MockFactory

import ui.commands.hardware as hardware_command
from hardware.config import load_pin_map
from rules.text import msg
from ui.cli import main

FAST = "[timing]\ndebounce_ms = 10\nhold_ms = 200\n"


@pytest.fixture
def box(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """A mock-pin box the command will pick up, and its pin map file."""
    factory = MockFactory()
    monkeypatch.setattr(
        hardware_command,
        "choose_pin_factory",
        lambda: (factory, msg("Simulated buttons (no GPIO found)")),
    )
    pins = tmp_path / "pins.toml"
    pins.write_text(FAST)
    return factory, pins


def person(factory: MockFactory, pins: Path, presses: list[tuple[str, float]]) -> threading.Thread:
    """A helper thread: once the buttons are claimed, press each for the given seconds."""
    pin_map = load_pin_map(pins)

    def act() -> None:
        wanted = [factory.pin(pin_map.buttons[b]) for b in pin_map.buttons]
        deadline = time.monotonic() + 10
        while any(p.when_changed is None for p in wanted) and time.monotonic() < deadline:
            time.sleep(0.01)
        for button, seconds in presses:
            pin = factory.pin(pin_map.buttons[button])
            pin.drive_low()
            pin.drive_high()  # a bounce
            pin.drive_low()
            time.sleep(seconds)
            pin.drive_high()
            time.sleep(0.05)

    thread = threading.Thread(target=act, daemon=True)
    thread.start()
    return thread


def test_check_blinks_every_led_and_reports_every_button(box, capsys):
    factory, pins = box
    pin_map = load_pin_map(pins)
    presses = [("next", 0.05), ("confirm", 0.05), ("undo", 0.05), ("bot", 0.05), ("undo", 0.4)]
    person(factory, pins, presses)
    led_pins = {gpio: factory.pin(gpio) for _, gpio, _ in pin_map.outputs()}  # kept after close
    code = main(["hardware", "check", "--pins", str(pins), "--blink-seconds", "0.02"])
    out = capsys.readouterr().out
    assert code == 0, out
    for key, gpio, _ in pin_map.outputs():
        assert f"{key}" in out and f"GPIO{gpio} " in out
        states = [s.state for s in led_pins[gpio].states]
        assert states[:3] == [False, True, False], f"{key} did not blink"
    for button, gpio, header, action, event in (
        ("NEXT", 17, 11, "pressed", "next"),
        ("CONFIRM", 27, 13, "pressed", "confirm"),
        ("UNDO", 22, 15, "pressed", "undo"),
        ("UNDO", 22, 15, "held", "menu"),
        ("BOT", 23, 16, "pressed", "bot"),
    ):
        line = rf"{button} +GPIO{gpio} \(header pin {header}\) +{action} -> {event}\n"
        assert re.search(line, out), line
    assert out.count("pressed -> next") == 1  # the bounce did not count twice
    assert "All buttons work." in out


def test_check_names_the_buttons_that_never_reported(box, capsys):
    factory, pins = box
    person(factory, pins, [("next", 0.05), ("undo", 0.05)])
    code = main(
        ["hardware", "check", "--pins", str(pins), "--blink-seconds", "0", "--seconds", "1.0"]
    )
    out = capsys.readouterr().out
    assert code == 1
    assert "Not pressed: CONFIRM on GPIO27 (header pin 13)" in out
    assert "Not pressed: BOT on GPIO23 (header pin 16)" in out
    assert "Not pressed: NEXT" not in out
    assert "UNDO was never held" in out


def test_check_with_a_bad_pin_map_says_which_key(tmp_path: Path, capsys):
    pins = tmp_path / "pins.toml"
    pins.write_text("[buttons]\nnext = 5\n")
    assert main(["hardware", "check", "--mock", "--pins", str(pins)]) == 2
    err = capsys.readouterr().err
    assert "buttons.next: GPIO5 is already used by status_led.red" in err


def test_pins_held_by_another_program_give_a_clear_message(box, capsys):
    factory, pins = box
    squatter = Button(17, pin_factory=factory)  # e.g. the kiosk app still running
    try:
        code = main(["hardware", "check", "--pins", str(pins), "--blink-seconds", "0"])
    finally:
        squatter.close()
    assert code == 2
    err = capsys.readouterr().err
    assert "cannot use the GPIO pins" in err and "GPIO17" in err
    assert "sudo systemctl stop tableside-kiosk" in err


def test_mock_flag_without_anyone_pressing(tmp_path: Path, capsys):
    pins = tmp_path / "pins.toml"
    pins.write_text("[tray_leds]\npins = []\n")
    code = main(
        ["hardware", "check", "--mock", "--pins", str(pins), "--seconds", "0.1",
         "--blink-seconds", "0"]
    )  # fmt: skip
    out = capsys.readouterr().out
    assert code == 1
    assert "Pins: Simulated buttons (--mock)" in out
    assert "(no tray LEDs in the pin map)" in out


def test_hardware_without_action_prints_help(capsys):
    assert main(["hardware"]) == 2
    assert "check" in capsys.readouterr().out
