"""``tableside hardware check``: blink each LED, report each button, for staff wiring a box.

The check lights every LED in turn (status red, green, blue, then the tray
LEDs for sides 0-5), naming its GPIO and header pin, then listens until every
button has been pressed and UNDO has been held, printing each event as it
arrives. It exits 0 when all of them worked and 1 otherwise, naming what
never reported. Output is English: it is a tool for staff, not players.
"""

from __future__ import annotations

import argparse
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

from gpiozero import LED, Factory
from gpiozero.pins.mock import MockFactory

from hardware.config import BUTTON_NAMES, PIN_MAP_FILENAME, PinMap, describe_pin, load_pin_map
from hardware.panel import ButtonPanel
from hardware.pins import choose_pin_factory
from rules.text import Msg, msg
from ui.cli import UserError
from ui.paths import config_dir

#: Everything the check waits for: each button's press, and the UNDO hold.
EXPECTED = ("next", "confirm", "undo", "menu", "bot")
#: event -> (button, what the player did)
EVENT_SOURCE = {
    "next": ("next", "pressed"),
    "confirm": ("confirm", "pressed"),
    "undo": ("undo", "pressed"),
    "menu": ("undo", "held"),
    "bot": ("bot", "pressed"),
}


def register(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("hardware", help="check the buttons and LEDs of a box")
    actions = parser.add_subparsers(dest="action", metavar="ACTION")
    check = actions.add_parser(
        "check",
        help="blink each LED and report each button press",
        description=(
            "Blink each LED in turn, then report every button press until each button has "
            "been pressed and UNDO held. For café staff wiring a new box (see docs/hardware.md)."
        ),
    )
    check.add_argument(
        "--pins",
        type=Path,
        help=f"pin map file (default: {PIN_MAP_FILENAME} in the config directory, if present)",
    )
    check.add_argument("--mock", action="store_true", help="use simulated pins, not GPIO")
    check.add_argument(
        "--seconds", type=float, default=120.0, help="how long to wait for buttons (default 120)"
    )
    check.add_argument(
        "--blink-seconds", type=float, default=0.7, help="how long each LED lights (default 0.7)"
    )
    check.set_defaults(func=run)
    parser.set_defaults(func=lambda args: parser.print_help() or 2)


def run(args: argparse.Namespace) -> int:
    pins_path = args.pins
    if pins_path is None:
        candidate = config_dir() / PIN_MAP_FILENAME
        pins_path = candidate if candidate.exists() else None
    pin_map = load_pin_map(pins_path)
    if args.mock:
        factory: Factory = MockFactory()
        description: Msg = msg("Simulated buttons (--mock)")
    else:
        factory, description = choose_pin_factory()
    check = HardwareCheck(pin_map, factory, sys.stdout)
    try:
        check.header(description)
        check.blink_leds(args.blink_seconds)
        return check.listen(args.seconds)
    except UserError:
        raise
    except Exception as exc:  # a pin the kiosk (or anything else) holds, a driver error
        raise UserError(
            f"cannot use the GPIO pins ({exc}). If the kiosk is running, stop it first: "
            "sudo systemctl stop tableside-kiosk"
        ) from exc
    finally:
        factory.close()


class HardwareCheck:
    """The check's two halves, usable on any pin factory (tests drive mock pins)."""

    def __init__(
        self,
        pin_map: PinMap,
        factory: Factory,
        out: TextIO,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.pin_map = pin_map
        self.factory = factory
        self.out = out
        self.clock = clock
        self.seen: list[str] = []
        self.listening = threading.Event()

    def say(self, text: str) -> None:
        self.out.write(text + "\n")
        self.out.flush()

    def header(self, description: Msg) -> None:
        source = self.pin_map.source or "built-in defaults (no pin map file)"
        self.say(f"Pins: {description.english()}")
        self.say(f"Pin map: {source}")

    def blink_leds(self, seconds: float) -> None:
        """Light each LED alone for ``seconds``; staff check the right one lights."""
        outputs = self.pin_map.outputs()
        self.say(f"LEDs: each lights for {seconds:g} s in turn; check the right one lights.")
        for key, gpio, active_high in outputs:
            self.say(f"  {key:22} {describe_pin(gpio)}")
            led = LED(gpio, active_high=active_high, pin_factory=self.factory)
            try:
                led.on()
                time.sleep(seconds)
                led.off()
            finally:
                led.close()
        if not self.pin_map.tray_leds:
            self.say("  (no tray LEDs in the pin map)")

    def listen(self, seconds: float) -> int:
        """Report button events until all have been seen or ``seconds`` pass; 0 if all worked."""
        done = threading.Event()
        lock = threading.Lock()

        def on_event(event: str) -> None:
            button, action = EVENT_SOURCE[event]
            gpio = self.pin_map.buttons[button]
            with lock:
                self.say(f"  {button.upper():8} {describe_pin(gpio):24} {action} -> {event}")
                if event not in self.seen:
                    self.seen.append(event)
                if all(e in self.seen for e in EXPECTED):
                    done.set()

        hold_ms = round(self.pin_map.hold_s * 1000)
        self.say(
            f"Buttons: press each button once and hold UNDO for {hold_ms} ms "
            f"(waiting up to {seconds:g} s; Ctrl-C stops)."
        )
        with ButtonPanel(self.pin_map, on_event, self.factory, clock=self.clock):
            self.listening.set()
            try:
                done.wait(seconds)
            except KeyboardInterrupt:
                self.say("Stopped.")
        return self.summary()

    def summary(self) -> int:
        missing_buttons = [b for b in BUTTON_NAMES if b not in self.seen]
        if not missing_buttons and "menu" in self.seen:
            self.say("All buttons work.")
            return 0
        for button in missing_buttons:
            gpio = self.pin_map.buttons[button]
            self.say(
                f"Not pressed: {button.upper()} on {describe_pin(gpio)}. "
                "Check it is wired between that pin and GND."
            )
        if "undo" not in missing_buttons and "menu" not in self.seen:
            self.say(f"UNDO was never held for {self.pin_map.hold_s:g} s.")
        return 1
