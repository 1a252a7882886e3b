"""choose_pin_factory: mock pins wherever real GPIO cannot be opened, never a crash."""

from __future__ import annotations

import os
import sys
import types
from pathlib import Path

import pytest
from gpiozero import Button
from gpiozero.pins.mock import MockFactory

from hardware.pins import choose_pin_factory


def test_no_gpiochip_gives_mock_pins_and_says_so(tmp_path: Path):
    factory, description = choose_pin_factory(env={}, dev=tmp_path)
    assert isinstance(factory, MockFactory)
    assert description.english() == "Simulated buttons (no GPIO found)"
    Button(17, pin_factory=factory).close()  # the mock pins are usable


def test_forced_mock(tmp_path: Path):
    (tmp_path / "gpiochip0").touch()
    factory, description = choose_pin_factory(env={"TABLESIDE_GPIO": "mock"}, dev=tmp_path)
    assert isinstance(factory, MockFactory)
    assert "TABLESIDE_GPIO=mock" in description.english()


def test_gpiochip_without_lgpio(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    (tmp_path / "gpiochip0").touch()
    monkeypatch.setitem(sys.modules, "lgpio", None)  # import lgpio raises ImportError
    monkeypatch.delitem(sys.modules, "gpiozero.pins.lgpio", raising=False)
    factory, description = choose_pin_factory(env={}, dev=tmp_path)
    assert isinstance(factory, MockFactory)
    assert description.english() == "Simulated buttons (lgpio not installed)"


def test_gpiochip_that_cannot_be_opened(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """lgpio present but the chip refuses (permissions, wrong chip): mock pins, with the reason."""
    (tmp_path / "gpiochip0").touch()
    fake = types.ModuleType("lgpio")

    def gpiochip_open(chip: int) -> int:
        raise OSError(f"can not open gpiochip{chip}")

    fake.gpiochip_open = gpiochip_open  # the edge of the physical world
    fake.SET_PULL_NONE, fake.SET_PULL_UP, fake.SET_PULL_DOWN = 0, 1, 2
    monkeypatch.setitem(sys.modules, "lgpio", fake)
    monkeypatch.delitem(sys.modules, "gpiozero.pins.lgpio", raising=False)
    monkeypatch.setenv("GPIOZERO_PIN_FACTORY", "mock")
    factory, description = choose_pin_factory(env={"TABLESIDE_GPIOCHIP": "0"}, dev=tmp_path)
    assert isinstance(factory, MockFactory)
    assert description.english().startswith("Simulated buttons (GPIO unavailable: ")


def test_read_only_working_directory(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """lgpio would fail creating its pipes in the cwd (kiosk: read-only root file system)."""
    (tmp_path / "gpiochip0").touch()
    real_access = os.access
    monkeypatch.setattr(os, "access", lambda p, m: False if m == os.W_OK else real_access(p, m))
    factory, description = choose_pin_factory(env={}, dev=tmp_path)
    assert isinstance(factory, MockFactory)
    assert "writable working directory" in description.english()


def test_broken_lgpio_install(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """An lgpio module that does not match gpiozero makes its import fail: still mock pins."""
    (tmp_path / "gpiochip0").touch()
    monkeypatch.setitem(sys.modules, "lgpio", types.ModuleType("lgpio"))
    monkeypatch.delitem(sys.modules, "gpiozero.pins.lgpio", raising=False)
    factory, description = choose_pin_factory(env={}, dev=tmp_path)
    assert isinstance(factory, MockFactory)
    assert "GPIO unavailable" in description.english()


def test_this_machine_never_crashes():
    factory, description = choose_pin_factory()
    assert factory is not None
    assert description.english()
