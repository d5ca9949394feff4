"""Fixtures for the hardware tests: gpiozero mock pins and image files. No real hardware."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from gpiozero import Device
from gpiozero.pins.mock import MockFactory


@pytest.fixture
def mock_factory() -> Iterator[MockFactory]:
    """gpiozero's MockFactory as the default pin factory; a press is ``pin.drive_low()``."""
    previous = Device.pin_factory
    factory = MockFactory()
    Device.pin_factory = factory
    try:
        yield factory
    finally:
        factory.reset()
        Device.pin_factory = previous
