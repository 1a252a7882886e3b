"""Fixtures: a fresh gpiozero MockFactory per test (real gpiozero devices on mock pins)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from gpiozero.pins.mock import MockFactory

from hardware.config import PinMap, load_pin_map
from tests.hardware.fakes import FakeClock


@pytest.fixture
def factory() -> Iterator[MockFactory]:
    mock = MockFactory()
    yield mock
    mock.reset()


@pytest.fixture
def pin_map() -> PinMap:
    return load_pin_map(None)


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()
