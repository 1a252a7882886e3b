"""Pin map: defaults, overrides, and errors that name the key."""

from __future__ import annotations

from pathlib import Path

import pytest
from gpiozero.pins.mock import MockFactory

from hardware.config import (
    DEFAULT_BUTTONS,
    DEFAULT_TRAY_LEDS,
    HEADER_PIN,
    PinMapError,
    default_toml,
    describe_pin,
    load_pin_map,
    parse_pin_map,
)
from rules.errors import SituationError


def test_defaults_without_a_file():
    pins = load_pin_map(None)
    assert dict(pins.buttons) == {"next": 17, "confirm": 27, "undo": 22, "bot": 23}
    assert dict(pins.status_led) == {"red": 5, "green": 6, "blue": 13}
    assert pins.tray_leds == DEFAULT_TRAY_LEDS
    assert (pins.debounce_s, pins.hold_s) == (0.03, 0.8)
    assert len(pins.owners()) == 4 + 3 + 6  # no pin used twice


def test_default_toml_reads_back_as_the_defaults():
    assert parse_pin_map(default_toml()) == load_pin_map(None)


def test_a_file_overrides_only_what_it_lists(tmp_path: Path):
    path = tmp_path / "pins.toml"
    path.write_text("[buttons]\nbot = 26\n[tray_leds]\npins = []\n[timing]\nhold_ms = 1200\n")
    pins = load_pin_map(path)
    assert pins.buttons["bot"] == 26
    assert pins.buttons["next"] == DEFAULT_BUTTONS["next"]
    assert pins.tray_leds == ()
    assert pins.hold_s == 1.2
    assert pins.source == path


@pytest.mark.parametrize(
    ("toml", "field", "words"),
    [
        ("[buttons]\nnxt = 5\n", "buttons.nxt", "unknown name"),
        ("[leds]\nred = 5\n", "leds", "unknown section"),
        ("[buttons]\nnext = 27\n", "buttons.next", "GPIO27 is already used by buttons.confirm"),
        ("[tray_leds]\npins = [24, 25, 12, 16, 20, 17]\n", "buttons.next", "already used"),
        ("[buttons]\nnext = 'seventeen'\n", "buttons.next", "BCM GPIO number"),
        ("[buttons]\nnext = true\n", "buttons.next", "BCM GPIO number"),
        ("[buttons]\nnext = 40\n", "buttons.next", "not on the 40-pin header"),
        ("[buttons]\nnext = 0\n", "buttons.next", "HAT EEPROM"),
        ("[status_led]\nactive_high = 1\n", "status_led.active_high", "true or false"),
        ("[tray_leds]\npins = [24, 25]\n", "tray_leds.pins", "give 6 pins"),
        ("[tray_leds]\npins = [24, 25, 12, 16, 20, 99]\n", "tray_leds.pins[5]", "header"),
        ("[timing]\ndebounce_ms = 0\n", "timing.debounce_ms", "from 1 to 200"),
        ("[timing]\nhold_ms = 100\ndebounce_ms = 60\n", "timing.hold_ms", "from 200"),
        ("[timing]\nhold_ms = 300\ndebounce_ms = 200\n", "timing.hold_ms", "twice debounce_ms"),
        ("buttons = 3\n", "buttons", "must be a table"),
    ],
)
def test_bad_values_name_the_key(toml: str, field: str, words: str):
    with pytest.raises(PinMapError) as caught:
        parse_pin_map(toml, Path("box.toml"))
    error = caught.value
    assert isinstance(error, SituationError)  # the CLI prints these without a traceback
    assert words in error.problem
    if field == "buttons.next" and "[tray_leds]" in toml:
        assert error.field == "tray_leds.pins[5]" and "buttons.next" in error.problem
    else:
        assert error.field == field
    assert str(error).startswith(f"box.toml: {error.field}: ")


def test_invalid_toml_and_missing_file(tmp_path: Path):
    with pytest.raises(PinMapError, match="not valid TOML"):
        parse_pin_map("[buttons\n")
    with pytest.raises(PinMapError, match="cannot read the pin map"):
        load_pin_map(tmp_path / "nope.toml")


def test_header_pin_table_agrees_with_gpiozero():
    board = MockFactory().board_info
    for gpio, physical in HEADER_PIN.items():
        [(header, info)] = list(board.find_pin(f"GPIO{gpio}"))
        assert (header.name, info.number) == ("J8", physical)
    assert describe_pin(17) == "GPIO17 (header pin 11)"
