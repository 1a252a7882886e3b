"""The pin map: which GPIO each button and LED is wired to, read from TOML.

Numbers are BCM GPIO numbers (``17`` means GPIO17, header pin 11), not
header pin numbers. Every key is optional; what a file leaves out keeps its
default, so a box wired differently only lists what differs::

    [buttons]           # push buttons between the GPIO and GND (internal pull-up)
    next = 17
    confirm = 27
    undo = 22
    bot = 23

    [status_led]        # one RGB LED, or three single LEDs on the same pins
    red = 5
    green = 6
    blue = 13
    active_high = true  # false for a common-anode RGB LED

    [tray_leds]         # optional: one LED per control-board side 0-5
    pins = [24, 25, 12, 16, 20, 21]   # [] when the box has no tray LEDs
    active_high = true

    [timing]
    debounce_ms = 30    # a level must hold this long to count (contact bounce)
    hold_ms = 800       # UNDO held this long opens the menu

Bad values raise :class:`PinMapError`, which names the key
(``buttons.next``, ``tray_leds.pins[2]``) and the file.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rules.errors import SituationError

#: The buttons, in the order the docs and ``tableside hardware check`` list them.
BUTTON_NAMES: tuple[str, ...] = ("next", "confirm", "undo", "bot")
#: The status LED's colour channels.
CHANNELS: tuple[str, ...] = ("red", "green", "blue")
#: Control-board sides the tray LEDs stand for.
TRAY_SIDES = 6
#: The file name the app and the kiosk installer use in the config directory.
PIN_MAP_FILENAME = "pins.toml"

DEFAULT_BUTTONS: Mapping[str, int] = {"next": 17, "confirm": 27, "undo": 22, "bot": 23}
DEFAULT_STATUS_LED: Mapping[str, int] = {"red": 5, "green": 6, "blue": 13}
DEFAULT_TRAY_LEDS: tuple[int, ...] = (24, 25, 12, 16, 20, 21)
DEFAULT_DEBOUNCE_MS = 30
DEFAULT_HOLD_MS = 800

#: BCM GPIO number -> physical pin on the 40-pin header (all Pi models since the B+).
HEADER_PIN: Mapping[int, int] = {
    2: 3, 3: 5, 4: 7, 14: 8, 15: 10, 17: 11, 18: 12, 27: 13, 22: 15, 23: 16,
    24: 18, 10: 19, 9: 21, 25: 22, 11: 23, 8: 24, 7: 26, 0: 27, 1: 28, 5: 29,
    6: 31, 12: 32, 13: 33, 19: 35, 16: 36, 26: 37, 20: 38, 21: 40,
}  # fmt: skip
#: GPIO0/1 (header pins 27/28) belong to the HAT identification EEPROM.
RESERVED_GPIO: Mapping[int, str] = {
    0: "reserved for the HAT EEPROM (ID_SD)",
    1: "reserved for the HAT EEPROM (ID_SC)",
}

_SECTIONS: Mapping[str, frozenset[str]] = {
    "buttons": frozenset(BUTTON_NAMES),
    "status_led": frozenset((*CHANNELS, "active_high")),
    "tray_leds": frozenset(("pins", "active_high")),
    "timing": frozenset(("debounce_ms", "hold_ms")),
}


class PinMapError(SituationError):
    """A pin map value is wrong; ``field`` names the key (``buttons.next``)."""

    def __init__(self, field: str, problem: str, source: Path | None = None) -> None:
        self.source = source
        super().__init__(field, problem)
        if source is not None:
            self.args = (f"{source}: {self.args[0]}",)


_Fail = Callable[[str, str], PinMapError]


@dataclass(frozen=True)
class PinMap:
    """Where everything is wired; build it with :func:`load_pin_map`."""

    buttons: Mapping[str, int]
    status_led: Mapping[str, int]
    status_active_high: bool = True
    tray_leds: tuple[int, ...] = DEFAULT_TRAY_LEDS
    tray_active_high: bool = True
    debounce_s: float = DEFAULT_DEBOUNCE_MS / 1000
    hold_s: float = DEFAULT_HOLD_MS / 1000
    source: Path | None = None

    def outputs(self) -> list[tuple[str, int, bool]]:
        """Every LED as ``(key, gpio, active_high)``, status channels first."""
        leds = [(f"status_led.{c}", self.status_led[c], self.status_active_high) for c in CHANNELS]
        leds += [
            (f"tray_leds.pins[{side}]", pin, self.tray_active_high)
            for side, pin in enumerate(self.tray_leds)
        ]
        return leds

    def owners(self) -> dict[int, str]:
        """GPIO number -> the key that uses it."""
        used = {pin: f"buttons.{name}" for name, pin in self.buttons.items()}
        used.update({pin: key for key, pin, _ in self.outputs()})
        return used


def describe_pin(gpio: int) -> str:
    """``"GPIO17 (header pin 11)"``: what café staff look for on the board."""
    return f"GPIO{gpio} (header pin {HEADER_PIN[gpio]})"


def load_pin_map(path: Path | None) -> PinMap:
    """Read a pin map file; ``None`` gives the documented defaults.

    Raises :class:`PinMapError` naming the offending key for unknown names,
    values that are not GPIO numbers, pins used twice, a missing or
    unreadable file, or invalid TOML.
    """
    if path is None:
        return _build({}, None)
    path = Path(path)
    try:
        text = path.read_text("utf-8")
    except OSError as exc:
        raise PinMapError("", f"cannot read the pin map: {exc.strerror}", path) from exc
    return parse_pin_map(text, path)


def parse_pin_map(text: str, source: Path | None = None) -> PinMap:
    """Like :func:`load_pin_map`, from TOML text (``source`` only names it in errors)."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise PinMapError("", f"not valid TOML ({exc})", source) from exc
    return _build(data, source)


def default_toml() -> str:
    """The defaults as a commented TOML file (what ``tableside kiosk install`` writes)."""
    lines = [
        "# tableside pin map: BCM GPIO numbers (GPIO17 = header pin 11). See docs/hardware.md.",
        "# Delete a line to keep its default.",
        "",
        "[buttons]  # momentary push buttons between the GPIO and GND (internal pull-up)",
        *(f"{name} = {DEFAULT_BUTTONS[name]}" for name in BUTTON_NAMES),
        "",
        "[status_led]  # one RGB LED (common cathode) or three LEDs on these pins",
        *(f"{c} = {DEFAULT_STATUS_LED[c]}" for c in CHANNELS),
        "active_high = true  # false for a common-anode RGB LED",
        "",
        "[tray_leds]  # optional: one LED per control-board side 0-5; pins = [] for none",
        f"pins = [{', '.join(str(p) for p in DEFAULT_TRAY_LEDS)}]",
        "active_high = true",
        "",
        "[timing]",
        f"debounce_ms = {DEFAULT_DEBOUNCE_MS}  # a level must hold this long to count",
        f"hold_ms = {DEFAULT_HOLD_MS}  # UNDO held this long opens the menu",
        "",
    ]
    return "\n".join(lines)


def _build(data: Mapping[str, Any], source: Path | None) -> PinMap:
    def fail(field: str, problem: str) -> PinMapError:
        return PinMapError(field, problem, source)

    for section, value in data.items():
        if section not in _SECTIONS:
            known = ", ".join(_SECTIONS)
            raise fail(section, f"unknown section (expected one of {known})")
        if not isinstance(value, dict):
            raise fail(section, "must be a table, e.g. [" + section + "]")
        for key in value:
            if key not in _SECTIONS[section]:
                known = ", ".join(sorted(_SECTIONS[section]))
                raise fail(f"{section}.{key}", f"unknown name (expected one of {known})")

    buttons_in = data.get("buttons", {})
    buttons = {
        name: _gpio(buttons_in.get(name, DEFAULT_BUTTONS[name]), f"buttons.{name}", fail)
        for name in BUTTON_NAMES
    }
    led_in = data.get("status_led", {})
    status = {
        c: _gpio(led_in.get(c, DEFAULT_STATUS_LED[c]), f"status_led.{c}", fail) for c in CHANNELS
    }
    status_high = _bool(led_in.get("active_high", True), "status_led.active_high", fail)

    tray_in = data.get("tray_leds", {})
    raw_tray = tray_in.get("pins", list(DEFAULT_TRAY_LEDS))
    if not isinstance(raw_tray, list) or len(raw_tray) not in (0, TRAY_SIDES):
        got = len(raw_tray) if isinstance(raw_tray, list) else type(raw_tray).__name__
        raise fail(
            "tray_leds.pins", f"give {TRAY_SIDES} pins (sides 0-5) or [] for none; got {got}"
        )
    tray = tuple(_gpio(p, f"tray_leds.pins[{i}]", fail) for i, p in enumerate(raw_tray))
    tray_high = _bool(tray_in.get("active_high", True), "tray_leds.active_high", fail)

    timing = data.get("timing", {})
    debounce_ms = _int_in(
        timing.get("debounce_ms", DEFAULT_DEBOUNCE_MS), "timing.debounce_ms", 1, 200, fail
    )
    hold_ms = _int_in(timing.get("hold_ms", DEFAULT_HOLD_MS), "timing.hold_ms", 200, 5000, fail)
    if hold_ms <= 2 * debounce_ms:
        raise fail("timing.hold_ms", f"must be more than twice debounce_ms ({debounce_ms})")

    owner: dict[int, str] = {}
    keys = [(f"buttons.{n}", p, n in buttons_in) for n, p in buttons.items()]
    keys += [(f"status_led.{c}", p, c in led_in) for c, p in status.items()]
    keys += [(f"tray_leds.pins[{i}]", p, "pins" in tray_in) for i, p in enumerate(tray)]
    # Blame a key the file sets rather than a default it collides with.
    for key, pin, _ in sorted(keys, key=lambda k: k[2]):
        if pin in owner:
            raise fail(key, f"GPIO{pin} is already used by {owner[pin]}")
        owner[pin] = key

    return PinMap(
        buttons=buttons,
        status_led=status,
        status_active_high=status_high,
        tray_leds=tray,
        tray_active_high=tray_high,
        debounce_s=debounce_ms / 1000,
        hold_s=hold_ms / 1000,
        source=source,
    )


def _gpio(value: Any, field: str, fail: _Fail) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise fail(field, f"must be a BCM GPIO number like 17, not {value!r}")
    if value in RESERVED_GPIO:
        raise fail(field, f"GPIO{value} is {RESERVED_GPIO[value]}; choose another pin")
    if value not in HEADER_PIN:
        raise fail(field, f"GPIO{value} is not on the 40-pin header (use 2-27)")
    return value


def _bool(value: Any, field: str, fail: _Fail) -> bool:
    if not isinstance(value, bool):
        raise fail(field, f"must be true or false, not {value!r}")
    return value


def _int_in(value: Any, field: str, low: int, high: int, fail: _Fail) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise fail(field, f"must be a whole number from {low} to {high}, not {value!r}")
    return value
